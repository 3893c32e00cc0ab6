import { randomBytes } from 'node:crypto';
import { fromMinor, type InhouseRoundResult } from '@wps/contract';
import { fairFloats, GameRuleError, isValidClientSeed } from '@wps/games';
import { and, eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import type { MemberPrincipal } from '../../http/auth.ts';
import { AppError } from '../../http/errors.ts';
import type { AuditService } from '../admin/service.ts';
import type { BetsService } from '../bets/service.ts';
import { type AccountRef, Accounts, accountKey } from '../wallet/accounts.ts';
import { fingerprintOf, type WalletService } from '../wallet/service.ts';
import {
  actRound,
  type EngineAction,
  type EngineState,
  type HttpGame,
  isMultiStep,
  startRound,
  viewOf,
} from './engine.ts';
import { INHOUSE_VENDOR, InhouseRounds } from './rounds.ts';
import { inhouseRounds } from './schema.ts';
import { InhouseSeeds, type SeedRow } from './seeds.ts';
import { type GameSettings, InhouseSettings } from './settings.ts';

type RoundRow = typeof inhouseRounds.$inferSelect;
export type { GameSettings };
export { INHOUSE_VENDOR };

export interface Player {
  memberId: number;
  trial: boolean;
  wallet: AccountRef;
  house: AccountRef;
}

const newRoundId = () => `ih${randomBytes(12).toString('hex')}`;
/** Calls of one member waiting on this instance before further ones are refused. */
export const MEMBER_QUEUE_MAX = 16;

/** An engine refusal is the player's mistake: a 4xx with the spec's words, never a 500. */
function ruleError(e: unknown): never {
  if (e instanceof GameRuleError) {
    if (e.code === 'ROUND_OVER') throw new AppError('CONFLICT', { messageKey: 'inhouseRoundOver' });
    if (e.code === 'INVALID_ACTION') throw new AppError('VALIDATION', { messageKey: 'inhouseInvalidAction' });
    throw new AppError('VALIDATION', { messageKey: 'inhouseInvalidBet', args: [e.message] });
  }
  throw e;
}

/**
 * In-house games (issue 11). Every settled step is one database transaction: the member's
 * active seed row locked (so nonces and rounds of one member go one at a time, whatever the
 * number of tabs), the round row, the ledger postings against the INHOUSE house shard, the nonce
 * increment and, when the round ends, its line in the bets record.
 */
/** Player protection's bet check (issue 16), set by services.ts: runs `bet` or refuses it. */
export type BetGuard = <T>(
  memberId: number,
  trial: boolean,
  stake: bigint,
  context: string,
  bet: () => Promise<T>,
) => Promise<T>;

export class InhouseService {
  /**
   * Player protection (issue 16): wager/loss/session limits and exclusions on every bet. A
   * constructor argument, so a server cannot start without it (issue 32: fail at start-up, not
   * silently at the first bet).
   */
  readonly betGuard: BetGuard;
  /**
   * Whether the member has any limit or exclusion (protection's cached flag). A double or split is
   * only read ahead for members with limits: the rest skip the two extra reads per action.
   */
  readonly limitsApply: (memberId: number) => Promise<boolean>;
  /** Per member, the calls of this instance waiting for their turn (see `serial`). */
  private readonly queues = new Map<number, { tail: Promise<unknown>; size: number }>();

  /** Per-game limits and pause switch (settings.ts). */
  readonly settings: InhouseSettings;
  /** The members' provably fair seed pairs (seeds.ts). */
  readonly seeds: InhouseSeeds;
  /** Rounds read back: detail with proof, the console's list, revenue (rounds.ts). */
  readonly rounds: InhouseRounds;

  constructor(
    private readonly db: Db,
    private readonly deps: {
      wallet: WalletService;
      bets: BetsService;
      audit: AuditService;
      betGuard: BetGuard;
      limitsApply: (memberId: number) => Promise<boolean>;
    },
  ) {
    this.betGuard = deps.betGuard;
    this.limitsApply = deps.limitsApply;
    this.settings = new InhouseSettings(db, deps.audit);
    this.seeds = new InhouseSeeds(db);
    this.rounds = new InhouseRounds(db, this.seeds, deps.bets);
  }

  /**
   * A member's rounds run one at a time anyway (the seed row lock); queueing them here first
   * means a member's burst waits in memory, not holding pool connections while blocked on that
   * lock, so one player's hundred tabs cannot starve everyone else of connections. A queue
   * longer than MEMBER_QUEUE_MAX is refused (429) instead of growing.
   */
  private serial<T>(memberId: number, fn: () => Promise<T>): Promise<T> {
    const q = this.queues.get(memberId) ?? { tail: Promise.resolve(), size: 0 };
    if (q.size >= MEMBER_QUEUE_MAX) return Promise.reject(new AppError('RATE_LIMITED'));
    q.size++;
    this.queues.set(memberId, q);
    const run = q.tail.then(fn, fn);
    q.tail = run.then(
      () => undefined,
      () => undefined,
    );
    void q.tail.then(() => {
      q.size--;
      if (q.size === 0 && this.queues.get(memberId) === q) this.queues.delete(memberId);
    });
    return run;
  }

  /**
   * Reveals the old server seed and starts a new pair with nonce 0. Refused while a multi-step
   * round is open: its later steps must draw from the pair it started with.
   */
  async rotate(memberId: number, clientSeed: string | undefined) {
    if (clientSeed !== undefined && !isValidClientSeed(clientSeed)) {
      throw new AppError('VALIDATION', {
        messageKey: 'clientSeedInvalid',
        fields: { clientSeed: 'clientSeedInvalid' },
      });
    }
    return this.serial(memberId, () =>
      this.db.transaction(async (tx) => {
        const old = await this.seeds.lock(tx, memberId);
        const [open] = await tx
          .select({ id: inhouseRounds.id })
          .from(inhouseRounds)
          .where(and(eq(inhouseRounds.memberId, memberId), eq(inhouseRounds.status, 'open')))
          .limit(1);
        if (open)
          throw new AppError('CONFLICT', { messageKey: 'inhouseRotateBlocked', extra: { roundId: open.id } });
        return this.seeds.replace(tx, old, clientSeed);
      }),
    );
  }

  // ---------- play ----------

  async player(p: MemberPrincipal): Promise<Player> {
    const trial = p.role === 'trial';
    if (trial) await this.deps.wallet.ensureTrial(p.memberId);
    const wallet = trial ? Accounts.trial(p.memberId) : Accounts.cash(p.memberId);
    const house = this.deps.wallet.houseFor(INHOUSE_VENDOR, p.memberId, trial);
    // Resolved outside the transaction so the ids are cached.
    await this.deps.wallet.ensureAccounts([wallet, house]);
    return { memberId: p.memberId, trial, wallet, house };
  }

  /** A member's accounts when the member is not the caller (crash settles at the crash). */
  playerOf(memberId: number, trial: boolean): Player {
    const wallet = trial ? Accounts.trial(memberId) : Accounts.cash(memberId);
    return { memberId, trial, wallet, house: this.deps.wallet.houseFor(INHOUSE_VENDOR, memberId, trial) };
  }

  balanceOf(pl: Player, tx?: Tx): Promise<bigint> {
    return this.deps.wallet.balance(pl.wallet, tx);
  }

  /** Stakes of one play request, in paisa: each at least the minimum, together at most the maximum. */
  private checkLimits(settings: GameSettings, stakes: bigint[]): void {
    if (settings.paused)
      throw new AppError('GAME_MAINTENANCE', { messageKey: 'inhouseGamePaused', status: 409 });
    for (const s of stakes) {
      if (s < settings.minBet)
        throw new AppError('VALIDATION', {
          messageKey: 'amountBelowMin',
          args: [fromMinor(settings.minBet)],
        });
    }
    const total = stakes.reduce((a, s) => a + s, 0n);
    if (total > settings.maxBet)
      throw new AppError('VALIDATION', { messageKey: 'amountAboveMax', args: [fromMinor(settings.maxBet)] });
  }

  /**
   * Plays (or, for blackjack and mines, opens) a round. `bet` is the engine's bet with amounts
   * in paisa; `stakes` lists each stake for the limits. The same requestId answers the first
   * result; with another bet it is an IDEMPOTENCY_CONFLICT.
   */
  async play(
    principal: MemberPrincipal,
    game: HttpGame,
    requestId: string,
    bet: unknown,
    stakes: bigint[],
  ): Promise<InhouseRoundResult> {
    const settings = await this.settings.of(game);
    this.checkLimits(settings, stakes);
    const pl = await this.player(principal);
    const fingerprint = fingerprintOf({ game, bet });
    const total = stakes.reduce((a, x) => a + x, 0n);
    return this.betGuard(pl.memberId, pl.trial, total, 'inhouse', () =>
      this.playSerial(pl, game, requestId, bet, fingerprint, settings.maxPayout),
    );
  }

  private playSerial(
    pl: Player,
    game: HttpGame,
    requestId: string,
    bet: unknown,
    fingerprint: string,
    maxPayout: bigint,
  ): Promise<InhouseRoundResult> {
    return this.serial(pl.memberId, () =>
      this.db.transaction(async (tx) => {
        const seed = await this.seeds.lock(tx, pl.memberId);
        const [prior] = await tx
          .select()
          .from(inhouseRounds)
          .where(and(eq(inhouseRounds.memberId, pl.memberId), eq(inhouseRounds.requestId, requestId)));
        if (prior) {
          if (fingerprintOf({ game: prior.game, bet: prior.bet }) !== fingerprint)
            throw new AppError('IDEMPOTENCY_CONFLICT');
          return this.result(
            prior,
            await this.seeds.byId(tx, prior.seedId),
            await this.deps.wallet.balance(pl.wallet, tx),
          );
        }
        if (isMultiStep(game)) {
          const [open] = await tx
            .select({ id: inhouseRounds.id })
            .from(inhouseRounds)
            .where(
              and(
                eq(inhouseRounds.memberId, pl.memberId),
                eq(inhouseRounds.game, game),
                eq(inhouseRounds.status, 'open'),
              ),
            );
          if (open)
            throw new AppError('CONFLICT', { messageKey: 'inhouseRoundOpen', extra: { roundId: open.id } });
        }
        const seeds = { serverSeed: seed.serverSeed, clientSeed: seed.clientSeed, nonce: seed.nonce };
        const src = fairFloats(seeds.serverSeed, seeds.clientSeed, seeds.nonce);
        let step: ReturnType<typeof startRound>;
        try {
          step = startRound(game, src, seeds, bet);
        } catch (e) {
          ruleError(e);
        }
        const roundId = newRoundId();
        const stake = BigInt(step.stake);
        let balance = await this.postBet(tx, pl, roundId, game, `bet`, stake, requestId);
        await this.seeds.advance(tx, seed.id);
        const row: typeof inhouseRounds.$inferInsert = {
          id: roundId,
          memberId: pl.memberId,
          game,
          requestId,
          trial: pl.trial,
          seedId: seed.id,
          nonce: seed.nonce,
          bet: bet as object,
          state: step.state,
          status: step.done ? 'settled' : 'open',
          stake,
        };
        if (step.done) {
          const settled = await this.settle(tx, pl, roundId, game, stake, BigInt(step.payout), maxPayout);
          row.payout = settled.payout;
          row.capped = settled.capped;
          row.settledAt = new Date();
          if (settled.balance !== null) balance = settled.balance;
        }
        const [inserted] = await tx.insert(inhouseRounds).values(row).returning();
        return this.result(inserted!, seed, balance);
      }),
    );
  }

  /** One action of an open blackjack or mines round; the last one settles it. */
  async act(
    principal: MemberPrincipal,
    game: 'blackjack' | 'mines',
    input: { requestId: string; roundId: string; action: EngineAction },
  ): Promise<InhouseRoundResult> {
    const pl = await this.player(principal);
    const settings = await this.settings.of(game);
    // A double or a split stakes more: it passes the player's wager and loss limits first, as an
    // opening bet does. The extra stake is read ahead on the round as it stands; the step itself is
    // decided again under lock below.
    const extra = (await this.limitsApply(pl.memberId))
      ? await this.extraStake(pl.memberId, game, input)
      : 0n;
    if (extra > 0n) {
      return this.betGuard(pl.memberId, pl.trial, extra, 'inhouse', () =>
        this.actSerial(pl, game, input, settings),
      );
    }
    return this.actSerial(pl, game, input, settings);
  }

  /** What this action would add to the round's stake (0 when it adds nothing or cannot apply). */
  private async extraStake(
    memberId: number,
    game: 'blackjack' | 'mines',
    input: { requestId: string; roundId: string; action: EngineAction },
  ): Promise<bigint> {
    const [round] = await this.db
      .select()
      .from(inhouseRounds)
      .where(
        and(
          eq(inhouseRounds.id, input.roundId),
          eq(inhouseRounds.memberId, memberId),
          eq(inhouseRounds.game, game),
          eq(inhouseRounds.status, 'open'),
        ),
      );
    if (!round || round.actionRequestIds.includes(input.requestId)) return 0n;
    const seed = await this.seeds.byId(this.db, round.seedId);
    try {
      const src = fairFloats(seed.serverSeed, seed.clientSeed, round.nonce);
      const step = actRound(game, round.state as EngineState, input.action, src);
      return BigInt(step.stake) - round.stake;
    } catch {
      return 0n; // an action the rules refuse: the locked path below answers it
    }
  }

  private actSerial(
    pl: Player,
    game: 'blackjack' | 'mines',
    input: { requestId: string; roundId: string; action: EngineAction },
    settings: { maxPayout: bigint },
  ): Promise<InhouseRoundResult> {
    return this.serial(pl.memberId, () =>
      this.db.transaction(async (tx) => {
        // The seed row first, as every round of this member does: one lock order, no deadlock.
        await this.seeds.lock(tx, pl.memberId);
        const [round] = await tx
          .select()
          .from(inhouseRounds)
          .where(
            and(
              eq(inhouseRounds.id, input.roundId),
              eq(inhouseRounds.memberId, pl.memberId),
              eq(inhouseRounds.game, game),
            ),
          )
          .for('update');
        if (!round) throw new AppError('NOT_FOUND');
        const seed = await this.seeds.byId(tx, round.seedId);
        if (round.actionRequestIds.includes(input.requestId)) {
          return this.result(round, seed, await this.deps.wallet.balance(pl.wallet, tx));
        }
        if (round.status !== 'open') throw new AppError('CONFLICT', { messageKey: 'inhouseRoundOver' });
        const src = fairFloats(seed.serverSeed, seed.clientSeed, round.nonce);
        let step: ReturnType<typeof actRound>;
        try {
          step = actRound(game, round.state as EngineState, input.action, src);
        } catch (e) {
          ruleError(e);
        }
        const stake = BigInt(step.stake);
        const added = stake - round.stake;
        let balance: bigint | null = null;
        const stepNo = round.actionRequestIds.length + 1;
        if (added > 0n)
          balance = await this.postBet(tx, pl, round.id, game, `step:${stepNo}`, added, input.requestId);
        const update: Partial<typeof inhouseRounds.$inferInsert> = {
          state: step.state,
          actions: [...(round.actions as unknown[]), input.action],
          actionRequestIds: [...round.actionRequestIds, input.requestId],
          stake,
        };
        if (step.done) {
          const settled = await this.settle(
            tx,
            pl,
            round.id,
            game,
            stake,
            BigInt(step.payout),
            settings.maxPayout,
          );
          update.status = 'settled';
          update.payout = settled.payout;
          update.capped = settled.capped;
          update.settledAt = new Date();
          if (settled.balance !== null) balance = settled.balance;
        }
        const [next] = await tx
          .update(inhouseRounds)
          .set(update)
          .where(eq(inhouseRounds.id, round.id))
          .returning();
        return this.result(next!, seed, balance ?? (await this.deps.wallet.balance(pl.wallet, tx)));
      }),
    );
  }

  /** Game recall: the member's unfinished round of this game, if any. */
  async current(principal: MemberPrincipal, game: 'blackjack' | 'mines'): Promise<InhouseRoundResult | null> {
    const pl = await this.player(principal);
    const [round] = await this.db
      .select()
      .from(inhouseRounds)
      .where(
        and(
          eq(inhouseRounds.memberId, pl.memberId),
          eq(inhouseRounds.game, game),
          eq(inhouseRounds.status, 'open'),
        ),
      );
    if (!round) return null;
    return this.result(
      round,
      await this.seeds.byId(this.db, round.seedId),
      await this.deps.wallet.balance(pl.wallet),
    );
  }

  async postBet(
    tx: Tx,
    pl: Player,
    roundId: string,
    game: string,
    part: string,
    amount: bigint,
    requestId: string,
  ): Promise<bigint> {
    const r = await this.deps.wallet.post(
      {
        key: `inhouse:${roundId}:${part}`,
        reason: 'bet',
        postings: [
          { account: pl.wallet, amount: -amount },
          { account: pl.house, amount },
        ],
        metadata: { vendor: INHOUSE_VENDOR, roundId, gameCode: game, requestId },
      },
      tx,
    );
    return r.balances.get(accountKey(pl.wallet))!;
  }

  /** Pays the win (cut to the max payout) and writes the round's line in the bets record. */
  async settle(
    tx: Tx,
    pl: Player,
    roundId: string,
    game: string,
    stake: bigint,
    enginePayout: bigint,
    maxPayout: bigint,
  ): Promise<{ payout: bigint; capped: boolean; balance: bigint | null }> {
    const capped = enginePayout > maxPayout;
    const payout = capped ? maxPayout : enginePayout;
    let balance: bigint | null = null;
    if (payout > 0n) {
      const r = await this.deps.wallet.post(
        {
          key: `inhouse:${roundId}:win`,
          reason: 'win',
          postings: [
            { account: pl.house, amount: -payout },
            { account: pl.wallet, amount: payout },
          ],
          metadata: { vendor: INHOUSE_VENDOR, roundId, gameCode: game },
        },
        tx,
      );
      balance = r.balances.get(accountKey(pl.wallet))!;
    }
    await this.deps.bets.recordSettlement(tx, {
      memberId: pl.memberId,
      source: 'inhouse',
      vendor: INHOUSE_VENDOR,
      gameCode: game,
      gameType: 'INHOUSE',
      roundId,
      stake,
      payout,
      trial: pl.trial,
    });
    return { payout, capped, balance };
  }

  /** `postBet` for a batch, in one statement; a refused stake (no funds) is that item's AppError. */
  /** A batch's transaction: accounts it creates are cached once it commits (wallet.transaction). */
  transaction<T>(fn: (tx: Tx) => Promise<T>): Promise<T> {
    return this.deps.wallet.transaction(fn);
  }

  async postBets(
    tx: Tx,
    items: ReadonlyArray<{
      pl: Player;
      roundId: string;
      game: string;
      part: string;
      amount: bigint;
      requestId: string;
    }>,
  ): Promise<Array<bigint | AppError>> {
    const results = await this.deps.wallet.postMany(
      items.map((b) => ({
        key: `inhouse:${b.roundId}:${b.part}`,
        reason: 'bet' as const,
        postings: [
          { account: b.pl.wallet, amount: -b.amount },
          { account: b.pl.house, amount: b.amount },
        ],
        metadata: { vendor: INHOUSE_VENDOR, roundId: b.roundId, gameCode: b.game, requestId: b.requestId },
      })),
      tx,
    );
    return results.map((r, i) =>
      r instanceof AppError ? r : r.balances.get(accountKey(items[i]!.pl.wallet))!,
    );
  }

  /** `settle` for a batch: the wins in one statement, the bets record in another. */
  async settleMany(
    tx: Tx,
    items: ReadonlyArray<{ pl: Player; roundId: string; game: string; stake: bigint; enginePayout: bigint }>,
    maxPayout: bigint,
  ): Promise<Array<{ payout: bigint; capped: boolean; balance: bigint | null }>> {
    const out = items.map((it) => {
      const capped = it.enginePayout > maxPayout;
      return { payout: capped ? maxPayout : it.enginePayout, capped, balance: null as bigint | null };
    });
    const wins = items.flatMap((_it, i) => (out[i]!.payout > 0n ? [i] : []));
    const posted = await this.deps.wallet.postMany(
      wins.map((i) => {
        const it = items[i]!;
        const payout = out[i]!.payout;
        return {
          key: `inhouse:${it.roundId}:win`,
          reason: 'win' as const,
          postings: [
            { account: it.pl.house, amount: -payout },
            { account: it.pl.wallet, amount: payout },
          ],
          metadata: { vendor: INHOUSE_VENDOR, roundId: it.roundId, gameCode: it.game },
        };
      }),
      tx,
    );
    wins.forEach((i, k) => {
      const r = posted[k]!;
      // A win credits a player and debits a house account that may go negative: nothing here
      // can be refused, so a refusal is a fault and fails the whole batch.
      if (r instanceof AppError) throw r;
      out[i]!.balance = r.balances.get(accountKey(items[i]!.pl.wallet))!;
    });
    await this.deps.bets.recordSettlements(
      tx,
      items.map((it, i) => ({
        memberId: it.pl.memberId,
        source: 'inhouse',
        vendor: INHOUSE_VENDOR,
        gameCode: it.game,
        gameType: 'INHOUSE',
        roundId: it.roundId,
        stake: it.stake,
        payout: out[i]!.payout,
        trial: it.pl.trial,
      })),
    );
    return out;
  }

  private result(r: RoundRow, seed: SeedRow, balance: bigint): InhouseRoundResult {
    return {
      roundId: r.id,
      game: r.game,
      nonce: r.nonce,
      serverSeedHash: seed.serverSeedHash,
      clientSeed: seed.clientSeed,
      status: r.status as 'open' | 'settled',
      outcome: viewOf(r.game as HttpGame, r.state as EngineState),
      stake: fromMinor(r.stake),
      payout: fromMinor(r.payout),
      capped: r.capped,
      balance: fromMinor(balance),
      trial: r.trial,
    };
  }
}
