import { GroupCommit, type ItemResult } from '../../db/group-commit.ts';

/**
 * Group commit for the seamless wallet (issue 10).
 *
 * Why: a seamless bet is a handful of row writes and one commit. At 32 concurrent vendors the
 * database spends most of each bet on the round trip and the commit's WAL flush, and one hot
 * player's bets queue on its row lock, each waiting for the previous commit (a lock convoy).
 *
 * How: calls are spread over lanes by member id. A lane runs one database statement at a time;
 * an idle lane sends a call at once (with whatever arrived in the same event-loop turn), and the
 * calls that arrive while it is busy (up to MAX_ITEMS) wait in its queue and go to the database
 * together, as ONE autocommitted statement (`seamless_apply_many`, migration 0042) that applies
 * them set-based, answering what `seamless_apply` (migrations 0034, 0039) called on each in
 * arrival order would answer (and calling it so, through `seamless_apply_batch` of 0018, when a
 * refusal for funds or anything odd could make the set answer differ). So:
 * - one round trip and one commit per batch instead of per bet;
 * - a member always lands in the same lane, so their calls apply in arrival order, and a hot
 *   wallet's bets are taken one after another by one transaction instead of 32 transactions
 *   queueing on its row lock. The house shard is chosen by member id too (memberId % shards),
 *   so with shards a multiple of LANES two lanes never touch the same house row;
 * - each caller gets its own answer: seamless_apply decides insufficient funds, replays and
 *   disabled players per item, without an exception, so a refusal never fails a neighbour;
 * - if the statement fails as a whole (a deadlock with some other transaction, a broken
 *   invariant), nothing of the batch was written: every item is retried on its own, in order,
 *   and only the item that fails again gets the error;
 * - nobody is answered before the commit: an acknowledged bet survives kill -9, an unanswered
 *   one is either wholly in the books (a retry replays it) or wholly absent.
 * Work that is not a bet or a win (a rollback: 1 % of calls, several statements) runs in the
 * lane as a job of its own between batches, which keeps the member's order across kinds.
 */

/**
 * Lanes: batches in flight at once, each holding one connection while it runs. Once a batch is
 * set-based (seamless_apply_many, migration 0042: a 32-bet batch 5-8 ms where the per-item loop
 * took 17-23 ms, psql on the shared machine), its cost barely grows with its size, so fewer and
 * fuller lanes pay: the earlier 16 lanes left 32 callers on many players about 1.6 bets a batch,
 * mostly one-bet statements. Measured A/B in one process (bench/profile-wallet.ts, many players,
 * 32 callers, 5-6 s runs, interleaved). At load 9-13: 16 lanes 1237, 1024, 996 bets/s; 8 lanes
 * 2198, 954, 757, 1249, 1290; 4 lanes 1900, 1385, 1457, 1447, 1763, 697, 705, 921 (4.5 bets a
 * batch); 2 lanes 2165, 1450, 1125, 840, 732 (8.5 a batch). At load 4-5: 4 lanes 3525, 3515,
 * 3763 (p99 16-19 ms); 2 lanes 5273, 4942, 3677 (p99 12-14 ms, once 38). 16 lost to every
 * other count, 4 beat 8 in 4 pairs of 5, 2 beat 4 in 6 pairs of 8; one lane would batch more
 * still, but a rollback (a transaction of its own, run in its lane between batches) would then
 * stall every call. 2 divides the 64 house
 * shards, and leaves most of the server's 20 pooled connections for rollbacks and reads.
 * A hot wallet is unaffected: its calls share one lane whatever the count, and batch there.
 */
export const LANES = 2;
/**
 * The most calls in one statement: bounds its latency and its locks' lifetime. The bench's 32
 * callers on one hot wallet fill it (a 32-bet set-based batch: 6-8 ms in process at load 5, about
 * 20 ms at load 12: 3,700-4,900 and 1,300-3,000 bets/s on one wallet); many players leave 4-5 a batch at 4 lanes (8-9 at 2), and a
 * cap of 64 measured the same as 32 at 4 lanes (978 and 1065 against 1058 and 881 bets/s, load 9-12).
 */
export const MAX_ITEMS = 32;
/**
 * How long an idle lane waits for company before sending a lone call: 0, i.e. only the rest of
 * the current event-loop turn. A lone call goes at once; only what queues while the lane's
 * statement is in flight is batched (a hot wallet's backlog), so waiting bought nothing but latency.
 * Re-measured at 4 lanes with the set-based batch (many players, load 9-12): a 1 ms window 1117
 * and 1154 bets/s against 1058 and 881 without, 4.7 against 4.5 bets a batch: within the noise
 * (the lanes are rarely idle under load), so a lone call still goes at once.
 */
export const WINDOW_MS = 0;

export interface ApplyOutcome {
  status: string;
  balance: string | null;
}

/**
 * The lanes: one shared group-commit queue (db/group-commit.ts) per lane, a member always in the
 * same lane. A lane's batch of several calls is one `applyBatch` statement; a lone call (or the
 * retry of a batch that failed as a whole) is `applyOne`.
 */
export class SeamlessLanes<I> {
  private readonly lanes: GroupCommit<I, ApplyOutcome>[];
  /** Off: every call is its own statement (the bench's reference line; nothing else turns it off). */
  enabled = true;

  constructor(
    /** Applies items in one statement; one outcome per item, in order. */
    applyBatch: (items: I[]) => Promise<ApplyOutcome[]>,
    /** Applies one item alone. */
    private readonly applyOne: (item: I) => Promise<ApplyOutcome>,
    opts: { lanes: number; maxItems: number; windowMs: number } = {
      lanes: LANES,
      maxItems: MAX_ITEMS,
      windowMs: WINDOW_MS,
    },
  ) {
    const apply = async (items: I[]): Promise<ItemResult<ApplyOutcome>[]> => {
      const outcomes = items.length === 1 ? [await applyOne(items[0]!)] : await applyBatch(items);
      return outcomes.map((value) => ({ ok: true, value }));
    };
    this.lanes = Array.from(
      { length: opts.lanes },
      () => new GroupCommit<I, ApplyOutcome>(apply, { maxBatch: opts.maxItems, windowMs: opts.windowMs }),
    );
  }

  private laneOf(memberId: number): GroupCommit<I, ApplyOutcome> {
    return this.lanes[memberId % this.lanes.length]!;
  }

  /** Queues a bet or win of this member; resolves once its batch has committed. */
  apply(memberId: number, item: I): Promise<ApplyOutcome> {
    if (!this.enabled) return this.applyOne(item);
    return this.laneOf(memberId).submit(item);
  }

  /** Runs `run` in this member's lane between batches (their earlier calls first). */
  exclusive<T>(memberId: number, run: () => Promise<T>): Promise<T> {
    if (!this.enabled) return run();
    return this.laneOf(memberId).exclusive(run);
  }
}
