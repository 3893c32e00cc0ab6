import {
  fromMinor,
  hasPermission,
  type SupportConversation,
  type SupportMessage,
  type SupportQueue,
  type SupportQueueItem,
  type SupportStatus,
} from '@wps/contract';
import { desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import type { AuditService } from '../admin/service.ts';
import type { AuthService } from '../auth/service.ts';
import type { MembersService } from '../members/service.ts';
import type { WalletService } from '../wallet/service.ts';
import type { SupportActor } from './canned.ts';
import type { SupportRelay } from './relay.ts';
import { supportConversations } from './schema.ts';
import { appendMessage, type ConversationRow, conversationById, messagesOf } from './store.ts';
import type { EncodedAttachment } from './attachment.ts';

interface DeskDeps {
  members: MembersService;
  wallet: WalletService;
  auth: AuthService;
  audit: AuditService;
  relay: SupportRelay;
  /** After an answer is committed and relayed: the away member's push (support/away-push.ts). */
  afterReply?: (memberId: number | null, message: SupportMessage) => void;
}

/** How many conversations one queue page lists (newest activity first). */
const QUEUE_LIMIT = 100;

/**
 * The console's side of live support: the queue, one conversation with the player's account
 * beside it (from the members and wallet services), answers, assign / transfer / close (audited).
 */
export class SupportDesk {
  constructor(
    private readonly db: Db,
    private readonly deps: DeskDeps,
  ) {}

  async queue(status: SupportStatus | 'active'): Promise<SupportQueue> {
    const statuses = status === 'active' ? ['open', 'assigned'] : [status];
    const rows = await this.db
      .select()
      .from(supportConversations)
      .where(inArray(supportConversations.status, statuses))
      .orderBy(desc(supportConversations.lastMessageAt))
      .limit(QUEUE_LIMIT);
    const counted = await this.db
      .select({ status: supportConversations.status, n: sql<number>`count(*)::int` })
      .from(supportConversations)
      .groupBy(supportConversations.status);
    const counts = { open: 0, assigned: 0, closed: 0 };
    for (const c of counted) counts[c.status as SupportStatus] = Number(c.n);
    const accounts = await this.accountsOf(rows);
    return { items: rows.map((r) => this.item(r, accounts)), counts };
  }

  private async accountsOf(rows: ConversationRow[]): Promise<Map<number, string>> {
    const out = new Map<number, string>();
    for (const id of new Set(rows.map((r) => r.memberId).filter((x): x is number => x !== null))) {
      const m = await this.deps.members.getById(id);
      if (m) out.set(id, m.account);
    }
    return out;
  }

  private item(r: ConversationRow, accounts: Map<number, string>): SupportQueueItem {
    return {
      id: r.id,
      status: r.status as SupportStatus,
      memberAccount: r.memberId === null ? null : (accounts.get(r.memberId) ?? null),
      guestName: r.guestName,
      assignedTo:
        r.assignedOperatorId === null ? null : { id: r.assignedOperatorId, account: r.assignedAccount ?? '' },
      lastMessage: r.lastMessage,
      lastMessageAt: r.lastMessageAt.toISOString(),
      unread: r.operatorUnread,
    };
  }

  /** One conversation; opening it marks the player's messages read for the console. */
  async conversation(id: number): Promise<SupportConversation> {
    const conv = await conversationById(this.db, id);
    if (!conv) throw new AppError('NOT_FOUND');
    if (conv.operatorUnread > 0) {
      await this.db
        .update(supportConversations)
        .set({ operatorUnread: 0 })
        .where(eq(supportConversations.id, id));
    }
    const accounts = await this.accountsOf([conv]);
    return {
      ...this.item({ ...conv, operatorUnread: 0 }, accounts),
      messages: await messagesOf(this.db, id),
      account: conv.memberId === null ? null : await this.account(conv.memberId),
    };
  }

  private async account(memberId: number): Promise<SupportConversation['account']> {
    const m = await this.deps.members.getById(memberId);
    if (!m) return null;
    const b = await this.deps.wallet.memberBalances(memberId);
    return {
      id: m.id,
      account: m.account,
      nickname: m.nickname,
      status: m.status,
      type: m.type,
      cash: fromMinor(b.player_cash),
      bonus: fromMinor(b.player_bonus),
      registeredAt: m.createdAt.toISOString(),
      lastLoginAt: m.lastLoginAt?.toISOString() ?? null,
    };
  }

  /**
   * An operator's answer. An unassigned conversation becomes the answering operator's, so two
   * operators do not answer the same player without knowing.
   */
  async reply(
    // The service's image store, passed in: the desk and the service would otherwise import each other.
    support: { storeImage(tx: DbOrTx, conversationId: number, img: EncodedAttachment): Promise<string> },
    id: number,
    actor: SupportActor,
    body: string,
    image?: EncodedAttachment,
  ): Promise<SupportMessage> {
    const { message, memberId, status } = await this.db.transaction(async (tx) => {
      const conv = await conversationById(tx, id, true);
      if (!conv) throw new AppError('NOT_FOUND');
      if (conv.status === 'closed') throw new AppError('CONFLICT', { messageKey: 'supportClosed' });
      if (conv.status === 'open') {
        await tx
          .update(supportConversations)
          .set({ status: 'assigned', assignedOperatorId: actor.id, assignedAccount: actor.account })
          .where(eq(supportConversations.id, id));
      }
      const attachmentId = image ? await support.storeImage(tx, id, image) : null;
      const message = await appendMessage(tx, id, {
        author: 'operator',
        operatorId: actor.id,
        authorName: actor.account,
        body,
        attachmentId,
      });
      return { message, memberId: conv.memberId, status: 'assigned' as const };
    });
    this.deps.relay.publish({ conversationId: id, memberId, frame: { t: 'conversation', id, status } });
    this.deps.relay.publish({ conversationId: id, memberId, frame: { t: 'message', message } });
    this.deps.afterReply?.(memberId, message);
    return message;
  }

  async assign(id: number, actor: SupportActor): Promise<void> {
    await this.moveTo(id, actor, 'support.assign', { id: actor.id, account: actor.account });
  }

  /** Hands the conversation to another operator who can answer it (active, with `support`). */
  async transfer(id: number, actor: SupportActor, operatorId: number): Promise<void> {
    const target = (await this.agents()).find((o) => o.id === operatorId);
    if (!target) throw new AppError('VALIDATION', { fields: { operatorId: 'badRequest' } });
    await this.moveTo(id, actor, 'support.transfer', { id: target.id, account: target.account });
  }

  async close(id: number, actor: SupportActor): Promise<void> {
    await this.moveTo(id, actor, 'support.close', null);
  }

  /** Operators who may take a conversation (the transfer list). */
  async agents(): Promise<Array<{ id: number; account: string }>> {
    return (await this.deps.auth.operators.list())
      .filter((o) => o.status === 'active' && hasPermission(o.effectivePermissions, 'support'))
      .map((o) => ({ id: o.id, account: o.account }));
  }

  private async moveTo(
    id: number,
    actor: SupportActor,
    action: string,
    to: { id: number; account: string } | null,
  ): Promise<void> {
    const memberId = await this.db.transaction(async (tx) => {
      const conv = await conversationById(tx, id, true);
      if (!conv) throw new AppError('NOT_FOUND');
      if (conv.status === 'closed') throw new AppError('CONFLICT', { messageKey: 'supportClosed' });
      await tx
        .update(supportConversations)
        .set(
          to
            ? { status: 'assigned', assignedOperatorId: to.id, assignedAccount: to.account }
            : { status: 'closed', closedAt: new Date() },
        )
        .where(eq(supportConversations.id, id));
      await this.deps.audit.record(
        {
          actor,
          action,
          target: { type: 'supportConversation', id },
          before: { status: conv.status, assignedTo: conv.assignedAccount },
          after: to ? { status: 'assigned', assignedTo: to.account } : { status: 'closed' },
          ip: actor.ip,
        },
        tx,
      );
      return conv.memberId;
    });
    const status: SupportStatus = to ? 'assigned' : 'closed';
    this.deps.relay.publish({ conversationId: id, memberId, frame: { t: 'conversation', id, status } });
  }
}
