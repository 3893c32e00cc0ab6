import { randomUUID } from 'node:crypto';
import { CURRENCY, fromMinor, isTrialType } from '@wps/contract';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import type { AuditService } from '../admin/service.ts';
import { playable } from '../games/catalogue.ts';
import type { GamesService } from '../games/service.ts';
import type { MembersService } from '../members/service.ts';
import type { BonusEngine } from '../promotions/bonus-engine.ts';
import type { PromotionsService } from '../promotions/service.ts';
import type { Hub88FreebetsApi, Hub88Reward } from './games-api.ts';
import { type Hub88Status, minorToUnits, unitsToMinor } from './hub88-protocol.ts';
import { aggregatorFreeRounds, aggregatorRewards } from './schema.ts';

/**
 * Free spins through Hub88's Freebets API
 * (https://docs.hub88.io/developer-docs/operator-api-reference/freebets-api), and the free rounds
 * they bring back through the Wallet API.
 *
 * Granting: the operator picks a player, a game, the rounds and their value, and one of our
 * promotions whose terms pay the wins. We take the game's prepaid (/freebet/prepaids/list: "Get a
 * list of available prepaids … and select a prepaid"), and create a single-use reward from it
 * (/freebet/rewards/create). "If the bet_value and/or the bet_count in the prepaid's value is set
 * to NULL, you can enter any values. Otherwise, the values from the prepaid will be used": what we
 * store is what Hub88 answered.
 *
 * Playing: the provider plays the rounds and Hub88 calls our wallet with the reward's
 * `reward_uuid` and `is_free: true` (wallet-api page; the same fields the supplier Wallet API
 * carries). A free bet debits nothing (the round is the reward's); its win is credited with no
 * stake behind it. The operator, not the game, pays for free spins (Hub88 bills the rounds of a
 * reward to the operator), so a win is paid from the promotion account by the bonus engine under
 * the reward's promotion: with its wagering requirement as a bonus, or, with none, straight to
 * cash. Each wallet call is recorded once per transaction_uuid (aggregator_free_rounds) and each
 * win paid once (the bonus grant's source key); a retry with the same fields is answered again,
 * other fields are RS_ERROR_DUPLICATE_TRANSACTION, as for every transaction.
 */

const PROVIDER = 'hub88';
const DAY_MS = 86_400_000;

export interface FreebetGrantInput {
  account: string;
  promotionId: number;
  gameCode: string;
  betCount: number;
  /** Paisa per round. */
  betValue: bigint;
  /** The reward runs from now for this many days. */
  days: number;
}

export interface FreebetView {
  id: number;
  account: string;
  promotionId: number;
  promotionTitle: string;
  gameCode: string;
  rewardUuid: string | null;
  operatorReference: string;
  status: string;
  betCount: number;
  betValue: string;
  startTime: string;
  endTime: string;
  grantedBy: string;
  createdAt: string;
  rounds: number;
  won: string;
}

/** The free-round fields of a bet or win request. */
export interface FreeRoundCall {
  user: string;
  transaction_uuid: string;
  round: string;
  game_code: string;
  amount: number;
  reward_uuid?: string | null;
}

type RewardRow = typeof aggregatorRewards.$inferSelect;

/** ISO 8601 Extended without zone or fraction, as the page's examples write it (UTC). */
const isoExtended = (d: Date) => d.toISOString().slice(0, 19);

export class Hub88Freebets {
  constructor(
    private readonly db: Db,
    private readonly deps: {
      api: () => Hub88FreebetsApi | null;
      members: MembersService;
      games: Pick<GamesService, 'catalogue'>;
      promotions: Pick<PromotionsService, 'termsOf'>;
      bonusEngine: BonusEngine;
      audit: AuditService;
    },
  ) {}

  /** Grants free spins at Hub88 (audited). Refusals are 4xx; a Hub88 failure leaves the row `failed`. */
  async grant(actor: { id: number; account: string; ip: string | null }, input: FreebetGrantInput) {
    const api = this.deps.api();
    if (!api) throw new AppError('VENDOR_DISABLED');
    const member = await this.deps.members.getByAccount(input.account);
    if (!member) throw new AppError('NOT_FOUND', { fields: { account: 'notFound' } });
    if (isTrialType(member.type) || member.status !== 'active')
      throw new AppError('VALIDATION', { messageKey: 'badRequest', fields: { account: 'badRequest' } });
    const terms = await this.deps.promotions.termsOf(input.promotionId);
    if (!terms?.enabled)
      throw new AppError('VALIDATION', { messageKey: 'badRequest', fields: { promotionId: 'badRequest' } });
    const snap = await this.deps.games.catalogue.snapshot();
    const game = snap.games.find(
      (g) =>
        g.gameCode === input.gameCode &&
        snap.vendorByCode.get(g.vendor)?.walletVendor === 'HUB88' &&
        playable(g, snap.vendorByCode.get(g.vendor)),
    );
    if (!game)
      throw new AppError('NOT_FOUND', { messageKey: 'gameNotFound', fields: { gameCode: 'gameNotFound' } });
    let prepaids: Awaited<ReturnType<Hub88FreebetsApi['listPrepaids']>>;
    try {
      prepaids = await api.listPrepaids(input.gameCode);
    } catch {
      throw new AppError('GAME_MAINTENANCE', { extra: { suggestions: [] } });
    }
    // A prepaid of this game in the wallet's currency that gives rounds (not a bonus buy).
    const prepaid = prepaids.find(
      (p) => p.game_code === input.gameCode && p.currency === CURRENCY && p.bonus_buy !== true,
    );
    if (!prepaid)
      throw new AppError('CONFLICT', { messageKey: 'gameNotFound', fields: { gameCode: 'gameNotFound' } });
    const start = new Date();
    const end = new Date(start.getTime() + input.days * DAY_MS);
    const reference = randomUUID();
    const [row] = await this.db
      .insert(aggregatorRewards)
      .values({
        provider: PROVIDER,
        operatorReference: reference,
        memberId: member.id,
        promotionId: terms.id,
        gameCode: input.gameCode,
        currency: CURRENCY,
        prepaidUuid: prepaid.prepaid_uuid,
        betValue: input.betValue,
        betCount: input.betCount,
        startTime: start,
        endTime: end,
        status: 'pending',
        grantedBy: actor.account,
      })
      .returning();
    let reward: Hub88Reward;
    try {
      reward = await api.createReward({
        user: member.account,
        prepaid_uuid: prepaid.prepaid_uuid,
        game_code: input.gameCode,
        currency: CURRENCY,
        bet_value: minorToUnits(input.betValue),
        bet_count: input.betCount,
        start_time: isoExtended(start),
        end_time: isoExtended(end),
        operator_reference: reference,
      });
      if (typeof reward?.reward_uuid !== 'string' || reward.reward_uuid.length > 100)
        throw new Error('no reward_uuid');
    } catch (err) {
      await this.db
        .update(aggregatorRewards)
        .set({ status: 'failed' })
        .where(eq(aggregatorRewards.id, row!.id));
      throw err instanceof AppError ? err : new AppError('GAME_MAINTENANCE', { extra: { suggestions: [] } });
    }
    // The values in force are Hub88's (a prepaid's own bet_value/bet_count win over ours).
    const betValue =
      typeof reward.bet_value === 'number'
        ? (unitsToMinor(reward.bet_value) ?? input.betValue)
        : input.betValue;
    const betCount =
      typeof reward.bet_count === 'number' && Number.isSafeInteger(reward.bet_count)
        ? reward.bet_count
        : input.betCount;
    await this.db
      .update(aggregatorRewards)
      .set({
        rewardUuid: reward.reward_uuid,
        status: String(reward.status ?? 'FRS_ACTIVE').slice(0, 40),
        betValue,
        betCount,
      })
      .where(eq(aggregatorRewards.id, row!.id));
    await this.deps.audit.record({
      actor: { id: actor.id, account: actor.account },
      action: 'aggregator.hub88.freebet.grant',
      target: { type: 'member', id: member.id },
      before: null,
      after: {
        rewardUuid: reward.reward_uuid,
        promotionId: terms.id,
        gameCode: input.gameCode,
        betCount,
        betValue: fromMinor(betValue),
      },
      ip: actor.ip,
    });
    return (await this.list({ id: row!.id }))[0]!;
  }

  /** Granted rewards, newest first, with the rounds played and won so far. */
  async list(filter: { id?: number; account?: string } = {}): Promise<FreebetView[]> {
    const member = filter.account ? await this.deps.members.getByAccount(filter.account) : null;
    if (filter.account && !member) return [];
    const rows = await this.db
      .select({
        r: aggregatorRewards,
        rounds: sql<number>`(select count(*) from aggregator_free_rounds f where f.reward_id = ${aggregatorRewards.id} and f.kind = 'win')::int`,
        won: sql<string>`(select coalesce(sum(f.amount), 0) from aggregator_free_rounds f where f.reward_id = ${aggregatorRewards.id} and f.kind = 'win')::text`,
      })
      .from(aggregatorRewards)
      .where(
        and(
          filter.id !== undefined ? eq(aggregatorRewards.id, filter.id) : undefined,
          member ? eq(aggregatorRewards.memberId, member.id) : undefined,
        ),
      )
      .orderBy(desc(aggregatorRewards.id))
      .limit(100);
    const out: FreebetView[] = [];
    for (const { r, rounds, won } of rows) {
      const m = await this.deps.members.getById(r.memberId);
      const terms = await this.deps.promotions.termsOf(r.promotionId);
      out.push({
        id: r.id,
        account: m?.account ?? '',
        promotionId: r.promotionId,
        promotionTitle: terms?.title ?? '',
        gameCode: r.gameCode,
        rewardUuid: r.rewardUuid,
        operatorReference: r.operatorReference,
        status: r.status,
        betCount: r.betCount,
        betValue: fromMinor(r.betValue),
        startTime: r.startTime.toISOString(),
        endTime: r.endTime.toISOString(),
        grantedBy: r.grantedBy,
        createdAt: r.createdAt.toISOString(),
        rounds: Number(rounds),
        won: fromMinor(BigInt(won)),
      });
    }
    return out;
  }

  /** The reward a free round names, when it is this user's. */
  private async rewardOf(user: string, rewardUuid: string | null | undefined): Promise<RewardRow | null> {
    if (!rewardUuid) return null;
    const [r] = await this.db
      .select()
      .from(aggregatorRewards)
      .where(and(eq(aggregatorRewards.provider, PROVIDER), eq(aggregatorRewards.rewardUuid, rewardUuid)));
    if (!r) return null;
    const m = await this.deps.members.getById(r.memberId);
    return m && m.account === user.trim().toLowerCase() ? r : null;
  }

  /**
   * Records a free round's wallet call once per transaction_uuid (in the caller's transaction).
   * 'new' the first time; 'same' for a retry with the same fields; 'duplicate' for other fields.
   */
  private async record(
    tx: Parameters<Parameters<Db['transaction']>[0]>[0],
    reward: RewardRow,
    kind: 'bet' | 'win',
    req: FreeRoundCall,
    amount: bigint,
  ): Promise<'new' | 'same' | 'duplicate'> {
    const inserted = await tx
      .insert(aggregatorFreeRounds)
      .values({
        provider: PROVIDER,
        transactionUuid: req.transaction_uuid,
        rewardId: reward.id,
        kind,
        round: req.round,
        gameCode: req.game_code,
        amount,
      })
      .onConflictDoNothing()
      .returning({ t: aggregatorFreeRounds.transactionUuid });
    if (inserted.length > 0) return 'new';
    const [seen] = await tx
      .select()
      .from(aggregatorFreeRounds)
      .where(
        and(
          eq(aggregatorFreeRounds.provider, PROVIDER),
          eq(aggregatorFreeRounds.transactionUuid, req.transaction_uuid),
        ),
      );
    const same =
      seen &&
      seen.rewardId === reward.id &&
      seen.kind === kind &&
      seen.round === req.round &&
      seen.gameCode === req.game_code &&
      seen.amount === amount;
    return same ? 'same' : 'duplicate';
  }

  /**
   * A free bet (`is_free: true`): nothing is debited. Its reward must be this user's; a free bet
   * with a reward we never granted fits no special status, so it is the general
   * RS_ERROR_UNKNOWN ("for cases without a special error code", statuses page).
   */
  async freeBet(req: FreeRoundCall): Promise<Hub88Status> {
    const reward = await this.rewardOf(req.user, req.reward_uuid);
    if (!reward) return 'RS_ERROR_UNKNOWN';
    const amount = unitsToMinor(req.amount);
    if (amount === null) return 'RS_ERROR_WRONG_TYPES';
    const seen = await this.db.transaction((tx) => this.record(tx, reward, 'bet', req, amount));
    return seen === 'duplicate' ? 'RS_ERROR_DUPLICATE_TRANSACTION' : 'RS_OK';
  }

  /**
   * A free round's win: credited with no debit behind it, paid once by the bonus engine under the
   * reward's promotion (wagering as the promotion says; none: cash at once). A win naming a
   * reward we did not grant this user is RS_ERROR_TRANSACTION_DOES_NOT_EXIST ("the bet referenced
   * in win request can't be found", statuses page).
   */
  async freeWin(req: FreeRoundCall): Promise<Hub88Status> {
    const reward = await this.rewardOf(req.user, req.reward_uuid);
    if (!reward) return 'RS_ERROR_TRANSACTION_DOES_NOT_EXIST';
    const amount = unitsToMinor(req.amount);
    if (amount === null) return 'RS_ERROR_WRONG_TYPES';
    const terms = await this.deps.promotions.termsOf(reward.promotionId);
    if (!terms) return 'RS_ERROR_UNKNOWN';
    return this.db.transaction(async (tx) => {
      const seen = await this.record(tx, reward, 'win', req, amount);
      if (seen === 'duplicate') return 'RS_ERROR_DUPLICATE_TRANSACTION';
      if (seen === 'new' && amount > 0n) {
        await this.deps.bonusEngine.grantUnder(tx, reward.promotionId, {
          memberId: reward.memberId,
          amount,
          wageringMultiplier: terms.wageringMultiplier,
          expiryDays: terms.expiryDays,
          contributions: terms.contributions,
          sourceKey: `hub88-free-win:${req.transaction_uuid}`,
          title: terms.title,
          titleNe: terms.titleNe,
        });
      }
      return 'RS_OK';
    });
  }
}
