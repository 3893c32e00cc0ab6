/**
 * Group commit for the seamless wallet (issue 10).
 *
 * Why: a seamless bet is a handful of row writes and one commit. At 32 concurrent vendors the
 * database spends most of each bet on the round trip and the commit's WAL flush, and one hot
 * player's bets queue on its row lock, each waiting for the previous commit (a lock convoy).
 *
 * How: calls are spread over a few lanes by member id. A lane runs one database statement at
 * a time; the calls that arrive while it is busy (or within WINDOW_MS of an idle lane's first
 * call, or until MAX_ITEMS) wait in its queue and go to the database together, as ONE
 * autocommitted statement (`seamless_apply_batch`, migration 0018) that applies each through
 * the unchanged `seamless_apply`, in arrival order. So:
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
 * Lanes: batches in flight at once, each holding one connection while it runs. Measured on the
 * 2-core machine at 32 clients: 4 lanes starve a many-player load (batches wait on each other's
 * commits), 16 use most of the pool; 8 keeps half the default pool free for everything else.
 */
export const LANES = 8;
/** The most calls in one statement: bounds its latency and its locks' lifetime. */
export const MAX_ITEMS = 32;
/** How long an idle lane waits for company before sending a lone call. */
export const WINDOW_MS = 1;

export interface ApplyOutcome {
  status: string;
  balance: string | null;
}

type Job<I> =
  | { kind: 'item'; item: I; resolve: (o: ApplyOutcome) => void; reject: (e: unknown) => void }
  | {
      kind: 'solo';
      run: () => Promise<unknown>;
      resolve: (v: unknown) => void;
      reject: (e: unknown) => void;
    };

interface Lane<I> {
  queue: Job<I>[];
  busy: boolean;
  timer: NodeJS.Timeout | null;
}

export class GroupCommit<I> {
  private readonly lanes: Lane<I>[];
  /** Off: every call is its own statement (the bench's reference line; nothing else turns it off). */
  enabled = true;

  constructor(
    /** Applies items in one statement; one outcome per item, in order. */
    private readonly applyBatch: (items: I[]) => Promise<ApplyOutcome[]>,
    /** Applies one item alone: the retry after a batch failed as a whole. */
    private readonly applyOne: (item: I) => Promise<ApplyOutcome>,
    private readonly opts: { lanes: number; maxItems: number; windowMs: number } = {
      lanes: LANES,
      maxItems: MAX_ITEMS,
      windowMs: WINDOW_MS,
    },
  ) {
    this.lanes = Array.from({ length: opts.lanes }, () => ({ queue: [], busy: false, timer: null }));
  }

  private laneOf(memberId: number): Lane<I> {
    return this.lanes[memberId % this.lanes.length]!;
  }

  /** Queues a bet or win of this member; resolves once its batch has committed. */
  apply(memberId: number, item: I): Promise<ApplyOutcome> {
    if (!this.enabled) return this.applyOne(item);
    return new Promise((resolve, reject) => {
      this.enqueue(this.laneOf(memberId), { kind: 'item', item, resolve, reject });
    });
  }

  /** Runs `run` in this member's lane between batches (their earlier calls first). */
  exclusive<T>(memberId: number, run: () => Promise<T>): Promise<T> {
    if (!this.enabled) return run();
    return new Promise<T>((resolve, reject) => {
      this.enqueue(this.laneOf(memberId), {
        kind: 'solo',
        run,
        resolve: resolve as (v: unknown) => void,
        reject,
      });
    });
  }

  private enqueue(lane: Lane<I>, job: Job<I>): void {
    lane.queue.push(job);
    if (lane.busy) return;
    if (lane.queue.length >= this.opts.maxItems || job.kind === 'solo') {
      this.drain(lane);
    } else if (!lane.timer) {
      lane.timer = setTimeout(() => this.drain(lane), this.opts.windowMs);
    }
  }

  private drain(lane: Lane<I>): void {
    if (lane.timer) {
      clearTimeout(lane.timer);
      lane.timer = null;
    }
    if (lane.busy || lane.queue.length === 0) return;
    lane.busy = true;
    const head = lane.queue[0]!;
    let work: Promise<void>;
    if (head.kind === 'solo') {
      lane.queue.shift();
      work = head.run().then(head.resolve, head.reject);
    } else {
      let n = 0;
      while (n < lane.queue.length && n < this.opts.maxItems && lane.queue[n]!.kind === 'item') n++;
      const jobs = lane.queue.splice(0, n) as Array<Extract<Job<I>, { kind: 'item' }>>;
      work = this.runBatch(jobs);
    }
    void work.finally(() => {
      lane.busy = false;
      // Calls that queued meanwhile have waited long enough: no window for them.
      this.drain(lane);
    });
  }

  private async runBatch(jobs: Array<Extract<Job<I>, { kind: 'item' }>>): Promise<void> {
    let outcomes: ApplyOutcome[] | null = null;
    if (jobs.length > 1) {
      try {
        outcomes = await this.applyBatch(jobs.map((j) => j.item));
        if (outcomes.length !== jobs.length) throw new Error('seamless batch: answers do not match calls');
      } catch {
        // Nothing of the batch was committed: each call is retried alone, below.
        outcomes = null;
      }
    }
    if (outcomes) {
      jobs.forEach((j, i) => {
        j.resolve(outcomes![i]!);
      });
      return;
    }
    for (const j of jobs) {
      try {
        j.resolve(await this.applyOne(j.item));
      } catch (err) {
        j.reject(err);
      }
    }
  }
}
