import { randomBytes } from 'node:crypto';
import {
  DrawIndex,
  drawLotteryFromSeed,
  hashServerSeed,
  type LotteryResults,
  serverSeedFromBytes,
} from '@wps/games';
import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import type { BetsService } from '../bets/service.ts';
import { Accounts } from '../wallet/accounts.ts';
import type { WalletService } from '../wallet/service.ts';
import { drawIdOf, type LotteryGame, nextDrawTimes, stationsOf } from './games.ts';
import { lotteryDraws, type lotteryTickets } from './schema.ts';
import { emptyTimings, type SettleTimings, settleChunk } from './settle.ts';
import { rowsOf } from '../../db/rows.ts';

export type DrawRow = typeof lotteryDraws.$inferSelect;
export type TicketRow = typeof lotteryTickets.$inferSelect;

/** Draws kept ready ahead of time per game, so the next one always has its hash published. */
const DRAWS_AHEAD = 3;
/**
 * Tickets per settlement transaction: large enough that per-chunk costs vanish, small enough that
 * a chunk's locks and memory stay short. A chunk locks no losing ticket (settle.ts) but does lock
 * its winners' accounts, and each chunk writes a bets-record line and a balance update per member
 * in it: 1,000,000 tickets of 1,000 players in chunks of 5,000 wrote ~200,000 lines (record
 * 6.13 s, settlement 21.46 s, 2.4× the bare SQL pass), in chunks of 20,000 ~50,000 lines (record
 * 1.54 s, settlement 12.23 s, 1.9×), about 0.25 s per chunk (bench:lottery, load 10–12).
 */
export const SETTLE_BATCH = 20_000;

/**
 * The draw lifecycle (issue 15): draws created ahead with a committed server seed, drawn at their
 * time from that seed, settled ticket by ticket exactly once. Every step is idempotent on the
 * database state, so a job killed midway and run again (or run twice) pays nobody twice.
 */
export class LotteryDraws {
  constructor(
    private readonly db: Db,
    private readonly deps: { wallet: WalletService; bets: BetsService },
    private readonly gamesByCode: ReadonlyMap<string, LotteryGame>,
  ) {}

  /** Creates the game's next draws (each with a fresh server seed) that do not exist yet. */
  async ensureDraws(game: LotteryGame, now: Date, count = DRAWS_AHEAD): Promise<void> {
    const times = nextDrawTimes(game, now, count);
    const rows = times.map((t) => {
      // An official draw (issue 28) has no house seed: it pays on the stations' official result.
      const official = game.resultSource === 'official';
      const serverSeed = official ? '' : serverSeedFromBytes(randomBytes(32));
      return {
        id: drawIdOf(game.gameCode, t),
        gameCode: game.gameCode,
        drawTime: t,
        cutoffAt: new Date(t.getTime() - game.cutoffSeconds * 1000),
        stations: stationsOf(game, t),
        serverSeed,
        serverSeedHash: official ? '' : hashServerSeed(serverSeed),
        resultSource: game.resultSource,
      };
    });
    if (rows.length) await this.db.insert(lotteryDraws).values(rows).onConflictDoNothing();
  }

  /** The draw now taking bets (cut-off still ahead on the database clock), created when missing. */
  async upcoming(game: LotteryGame): Promise<DrawRow | null> {
    const find = async () => {
      const [row] = await this.db
        .select()
        .from(lotteryDraws)
        .where(
          and(
            eq(lotteryDraws.gameCode, game.gameCode),
            eq(lotteryDraws.status, 'open'),
            sql`${lotteryDraws.cutoffAt} > now()`,
          ),
        )
        .orderBy(asc(lotteryDraws.drawTime))
        .limit(1);
      return row ?? null;
    };
    const found = await find();
    if (found) return found;
    await this.ensureDraws(game, await this.dbNow());
    return find();
  }

  /** The draw taking bets of each game, in one query; games without one get theirs created. */
  async upcomingOf(games: readonly LotteryGame[]): Promise<Map<string, DrawRow>> {
    const find = async (codes: string[]) =>
      codes.length === 0
        ? []
        : this.db
            .selectDistinctOn([lotteryDraws.gameCode])
            .from(lotteryDraws)
            .where(
              and(
                inArray(lotteryDraws.gameCode, codes),
                eq(lotteryDraws.status, 'open'),
                sql`${lotteryDraws.cutoffAt} > now()`,
              ),
            )
            .orderBy(lotteryDraws.gameCode, asc(lotteryDraws.drawTime));
    const out = new Map((await find(games.map((g) => g.gameCode))).map((d) => [d.gameCode, d]));
    const missing = games.filter((g) => !out.has(g.gameCode));
    if (missing.length) {
      const now = await this.dbNow();
      for (const g of missing) await this.ensureDraws(g, now);
      for (const d of await find(missing.map((g) => g.gameCode))) out.set(d.gameCode, d);
    }
    return out;
  }

  async dbNow(): Promise<Date> {
    const [row] = rowsOf<{ now: string | Date }>(await this.db.execute(sql`select now() as now`));
    return new Date(row!.now);
  }

  /**
   * Draws and settles every draw of the game due by `upTo` (and by the database clock), oldest
   * first: the scheduler's run for the period ending at a draw time. Earlier draws missed while
   * no instance ran are picked up too.
   */
  async runDue(
    game: LotteryGame,
    upTo: Date,
    beforeBatch?: (tx: Tx) => Promise<void>,
  ): Promise<{ drawn: number; settled: number }> {
    const due = await this.db
      .select({ id: lotteryDraws.id })
      .from(lotteryDraws)
      .where(
        and(
          eq(lotteryDraws.gameCode, game.gameCode),
          inArray(lotteryDraws.status, ['open', 'drawn']),
          lte(lotteryDraws.drawTime, upTo),
          sql`${lotteryDraws.drawTime} <= now()`,
        ),
      )
      .orderBy(asc(lotteryDraws.drawTime));
    let drawn = 0;
    let settled = 0;
    for (const d of due) {
      if (await this.draw(d.id)) drawn++;
      settled += await this.settle(d.id, { beforeBatch });
    }
    return { drawn, settled };
  }

  /**
   * Writes the results of a due house draw from its committed seed (revealing it); a due official
   * draw moves to 'waiting' instead. The row lock makes
   * this wait for bets still being placed under the draw's share lock, and makes any later bet
   * see the draw closed: no ticket can slip in after the numbers are known.
   */
  async draw(drawId: string): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      const [row] = rowsOf<{
        status: string;
        game_code: string;
        server_seed: string;
        result_source: string;
        due: boolean;
      }>(
        await tx.execute(sql`
          select status, game_code, server_seed, result_source, draw_time <= now() as due
          from lottery_draws where id = ${drawId} for update`),
      );
      if (row?.status !== 'open' || !row.due) return false;
      const game = this.gamesByCode.get(row.game_code);
      if (!game) return false;
      if (game.resultSource === 'official' || row.result_source === 'official' || !row.server_seed) {
        // Issue 28: never drawn from a house seed. Past its time it waits for the official result
        // (official.ts); its tickets stay open, nothing is voided however long that takes.
        await tx.update(lotteryDraws).set({ status: 'waiting' }).where(eq(lotteryDraws.id, drawId));
        return false;
      }
      const results = drawLotteryFromSeed(row.server_seed, drawId, game.structure);
      await tx
        .update(lotteryDraws)
        .set({ status: 'drawn', results, drawnAt: sql`now()` })
        .where(eq(lotteryDraws.id, drawId));
      return true;
    });
  }

  /**
   * Pays the open tickets of a drawn draw, a chunk per transaction (settle.ts: the chunk's win
   * postings, its lines in the bets record, its winners' states and the draw's settled-through
   * cursor commit together), so a run killed midway leaves every ticket either wholly settled or
   * still open, and the next run (or one running at the same time, which waits its turn on the
   * draw's row) settles only what is left. Answers how many tickets it settled; `timings` (when given)
   * collects where the time went.
   */
  async settle(
    drawId: string,
    opts: {
      batchSize?: number;
      beforeBatch?: ((tx: Tx) => Promise<void>) | undefined;
      timings?: SettleTimings;
    } = {},
  ): Promise<number> {
    const [draw] = await this.db.select().from(lotteryDraws).where(eq(lotteryDraws.id, drawId));
    // Only a drawn draw pays: never an open one, nor an official draw waiting for its result or
    // whose sources disagree (issue 28).
    if (draw?.status !== 'drawn' || !draw.results) return 0;
    const game = this.gamesByCode.get(draw.gameCode);
    if (!game) return 0;
    const index = new DrawIndex(game.structure, draw.results as LotteryResults);
    const batchSize = opts.batchSize ?? SETTLE_BATCH;
    const timings = opts.timings ?? emptyTimings();
    const uplines = await this.resolveAccounts(drawId, game);
    const [common] = rowsOf<{ odds: string }>(
      await this.db.execute(
        sql`select odds::text as odds from lottery_tickets where draw_id = ${drawId} and status = 'open' limit 1`,
      ),
    );
    const commonOdds = common?.odds ?? null;
    let settled = 0;
    for (;;) {
      let t0 = 0;
      const { count, more } = await this.db.transaction(async (tx) => {
        await opts.beforeBatch?.(tx);
        const r = await settleChunk(
          tx,
          this.deps,
          game,
          drawId,
          index,
          uplines,
          commonOdds,
          batchSize,
          timings,
        );
        t0 = performance.now();
        return r;
      });
      timings.commit += performance.now() - t0;
      settled += count;
      if (!more) break;
    }
    // Settled once no open ticket is left past the cursor (losers stay 'open' on the heap and
    // are settled by the cursor: settle.ts).
    await this.db.execute(sql`
      update lottery_draws d set status = 'settled', settled_at = now()
      where d.id = ${drawId} and d.status = 'drawn'
        and not exists (
          select 1 from lottery_tickets t
          where t.draw_id = d.id and t.status = 'open'
            and t.id > coalesce(d.settled_ticket, ''))`);
    return settled;
  }

  /**
   * Resolves (and caches) the ledger ids of every account the draw may pay, outside any
   * transaction: inside one the wallet does not cache them, and each payout would look them up
   * again. Answers each member's upline path for the bets record, looked up once per draw
   * instead of once per chunk (a chunk of 20,000 tickets has up to 20,000 players).
   */
  private async resolveAccounts(drawId: string, game: LotteryGame): Promise<Map<number, number[]>> {
    const members = rowsOf<{ member_id: number; trial: boolean; path: number[] }>(
      await this.db.execute(
        sql`select member_id, trial, member_upline_path(member_id) as path
            from (select distinct member_id, trial from lottery_tickets where draw_id = ${drawId} and status = 'open') m`,
      ),
    );
    for (let i = 0; i < members.length; i += 500) {
      const refs = members
        .slice(i, i + 500)
        .flatMap((m) => [
          m.trial ? Accounts.trial(m.member_id) : Accounts.cash(m.member_id),
          this.deps.wallet.houseFor(game.vendor, m.member_id, m.trial),
        ]);
      await this.deps.wallet.ensureAccounts(refs);
    }
    return new Map(members.map((m) => [m.member_id, m.path.map(Number)]));
  }
}
