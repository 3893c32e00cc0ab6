/**
 * Group commit: calls that arrive while a batch is being applied wait and go together in the
 * next one, so a burst of N requests costs a few database transactions instead of N, and the
 * rows they all touch (a round, a house account shard) are locked once per batch instead of
 * once per request in a convoy.
 *
 * Items are applied in arrival order, one batch at a time (never two batches of one queue
 * at once), so a request queued before another is also decided before it. Each caller gets its
 * own answer: `apply` returns a result or an Error per item. When `apply` throws (the batch's
 * transaction failed as a whole and nothing of it was committed), each item is tried again
 * alone, so one bad item costs its neighbours a retry, never their answer.
 */
export type ItemResult<O> = { ok: true; value: O } | { ok: false; error: unknown };

interface Waiting<I, O> {
  item: I;
  resolve: (value: O) => void;
  reject: (error: unknown) => void;
}

export class GroupCommit<I, O> {
  private queue: Waiting<I, O>[] = [];
  private draining = false;

  constructor(
    private readonly apply: (items: I[]) => Promise<ItemResult<O>[]>,
    private readonly maxBatch = 500,
  ) {}

  submit(item: I): Promise<O> {
    return new Promise<O>((resolve, reject) => {
      this.queue.push({ item, resolve, reject });
      if (!this.draining) {
        this.draining = true;
        // Let the requests of the same event-loop turn join the first batch.
        setImmediate(() => void this.drain());
      }
    });
  }

  /** Items waiting for a batch (for metrics and tests). */
  get pending(): number {
    return this.queue.length;
  }

  private async drain(): Promise<void> {
    try {
      while (this.queue.length > 0) {
        const batch = this.queue.splice(0, this.maxBatch);
        await this.run(batch);
      }
    } finally {
      this.draining = false;
    }
  }

  private async run(batch: Waiting<I, O>[]): Promise<void> {
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
      if (!r) w.reject(new Error('group commit: no result for an item'));
      else if (r.ok) w.resolve(r.value);
      else w.reject(r.error);
    });
  }
}
