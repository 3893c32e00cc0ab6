import {
  type BroadcastAudience,
  type CompleteLocale,
  type BroadcastInput,
  type InboxMessage,
  type InboxPage,
  isAgentType,
  isTrialType,
  type Page,
} from '@wps/contract';
import { and, count, desc, eq, isNull, type SQL, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import type { AuditService } from '../admin/service.ts';
import type { MembersService } from '../members/service.ts';
import { memberMessages, messageBroadcastReads, messageBroadcasts } from './schema.ts';
import { rowsOf } from '../../db/rows.ts';

/** What another module sends a member (deposit approved, contract offered, bonus issued …). */
export interface MessageInput {
  kind: string;
  title: string;
  body: string;
  /** The same message in Nepali (issue 27; `systemMessage` in templates.ts writes both). */
  titleNe?: string | null;
  bodyNe?: string | null;
}

const iso = (d: Date | string) => new Date(d).toISOString();
const clip = (s: string, n: number) => (s.length > n ? s.slice(0, n) : s);

/** The broadcast audiences a member belongs to. */
function audiencesOf(type: number): BroadcastAudience[] {
  return ['all', isAgentType(type) ? 'agents' : 'players'];
}

/**
 * Platform messages (messageV2): a member's own messages, written by other modules through
 * `send`, and the operator's broadcasts. A broadcast is one row whatever its audience; a member
 * sees the ones sent to an audience they belong to since they registered.
 */
export class MessagesService {
  constructor(
    private readonly db: Db,
    private readonly deps: {
      members: MembersService;
      audit: AuditService;
      /**
       * Player protection (issue 16): members under a time-out or self-exclusion get no marketing.
       * Required, so a server built without it fails at start-up rather than message the excluded.
       */
      marketingBlocked: (memberId: number) => Promise<boolean>;
    },
  ) {}

  /**
   * Sends one member a message. Stable for other modules: pass `tx` to send it only if the
   * caller's transaction commits (a "deposit approved" message never outlives a rolled-back
   * approval).
   */
  async send(memberId: number, input: MessageInput, tx?: DbOrTx): Promise<number> {
    const [row] = await (tx ?? this.db)
      .insert(memberMessages)
      .values({
        memberId,
        kind: clip(input.kind, 32),
        title: clip(input.title, 200),
        body: clip(input.body, 4000),
        titleNe: input.titleNe ? clip(input.titleNe, 200) : null,
        bodyNe: input.bodyNe ? clip(input.bodyNe, 4000) : null,
      })
      .returning({ id: memberMessages.id });
    return row!.id;
  }

  private async viewer(memberId: number): Promise<{ audiences: BroadcastAudience[]; since: Date }> {
    const m = await this.deps.members.getById(memberId);
    if (!m) throw new AppError('UNAUTHORIZED');
    // SPEC §4: trial members skip the unread-message load; they have no inbox.
    if (isTrialType(m.type)) throw new AppError('FORBIDDEN', { messageKey: 'realAccountNeeded' });
    const blocked = await this.deps.marketingBlocked(memberId);
    return { audiences: blocked ? [] : audiencesOf(m.type), since: m.createdAt };
  }

  private broadcastFor(v: { audiences: BroadcastAudience[]; since: Date }) {
    if (v.audiences.length === 0) return sql`false`;
    return sql`b.audience in (${sql.join(
      v.audiences.map((a) => sql`${a}`),
      sql`, `,
    )}) and b.created_at >= ${v.since.toISOString()}::timestamptz`;
  }

  async unreadCount(memberId: number): Promise<number> {
    const v = await this.viewer(memberId);
    return this.unreadOf(memberId, v);
  }

  private async unreadOf(
    memberId: number,
    v: { audiences: BroadcastAudience[]; since: Date },
  ): Promise<number> {
    const [direct] = await this.db
      .select({ n: count() })
      .from(memberMessages)
      .where(and(eq(memberMessages.memberId, memberId), isNull(memberMessages.readAt)));
    const [broadcast] = rowsOf<{ n: number }>(
      await this.db.execute(sql`
        select count(*)::int as n from message_broadcasts b
        where ${this.broadcastFor(v)}
          and not exists (select 1 from message_broadcast_reads r
                          where r.broadcast_id = b.id and r.member_id = ${memberId})`),
    );
    return (direct?.n ?? 0) + (broadcast?.n ?? 0);
  }

  /** A member's messages, in the reader's language (Nepali when written, English otherwise). */
  async inbox(
    memberId: number,
    q: { pageNo: number; pageSize: number; unread?: 'true' | 'false' | undefined },
    locale: CompleteLocale = 'en',
  ): Promise<InboxPage> {
    const v = await this.viewer(memberId);
    const onlyUnread = q.unread === 'true';
    const ne = locale === 'ne';
    const pick = (en: SQL, nepali: SQL) => (ne ? sql`coalesce(nullif(${nepali}, ''), ${en})` : en);
    const union = sql`
      select 'direct' as source, m.id, m.kind, ${pick(sql`m.title`, sql`m.title_ne`)} as title,
        ${pick(sql`m.body`, sql`m.body_ne`)} as body, m.read_at is not null as read, m.created_at
      from member_messages m where m.member_id = ${memberId}
      union all
      select 'broadcast', b.id, 'broadcast', ${pick(sql`b.title`, sql`b.title_ne`)},
        ${pick(sql`b.body`, sql`b.body_ne`)}, r.member_id is not null, b.created_at
      from message_broadcasts b
      left join message_broadcast_reads r on r.broadcast_id = b.id and r.member_id = ${memberId}
      where ${this.broadcastFor(v)}`;
    const filter = onlyUnread ? sql`where not read` : sql``;
    const rows = rowsOf<{
      source: 'direct' | 'broadcast';
      id: string;
      kind: string;
      title: string;
      body: string;
      read: boolean;
      created_at: string | Date;
    }>(
      await this.db.execute(sql`
        select * from (${union}) x ${filter}
        order by created_at desc, id desc
        limit ${q.pageSize} offset ${(q.pageNo - 1) * q.pageSize}`),
    );
    const [total] = rowsOf<{ n: number }>(
      await this.db.execute(sql`select count(*)::int as n from (${union}) x ${filter}`),
    );
    const content: InboxMessage[] = rows.map((r) => ({
      id: `${r.source === 'direct' ? 'd' : 'b'}${r.id}`,
      source: r.source,
      kind: r.kind,
      title: r.title,
      body: r.body,
      read: r.read,
      createdAt: iso(r.created_at),
    }));
    const n = total?.n ?? 0;
    return {
      content,
      pageNum: q.pageNo,
      pageSize: q.pageSize,
      total: n,
      totalPages: Math.ceil(n / q.pageSize),
      unread: await this.unreadOf(memberId, v),
    };
  }

  /** Marks one message read; another member's message (or a broadcast not meant for them) is NOT_FOUND. */
  async markRead(memberId: number, id: string): Promise<void> {
    const v = await this.viewer(memberId);
    const num = Number(id.slice(1));
    if (id.startsWith('d')) {
      const [row] = await this.db
        .select({ id: memberMessages.id, readAt: memberMessages.readAt })
        .from(memberMessages)
        .where(and(eq(memberMessages.id, num), eq(memberMessages.memberId, memberId)));
      if (!row) throw new AppError('NOT_FOUND');
      if (!row.readAt)
        await this.db.update(memberMessages).set({ readAt: sql`now()` }).where(eq(memberMessages.id, num));
      return;
    }
    const [b] = rowsOf<{ id: string }>(
      await this.db.execute(
        sql`select b.id from message_broadcasts b where b.id = ${num} and ${this.broadcastFor(v)}`,
      ),
    );
    if (!b) throw new AppError('NOT_FOUND');
    await this.db.insert(messageBroadcastReads).values({ broadcastId: num, memberId }).onConflictDoNothing();
  }

  async markAllRead(memberId: number): Promise<void> {
    const v = await this.viewer(memberId);
    await this.db.transaction(async (tx) => {
      await tx
        .update(memberMessages)
        .set({ readAt: sql`now()` })
        .where(and(eq(memberMessages.memberId, memberId), isNull(memberMessages.readAt)));
      await tx.execute(sql`
        insert into message_broadcast_reads (broadcast_id, member_id)
        select b.id, ${memberId} from message_broadcasts b where ${this.broadcastFor(v)}
        on conflict do nothing`);
    });
  }

  // ---------------------------------------------------------------- operator

  async broadcast(
    actor: { id: number; account: string; ip?: string | null },
    input: Omit<BroadcastInput, 'titleNe' | 'bodyNe'> & { titleNe?: string; bodyNe?: string },
  ): Promise<number> {
    return this.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(messageBroadcasts)
        .values({
          ...input,
          titleNe: input.titleNe ?? '',
          bodyNe: input.bodyNe ?? '',
          createdBy: actor.id,
          createdByAccount: actor.account,
        })
        .returning({ id: messageBroadcasts.id });
      await this.deps.audit.record(
        {
          actor,
          action: 'message.broadcast',
          target: { type: 'broadcast', id: row!.id },
          after: { audience: input.audience, title: input.title },
          ip: actor.ip ?? null,
        },
        tx,
      );
      return row!.id;
    });
  }

  async broadcasts(q: { pageNo: number; pageSize: number }): Promise<
    Page<{
      id: number;
      audience: BroadcastAudience;
      title: string;
      body: string;
      createdBy: string;
      createdAt: string;
      reads: number;
    }>
  > {
    const rows = await this.db
      .select({
        id: messageBroadcasts.id,
        audience: messageBroadcasts.audience,
        title: messageBroadcasts.title,
        body: messageBroadcasts.body,
        createdBy: messageBroadcasts.createdByAccount,
        createdAt: messageBroadcasts.createdAt,
        reads: sql<number>`(select count(*)::int from message_broadcast_reads r where r.broadcast_id = ${messageBroadcasts.id})`,
      })
      .from(messageBroadcasts)
      .orderBy(desc(messageBroadcasts.id))
      .limit(q.pageSize)
      .offset((q.pageNo - 1) * q.pageSize);
    const [total] = await this.db.select({ n: count() }).from(messageBroadcasts);
    const n = total?.n ?? 0;
    return {
      content: rows.map((r) => ({
        ...r,
        audience: r.audience as BroadcastAudience,
        createdAt: iso(r.createdAt),
        reads: Number(r.reads),
      })),
      pageNum: q.pageNo,
      pageSize: q.pageSize,
      total: n,
      totalPages: Math.ceil(n / q.pageSize),
    };
  }
}
