import {
  type AdminJackpotPoolPatch,
  fromMinor,
  isTrialType,
  JACKPOT_VENDOR,
  type JackpotPool,
  type JackpotWin,
  toMinor,
} from '@wps/contract';
import { jackpotDraw } from '@wps/games';
import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import type { AuditService } from '../admin/service.ts';
import { BetsConsumer } from '../bets/consumers.ts';
import type { BetRow } from '../bets/reads.ts';
import type { BetsService } from '../bets/service.ts';
import { maskName } from '../games/service.ts';
import type { InhouseRounds } from '../inhouse/rounds.ts';
import type { InhouseSeeds } from '../inhouse/seeds.ts';
import type { MembersService } from '../members/service.ts';
import { systemMessage } from '../messages/templates.ts';
import type { MessagesService } from '../messages/service.ts';
import { type AccountRef, Accounts } from '../wallet/accounts.ts';
import type { WalletService } from '../wallet/service.ts';
import { jackpotEntries, jackpotPools, jackpotWins } from './schema.ts';

export const JACKPOT_CONSUMER = 'jackpot';
const BATCH = 200;
/** The public figure is drained at most this often by page views (the job drains the rest). */
const VIEW_CATCH_UP_MS = 2_000;
/**
 * The INHOUSE house's sub-account the jackpot draws on (seeds, shares, take-backs): above every
 * player's shard (houseFor picks memberId % WALLET_HOUSE_SHARDS, at most 1024), so the consumer
 * never locks a house row a bet is waiting for, and a bet never waits behind a consumer batch.
 * The house's balance is the sum of its shards, this one included.
 */
const JACKPOT_HOUSE_SHARD = 65_536;

type PoolRow = typeof jackpotPools.$inferSelect;
type WinRow = typeof jackpotWins.$inferSelect;

/** Who wins a cycle: a round's draw (with its proof), or an operator's forced trigger. */
interface Winner {
  memberId: number;
  betId?: number | undefined;
  roundId?: string | undefined;
  gameCode?: string | null | undefined;
  draw?:
    | { seedId: number; serverSeedHash: string; clientSeed: string; nonce: number; stake: bigint }
    | undefined;
  forcedBy?: string | undefined;
}

const bpsToPercent = (bps: number) => (bps / 100).toFixed(2);
const percentToBps = (p: string) => Math.round(Number(p) * 100);

/**
 * The progressive jackpot (issue 31). A pool is a ledger account of its own; it is fed from the
 * bets record by one consumer (bets/consumers.ts), so every contribution names the bet it came
 * from, a rolled-back bet's negative row takes its contribution back, and a re-run adds nothing
 * (the consumer's mark, then the unique (pool, bet) entry, then the ledger key). Each contributing
 * in-house round is also the pool's provably fair draw (packages/games jackpot.ts) with the round's
 * own seed pair and nonce. Every change of a pool's money happens with its row locked, so a win
 * reads the exact balance and two wins of one cycle cannot both pay (jackpot_wins unique too).
 */
export class JackpotService {
  private consumerRunner: BetsConsumer | null = null;
  private lastViewCatchUp = 0;

  constructor(
    private readonly db: Db,
    private readonly deps: {
      wallet: WalletService;
      bets: BetsService;
      inhouse: { rounds: InhouseRounds; seeds: InhouseSeeds };
      members: MembersService;
      messages: MessagesService;
      audit: AuditService;
      /** A forced trigger is for tests and demos: refused when true. */
      production: boolean;
    },
  ) {}

  get consumer(): BetsConsumer {
    this.consumerRunner ??= new BetsConsumer(this.db, this.deps.bets, JACKPOT_CONSUMER, BATCH, (rows, tx) =>
      this.applyBets(rows, tx),
    );
    return this.consumerRunner;
  }

  catchUp(maxBatches?: number): Promise<number> {
    return this.consumer.catchUp(maxBatches);
  }

  private house(): AccountRef {
    return Accounts.house(JACKPOT_VENDOR, JACKPOT_HOUSE_SHARD);
  }

  // ------------------------------------------------------------------ feeding the pools

  /**
   * The consumer's handler: in the transaction that moves its mark. Real-money in-house rows only
   * (trial play feeds nothing). A positive row of a pool's game contributes its share and is that
   * pool's draw; a negative row (a rollback) takes back what its round contributed, whatever the
   * pool's settings say now.
   */
  async applyBets(rows: readonly BetRow[], tx: Tx): Promise<void> {
    const relevant = rows.filter(
      (r) => !r.trial && r.stake !== 0n && r.source === 'inhouse' && r.vendor === JACKPOT_VENDOR,
    );
    if (relevant.length === 0) return;
    const pools = await tx.select().from(jackpotPools).orderBy(asc(jackpotPools.id)).for('update');
    if (pools.length === 0) return;
    const positive = relevant.filter((r) => r.stake > 0n).map((r) => r.roundId);
    const inputs = await this.deps.inhouse.rounds.drawInputs([...new Set(positive)], tx);
    const balances = new Map<number, bigint>();
    for (const pool of pools)
      balances.set(pool.id, await this.deps.wallet.balance(Accounts.jackpot(pool.id), tx));
    for (const row of relevant) {
      for (const pool of pools) {
        if (row.stake > 0n) {
          if (!pool.enabled || !row.gameCode || !pool.games.includes(row.gameCode)) continue;
          await this.seedLocked(tx, pool, balances);
          const added = await this.contribute(tx, pool, row, balances);
          if (!added) continue; // already applied: a re-run neither contributes nor draws again
          const input = inputs.get(row.roundId);
          if (!input) continue; // a round without a seed pair cannot be drawn
          const d = jackpotDraw({
            serverSeed: input.serverSeed,
            clientSeed: input.clientSeed,
            nonce: input.nonce,
            poolId: pool.id,
            stake: row.stake,
            hitEvery: pool.hitEvery,
          });
          if (d.hit) {
            await this.payLocked(tx, pool, balances, {
              memberId: row.memberId,
              betId: row.id,
              roundId: row.roundId,
              gameCode: row.gameCode,
              draw: {
                seedId: input.seedId,
                serverSeedHash: input.serverSeedHash,
                clientSeed: input.clientSeed,
                nonce: input.nonce,
                stake: row.stake,
              },
            });
          }
        } else {
          await this.takeBack(tx, pool, row, balances);
        }
      }
    }
  }

  /** A stake's share into the pool (clipped at the cap); false when this row was applied before. */
  private async contribute(
    tx: Tx,
    pool: PoolRow,
    row: BetRow,
    balances: Map<number, bigint>,
  ): Promise<boolean> {
    const balance = balances.get(pool.id)!;
    let amount = (row.stake * BigInt(pool.shareBps)) / 10_000n;
    if (pool.capAmount !== null)
      amount = amount < pool.capAmount - balance ? amount : pool.capAmount - balance;
    if (amount < 0n) amount = 0n;
    const key = `jackpot:${pool.id}:bet:${row.id}`;
    const inserted = await tx
      .insert(jackpotEntries)
      .values({
        poolId: pool.id,
        cycle: pool.cycle,
        kind: 'contribution',
        amount,
        betId: row.id,
        source: row.source,
        vendor: row.vendor,
        roundId: row.roundId,
        memberId: row.memberId,
        gameCode: row.gameCode,
        stake: row.stake,
        shareBps: pool.shareBps,
        ledgerKey: key,
      })
      .onConflictDoNothing()
      .returning({ id: jackpotEntries.id });
    if (inserted.length === 0) return false;
    if (amount > 0n) {
      await this.move(tx, inserted[0]!.id, key, 'jackpot_contribution', this.house(), pool.id, amount, {
        betId: row.id,
        roundId: row.roundId,
      });
      balances.set(pool.id, balance + amount);
    }
    return true;
  }

  /**
   * A negative row takes back its round's contribution to this pool: the share of the stake it
   * reverses at the rate the round contributed at, never more than the round still has in (net of
   * earlier take-backs), nor than the pool holds (a pool already won keeps nothing to give back).
   */
  private async takeBack(tx: Tx, pool: PoolRow, row: BetRow, balances: Map<number, bigint>): Promise<void> {
    const [sums] = await tx
      .select({
        net: sql<string>`coalesce(sum(${jackpotEntries.amount}), 0)::text`,
        bps: sql<
          number | null
        >`min(${jackpotEntries.shareBps}) filter (where ${jackpotEntries.kind} = 'contribution')`,
      })
      .from(jackpotEntries)
      .where(
        and(
          eq(jackpotEntries.poolId, pool.id),
          eq(jackpotEntries.source, row.source),
          eq(jackpotEntries.vendor, row.vendor),
          eq(jackpotEntries.roundId, row.roundId),
          eq(jackpotEntries.memberId, row.memberId),
          inArray(jackpotEntries.kind, ['contribution', 'takeback']),
        ),
      );
    const net = BigInt(sums?.net ?? '0');
    if (sums?.bps == null) return; // the round never fed this pool
    const balance = balances.get(pool.id)!;
    let amount = (-row.stake * BigInt(sums.bps)) / 10_000n;
    if (amount > net) amount = net;
    if (amount > balance) amount = balance;
    if (amount < 0n) amount = 0n;
    const key = `jackpot:${pool.id}:bet:${row.id}`;
    const inserted = await tx
      .insert(jackpotEntries)
      .values({
        poolId: pool.id,
        cycle: pool.cycle,
        kind: 'takeback',
        amount: -amount,
        betId: row.id,
        source: row.source,
        vendor: row.vendor,
        roundId: row.roundId,
        memberId: row.memberId,
        gameCode: row.gameCode,
        stake: row.stake,
        shareBps: sums.bps,
        ledgerKey: key,
      })
      .onConflictDoNothing()
      .returning({ id: jackpotEntries.id });
    if (inserted.length === 0 || amount === 0n) return;
    await this.move(
      tx,
      inserted[0]!.id,
      key,
      'jackpot_contribution',
      Accounts.jackpot(pool.id),
      this.house(),
      amount,
      {
        betId: row.id,
        roundId: row.roundId,
      },
    );
    balances.set(pool.id, balance - amount);
  }

  /** One ledger transaction for one entry: `from` → `to` (a pool id means the pool's account). */
  private async move(
    tx: Tx,
    entryId: number,
    key: string,
    reason: 'jackpot_contribution' | 'jackpot_seed' | 'jackpot_win',
    from: AccountRef,
    to: AccountRef | number,
    amount: bigint,
    metadata: Record<string, string | number>,
  ): Promise<void> {
    const target = typeof to === 'number' ? Accounts.jackpot(to) : to;
    const r = await this.deps.wallet.post(
      {
        key,
        reason,
        postings: [
          { account: from, amount: -amount },
          { account: target, amount },
        ],
        metadata,
      },
      tx,
    );
    await tx.update(jackpotEntries).set({ ledgerTx: r.transactionId }).where(eq(jackpotEntries.id, entryId));
  }

  /** Posts the current cycle's seed once (the pool row is locked by the caller). */
  private async seedLocked(tx: Tx, pool: PoolRow, balances: Map<number, bigint>): Promise<void> {
    if (pool.seededCycle === pool.cycle) return;
    const key = `jackpot:${pool.id}:seed:${pool.cycle}`;
    const [entry] = await tx
      .insert(jackpotEntries)
      .values({ poolId: pool.id, cycle: pool.cycle, kind: 'seed', amount: pool.seedAmount, ledgerKey: key })
      .returning({ id: jackpotEntries.id });
    await this.move(tx, entry!.id, key, 'jackpot_seed', this.house(), pool.id, pool.seedAmount, {
      poolId: pool.id,
      cycle: pool.cycle,
    });
    await tx.update(jackpotPools).set({ seededCycle: pool.cycle }).where(eq(jackpotPools.id, pool.id));
    pool.seededCycle = pool.cycle;
    balances.set(pool.id, (balances.get(pool.id) ?? 0n) + pool.seedAmount);
  }

  /**
   * Pays the whole pool to the winner and starts the next cycle at its seed, all in the caller's
   * transaction with the pool row locked. Null when this cycle was already won.
   */
  private async payLocked(
    tx: Tx,
    pool: PoolRow,
    balances: Map<number, bigint>,
    w: Winner,
  ): Promise<WinRow | null> {
    const amount = balances.get(pool.id)!;
    const [win] = await tx
      .insert(jackpotWins)
      .values({
        poolId: pool.id,
        cycle: pool.cycle,
        memberId: w.memberId,
        amount,
        betId: w.betId ?? null,
        roundId: w.roundId ?? null,
        gameCode: w.gameCode ?? null,
        seedId: w.draw?.seedId ?? null,
        serverSeedHash: w.draw?.serverSeedHash ?? null,
        clientSeed: w.draw?.clientSeed ?? null,
        nonce: w.draw?.nonce ?? null,
        stake: w.draw?.stake ?? null,
        hitEvery: w.draw ? pool.hitEvery : null,
        forcedBy: w.forcedBy ?? null,
      })
      .onConflictDoNothing()
      .returning();
    if (!win) return null;
    const key = `jackpot:${pool.id}:win:${pool.cycle}`;
    const [entry] = await tx
      .insert(jackpotEntries)
      .values({
        poolId: pool.id,
        cycle: pool.cycle,
        kind: 'payout',
        amount: -amount,
        memberId: w.memberId,
        betId: null,
        roundId: w.roundId ?? null,
        gameCode: w.gameCode ?? null,
        ledgerKey: key,
      })
      .returning({ id: jackpotEntries.id });
    if (amount > 0n) {
      await this.move(
        tx,
        entry!.id,
        key,
        'jackpot_win',
        Accounts.jackpot(pool.id),
        Accounts.cash(w.memberId),
        amount,
        {
          poolId: pool.id,
          cycle: pool.cycle,
          roundId: w.roundId ?? '',
        },
      );
    }
    balances.set(pool.id, 0n);
    pool.cycle += 1;
    await tx
      .update(jackpotPools)
      .set({ cycle: pool.cycle, updatedAt: sql`now()` })
      .where(eq(jackpotPools.id, pool.id));
    await this.seedLocked(tx, pool, balances);
    await this.deps.messages.send(
      w.memberId,
      systemMessage(
        'jackpot',
        ['jackpotWonTitle', pool.name],
        ['jackpotWon', fromMinor(amount), pool.name, w.roundId ?? '—'],
      ),
      tx,
    );
    return win;
  }

  /**
   * An operator's trigger (tests and demos; refused in production): pays the pool of `cycle` to the
   * member now, through the same path as a drawn win. The cycle the operator saw makes it
   * idempotent: a second click, or a race with another trigger or a drawn win, pays nothing (409).
   */
  async forceTrigger(
    poolId: number,
    input: { account: string; cycle: number },
    actor: { id: number; account: string },
    ip: string,
  ): Promise<JackpotWin> {
    if (this.deps.production) throw new AppError('FORBIDDEN', { messageKey: 'jackpotForceRefused' });
    const member = await this.deps.members.getByAccount(input.account);
    if (!member) throw new AppError('NOT_FOUND');
    // Play money never wins real money.
    if (isTrialType(member.type)) throw new AppError('VALIDATION', { fields: { account: 'notFound' } });
    await this.catchUp();
    const win = await this.db.transaction(async (tx) => {
      const [pool] = await tx.select().from(jackpotPools).where(eq(jackpotPools.id, poolId)).for('update');
      if (!pool) throw new AppError('NOT_FOUND');
      if (!pool.enabled) throw new AppError('CONFLICT', { messageKey: 'jackpotPoolOff' });
      if (pool.cycle !== input.cycle) throw new AppError('CONFLICT', { messageKey: 'jackpotCycleOver' });
      const balances = new Map([[pool.id, await this.deps.wallet.balance(Accounts.jackpot(pool.id), tx)]]);
      await this.seedLocked(tx, pool, balances);
      const paid = await this.payLocked(tx, pool, balances, { memberId: member.id, forcedBy: actor.account });
      if (!paid) throw new AppError('CONFLICT', { messageKey: 'jackpotCycleOver' });
      await this.deps.audit.record(
        {
          actor,
          action: 'jackpot.trigger',
          target: { type: 'jackpot_pool', id: pool.id },
          after: { cycle: paid.cycle, memberId: member.id, amount: fromMinor(paid.amount) },
          ip,
        },
        tx,
      );
      return paid;
    });
    return (await this.winViews([win]))[0]!;
  }

  // ------------------------------------------------------------------ reading

  /** GET /wps/jackpot: the enabled pools and what they hold now (the ledger's figure). */
  async publicPools(): Promise<{ pools: JackpotPool[] }> {
    if (Date.now() - this.lastViewCatchUp > VIEW_CATCH_UP_MS) {
      this.lastViewCatchUp = Date.now();
      // A page view only hurries the consumer along: if that run fails (a lock timeout under load),
      // the figure is still the ledger's, just not yet counting the last seconds' bets, and the job
      // (which logs its failures) runs it again.
      await this.catchUp(2).catch(() => 0);
    }
    const pools = await this.db
      .select()
      .from(jackpotPools)
      .where(eq(jackpotPools.enabled, true))
      .orderBy(asc(jackpotPools.id));
    const out: JackpotPool[] = [];
    for (const p of pools) {
      out.push({
        id: p.id,
        name: p.name,
        amount: fromMinor(await this.deps.wallet.balance(Accounts.jackpot(p.id))),
        games: p.games,
        vendor: JACKPOT_VENDOR,
      });
    }
    return { pools: out };
  }

  async adminPools() {
    await this.catchUp(4);
    const pools = await this.db.select().from(jackpotPools).orderBy(asc(jackpotPools.id));
    return { pools: await Promise.all(pools.map((p) => this.adminView(p))) };
  }

  private async adminView(p: PoolRow) {
    const sums = await this.db
      .select({ kind: jackpotEntries.kind, total: sql<string>`sum(${jackpotEntries.amount})::text` })
      .from(jackpotEntries)
      .where(eq(jackpotEntries.poolId, p.id))
      .groupBy(jackpotEntries.kind);
    const of = (k: string) => BigInt(sums.find((s) => s.kind === k)?.total ?? '0');
    return {
      id: p.id,
      name: p.name,
      amount: fromMinor(await this.deps.wallet.balance(Accounts.jackpot(p.id))),
      games: p.games,
      vendor: JACKPOT_VENDOR,
      enabled: p.enabled,
      seedAmount: fromMinor(p.seedAmount),
      sharePercent: bpsToPercent(p.shareBps),
      capAmount: p.capAmount === null ? null : fromMinor(p.capAmount),
      hitEvery: fromMinor(p.hitEvery),
      cycle: p.cycle,
      totals: {
        seeds: fromMinor(of('seed')),
        contributions: fromMinor(of('contribution')),
        takenBack: fromMinor(-of('takeback')),
        payouts: fromMinor(-of('payout')),
      },
    };
  }

  /**
   * The console's settings (audited). New settings apply to bets consumed from now on; a new seed
   * amount to the next cycle. Switching a pool on seeds its current cycle through the ledger.
   */
  async update(
    poolId: number,
    patch: AdminJackpotPoolPatch,
    actor: { id: number; account: string },
    ip: string,
  ) {
    const share = patch.sharePercent !== undefined ? percentToBps(patch.sharePercent) : undefined;
    if (share !== undefined && (share < 1 || share > 1000))
      throw new AppError('VALIDATION', { fields: { sharePercent: 'invalid' } });
    const row = await this.db.transaction(async (tx) => {
      const [cur] = await tx.select().from(jackpotPools).where(eq(jackpotPools.id, poolId)).for('update');
      if (!cur) throw new AppError('NOT_FOUND');
      const next = {
        name: patch.name ?? cur.name,
        enabled: patch.enabled ?? cur.enabled,
        games: patch.games ? [...new Set(patch.games)] : cur.games,
        shareBps: share ?? cur.shareBps,
        seedAmount: patch.seedAmount !== undefined ? toMinor(patch.seedAmount) : cur.seedAmount,
        capAmount:
          patch.capAmount === undefined
            ? cur.capAmount
            : patch.capAmount === null
              ? null
              : toMinor(patch.capAmount),
        hitEvery: patch.hitEvery !== undefined ? toMinor(patch.hitEvery) : cur.hitEvery,
      };
      if (next.capAmount !== null && next.capAmount <= next.seedAmount)
        throw new AppError('VALIDATION', { fields: { capAmount: 'invalid' } });
      const [updated] = await tx
        .update(jackpotPools)
        .set({ ...next, updatedAt: sql`now()` })
        .where(eq(jackpotPools.id, poolId))
        .returning();
      if (updated!.enabled) {
        const balances = new Map([
          [updated!.id, await this.deps.wallet.balance(Accounts.jackpot(updated!.id), tx)],
        ]);
        await this.seedLocked(tx, updated!, balances);
      }
      const view = (v: typeof next) => ({
        ...v,
        seedAmount: fromMinor(v.seedAmount),
        capAmount: v.capAmount === null ? null : fromMinor(v.capAmount),
        hitEvery: fromMinor(v.hitEvery),
      });
      await this.deps.audit.record(
        {
          actor,
          action: 'jackpot.pool.update',
          target: { type: 'jackpot_pool', id: poolId },
          before: view(cur),
          after: view(next),
          ip,
        },
        tx,
      );
      return updated!;
    });
    return this.adminView(row);
  }

  /** The pool's movements, newest first, and its wins. */
  async history(poolId: number, q: { pageNo: number; pageSize: number }) {
    const [pool] = await this.db
      .select({ id: jackpotPools.id })
      .from(jackpotPools)
      .where(eq(jackpotPools.id, poolId));
    if (!pool) throw new AppError('NOT_FOUND');
    const [total] = await this.db
      .select({ n: count() })
      .from(jackpotEntries)
      .where(eq(jackpotEntries.poolId, poolId));
    const rows = await this.db
      .select()
      .from(jackpotEntries)
      .where(eq(jackpotEntries.poolId, poolId))
      .orderBy(desc(jackpotEntries.id))
      .limit(q.pageSize)
      .offset((q.pageNo - 1) * q.pageSize);
    const accounts = await this.accountsOf(
      rows.map((r) => r.memberId).filter((m): m is number => m !== null),
    );
    const wins = await this.db
      .select()
      .from(jackpotWins)
      .where(eq(jackpotWins.poolId, poolId))
      .orderBy(desc(jackpotWins.id))
      .limit(50);
    return {
      entries: rows.map((r) => ({
        id: r.id,
        kind: r.kind as 'seed' | 'contribution' | 'takeback' | 'payout',
        cycle: r.cycle,
        amount: fromMinor(r.amount),
        betId: r.betId,
        roundId: r.roundId,
        game: r.gameCode,
        account: r.memberId === null ? null : (accounts.get(r.memberId) ?? null),
        stake: r.stake === null ? null : fromMinor(r.stake),
        ledgerKey: r.ledgerKey,
        time: r.createdAt.toISOString(),
      })),
      totalCount: Number(total?.n ?? 0),
      wins: await this.winViews(wins),
    };
  }

  /** Recent wins of every pool, newest first: the winners board and the verifier read these. */
  async recentWins(limit: number): Promise<JackpotWin[]> {
    const rows = await this.db.select().from(jackpotWins).orderBy(desc(jackpotWins.id)).limit(limit);
    return this.winViews(rows);
  }

  private async accountsOf(memberIds: number[]): Promise<Map<number, string>> {
    const out = new Map<number, string>();
    for (const id of new Set(memberIds)) out.set(id, (await this.deps.members.getById(id))?.account ?? '');
    return out;
  }

  private async winViews(rows: WinRow[]): Promise<JackpotWin[]> {
    if (rows.length === 0) return [];
    const names = new Map(
      (
        await this.db
          .select({ id: jackpotPools.id, name: jackpotPools.name })
          .from(jackpotPools)
          .where(inArray(jackpotPools.id, [...new Set(rows.map((r) => r.poolId))]))
      ).map((p) => [p.id, p.name]),
    );
    const accounts = await this.accountsOf(rows.map((r) => r.memberId));
    const proofs = await this.deps.inhouse.seeds.proofOf(
      rows.map((r) => r.seedId).filter((s): s is number => s !== null),
    );
    return rows.map((r) => ({
      id: r.id,
      poolId: r.poolId,
      poolName: names.get(r.poolId) ?? '',
      cycle: r.cycle,
      customerName: maskName(accounts.get(r.memberId) ?? ''),
      amount: fromMinor(r.amount),
      game: r.gameCode,
      roundId: r.roundId,
      forced: r.forcedBy !== null,
      proof:
        r.seedId !== null && r.nonce !== null && r.stake !== null && r.hitEvery !== null
          ? {
              serverSeedHash: r.serverSeedHash ?? '',
              serverSeed: proofs.get(r.seedId)?.serverSeed ?? null,
              clientSeed: r.clientSeed ?? '',
              nonce: r.nonce,
              stake: fromMinor(r.stake),
              hitEvery: fromMinor(r.hitEvery),
            }
          : null,
      time: r.wonAt.toISOString(),
    }));
  }
}
