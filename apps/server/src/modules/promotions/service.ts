import {
  type ActivityStatus,
  type ContentImage,
  fromMinor,
  periodStart,
  isAgentType,
  isTrialType,
  type Promotion,
  type PromotionCategory,
  type PromotionInput,
  type RewardCenter,
  SPEC,
  toMinor,
} from '@wps/contract';
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import type { AuditService } from '../admin/service.ts';
import type { ApprovedDeposit, CashierService } from '../cashier/service.ts';
import { reencodeImage } from '../cashier/images.ts';
import type { Member, MembersService } from '../members/service.ts';
import type { MessagesService } from '../messages/service.ts';
import type { ContentService } from '../content/service.ts';
import type { BonusEngine } from './bonus-engine.ts';
import type { CashbackService } from './cashback.ts';
import type { TicketsService } from './tickets.ts';
import { depositBonus } from './wagering-math.ts';
import { bonusGrants, promotionImages, promotionParticipations, promotions } from './schema.ts';

type PromotionRow = typeof promotions.$inferSelect;
/** The fields the reload/cashback/image work added: optional for callers written before them. */
type AddedKeys = 'imageId' | 'period' | 'claimLimit' | 'minLoss' | 'autoCredit';
export type PromotionDraft = Omit<PromotionInput, AddedKeys> & Partial<Pick<PromotionInput, AddedKeys>>;
type ParticipationRow = typeof promotionParticipations.$inferSelect;
export interface Actor {
  id: number;
  account: string;
  ip?: string | null;
}

const iso = (d: Date | string) => new Date(d).toISOString();
const money = (v: bigint | null) => (v === null ? null : fromMinor(v));
const NEW_PLAYER_DAYS = 30;
const IMAGE_MAX_SIDE = 4096;

const fail = (
  messageKey:
    | 'promotionNotOpen'
    | 'promotionNotForYou'
    | 'promotionAlreadyJoined'
    | 'promotionNothingToClaim'
    | 'promotionWrongAction',
) => new AppError('CONFLICT', { messageKey });

/**
 * Promotions (issue 14): the operator's definitions, a member's part in each (SPEC §4 activity
 * status), apply-to-join with its approval queue, and the bonuses they pay through `BonusEngine`.
 */
export class PromotionsService {
  /** Reward tickets (set by services.ts: the tickets service needs points, made after this one). */
  tickets: TicketsService | null = null;

  constructor(
    private readonly db: Db,
    private readonly engine: BonusEngine,
    private readonly deps: {
      members: MembersService;
      cashier: CashierService;
      messages: MessagesService;
      audit: AuditService;
      cashback: CashbackService;
      content: ContentService;
      utcOffsetMinutes: number;
    },
  ) {
    deps.cashier.onDepositApproved((tx, d) => this.onDepositApproved(tx, d));
    deps.cashier.onWithdrawalRequested(async (tx, w) => {
      await this.engine.forfeitOpen(tx, w.memberId);
    });
  }

  // ---------------------------------------------------------------- member view

  private async realMember(memberId: number): Promise<Member> {
    const m = await this.deps.members.getById(memberId);
    if (!m) throw new AppError('UNAUTHORIZED');
    if (isTrialType(m.type)) throw new AppError('FORBIDDEN', { messageKey: 'realAccountNeeded' });
    return m;
  }

  private isOpen(p: PromotionRow, now = new Date()): boolean {
    return p.enabled && p.startsAt <= now && (!p.endsAt || p.endsAt > now);
  }

  private inAudience(p: PromotionRow, m: Member, now = new Date()): boolean {
    switch (p.audience) {
      case 'agents':
        return isAgentType(m.type);
      case 'players':
        return !isAgentType(m.type);
      case 'new_players':
        return !isAgentType(m.type) && now.getTime() - m.createdAt.getTime() < NEW_PLAYER_DAYS * 86_400_000;
      default:
        return true;
    }
  }

  /** SPEC §4 status of one promotion for one member (null member: a visitor, no status). */
  private statusOf(
    p: PromotionRow,
    part: ParticipationRow | undefined,
    m: Member | null,
    deposits: number,
    pending = 0n,
    now = new Date(),
  ): ActivityStatus | null {
    if (!m) return null;
    if (part) {
      // Recurring kinds stay joined; a computed cashback waits for the member's click.
      if (p.kind === 'cashback' && pending > 0n) return 'claim';
      if (part.status === 'issued' && p.kind !== 'deposit_bonus') return 'claimed';
      return part.status as ActivityStatus;
    }
    if (p.enabled && p.startsAt > now) return 'comingSoon';
    if (!this.isOpen(p, now) || !this.inAudience(p, m, now)) return 'closed';
    if (p.kind === 'deposit_bonus' || (p.kind === 'tickets' && p.depositNth))
      return deposits >= (p.depositNth ?? 1) ? 'closed' : 'join';
    if (p.kind === 'reload' || p.kind === 'cashback') return 'join';
    if (p.kind === 'free_bonus' || p.kind === 'tickets') return 'claim';
    return 'join';
  }

  private out(
    p: PromotionRow,
    status: ActivityStatus | null,
    image: ContentImage | null = null,
    pending: bigint | null = null,
  ): Promotion {
    const widest = image?.variants[image.variants.length - 1]?.url;
    return {
      id: p.id,
      title: p.title,
      summary: p.summary,
      body: p.body,
      category: p.category as PromotionCategory,
      labels: p.labels as Promotion['labels'],
      imageUrl: widest ?? p.imageUrl,
      image,
      kind: p.kind as Promotion['kind'],
      startsAt: iso(p.startsAt),
      endsAt: p.endsAt ? iso(p.endsAt) : null,
      depositNth: p.depositNth,
      percent: p.percent,
      cap: money(p.cap),
      minDeposit: money(p.minDeposit),
      bonusAmount: money(p.bonusAmount),
      period: p.period as Promotion['period'],
      claimLimit: p.claimLimit,
      minLoss: money(p.minLoss),
      autoCredit: p.autoCredit,
      wageringMultiplier: p.wageringMultiplier,
      expiryDays: p.expiryDays,
      contributions: p.contributions,
      pendingAmount: pending && pending > 0n ? fromMinor(pending) : null,
      ticketKind: p.ticketKind as Promotion['ticketKind'],
      ticketCount: p.ticketCount,
      status,
    };
  }

  /** The promotions page: enabled promotions not ended more than a week ago, in the operator's order. */
  async list(
    memberId: number | null,
    q: { category?: string | undefined; language?: string | undefined },
  ): Promise<Promotion[]> {
    const rows = await this.db
      .select()
      .from(promotions)
      .where(
        and(
          eq(promotions.enabled, true),
          sql`(${promotions.endsAt} is null or ${promotions.endsAt} > now() - interval '7 days')`,
          q.category && q.category !== 'all' ? eq(promotions.category, q.category) : undefined,
          q.language
            ? sql`(cardinality(${promotions.languages}) = 0 or upper(${q.language}) = any(${promotions.languages}))`
            : undefined,
        ),
      )
      .orderBy(desc(promotions.sort), desc(promotions.id));
    const ctx = await this.viewerContext(memberId);
    const images = await this.imagesOf(rows);
    return rows.map((p) => this.view(p, ctx, images));
  }

  /** One promotion as this viewer sees it: status, image, cashback waiting. */
  private view(
    p: PromotionRow,
    ctx: Awaited<ReturnType<PromotionsService['viewerContext']>>,
    images: Map<string, ContentImage>,
  ): Promotion {
    const pending = ctx.pending.get(p.id) ?? 0n;
    return this.out(
      p,
      this.statusOf(p, ctx.parts.get(p.id), ctx.member, ctx.deposits, pending),
      (p.imageId && images.get(p.imageId)) || null,
      pending,
    );
  }

  /** Uploaded images of many promotions in the content module's two queries. */
  private async imagesOf(rows: PromotionRow[]): Promise<Map<string, ContentImage>> {
    const ids = rows.map((p) => p.imageId).filter((id): id is string => !!id);
    return ids.length ? this.deps.content.imagesFor(ids) : new Map();
  }

  async get(memberId: number | null, id: number): Promise<Promotion> {
    const [p] = await this.db
      .select()
      .from(promotions)
      .where(and(eq(promotions.id, id), eq(promotions.enabled, true)));
    if (!p) throw new AppError('NOT_FOUND');
    const ctx = await this.viewerContext(memberId);
    return this.view(p, ctx, await this.imagesOf([p]));
  }

  private async viewerContext(memberId: number | null) {
    const parts = new Map<number, ParticipationRow>();
    const none = { member: null, deposits: 0, parts, pending: new Map<number, bigint>() };
    if (memberId === null) return none;
    const member = await this.deps.members.getById(memberId);
    if (!member || isTrialType(member.type)) return none;
    const rows = await this.db
      .select()
      .from(promotionParticipations)
      .where(eq(promotionParticipations.memberId, memberId));
    for (const r of rows) parts.set(r.promotionId, r);
    return {
      member,
      deposits: await this.deps.cashier.approvedDepositCount(memberId),
      parts,
      pending: await this.deps.cashback.pending(memberId),
    };
  }

  private async openFor(memberId: number, id: number, kind: PromotionRow['kind'][]) {
    const m = await this.realMember(memberId);
    const [p] = await this.db
      .select()
      .from(promotions)
      .where(and(eq(promotions.id, id), eq(promotions.enabled, true)));
    if (!p) throw new AppError('NOT_FOUND');
    if (!kind.includes(p.kind)) throw fail('promotionWrongAction');
    if (!this.isOpen(p)) throw fail('promotionNotOpen');
    if (!this.inAudience(p, m)) throw fail('promotionNotForYou');
    return { m, p };
  }

  /**
   * Join a deposit bonus or deposit tickets (the member's next qualifying deposit then earns it), a
   * reload (every qualifying deposit from now on) or a cashback (net losses from now on).
   */
  async join(memberId: number, id: number): Promise<Promotion> {
    const { m, p } = await this.openFor(memberId, id, ['deposit_bonus', 'reload', 'cashback', 'tickets']);
    if (p.kind === 'tickets' && !p.depositNth) throw fail('promotionWrongAction');
    const deposits = await this.deps.cashier.approvedDepositCount(memberId);
    if (p.kind === 'deposit_bonus' && deposits >= (p.depositNth ?? 1)) throw fail('promotionNotForYou');
    const [row] = await this.db
      .insert(promotionParticipations)
      .values({ promotionId: id, memberId, status: 'joined' })
      .onConflictDoNothing()
      .returning();
    if (!row) throw fail('promotionAlreadyJoined');
    return this.out(p, this.statusOf(p, row, m, deposits));
  }

  /** Apply to join (SPEC §5): remark ≤ 140, ≤ 3 PNG/JPG images ≤ 5 MB each; the operator reviews it. */
  async apply(memberId: number, id: number, remark: string | undefined, files: Buffer[]): Promise<Promotion> {
    if (files.length > SPEC.upload.maxImages) {
      throw new AppError('VALIDATION', { messageKey: 'imageTooMany', fields: { images: 'imageTooMany' } });
    }
    if (remark && remark.length > SPEC.activityRemarkMaxChars) {
      throw new AppError('VALIDATION', { messageKey: 'remarkTooLong', fields: { remark: 'remarkTooLong' } });
    }
    const { m, p } = await this.openFor(memberId, id, ['apply']);
    const images: Array<{ mime: string; data: Buffer }> = [];
    for (const f of files)
      images.push(
        await reencodeImage(f, { maxBytes: SPEC.upload.maxBytes, maxSide: IMAGE_MAX_SIDE }, 'images'),
      );
    const row = await this.db.transaction(async (tx) => {
      const [existing] = await tx
        .select()
        .from(promotionParticipations)
        .where(
          and(eq(promotionParticipations.promotionId, id), eq(promotionParticipations.memberId, memberId)),
        )
        .for('update');
      let part: ParticipationRow | undefined;
      if (!existing) {
        [part] = await tx
          .insert(promotionParticipations)
          .values({ promotionId: id, memberId, status: 'applying', remark: remark || null })
          .onConflictDoNothing()
          .returning();
        if (!part) throw fail('promotionAlreadyJoined');
      } else if (existing.status === 'rejected') {
        // A rejected application may be sent again, with new remark and images.
        await tx.delete(promotionImages).where(eq(promotionImages.participationId, existing.id));
        [part] = await tx
          .update(promotionParticipations)
          .set({
            status: 'applying',
            remark: remark || null,
            reviewNote: null,
            reviewedBy: null,
            reviewedAt: null,
            updatedAt: sql`now()`,
          })
          .where(eq(promotionParticipations.id, existing.id))
          .returning();
      } else {
        throw fail('promotionAlreadyJoined');
      }
      for (const img of images)
        await tx
          .insert(promotionImages)
          .values({ participationId: part!.id, memberId, mime: img.mime, data: img.data });
      return part!;
    });
    return this.out(p, this.statusOf(p, row, m, 0));
  }

  /**
   * Claims a reward: a free bonus, or an approved application's bonus. Two claims at once pay
   * once: the participation row is inserted (free bonus) or moved from `claim` (application)
   * by exactly one of them, and the grant is keyed by promotion and member.
   */
  async claim(memberId: number, id: number): Promise<Promotion> {
    const cashback = await this.claimCashback(memberId, id);
    if (cashback) return cashback;
    const { m, p } = await this.openFor(memberId, id, ['free_bonus', 'apply', 'tickets']);
    if (p.kind === 'tickets') return this.claimTickets(m, p);
    const amount = p.bonusAmount ?? 0n;
    const part = await this.db.transaction(async (tx) => {
      let part: ParticipationRow | undefined;
      if (p.kind === 'free_bonus') {
        [part] = await tx
          .insert(promotionParticipations)
          .values({ promotionId: id, memberId, status: 'process' })
          .onConflictDoNothing()
          .returning();
      } else {
        [part] = await tx
          .update(promotionParticipations)
          .set({ status: 'process', updatedAt: sql`now()` })
          .where(
            and(
              eq(promotionParticipations.promotionId, id),
              eq(promotionParticipations.memberId, memberId),
              eq(promotionParticipations.status, 'claim'),
            ),
          )
          .returning();
      }
      if (!part) throw fail('promotionNothingToClaim');
      if (amount <= 0n) {
        [part] = await tx
          .update(promotionParticipations)
          .set({ status: 'issued', updatedAt: sql`now()` })
          .where(eq(promotionParticipations.id, part.id))
          .returning();
        return part!;
      }
      await this.engine.grant(tx, {
        memberId,
        promotionId: id,
        participationId: part.id,
        amount,
        wageringMultiplier: p.wageringMultiplier,
        expiryDays: p.expiryDays,
        contributions: p.contributions,
        sourceKey: `claim:${id}:${memberId}`,
        title: p.title,
      });
      const [now] = await tx
        .select()
        .from(promotionParticipations)
        .where(eq(promotionParticipations.id, part.id));
      return now!;
    });
    return this.out(p, this.statusOf(p, part, m, 0));
  }

  /** Free tickets: the participation row (inserted once) and the tickets in one transaction. */
  private async claimTickets(m: Member, p: PromotionRow): Promise<Promotion> {
    if (p.depositNth) throw fail('promotionWrongAction');
    const part = await this.db.transaction(async (tx) => {
      const [part] = await tx
        .insert(promotionParticipations)
        .values({ promotionId: p.id, memberId: m.id, status: 'issued' })
        .onConflictDoNothing()
        .returning();
      if (!part) throw fail('promotionNothingToClaim');
      await this.issueTickets(tx, p, m.id, `promo:${p.id}:${m.id}`);
      return part;
    });
    return this.out(p, this.statusOf(p, part, m, 0));
  }

  private async issueTickets(tx: Tx, p: PromotionRow, memberId: number, sourceKey: string) {
    if (!this.tickets || !p.ticketKind || !p.ticketCount) throw fail('promotionWrongAction');
    await this.tickets.issue(tx, {
      memberId,
      kind: p.ticketKind as 'WHEEL',
      count: p.ticketCount,
      source: 'promotion',
      sourceKey,
      promotionId: p.id,
      title: p.title,
    });
  }

  /**
   * A cashback waiting for the member is claimable after the promotion ended too (it was earned
   * while it ran). Two claims at once: one moves the rows from `claim`, the other finds none.
   * Null when the promotion is not a cashback (the caller goes on with the other kinds).
   */
  private async claimCashback(memberId: number, id: number): Promise<Promotion | null> {
    const [p] = await this.db
      .select()
      .from(promotions)
      .where(and(eq(promotions.id, id), eq(promotions.enabled, true)));
    if (p?.kind !== 'cashback') return null;
    await this.realMember(memberId);
    const paid = await this.db.transaction((tx) => this.deps.cashback.claim(tx, p, memberId));
    if (paid <= 0n) throw fail('promotionNothingToClaim');
    return this.get(memberId, id);
  }

  /**
   * Deposit bonus, in the approval's transaction: the first joined deposit-bonus promotion for
   * this deposit's number pays percent of it (up to the cap). Joined promotions for an earlier
   * deposit number can no longer be met and close.
   */
  private async onDepositApproved(tx: Tx, d: ApprovedDeposit): Promise<void> {
    const joined = await tx
      .select({ part: promotionParticipations, p: promotions })
      .from(promotionParticipations)
      .innerJoin(promotions, eq(promotions.id, promotionParticipations.promotionId))
      .where(
        and(
          eq(promotionParticipations.memberId, d.memberId),
          eq(promotionParticipations.status, 'joined'),
          inArray(promotions.kind, ['deposit_bonus', 'tickets']),
        ),
      )
      .orderBy(asc(promotions.id))
      .for('update', { of: promotionParticipations });
    let paid = false;
    for (const { part, p } of joined) {
      const nth = p.depositNth ?? 1;
      if (nth > d.nth) continue;
      if (p.kind === 'tickets') {
        // Tickets for a deposit do not take the deposit's one bonus: both may come with it.
        const earned = nth === d.nth && this.isOpen(p) && d.amount >= (p.minDeposit ?? 0n);
        if (earned) await this.issueTickets(tx, p, d.memberId, `deposit:${d.depositId}:${p.id}`);
        await tx
          .update(promotionParticipations)
          .set({ status: earned ? 'issued' : 'closed', updatedAt: sql`now()` })
          .where(eq(promotionParticipations.id, part.id));
        continue;
      }
      const qualifies =
        nth === d.nth && !paid && this.isOpen(p) && d.amount >= (p.minDeposit ?? 0n) && p.percent && p.cap;
      if (!qualifies) {
        await tx
          .update(promotionParticipations)
          .set({ status: 'closed', updatedAt: sql`now()` })
          .where(eq(promotionParticipations.id, part.id));
        continue;
      }
      const amount = depositBonus(d.amount, p.percent!, p.cap!);
      if (amount <= 0n) continue;
      await this.engine.grant(tx, {
        memberId: d.memberId,
        promotionId: p.id,
        participationId: part.id,
        amount,
        wageringMultiplier: p.wageringMultiplier,
        expiryDays: p.expiryDays,
        contributions: p.contributions,
        sourceKey: `deposit:${d.depositId}:${p.id}`,
        title: p.title,
      });
      paid = true;
    }
    if (!paid) await this.reload(tx, d);
  }

  /**
   * Reload bonus, when no deposit bonus paid for this deposit (one bonus per deposit): the first
   * joined reload (by id) whose schedule, deposit number, minimum and per-period limit allow it
   * pays percent of the deposit up to the cap. The participation rows are locked, so two
   * deposits approved at once count the limit one after the other.
   */
  private async reload(tx: Tx, d: ApprovedDeposit): Promise<void> {
    const joined = await tx
      .select({ part: promotionParticipations, p: promotions })
      .from(promotionParticipations)
      .innerJoin(promotions, eq(promotions.id, promotionParticipations.promotionId))
      .where(
        and(
          eq(promotionParticipations.memberId, d.memberId),
          eq(promotionParticipations.status, 'joined'),
          eq(promotions.kind, 'reload'),
        ),
      )
      .orderBy(asc(promotions.id))
      .for('update', { of: promotionParticipations });
    for (const { p } of joined) {
      if (!this.isOpen(p) || !p.percent || !p.cap) continue;
      if (d.nth <= (p.depositNth ?? 0) || d.amount < (p.minDeposit ?? 0n)) continue;
      if (p.claimLimit) {
        const since = periodStart(
          p.period === 'week' ? 'week' : 'day',
          new Date(),
          this.deps.utcOffsetMinutes,
        );
        const [row] = await tx
          .select({ n: sql<number>`count(*)::int` })
          .from(bonusGrants)
          .where(
            and(
              eq(bonusGrants.memberId, d.memberId),
              eq(bonusGrants.promotionId, p.id),
              sql`${bonusGrants.createdAt} >= ${since.toISOString()}::timestamptz`,
            ),
          );
        if ((row?.n ?? 0) >= p.claimLimit) continue;
      }
      const amount = depositBonus(d.amount, p.percent, p.cap);
      if (amount <= 0n) continue;
      await this.engine.grant(tx, {
        memberId: d.memberId,
        promotionId: p.id,
        participationId: null,
        amount,
        wageringMultiplier: p.wageringMultiplier,
        expiryDays: p.expiryDays,
        contributions: p.contributions,
        sourceKey: `reload:${d.depositId}:${p.id}`,
        title: p.title,
      });
      return;
    }
  }

  /** rewardCenter: what the member takes part in; claimable counts rewards waiting for a click. */
  async rewardCenter(memberId: number): Promise<RewardCenter> {
    await this.realMember(memberId);
    const rows = await this.db
      .select({ part: promotionParticipations, p: promotions })
      .from(promotionParticipations)
      .innerJoin(promotions, eq(promotions.id, promotionParticipations.promotionId))
      .where(eq(promotionParticipations.memberId, memberId))
      .orderBy(desc(promotionParticipations.updatedAt))
      .limit(100);
    const pending = await this.deps.cashback.pending(memberId);
    return {
      claimable: await this.claimableCount(memberId),
      rewards: rows.map(({ part, p }) => ({
        promotionId: p.id,
        title: p.title,
        kind: p.kind as Promotion['kind'],
        status: ((pending.get(p.id) ?? 0n) > 0n
          ? 'claim'
          : part.status === 'issued' && p.kind !== 'deposit_bonus'
            ? 'claimed'
            : part.status) as ActivityStatus,
        remark: part.remark,
        reviewNote: part.reviewNote,
        updatedAt: iso(part.updatedAt),
      })),
    };
  }

  /** Badge count: approved applications to claim, and open free bonuses not yet claimed. */
  async claimableCount(memberId: number): Promise<number> {
    const ctx = await this.viewerContext(memberId);
    if (!ctx.member) return 0;
    const open = await this.db
      .select()
      .from(promotions)
      .where(
        and(
          eq(promotions.enabled, true),
          inArray(promotions.kind, ['free_bonus', 'apply', 'cashback', 'tickets']),
        ),
      );
    return open.filter(
      (p) =>
        this.statusOf(p, ctx.parts.get(p.id), ctx.member, ctx.deposits, ctx.pending.get(p.id) ?? 0n) ===
        'claim',
    ).length;
  }

  /** An application image: for the member who sent it, or an operator with the promotions permission. */
  async image(id: string, viewer: { memberId?: number; operator?: boolean }) {
    if (!/^[0-9a-f-]{36}$/i.test(id)) throw new AppError('NOT_FOUND');
    const [row] = await this.db.select().from(promotionImages).where(eq(promotionImages.id, id));
    if (!row || (!viewer.operator && row.memberId !== viewer.memberId)) throw new AppError('NOT_FOUND');
    return { mime: row.mime, data: row.data };
  }

  // ---------------------------------------------------------------- operator

  /** Demo promotions (seed only): added once, when there are none. */
  async ensureDemo(inputs: PromotionDraft[]): Promise<boolean> {
    const [row] = await this.db.select({ n: sql<number>`count(*)::int` }).from(promotions);
    if ((row?.n ?? 0) > 0) return false;
    for (const input of inputs) await this.db.insert(promotions).values(this.values(input));
    return true;
  }

  private values(draft: PromotionDraft) {
    const input: PromotionInput = {
      imageId: null,
      period: null,
      claimLimit: null,
      minLoss: null,
      autoCredit: false,
      ...draft,
    };
    const minor = (v: string | null) => (v === null ? null : toMinor(v));
    const required: Partial<Record<PromotionInput['kind'], Array<keyof PromotionInput>>> = {
      deposit_bonus: ['depositNth', 'percent', 'cap'],
      reload: ['percent', 'cap'],
      cashback: ['period', 'percent', 'cap'],
      tickets: ['ticketKind', 'ticketCount'],
    };
    const missing = (required[input.kind] ?? []).filter((k) => !input[k]);
    if (missing.length)
      throw new AppError('VALIDATION', {
        messageKey: 'inputEmpty',
        fields: Object.fromEntries(missing.map((k) => [k, 'inputEmpty'])),
      });
    // The table's shape checks, as field errors rather than a refused insert.
    const invalid: Array<keyof PromotionInput> = [];
    if (input.kind === 'deposit_bonus' && (input.depositNth ?? 0) > 5) invalid.push('depositNth');
    if (input.kind === 'cashback' && (input.percent ?? 0) > 100) invalid.push('percent');
    if (input.cap !== null && toMinor(input.cap) <= 0n && required[input.kind]?.includes('cap'))
      invalid.push('cap');
    if (invalid.length)
      throw new AppError('VALIDATION', {
        messageKey: 'badRequest',
        fields: Object.fromEntries(invalid.map((k) => [k, 'badRequest'])),
      });
    const tickets = input.kind === 'tickets';
    return {
      title: input.title,
      summary: input.summary,
      body: input.body,
      category: input.category,
      labels: input.labels,
      languages: input.languages.map((l) => l.toUpperCase()),
      imageUrl: input.imageUrl,
      imageId: input.imageId,
      kind: input.kind,
      audience: input.audience,
      startsAt: new Date(input.startsAt),
      endsAt: input.endsAt ? new Date(input.endsAt) : null,
      enabled: input.enabled,
      depositNth: input.depositNth,
      percent: input.percent,
      cap: minor(input.cap),
      minDeposit: minor(input.minDeposit),
      bonusAmount: minor(input.bonusAmount),
      period: input.kind === 'cashback' || input.kind === 'reload' ? input.period : null,
      claimLimit: input.kind === 'reload' ? input.claimLimit : null,
      minLoss: input.kind === 'cashback' ? minor(input.minLoss) : null,
      autoCredit: input.kind === 'cashback' && input.autoCredit,
      wageringMultiplier: input.wageringMultiplier,
      expiryDays: input.expiryDays,
      contributions: input.contributions,
      ticketKind: tickets ? input.ticketKind : null,
      ticketCount: tickets ? input.ticketCount : null,
      sort: input.sort,
    };
  }

  private adminOut(p: PromotionRow, images: Map<string, ContentImage>) {
    const {
      status: _s,
      pendingAmount: _p,
      ...rest
    } = this.out(p, null, (p.imageId && images.get(p.imageId)) || null);
    return {
      ...rest,
      imageId: p.imageId,
      audience: p.audience as 'all',
      languages: p.languages,
      enabled: p.enabled,
      sort: p.sort,
    } as const;
  }

  async adminList() {
    const rows = await this.db.select().from(promotions).orderBy(desc(promotions.id));
    const images = await this.imagesOf(rows);
    return rows.map((p) => this.adminOut(p, images));
  }

  /** A promotion's image must be one the content pipeline stored (an upload's id). */
  private async checkedValues(input: PromotionDraft) {
    const values = this.values(input);
    if (values.imageId && (await this.deps.content.imagesFor([values.imageId])).size === 0)
      throw new AppError('VALIDATION', { messageKey: 'badRequest', fields: { imageId: 'badRequest' } });
    return values;
  }

  async create(actor: Actor, input: PromotionDraft) {
    const values = await this.checkedValues(input);
    const row = await this.db.transaction(async (tx) => {
      const [row] = await tx.insert(promotions).values(values).returning();
      await this.deps.audit.record(
        {
          actor,
          action: 'promotion.create',
          target: { type: 'promotion', id: row!.id },
          after: values,
          ip: actor.ip ?? null,
        },
        tx,
      );
      return row!;
    });
    return this.adminOut(row, await this.imagesOf([row]));
  }

  async update(actor: Actor, id: number, input: PromotionDraft) {
    const values = await this.checkedValues(input);
    const row = await this.db.transaction(async (tx) => {
      const [before] = await tx.select().from(promotions).where(eq(promotions.id, id)).for('update');
      if (!before) throw new AppError('NOT_FOUND');
      const [row] = await tx
        .update(promotions)
        .set({ ...values, updatedAt: sql`now()` })
        .where(eq(promotions.id, id))
        .returning();
      await this.deps.audit.record(
        {
          actor,
          action: 'promotion.update',
          target: { type: 'promotion', id },
          before,
          after: values,
          ip: actor.ip ?? null,
        },
        tx,
      );
      return row!;
    });
    return this.adminOut(row, await this.imagesOf([row]));
  }

  /** A promotion image through the content module's pipeline (checked by content, WebP/AVIF widths). */
  async uploadImage(data: Buffer, actor: Actor) {
    return this.deps.content.uploadImage(data, actor);
  }

  async applications(q: { pageNo: number; pageSize: number; status?: string | undefined }) {
    const where = and(
      eq(promotions.kind, 'apply'),
      q.status ? eq(promotionParticipations.status, q.status) : undefined,
    );
    const rows = await this.db
      .select({ part: promotionParticipations, title: promotions.title })
      .from(promotionParticipations)
      .innerJoin(promotions, eq(promotions.id, promotionParticipations.promotionId))
      .where(where)
      .orderBy(q.status === 'applying' ? asc(promotionParticipations.id) : desc(promotionParticipations.id))
      .limit(q.pageSize)
      .offset((q.pageNo - 1) * q.pageSize);
    const [total] = await this.db
      .select({ n: sql<number>`count(*)::int` })
      .from(promotionParticipations)
      .innerJoin(promotions, eq(promotions.id, promotionParticipations.promotionId))
      .where(where);
    const ids = rows.map((r) => r.part.id);
    const images = ids.length
      ? await this.db
          .select({ id: promotionImages.id, participationId: promotionImages.participationId })
          .from(promotionImages)
          .where(inArray(promotionImages.participationId, ids))
      : [];
    const accounts = new Map<number, string>();
    for (const r of rows) {
      if (!accounts.has(r.part.memberId))
        accounts.set(r.part.memberId, (await this.deps.members.getById(r.part.memberId))?.account ?? '');
    }
    const n = Number(total?.n ?? 0);
    return {
      content: rows.map(({ part, title }) => ({
        id: part.id,
        promotionId: part.promotionId,
        promotionTitle: title,
        memberId: part.memberId,
        account: accounts.get(part.memberId) ?? '',
        status: part.status,
        remark: part.remark,
        images: images
          .filter((i) => i.participationId === part.id)
          .map((i) => `/wps/promotions/images/${i.id}`),
        reviewNote: part.reviewNote,
        reviewedBy: part.reviewedBy,
        createdAt: iso(part.createdAt),
      })),
      pageNum: q.pageNo,
      pageSize: q.pageSize,
      total: n,
      totalPages: Math.ceil(n / q.pageSize),
    };
  }

  /** applying → claim (a bonus to claim) or joined (no bonus), or → rejected; the member gets a message. */
  async review(actor: Actor, participationId: number, approve: boolean, note?: string) {
    return this.db.transaction(async (tx) => {
      const [row] = await tx
        .select({ part: promotionParticipations, p: promotions })
        .from(promotionParticipations)
        .innerJoin(promotions, eq(promotions.id, promotionParticipations.promotionId))
        .where(eq(promotionParticipations.id, participationId))
        .for('update', { of: promotionParticipations });
      if (!row || row.p.kind !== 'apply') throw new AppError('NOT_FOUND');
      if (row.part.status !== 'applying') throw new AppError('CONFLICT', { messageKey: 'requestNotPending' });
      const status = !approve ? 'rejected' : (row.p.bonusAmount ?? 0n) > 0n ? 'claim' : 'joined';
      await tx
        .update(promotionParticipations)
        .set({
          status,
          reviewNote: note ?? null,
          reviewedBy: actor.account,
          reviewedAt: sql`now()`,
          updatedAt: sql`now()`,
        })
        .where(eq(promotionParticipations.id, participationId));
      await this.deps.audit.record(
        {
          actor,
          action: approve ? 'promotion.application.approve' : 'promotion.application.reject',
          target: { type: 'promotion_participation', id: participationId },
          before: { status: 'applying' },
          after: { status, note: note ?? null },
          ip: actor.ip ?? null,
        },
        tx,
      );
      await this.deps.messages.send(
        row.part.memberId,
        {
          kind: 'promotion',
          title: approve ? `Application approved: ${row.p.title}` : `Application rejected: ${row.p.title}`,
          body: approve
            ? status === 'claim'
              ? 'Your application was approved. Claim your reward in the reward centre.'
              : 'Your application was approved.'
            : `Your application was not approved.${note ? ` ${note}` : ''}`,
        },
        tx,
      );
      return { id: participationId, status };
    });
  }
}
