import {
  AFFILIATE_CHANNELS,
  AFFILIATE_LIMITS,
  type AffiliateApplication,
  type AffiliateApplyInput,
  type AffiliateQueue,
  type AffiliateStatus,
  type CompleteLocale,
  isAgentType,
  isTrialType,
  type MyAffiliate,
  SPEC,
} from '@wps/contract';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import type { AuditService } from '../admin/service.ts';
import type { MembersService } from '../members/service.ts';
import { uniqueViolation } from '../members/normalize.ts';
import { FieldErrors } from '../members/validation.ts';
import type { MessagesService } from '../messages/service.ts';
import { systemMessage } from '../messages/templates.ts';
import { affiliateApplications } from './schema.ts';
import type { Actor } from './service.ts';

type Row = typeof affiliateApplications.$inferSelect;
const iso = (d: Date | null) => (d ? d.toISOString() : null);

/**
 * The affiliate application (SPEC §2 implied screen; issue 14): a player asks to become an
 * agent, the agent manager approves (the member becomes an agent the way the agents module
 * knows agents: an agent type and an affiliate code) or rejects with a reason. One open
 * application per member: a partial unique index, so two submits at once leave one.
 */
export class AffiliateService {
  constructor(
    private readonly db: Db,
    private readonly deps: { members: MembersService; messages: MessagesService; audit: AuditService },
  ) {}

  private async out(r: Row, account?: string): Promise<AffiliateApplication> {
    const acc = account ?? (await this.deps.members.getById(r.memberId))?.account ?? '';
    return {
      id: r.id,
      account: acc,
      contact: r.contact,
      channel: r.channel,
      expectedPlayers: r.expectedPlayers,
      remark: r.remark,
      status: r.status as AffiliateStatus,
      reason: r.reason,
      reviewedBy: r.reviewedBy,
      createdAt: r.createdAt.toISOString(),
      reviewedAt: iso(r.reviewedAt),
    };
  }

  private async player(memberId: number) {
    const m = await this.deps.members.getById(memberId);
    if (!m) throw new AppError('UNAUTHORIZED');
    if (isTrialType(m.type)) throw new AppError('FORBIDDEN', { messageKey: 'realAccountNeeded' });
    return m;
  }

  async mine(memberId: number): Promise<MyAffiliate> {
    const m = await this.player(memberId);
    const [row] = await this.db
      .select()
      .from(affiliateApplications)
      .where(eq(affiliateApplications.memberId, memberId))
      .orderBy(desc(affiliateApplications.id))
      .limit(1);
    return { isAgent: isAgentType(m.type), application: row ? await this.out(row, m.account) : null };
  }

  /** Field checks with the spec's messages: empty fields, the 140-character remark, a sensible player count. */
  private validate(body: AffiliateApplyInput, locale: CompleteLocale) {
    const e = new FieldErrors(locale);
    const contact = (body.contact ?? '').trim();
    if (!contact) e.add('contact', 'inputEmpty');
    else if (contact.length > AFFILIATE_LIMITS.contactMax) e.add('contact', 'badRequest');
    const channel = (body.channel ?? '').trim();
    if (!channel) e.add('channel', 'inputEmpty');
    else if (!(AFFILIATE_CHANNELS as readonly string[]).includes(channel))
      e.add('channel', 'affiliateChannelInvalid');
    const raw =
      typeof body.expectedPlayers === 'number'
        ? String(body.expectedPlayers)
        : (body.expectedPlayers ?? '').trim();
    const players = /^\d{1,9}$/.test(raw) ? Number(raw) : Number.NaN;
    if (!raw) e.add('expectedPlayers', 'inputEmpty');
    else if (!(players >= 1 && players <= AFFILIATE_LIMITS.expectedPlayersMax))
      e.add('expectedPlayers', 'expectedPlayersInvalid', [AFFILIATE_LIMITS.expectedPlayersMax]);
    const remark = (body.remark ?? '').trim();
    if ([...remark].length > SPEC.activityRemarkMaxChars) e.add('remark', 'remarkTooLong');
    e.throwIfAny();
    return { contact, channel, expectedPlayers: players, remark };
  }

  async apply(
    memberId: number,
    body: AffiliateApplyInput,
    locale: CompleteLocale,
  ): Promise<AffiliateApplication> {
    const m = await this.player(memberId);
    if (isAgentType(m.type)) throw new AppError('CONFLICT', { messageKey: 'affiliateAlreadyAgent' });
    const v = this.validate(body, locale);
    try {
      const [row] = await this.db
        .insert(affiliateApplications)
        .values({ memberId, ...v })
        .returning();
      return await this.out(row!, m.account);
    } catch (err) {
      if (uniqueViolation(err) === 'affiliate_applications_one_open')
        throw new AppError('CONFLICT', { messageKey: 'affiliateApplicationOpen' });
      throw err;
    }
  }

  async queue(q: {
    status?: AffiliateStatus | undefined;
    pageNo: number;
    pageSize: number;
  }): Promise<AffiliateQueue> {
    const where = q.status ? eq(affiliateApplications.status, q.status) : undefined;
    const [{ n } = { n: 0 }] = await this.db
      .select({ n: sql<number>`count(*)::int` })
      .from(affiliateApplications)
      .where(where);
    const rows = await this.db
      .select()
      .from(affiliateApplications)
      .where(where)
      .orderBy(desc(affiliateApplications.id))
      .limit(q.pageSize)
      .offset((q.pageNo - 1) * q.pageSize);
    const content = [];
    for (const r of rows) content.push(await this.out(r));
    return {
      content,
      pageNum: q.pageNo,
      pageSize: q.pageSize,
      total: Number(n),
      totalPages: Math.ceil(Number(n) / q.pageSize),
    };
  }

  /** Pending → approved and the member → agent, with a platform message, in one transaction. */
  async approve(actor: Actor, id: number): Promise<AffiliateApplication> {
    const row = await this.db.transaction(async (tx) => {
      const [done] = await tx
        .update(affiliateApplications)
        .set({ status: 'approved', reviewedBy: actor.account, reviewedAt: sql`now()` })
        .where(and(eq(affiliateApplications.id, id), eq(affiliateApplications.status, 'pending')))
        .returning();
      if (!done) throw await this.notPending(tx, id);
      await this.deps.members.promoteToAgent(done.memberId, tx);
      await this.deps.messages.send(
        done.memberId,
        systemMessage('affiliate', ['affiliateApprovedTitle'], ['affiliateApproved']),
        tx,
      );
      await this.deps.audit.record(
        {
          actor,
          action: 'affiliate.approve',
          target: { type: 'affiliate_application', id },
          before: { status: 'pending' },
          after: { status: 'approved', memberId: done.memberId },
          ip: actor.ip ?? null,
        },
        tx,
      );
      return done;
    });
    return this.out(row);
  }

  async reject(actor: Actor, id: number, reasonText: string | undefined, locale: CompleteLocale) {
    const reason = (reasonText ?? '').trim();
    if (!reason) {
      const e = new FieldErrors(locale);
      e.add('reason', 'kycReasonRequired');
      e.throwIfAny();
    }
    const row = await this.db.transaction(async (tx) => {
      const [done] = await tx
        .update(affiliateApplications)
        .set({
          status: 'rejected',
          reason: reason.slice(0, 500),
          reviewedBy: actor.account,
          reviewedAt: sql`now()`,
        })
        .where(and(eq(affiliateApplications.id, id), eq(affiliateApplications.status, 'pending')))
        .returning();
      if (!done) throw await this.notPending(tx, id);
      await this.deps.messages.send(
        done.memberId,
        // The reason is the operator's own words, in the language they wrote it.
        systemMessage('affiliate', ['affiliateRejectedTitle'], ['affiliateRejected', done.reason ?? '']),
        tx,
      );
      await this.deps.audit.record(
        {
          actor,
          action: 'affiliate.reject',
          target: { type: 'affiliate_application', id },
          before: { status: 'pending' },
          after: { status: 'rejected', reason: done.reason },
          ip: actor.ip ?? null,
        },
        tx,
      );
      return done;
    });
    return this.out(row);
  }

  private async notPending(tx: Tx, id: number) {
    const [r] = await tx
      .select({ id: affiliateApplications.id })
      .from(affiliateApplications)
      .where(eq(affiliateApplications.id, id));
    return r
      ? new AppError('CONFLICT', { messageKey: 'affiliateAlreadyReviewed' })
      : new AppError('NOT_FOUND');
  }
}
