/**
 * Group commit: calls that arrive while a batch is being applied wait and go together in the
 * next one, so a burst of N requests costs a few database transactions instead of N, and the
 * rows they all touch (a round, a house account shard, one hot wallet) are locked once per
 * batch instead of once per request in a convoy.
 *
 * Items are applied in arrival order, one batch at a time (never two batches of one queue
 * at once), so a request queued before another is also decided before it. Each caller gets its
 * own answer: `apply` returns a result or an Error per item. When `apply` throws (the batch's
 * transaction failed as a whole and nothing of it was committed), each item is tried again
 * alone, so one bad item costs its neighbours a retry, never their answer. Nobody is answered
 * before `apply` returns, i.e. before its commit.
 *
 * Work that cannot join a batch (a seamless rollback: several statements of its own) goes
 * through `exclusive`: it runs in the queue's order, between batches.
 *
 * Used by the crash game (bets, cash-outs) and, one queue per lane, by the seamless wallet.
 */
export type ItemResult<O> = { ok: true; value: O } | { ok: false; error: unknown };

export interface GroupCommitOptions {
  /** The most items in one batch: bounds its latency and its locks' lifetime. */
  maxBatch?: number;
  /**
   * How long an idle queue waits for company before sending its first item. 0 (the default)
   * waits only for the rest of the current event-loop turn.
   */
  windowMs?: number;
}

type Job<I, O> =
  | { kind: 'item'; item: I; resolve: (value: O) => void; reject: (error: unknown) => void }
  | {
      kind: 'solo';
      run: () => Promise<unknown>;
      resolve: (v: unknown) => void;
      reject: (e: unknown) => void;
    };
type ItemJob<I, O> = Extract<Job<I, O>, { kind: 'item' }>;

export class GroupCommit<I, O> {
  private queue: Job<I, O>[] = [];
  private draining = false;
  /** Cancels the pending wake-up of an idle queue, when one is set. */
  private cancelWake: (() => void) | null = null;
  private readonly maxBatch: number;
  private readonly windowMs: number;

  constructor(
    private readonly apply: (items: I[]) => Promise<ItemResult<O>[]>,
    options: GroupCommitOptions | number = {},
  ) {
    const opts = typeof options === 'number' ? { maxBatch: options } : options;
    this.maxBatch = opts.maxBatch ?? 500;
    this.windowMs = opts.windowMs ?? 0;
  }

  submit(item: I): Promise<O> {
    return new Promise<O>((resolve, reject) => {
      this.enqueue({ kind: 'item', item, resolve, reject });
    });
  }

  /** Runs `run` alone, after every item queued before it and before every item queued after. */
  exclusive<T>(run: () => Promise<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.enqueue({ kind: 'solo', run, resolve: resolve as (v: unknown) => void, reject });
    });
  }

  /** Items waiting for a batch (for metrics and tests). */
  get pending(): number {
    return this.queue.length;
  }

  private enqueue(job: Job<I, O>): void {
    this.queue.push(job);
    if (this.draining) return;
    // A full batch or a solo job has nothing to wait for.
    if (this.queue.length >= this.maxBatch || job.kind === 'solo') {
      this.start();
    } else if (!this.cancelWake) {
      const wake = () => this.start();
      if (this.windowMs > 0) {
        const t = setTimeout(wake, this.windowMs);
        this.cancelWake = () => clearTimeout(t);
      } else {
        const t = setImmediate(wake);
        this.cancelWake = () => clearImmediate(t);
      }
    }
  }

  private start(): void {
    this.cancelWake?.();
    this.cancelWake = null;
    if (this.draining) return;
    this.draining = true;
    void this.drain();
  }

  private async drain(): Promise<void> {
    try {
      // What queues meanwhile has waited long enough: no window for it.
      while (this.queue.length > 0) {
        const head = this.queue[0]!;
        if (head.kind === 'solo') {
          this.queue.shift();
          await head.run().then(head.resolve, head.reject);
          continue;
        }
        let n = 0;
        while (n < this.queue.length && n < this.maxBatch && this.queue[n]!.kind === 'item') n++;
        await this.run(this.queue.splice(0, n) as ItemJob<I, O>[]);
      }
    } finally {
      this.draining = false;
    }
  }

  private async run(batch: ItemJob<I, O>[]): Promise<void> {
    let results: ItemResult<O>[];
    try {
      results = await this.apply(batch.map((w) => w.item));
    } catch (error) {
      if (batch.length === 1) {
        batch[0]!.reject(error);
        return;
      }
      for (const w of batch) await this.run([w]);
      return;
    }
    batch.forEach((w, i) => {
      const r = results[i];
      // Committed already: a missing answer is a bug to report, never a reason to apply again.
      if (!r) w.reject(new Error('group commit: no result for an item'));
      else if (r.ok) w.resolve(r.value);
      else w.reject(r.error);
    });
  }
}
