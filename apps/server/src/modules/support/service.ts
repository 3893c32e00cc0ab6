import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { SupportMessage, SupportStatus, SupportStatusInfo, SupportThread } from '@wps/contract';
import { and, eq, ne, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import type { AuditService } from '../admin/service.ts';
import type { AuthService } from '../auth/service.ts';
import type { MembersService } from '../members/service.ts';
import type { PushService } from '../push/service.ts';
import type { SystemService } from '../system/service.ts';
import type { WalletService } from '../wallet/service.ts';
import { type EncodedAttachment, encodeAttachment } from './attachment.ts';
import { CannedAnswers } from './canned.ts';
import { pushReplyWhenAway } from './away-push.ts';
import { SupportDesk } from './desk.ts';
import { dutyAt } from './hours.ts';
import { SupportPresence } from './presence.ts';
import { SupportRelay } from './relay.ts';
import { supportAttachments, supportConversations } from './schema.ts';
import { appendMessage, type ConversationRow, conversationById, messagesOf } from './store.ts';

/** Who reads or writes on the player's side: a signed-in member, or a guest holding its token. */
export type SupportViewer =
  | { kind: 'member'; memberId: number; account: string }
  | { kind: 'guest'; token: string };

export interface SupportDeps {
  members: MembersService;
  wallet: WalletService;
  system: SystemService;
  auth: AuthService;
  audit: AuditService;
  push: PushService;
}

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
const sameHash = (a: string, b: string) =>
  a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

/**
 * Live support, the player's side: open a conversation (one active per member; a guest gets a
 * token that is its only key), read it (which marks the operators' answers read), write to it.
 * Every message is relayed to the sockets of its conversation and of the console.
 */
export class SupportService {
  readonly relay = new SupportRelay();
  readonly presence: SupportPresence;
  readonly canned: CannedAnswers;
  readonly desk: SupportDesk;

  constructor(
    private readonly db: Db,
    private readonly deps: SupportDeps,
  ) {
    this.canned = new CannedAnswers(db, deps.audit);
    this.presence = new SupportPresence(db);
    this.desk = new SupportDesk(db, {
      ...deps,
      relay: this.relay,
      afterReply: (memberId, message) =>
        pushReplyWhenAway({ presence: this.presence, push: deps.push }, memberId, message),
    });
  }

  /**
   * The hours, and the caller's conversation with its unread answers (the badge): a member's active
   * one, or the one a guest's token opened (closed or not: the guest still reads its last answers).
   */
  async status(
    memberId: number | null,
    now = new Date(),
    guestToken: string | null = null,
  ): Promise<SupportStatusInfo> {
    const hours = await this.deps.system.supportHours();
    const active =
      memberId !== null
        ? await this.activeOf(memberId)
        : guestToken
          ? await this.guestConversation(guestToken)
          : null;
    return {
      ...dutyAt(hours, now),
      hours,
      conversationId: active?.id ?? null,
      unread: active?.memberUnread ?? 0,
    };
  }

  private async guestConversation(token: string): Promise<ConversationRow | null> {
    const [row] = await this.db
      .select()
      .from(supportConversations)
      .where(eq(supportConversations.guestTokenHash, hashToken(token)))
      .limit(1);
    return row ?? null;
  }

  private async activeOf(memberId: number, ex: DbOrTx = this.db): Promise<ConversationRow | null> {
    const [row] = await ex
      .select()
      .from(supportConversations)
      .where(and(eq(supportConversations.memberId, memberId), ne(supportConversations.status, 'closed')))
      .limit(1);
    return row ?? null;
  }

  /**
   * A member's message goes to their active conversation (opened if there is none); a guest
   * always opens a new one and gets its token, shown only now.
   */
  async open(
    who: { kind: 'member'; memberId: number; account: string } | { kind: 'guest'; name: string | undefined },
    text: string,
  ): Promise<{ id: number; guestToken?: string }> {
    if (who.kind === 'guest' && !who.name) {
      throw new AppError('VALIDATION', {
        messageKey: 'supportNameRequired',
        fields: { name: 'supportNameRequired' },
      });
    }
    const guestToken = who.kind === 'guest' ? randomBytes(32).toString('base64url') : undefined;
    const { id, message, memberId, status } = await this.db.transaction(async (tx) => {
      // One active conversation per member, also when two first messages race (a double tap on
      // two tabs): the member's openings take turns.
      if (who.kind === 'member') {
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`support:${who.memberId}`}))`);
      }
      // Inside the transaction (PGlite has one connection: a query beside it would wait forever).
      let conv = who.kind === 'member' ? await this.activeOf(who.memberId, tx) : null;
      if (conv) conv = await conversationById(tx, conv.id, true);
      if (!conv || conv.status === 'closed') {
        const [created] = await tx
          .insert(supportConversations)
          .values(
            who.kind === 'member'
              ? { memberId: who.memberId }
              : { guestName: who.name ?? '', guestTokenHash: hashToken(guestToken ?? '') },
          )
          .returning();
        if (!created) throw new AppError('INTERNAL');
        conv = created;
      }
      const message = await appendMessage(tx, conv.id, {
        author: who.kind,
        authorName: who.kind === 'member' ? who.account : (who.name ?? ''),
        body: text,
      });
      return { id: conv.id, message, memberId: conv.memberId, status: conv.status as SupportStatus };
    });
    this.relay.publish({ conversationId: id, memberId, frame: { t: 'conversation', id, status } });
    this.relay.publish({ conversationId: id, memberId, frame: { t: 'message', message } });
    return guestToken ? { id, guestToken } : { id };
  }

  /** The viewer's own conversation, or NOT_FOUND (another's is never told apart from none). */
  async accessible(id: number, viewer: SupportViewer): Promise<ConversationRow> {
    const conv = await conversationById(this.db, id);
    const mine =
      conv &&
      (viewer.kind === 'member'
        ? conv.memberId === viewer.memberId
        : conv.guestTokenHash !== null && sameHash(conv.guestTokenHash, hashToken(viewer.token)));
    if (!conv || !mine) throw new AppError('NOT_FOUND');
    return conv;
  }

  /** Reading marks the operators' answers read (the player's badge). */
  async thread(id: number, viewer: SupportViewer, after?: number): Promise<SupportThread> {
    const conv = await this.accessible(id, viewer);
    const messages = await messagesOf(this.db, id, after);
    if (conv.memberUnread > 0) {
      await this.db
        .update(supportConversations)
        .set({ memberUnread: 0 })
        .where(eq(supportConversations.id, id));
    }
    return { id, status: conv.status as SupportThread['status'], messages };
  }

  async send(id: number, viewer: SupportViewer, body: string, image?: Buffer): Promise<SupportMessage> {
    const checked = await this.accessible(id, viewer);
    const encoded = image ? await encodeAttachment(image) : null;
    const message = await this.db.transaction(async (tx) => {
      const conv = await conversationById(tx, id, true);
      if (!conv || conv.status === 'closed') throw new AppError('CONFLICT', { messageKey: 'supportClosed' });
      const attachmentId = encoded ? await this.storeImage(tx, id, encoded) : null;
      return appendMessage(tx, id, {
        author: viewer.kind,
        authorName: viewer.kind === 'member' ? viewer.account : (conv.guestName ?? ''),
        body,
        attachmentId,
      });
    });
    this.relay.publish({ conversationId: id, memberId: checked.memberId, frame: { t: 'message', message } });
    return message;
  }

  async storeImage(tx: DbOrTx, conversationId: number, img: EncodedAttachment): Promise<string> {
    const attachmentId = randomBytes(16).toString('base64url');
    await tx.insert(supportAttachments).values({
      id: attachmentId,
      conversationId,
      mime: img.mime,
      width: img.width,
      height: img.height,
      data: img.data,
    });
    return attachmentId;
  }

  /** An attachment's bytes, for a viewer of its conversation (operators: the console route). */
  async attachment(
    attachmentId: string,
    viewer: SupportViewer | 'operator',
  ): Promise<{ mime: string; data: Buffer }> {
    const [row] = await this.db
      .select()
      .from(supportAttachments)
      .where(eq(supportAttachments.id, attachmentId));
    if (!row) throw new AppError('NOT_FOUND');
    if (viewer !== 'operator') await this.accessible(row.conversationId, viewer);
    return { mime: row.mime, data: row.data };
  }
}
