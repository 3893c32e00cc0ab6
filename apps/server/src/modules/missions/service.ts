import {
  fromMinor,
  isTrialType,
  type Leaderboard,
  type Mission,
  type MissionMetric,
  type MissionPeriod,
  type MissionSummary,
  nextPeriodStart,
  periodStart,
} from '@wps/contract';
import { and, asc, desc, eq, gte, inArray, isNull, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import { localized } from '../../http/i18n.ts';
import type { CompleteLocale } from '@wps/contract';
import type { AuditService } from '../admin/service.ts';
import type { BetRow, BetsService } from '../bets/service.ts';
import type { CashierService } from '../cashier/service.ts';
import type { MembersService } from '../members/service.ts';
import type { MessagesService } from '../messages/service.ts';
import { systemMessage } from '../messages/templates.ts';
import type { BonusEngine, HiddenPromotion } from '../promotions/bonus-engine.ts';
import { Accounts } from '../wallet/accounts.ts';
import type { WalletService } from '../wallet/service.ts';
import { missionProgress, missions, missionTurnover } from './schema.ts';
import { MissionsAdmin, targetText } from './admin.ts';
import { readLeaderboard } from './leaderboard.ts';
import type { VipService } from './vip.ts';
import { BetsConsumer } from '../bets/consumers.ts';

/** The bets-record consumer behind missions, the leaderboard and VIP turnover (DESIGN §7). */
export const MISSIONS_CONSUMER = 'missions.progress';
const BATCH = 500;
const LEADERBOARD_SIZE = 20;
/** The hidden promotion that mission bonuses are granted under (bonusDetails and the promotions report show it). */
export const MISSION_BONUS_TITLE = 'Mission rewards';
const MISSION_BONUS: HiddenPromotion = {
  title: MISSION_BONUS_TITLE,
  summary: 'Bonuses paid by missions (daily tasks).',
  kind: 'free_bonus',
};
const BONUS_EXPIRY_DAYS = 7;
type MissionRow = typeof missions.$inferSelect;
const iso = (d: Date) => d.toISOString();

/** What one row of the bets record adds to a mission of `metric` (0 when it does not count). */
export function contributionOf(m: Pick<MissionRow, 'metric' | 'gameType'>, bet: BetRow): bigint {
  if (bet.trial || m.metric === 'deposit') return 0n;
  if (m.gameType && m.gameType !== bet.gameType) return 0n;
  if (m.metric === 'valid_bet') return bet.validStake;
  // A round counts once when settled; its rollback row (negative stake) takes it back.
  return bet.validStake > 0n ? 1n : bet.validStake < 0n ? -1n : 0n;
}

/**
 * Missions (daily tasks, issue 14): operator-defined daily or weekly targets on valid bets, rounds
 * or deposits. Bet progress follows the bets record through one consumer mark (exactly once: the
 * progress and the mark commit together); deposits arrive in the approval's transaction. Each
 * business period starts a new progress row, and a reached target pays its reward once on claim.
 */
export class MissionsService {
  /** Definitions and their cost (the console). */
  readonly admin: MissionsAdmin;

  constructor(
    private readonly db: Db,
    private readonly deps: {
      bets: BetsService;
      wallet: WalletService;
      members: MembersService;
      messages: MessagesService;
      audit: AuditService;
      cashier: CashierService;
      vip: VipService;
      bonusEngine: BonusEngine;
      utcOffsetMinutes: number;
    },
  ) {
    this.admin = new MissionsAdmin(db, { audit: deps.audit });
    deps.cashier.onDepositApproved((tx, d) => this.onDeposit(tx, d.memberId, d.amount));
  }

  private start(period: MissionPeriod | string, at: Date) {
    return periodStart(period as MissionPeriod, at, this.deps.utcOffsetMinutes);
  }

  private async enabledMissions(ex: Db | Tx) {
    return ex.select().from(missions).where(eq(missions.enabled, true));
  }

  /** Adds deltas to (mission, member, period) rows: one upsert per key, summed beforehand. */
  private async addProgress(tx: Tx, deltas: Map<string, bigint>) {
    const values = [...deltas]
      .filter(([, v]) => v !== 0n)
      .map(([k, progress]) => {
        const [missionId, memberId, start] = k.split('|');
        return {
          missionId: Number(missionId),
          memberId: Number(memberId),
          periodStart: new Date(start!),
          progress,
        };
      });
    if (values.length === 0) return;
    await tx
      .insert(missionProgress)
      .values(values)
      .onConflictDoUpdate({
        target: [missionProgress.missionId, missionProgress.memberId, missionProgress.periodStart],
        set: { progress: sql`${missionProgress.progress} + excluded.progress`, updatedAt: sql`now()` },
      });
  }

  /** A batch of the bets record, in the consumer's transaction: missions, leaderboard, VIP turnover. */
  async applyBets(rows: BetRow[], tx: Tx): Promise<void> {
    const real = rows.filter((r) => !r.trial && r.validStake !== 0n);
    if (real.length === 0) return;
    const list = (await this.enabledMissions(tx)).filter((m) => m.metric !== 'deposit');
    const progress = new Map<string, bigint>();
    const turnover = new Map<string, { stake: bigint; rounds: number }>();
    const vip = new Map<number, { turnover: bigint; deposits: bigint }>();
    for (const bet of real) {
      for (const m of list) {
        const c = contributionOf(m, bet);
        if (c === 0n) continue;
        const key = `${m.id}|${bet.memberId}|${iso(this.start(m.period, bet.settledAt))}`;
        progress.set(key, (progress.get(key) ?? 0n) + c);
      }
      for (const period of ['day', 'week'] as const) {
        const key = `${period}|${bet.memberId}|${iso(this.start(period, bet.settledAt))}`;
        const t = turnover.get(key) ?? { stake: 0n, rounds: 0 };
        t.stake += bet.validStake;
        t.rounds += bet.validStake > 0n ? 1 : -1;
        turnover.set(key, t);
      }
      const v = vip.get(bet.memberId) ?? { turnover: 0n, deposits: 0n };
      v.turnover += bet.validStake;
      vip.set(bet.memberId, v);
    }
    await this.addProgress(tx, progress);
    const tvalues = [...turnover].map(([k, t]) => {
      const [period, memberId, start] = k.split('|');
      return {
        period: period!,
        memberId: Number(memberId),
        periodStart: new Date(start!),
        validStake: t.stake,
        rounds: t.rounds,
      };
    });
    await tx
      .insert(missionTurnover)
      .values(tvalues)
      .onConflictDoUpdate({
        target: [missionTurnover.period, missionTurnover.periodStart, missionTurnover.memberId],
        set: {
          validStake: sql`${missionTurnover.validStake} + excluded.valid_stake`,
          rounds: sql`${missionTurnover.rounds} + excluded.rounds`,
        },
      });
    await this.deps.vip.add(tx, vip);
  }

  /** An approved deposit (the approval's transaction, which happens once per deposit). */
  async onDeposit(tx: Tx, memberId: number, amount: bigint, at = new Date()): Promise<void> {
    const list = (await this.enabledMissions(tx)).filter((m) => m.metric === 'deposit');
    const deltas = new Map<string, bigint>();
    for (const m of list) deltas.set(`${m.id}|${memberId}|${iso(this.start(m.period, at))}`, amount);
    await this.addProgress(tx, deltas);
    await this.deps.vip.add(tx, new Map([[memberId, { turnover: 0n, deposits: amount }]]));
  }

  /** The missions consumer of the bets record (bets/consumers.ts): one runner, drained to the horizon by jobs. */
  private consumerRunner: BetsConsumer | null = null;

  get consumer(): BetsConsumer {
    this.consumerRunner ??= new BetsConsumer(this.db, this.deps.bets, MISSIONS_CONSUMER, BATCH, (rows, tx) =>
      this.applyBets(rows, tx),
    );
    return this.consumerRunner;
  }

  /**
   * Drains the bets record into this consumer: pages call it with a few batches on every view
   * (callers in one process share one run), jobs without a limit, to the horizon.
   */
  catchUp(maxBatches?: number): Promise<number> {
    return this.consumer.catchUp(maxBatches);
  }

  private async realMember(memberId: number) {
    const m = await this.deps.members.getById(memberId);
    if (!m) throw new AppError('UNAUTHORIZED');
    if (isTrialType(m.type)) throw new AppError('FORBIDDEN', { messageKey: 'realAccountNeeded' });
    return m;
  }

  /** Mission summary: this period's missions with progress and status, and the VIP card. */
  async summary(memberId: number, now = new Date(), locale: CompleteLocale = 'en'): Promise<MissionSummary> {
    await this.realMember(memberId);
    await this.catchUp(4);
    const list = await this.db
      .select()
      .from(missions)
      .where(eq(missions.enabled, true))
      .orderBy(desc(missions.sort), asc(missions.id));
    const starts = { day: this.start('day', now), week: this.start('week', now) };
    const rows = list.length
      ? await this.db
          .select()
          .from(missionProgress)
          .where(
            and(
              eq(missionProgress.memberId, memberId),
              inArray(
                missionProgress.missionId,
                list.map((m) => m.id),
              ),
              gte(missionProgress.periodStart, starts.week),
            ),
          )
      : [];
    const out: Mission[] = list.map((m) => {
      const start = starts[m.period as MissionPeriod];
      const row = rows.find((r) => r.missionId === m.id && r.periodStart.getTime() === start.getTime());
      const progress = row?.progress ?? 0n;
      const shown = progress < 0n ? 0n : progress > m.target ? m.target : progress;
      return {
        id: m.id,
        title: localized(locale, m.title, m.titleNe),
        description: localized(locale, m.description, m.descriptionNe),
        period: m.period as MissionPeriod,
        metric: m.metric as MissionMetric,
        gameType: m.gameType,
        target: targetText(m.metric, m.target),
        progress: targetText(m.metric, shown),
        percent: Number((shown * 100n) / m.target),
        reward: fromMinor(row?.reward ?? m.reward),
        wageringMultiplier: m.wageringMultiplier,
        status: row?.claimedAt ? 'claimed' : progress >= m.target ? 'claim' : 'process',
        periodStart: iso(start),
        periodEnd: iso(nextPeriodStart(m.period as MissionPeriod, now, this.deps.utcOffsetMinutes)),
      };
    });
    return {
      missions: out,
      claimable: out.filter((m) => m.status === 'claim').length,
      vip: await this.deps.vip.status(memberId, locale),
    };
  }

  /** Pays a reached mission's reward for the current period, once: the claimed_at update is the guard. */
  async claim(memberId: number, missionId: number, now = new Date()) {
    await this.realMember(memberId);
    await this.catchUp(4);
    const [m] = await this.db
      .select()
      .from(missions)
      .where(and(eq(missions.id, missionId), eq(missions.enabled, true)));
    if (!m) throw new AppError('NOT_FOUND');
    const start = this.start(m.period, now);
    // Found before the transaction: it may insert the hidden promotion on first use.
    const asBonus = m.wageringMultiplier > 0;
    if (asBonus) await this.deps.bonusEngine.hiddenPromotion(MISSION_BONUS);
    return this.db.transaction(async (tx) => {
      const [row] = await tx
        .update(missionProgress)
        .set({ claimedAt: sql`now()`, reward: m.reward, updatedAt: sql`now()` })
        .where(
          and(
            eq(missionProgress.missionId, m.id),
            eq(missionProgress.memberId, memberId),
            eq(missionProgress.periodStart, start),
            isNull(missionProgress.claimedAt),
            gte(missionProgress.progress, m.target),
          ),
        )
        .returning();
      if (!row) throw new AppError('CONFLICT', { messageKey: 'missionNothingToClaim' });
      if (asBonus) {
        await this.deps.bonusEngine.grantUnder(tx, MISSION_BONUS, {
          memberId,
          amount: m.reward,
          wageringMultiplier: m.wageringMultiplier,
          expiryDays: BONUS_EXPIRY_DAYS,
          contributions: {},
          sourceKey: `mission:${row.id}`,
          title: m.title,
        });
        return { missionId: m.id, reward: fromMinor(m.reward) };
      }
      await this.deps.wallet.post(
        {
          key: `mission_reward:${row.id}`,
          reason: 'bonus',
          postings: [
            { account: Accounts.promotion(), amount: -m.reward },
            { account: Accounts.cash(memberId), amount: m.reward },
          ],
          metadata: { missionId: m.id, progressId: row.id, periodStart: iso(start) },
        },
        tx,
      );
      await this.deps.messages.send(
        memberId,
        systemMessage(
          'bonus',
          ['missionCompleteTitle', { en: m.title, ne: m.titleNe }],
          ['missionComplete', fromMinor(m.reward)],
        ),
        tx,
      );
      return { missionId: m.id, reward: fromMinor(m.reward) };
    });
  }

  /** Missions reached and not claimed this period (badge count), without draining the record. */
  async claimableCount(memberId: number): Promise<number> {
    return (await this.summary(memberId)).claimable;
  }

  /** The mission leaderboard: top valid bets of the current day or week. */
  async leaderboard(period: MissionPeriod, viewer: number | null, now = new Date()): Promise<Leaderboard> {
    await this.catchUp(4);
    const start = this.start(period, now);
    const end = nextPeriodStart(period, now, this.deps.utcOffsetMinutes);
    return readLeaderboard(this.db, this.deps.members, {
      period,
      start,
      end,
      viewer,
      size: LEADERBOARD_SIZE,
    });
  }
}
