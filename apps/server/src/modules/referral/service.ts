import { fromMinor, isTrialType, type ReferralOverview, type ReferralSettings, toMinor } from '@wps/contract';
import { eq, inArray, sql } from 'drizzle-orm';
import type { Db, DbOrTx, Tx } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import type { AuditService } from '../admin/service.ts';
import type { BetRow, BetsService } from '../bets/service.ts';
import type { CashierService } from '../cashier/service.ts';
import { validStakeInWindows } from '../bets/turnover.ts';
import { maskName } from '../games/service.ts';
import type { MembersService } from '../members/service.ts';
import type { MessagesService } from '../messages/service.ts';
import { systemMessage, systemText } from '../messages/templates.ts';
import type { BonusEngine, HiddenPromotion } from '../promotions/bonus-engine.ts';
import { Accounts } from '../wallet/accounts.ts';
import type { WalletService } from '../wallet/service.ts';
import { deadlineOf, qualify, type ReferralRule } from './qualify.ts';
import { referralRewards, referralSettings } from './schema.ts';
import { BetsConsumer } from '../bets/consumers.ts';

/** The bets-record consumer that notices referred players' play (DESIGN §7: one mark per consumer). */
export const REFERRAL_CONSUMER = 'referral.rewards';
/** The hidden promotion referral bonuses are granted under (bonusDetails and the promotions report show it). */
export const REFERRAL_BONUS_TITLE = 'Referral rewards';
const REFERRAL_BONUS: HiddenPromotion = {
  title: REFERRAL_BONUS_TITLE,
  summary: 'Bonuses paid to referrers when an invited player qualifies.',
  kind: 'free_bonus',
};
const BATCH = 500;
const BONUS_EXPIRY_DAYS = 7;
const LIST_MAX = 100;

type SettingsRow = typeof referralSettings.$inferSelect;
export interface Actor {
  id: number;
  account: string;
  ip?: string | null;
}

const settingsOut = (s: SettingsRow): ReferralSettings => ({
  enabled: s.enabled,
  minDeposit: fromMinor(s.minDeposit),
  minTurnover: fromMinor(s.minTurnover),
  withinDays: s.withinDays,
  rewardKind: s.rewardKind as ReferralSettings['rewardKind'],
  reward: fromMinor(s.reward),
  wageringMultiplier: s.wageringMultiplier,
});

/**
 * Refer and earn (issue 14): when a player who joined with a member's referral code makes a
 * first deposit ≥ X and reaches turnover ≥ Y within N days, the referrer is paid once, as cash
 * or as a bonus with wagering, through the ledger. Evaluations come from the deposit approval
 * (in its transaction), from the bets record (a consumer mark) and from the referral page; any
 * number of them, concurrent or repeated, pay once: the unique referred id in `referral_rewards`
 * is taken in the paying transaction, and the ledger key `referral_reward:<id>` backs it.
 */
export class ReferralService {
  constructor(
    private readonly db: Db,
    private readonly deps: {
      members: MembersService;
      bets: BetsService;
      cashier: CashierService;
      wallet: WalletService;
      messages: MessagesService;
      bonusEngine: BonusEngine;
      audit: AuditService;
    },
  ) {
    // Only the first deposit counts, so only the first approval can complete the rule.
    deps.cashier.onDepositApproved(async (tx, d) => {
      if (d.nth === 1) await this.evaluate(tx, d.memberId);
    });
  }

  private async settingsRow(ex: DbOrTx = this.db): Promise<SettingsRow> {
    const [row] = await ex.select().from(referralSettings).where(eq(referralSettings.id, 1));
    if (!row) throw new Error('referral_settings row missing (migration 0033)');
    return row;
  }

  async settings(): Promise<ReferralSettings> {
    return settingsOut(await this.settingsRow());
  }

  async updateSettings(actor: Actor, input: ReferralSettings): Promise<ReferralSettings> {
    if (input.rewardKind === 'bonus') await this.deps.bonusEngine.hiddenPromotion(REFERRAL_BONUS);
    return this.db.transaction(async (tx) => {
      const before = settingsOut(await this.settingsRow(tx));
      const [row] = await tx
        .update(referralSettings)
        .set({
          enabled: input.enabled,
          minDeposit: toMinor(input.minDeposit),
          minTurnover: toMinor(input.minTurnover),
          withinDays: input.withinDays,
          rewardKind: input.rewardKind,
          reward: toMinor(input.reward),
          wageringMultiplier: input.rewardKind === 'bonus' ? input.wageringMultiplier : 0,
          updatedAt: sql`now()`,
        })
        .where(eq(referralSettings.id, 1))
        .returning();
      const after = settingsOut(row!);
      await this.deps.audit.record(
        {
          actor,
          action: 'referral.settings',
          target: { type: 'referral', id: 1 },
          before,
          after,
          ip: actor.ip ?? null,
        },
        tx,
      );
      return after;
    });
  }

  /**
   * Checks one player and pays their referrer if the rule is met and nothing was paid yet.
   * Runs in the caller's transaction (a deposit approval, a consumer batch); answers whether it paid.
   */
  async evaluate(tx: Tx, referredId: number, now = new Date()): Promise<boolean> {
    const referred = await this.deps.members.getById(referredId, tx);
    if (!referred?.referrerId || isTrialType(referred.type)) return false;
    const s = await this.settingsRow(tx);
    if (!s.enabled) return false;
    const [paid] = await tx
      .select({ id: referralRewards.id })
      .from(referralRewards)
      .where(eq(referralRewards.referredId, referredId));
    if (paid) return false;
    const rule: ReferralRule = {
      minDeposit: s.minDeposit,
      minTurnover: s.minTurnover,
      withinDays: s.withinDays,
    };
    const deadline = deadlineOf(referred.createdAt, s.withinDays);
    const q = qualify(
      rule,
      {
        joinedAt: referred.createdAt,
        firstDeposit: await this.deps.cashier.firstApprovedDeposit(referredId, tx),
        turnover: await this.deps.bets.validStakeOf(referredId, referred.createdAt, deadline, tx),
      },
      now,
    );
    if (q.status !== 'qualified') return false;
    const asBonus = s.rewardKind === 'bonus' && s.wageringMultiplier > 0;
    // The hidden promotion is made outside any transaction; until it exists the job pays later.
    if (asBonus && !this.deps.bonusEngine.hasHiddenPromotion(REFERRAL_BONUS)) return false;
    const referrer = await this.deps.members.getById(referred.referrerId, tx);
    if (!referrer || isTrialType(referrer.type)) return false;
    // Taking the unique referred id is the guard: a concurrent evaluation waits here, then finds it taken.
    const [reward] = await tx
      .insert(referralRewards)
      .values({
        referredId,
        referrerId: referrer.id,
        kind: asBonus ? 'bonus' : 'cash',
        amount: s.reward,
      })
      .onConflictDoNothing({ target: referralRewards.referredId })
      .returning();
    if (!reward) return false;
    const who = maskName(referred.account);
    if (asBonus) {
      const title = systemText('referralBonusTitle', who);
      await this.deps.bonusEngine.grantUnder(tx, REFERRAL_BONUS, {
        memberId: referrer.id,
        amount: s.reward,
        wageringMultiplier: s.wageringMultiplier,
        expiryDays: BONUS_EXPIRY_DAYS,
        contributions: {},
        sourceKey: `referral:${referredId}`,
        title: title.en,
        titleNe: title.ne,
      });
      return true;
    }
    await this.deps.wallet.post(
      {
        key: `referral_reward:${referredId}`,
        reason: 'bonus',
        postings: [
          { account: Accounts.promotion(), amount: -s.reward },
          { account: Accounts.cash(referrer.id), amount: s.reward },
        ],
        metadata: { referral: true, referredId, rewardId: reward.id },
      },
      tx,
    );
    await this.deps.messages.send(
      referrer.id,
      systemMessage('bonus', ['referralRewardTitle'], ['referralReward', who, fromMinor(s.reward)]),
      tx,
    );
    return true;
  }

  /** Evaluates the referred players among a batch of the bets record (in the consumer's transaction). */
  async applyBets(rows: BetRow[], tx: Tx): Promise<void> {
    const played = [...new Set(rows.filter((r) => !r.trial && r.validStake > 0n).map((r) => r.memberId))];
    // Most players were not referred, or were paid long ago: two queries rule them out for the batch.
    const referred = await this.deps.members.withReferrer(played, tx);
    if (referred.length === 0) return;
    const paid = new Set(
      (
        await tx
          .select({ id: referralRewards.referredId })
          .from(referralRewards)
          .where(inArray(referralRewards.referredId, referred))
      ).map((r) => r.id),
    );
    for (const id of referred) if (!paid.has(id)) await this.evaluate(tx, id);
  }

  /** The referral consumer of the bets record (bets/consumers.ts): one runner, drained to the horizon by jobs. */
  private consumerRunner: BetsConsumer | null = null;

  get consumer(): BetsConsumer {
    this.consumerRunner ??= new BetsConsumer(this.db, this.deps.bets, REFERRAL_CONSUMER, BATCH, (rows, tx) =>
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

  /** The referral page: code, invited players (masked) with their progress, and the rewards paid. */
  async overview(memberId: number, now = new Date()): Promise<ReferralOverview> {
    const me = await this.deps.members.getById(memberId);
    if (!me) throw new AppError('UNAUTHORIZED');
    if (isTrialType(me.type)) throw new AppError('FORBIDDEN', { messageKey: 'realAccountNeeded' });
    // The page reads stored state only: rewards are paid by the deposit approval and the job
    // (a player who just qualified shows full progress, in process, until the job pays).
    const s = await this.settingsRow();
    const invited = await this.deps.members.referredCount(memberId);
    const referred = await this.deps.members.referred(memberId, LIST_MAX);
    const rewards = referred.length
      ? await this.db
          .select()
          .from(referralRewards)
          .where(
            inArray(
              referralRewards.referredId,
              referred.map((m) => m.id),
            ),
          )
      : [];
    const rewardOf = new Map(rewards.map((r) => [r.referredId, r]));
    const [totals] = await this.db
      .select({
        n: sql<number>`count(*)::int`,
        sum: sql<string>`coalesce(sum(${referralRewards.amount}), 0)::text`,
      })
      .from(referralRewards)
      .where(eq(referralRewards.referrerId, memberId));
    const rule: ReferralRule = {
      minDeposit: s.minDeposit,
      minTurnover: s.minTurnover,
      withinDays: s.withinDays,
    };
    // Every invitee's first deposit and turnover in two grouped queries, not two per invitee.
    const deadlines = new Map(referred.map((m) => [m.id, deadlineOf(m.createdAt, s.withinDays)]));
    const firstDeposits = await this.deps.cashier.firstApprovedDeposits(referred.map((m) => m.id));
    const turnovers = await validStakeInWindows(
      this.db,
      referred.map((m) => ({ memberId: m.id, from: m.createdAt, to: deadlines.get(m.id)! })),
    );
    const list = [];
    for (const m of referred) {
      const deadline = deadlines.get(m.id)!;
      const firstDeposit = firstDeposits.get(m.id) ?? null;
      const turnover = turnovers.get(m.id) ?? 0n;
      const q = qualify(rule, { joinedAt: m.createdAt, firstDeposit, turnover }, now);
      const reward = rewardOf.get(m.id);
      list.push({
        account: maskName(m.account),
        joinedAt: m.createdAt.toISOString(),
        deadline: deadline.toISOString(),
        firstDeposit: fromMinor(firstDeposit?.amount ?? 0n),
        turnover: fromMinor(turnover),
        depositPercent: reward ? 100 : q.depositPercent,
        turnoverPercent: reward ? 100 : q.turnoverPercent,
        // A paid reward stands even if the operator changed the rule afterwards.
        status: reward ? ('qualified' as const) : q.status === 'qualified' ? ('process' as const) : q.status,
        reward: reward ? fromMinor(reward.amount) : null,
      });
    }
    return {
      referralCode: me.referralCode,
      invited,
      qualified: Number(totals?.n ?? 0),
      rewardsTotal: fromMinor(BigInt(totals?.sum ?? '0')),
      rules: settingsOut(s),
      list,
    };
  }
}
