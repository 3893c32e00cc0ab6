import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { rowsOf } from '../../db/rows.ts';
import { finalThrough } from './horizon.ts';
import type { BetRow } from './reads.ts';
import type { BetsService } from './service.ts';

export interface ConsumerState {
  name: string;
  /** Every bet settled before this instant has been handed to the consumer (null: never drained dry). */
  consumedThrough: Date | null;
  /** Rows written after the consumer's mark: its backlog. */
  lag: number;
}

/**
 * The one runner for a consumer of the bets record (wagering, points, missions, referral…).
 * `catchUp` drains in batches of `batch` rows, each batch in the transaction that moves the
 * consumer's mark (BetsService.consume), callers in one process sharing one run. A run that
 * drains the record dry publishes the consumer's watermark, `consumed_through`: the instant read
 * before the drain (horizon.ts finalThrough) through which every settled bet has now been handed
 * over. Whatever judges a moment from the consumer's results (a bonus expiring at T, a forfeit at
 * a withdrawal, a period closing at T) calls `through(T)` first, which drains and answers whether
 * the watermark has passed T: a bonus whose wagering was met before it expired is converted, not
 * forfeited, however far behind the consumer was.
 */
export class BetsConsumer {
  private inflight: Promise<number> | null = null;

  constructor(
    private readonly db: Db,
    private readonly bets: Pick<BetsService, 'consume' | 'oldestUnconsumed'>,
    readonly name: string,
    private readonly batch: number,
    private readonly handler: (rows: BetRow[], tx: Tx) => Promise<void>,
  ) {}

  /**
   * Drains up to `maxBatches` batches (pages call it with a few on every view; jobs without a
   * limit, to the horizon). Answers the number of rows handed to the handler.
   */
  catchUp(maxBatches = Number.POSITIVE_INFINITY): Promise<number> {
    if (!this.inflight)
      this.inflight = this.drain(maxBatches).finally(() => {
        this.inflight = null;
      });
    return this.inflight;
  }

  /** Drains to the horizon and answers whether the watermark has now passed `moment`. */
  async through(moment: Date): Promise<boolean> {
    let mark = await this.consumedThrough();
    if (mark && mark >= moment) return true;
    // A shared run may have started before `moment` was final: drain again until it has.
    for (let i = 0; i < 3; i++) {
      await this.catchUp();
      mark = await this.consumedThrough();
      if (mark && mark >= moment) return true;
    }
    return false;
  }

  async consumedThrough(): Promise<Date | null> {
    const [row] = rowsOf<{ t: Date | string | null }>(
      await this.db.execute(sql`select consumed_through as t from bet_consumers where name = ${this.name}`),
    );
    return row?.t ? new Date(row.t) : null;
  }

  private async drain(maxBatches: number): Promise<number> {
    const before = await finalThrough(this.db);
    let total = 0;
    for (let i = 0; i < maxBatches; i++) {
      const n = await this.bets.consume(this.name, this.batch, this.handler);
      total += n;
      if (n < this.batch) {
        // A short batch took every row below its horizon, which was read after `before`: every
        // bet settled before `before` has been handed over, except rows still waiting to be final
        // (BetsService.consume), so the watermark stops at the oldest of those. It never moves
        // backwards.
        const waiting = await this.bets.oldestUnconsumed(this.name);
        const through = waiting && waiting < before ? waiting : before;
        await this.db.execute(sql`
          update bet_consumers set consumed_through = greatest(consumed_through, ${through.toISOString()}::timestamptz)
          where name = ${this.name}`);
        break;
      }
    }
    return total;
  }
}

/** Every consumer's watermark and backlog, for the console and the metrics. */
export async function consumerStates(db: Db): Promise<ConsumerState[]> {
  const rows = rowsOf<{ name: string; t: Date | string | null; lag: string }>(
    await db.execute(sql`
      select c.name, c.consumed_through as t,
             (select count(*) from bets b where (b.tx_xid, b.id) > (c.last_xid, c.last_id))::text as lag
      from bet_consumers c order by c.name`),
  );
  return rows.map((r) => ({ name: r.name, consumedThrough: r.t ? new Date(r.t) : null, lag: Number(r.lag) }));
}
