import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { GroupCommit, type ItemResult } from './group-commit.ts';

describe('group commit', () => {
  it('requests of one turn go in one batch; each caller gets its own answer', async () => {
    const batches: number[][] = [];
    const q = new GroupCommit<number, number>(async (items) => {
      batches.push(items);
      return items.map((i) =>
        i % 3 === 0 ? { ok: false, error: new Error(`bad ${i}`) } : { ok: true, value: i * 10 },
      );
    });
    const results = await Promise.allSettled([1, 2, 3, 4].map((i) => q.submit(i)));
    expect(batches).toEqual([[1, 2, 3, 4]]);
    expect(results.map((r) => (r.status === 'fulfilled' ? r.value : (r.reason as Error).message))).toEqual([
      10,
      20,
      'bad 3',
      40,
    ]);
  });

  it('one batch at a time, in arrival order; what arrives meanwhile waits for the next', async () => {
    const batches: number[][] = [];
    let running = 0;
    const q = new GroupCommit<number, number>(async (items) => {
      running++;
      expect(running).toBe(1);
      batches.push(items);
      await new Promise((r) => setTimeout(r, 5));
      running--;
      return items.map((value) => ({ ok: true, value }));
    }, 3);
    const first = [1, 2, 3, 4, 5].map((i) => q.submit(i));
    await new Promise((r) => setTimeout(r, 1));
    const later = [6, 7].map((i) => q.submit(i));
    expect(await Promise.all([...first, ...later])).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(batches.flat()).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(Math.max(...batches.map((b) => b.length))).toBeLessThanOrEqual(3);
  });

  it('a batch that fails as a whole is retried item by item: only the bad item fails', async () => {
    const calls: number[][] = [];
    const q = new GroupCommit<number, number>(async (items) => {
      calls.push(items);
      if (items.includes(13)) throw new Error('transaction aborted');
      return items.map((value) => ({ ok: true, value }));
    });
    const results = await Promise.allSettled([11, 12, 13, 14].map((i) => q.submit(i)));
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'fulfilled', 'rejected', 'fulfilled']);
    expect(calls).toEqual([[11, 12, 13, 14], [11], [12], [13], [14]]);
  });

  it('an idle queue waits windowMs for company; a full batch goes at once', async () => {
    const batches: number[][] = [];
    const q = new GroupCommit<number, number>(
      async (items) => {
        batches.push(items);
        return items.map((value) => ({ ok: true, value }));
      },
      { maxBatch: 3, windowMs: 20 },
    );
    const a = q.submit(1);
    await new Promise((r) => setTimeout(r, 5));
    const b = q.submit(2);
    expect(batches).toEqual([]);
    expect(await Promise.all([a, b])).toEqual([1, 2]);
    expect(batches).toEqual([[1, 2]]);
    const started = Date.now();
    await Promise.all([4, 5, 6].map((i) => q.submit(i)));
    expect(batches[1]).toEqual([4, 5, 6]);
    expect(Date.now() - started).toBeLessThan(20);
  });

  it('exclusive work runs alone, between the items queued before and after it', async () => {
    const log: string[] = [];
    const q = new GroupCommit<number, number>(async (items) => {
      log.push(`batch ${items.join(',')}`);
      return items.map((value) => ({ ok: true, value }));
    });
    const all = [
      q.submit(1),
      q.submit(2),
      q.exclusive(async () => {
        log.push('solo');
        return 0;
      }),
      q.submit(3),
    ];
    const failed = q.exclusive(async () => {
      throw new Error('solo failed');
    });
    await expect(failed).rejects.toThrow('solo failed');
    expect(await Promise.all(all)).toEqual([1, 2, 0, 3]);
    expect(log).toEqual(['batch 1,2', 'solo', 'batch 3']);
  });

  it('property: every submitted item is answered exactly once, with its own result', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.tuple(fc.integer({ min: 0, max: 1000 }), fc.nat(3)), { maxLength: 60 }),
        fc.integer({ min: 1, max: 10 }),
        async (items, maxBatch) => {
          const seen = new Map<number, number>();
          const q = new GroupCommit<number, number>(async (batch) => {
            if (batch.length > 1 && batch.some((i) => i % 97 === 0)) throw new Error('whole batch');
            return batch.map((i): ItemResult<number> => {
              seen.set(i, (seen.get(i) ?? 0) + 1);
              return i % 5 === 0 ? { ok: false, error: i } : { ok: true, value: -i };
            });
          }, maxBatch);
          const promises: Promise<number>[] = [];
          for (const [i, pause] of items) {
            const p = q.submit(i);
            p.catch(() => undefined); // judged below; not an unhandled rejection meanwhile
            promises.push(p);
            if (pause === 0) await new Promise((r) => setImmediate(r));
          }
          const results = await Promise.allSettled(promises);
          results.forEach((r, k) => {
            const i = items[k]![0];
            if (i % 5 === 0) expect(r).toEqual({ status: 'rejected', reason: i });
            else expect(r).toEqual({ status: 'fulfilled', value: -i });
          });
          expect(q.pending).toBe(0);
        },
      ),
      { numRuns: 100 },
    );
  });
});
