import { prizeProbability, prizeTableInputSchema } from '@wps/contract';
import { bytesToFloat, fairFloats } from '@wps/games';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { StoredPrize } from './schema.ts';
import { drawTicket, pickFromFloat } from './ticket-math.ts';

const TWO32 = 2 ** 32;
const table = (weights: number[]): StoredPrize[] =>
  weights.map((weight, i) => ({
    type: 'cash',
    label: `p${i}`,
    amount: String(100 * (i + 1)),
    points: null,
    wageringMultiplier: 0,
    weight,
  }));

/** The prize whose cumulative weight range [from, to) holds bucket x. */
function owner(weights: number[], x: number): number {
  let acc = 0;
  for (let i = 0; i < weights.length; i++) {
    acc += weights[i]!;
    if (x < acc) return i;
  }
  throw new Error('bucket past the total');
}

describe('ticket draw: the pick follows the weights', () => {
  it('every float is one of the 2^32 values b / 2^32 the construction makes', () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 4, maxLength: 4 }), (b) => {
        const f = bytesToFloat(b[0]!, b[1]!, b[2]!, b[3]!);
        const n = ((b[0]! * 256 + b[1]!) * 256 + b[2]!) * 256 + b[3]!;
        expect(f).toBe(n / TWO32);
      }),
    );
  });

  it('exact enumeration: each prize gets exactly the floats of its buckets, within one float per bucket of weight / total', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 1, max: 500 }), { minLength: 2, maxLength: 12 }), (weights) => {
        const prizes = table(weights);
        const total = weights.reduce((a, w) => a + w, 0);
        const T = BigInt(total);
        const counts = weights.map(() => 0n);
        for (let x = 0; x < total; x++) {
          // The floats b / 2^32 with floor(b × total / 2^32) = x are b in [ceil(x·2^32/T), ceil((x+1)·2^32/T)).
          const first = (BigInt(x) * 2n ** 32n + T - 1n) / T;
          const end = (BigInt(x + 1) * 2n ** 32n + T - 1n) / T;
          const want = owner(weights, x);
          // Both ends of the bucket land on its owner, so every float in between does too.
          expect(pickFromFloat(Number(first) / TWO32, prizes).index).toBe(want);
          expect(pickFromFloat(Number(end - 1n) / TWO32, prizes).index).toBe(want);
          if (x > 0)
            expect(pickFromFloat(Number(first - 1n) / TWO32, prizes).index).toBe(owner(weights, x - 1));
          counts[want]! += end - first;
        }
        expect(counts.reduce((a, c) => a + c, 0n)).toBe(2n ** 32n);
        weights.forEach((w, i) => {
          // count_i / 2^32 differs from w / total by less than w floats (one per bucket).
          const diff = counts[i]! * T - BigInt(w) * 2n ** 32n;
          expect(diff < 0n ? -diff : diff).toBeLessThan(BigInt(w) * T);
        });
      }),
      { numRuns: 20 },
    );
  });

  it('the largest float and zero map to the last and first prize', () => {
    const prizes = table([3, 1, 6]);
    expect(pickFromFloat(0, prizes).index).toBe(0);
    expect(pickFromFloat((TWO32 - 1) / TWO32, prizes).index).toBe(2);
  });

  it('chi-square: 20 000 HMAC draws follow the weights 50/30/15/5 (fixed seeds, df 3, p = 0.001)', () => {
    const weights = [50, 30, 15, 5];
    const prizes = table(weights);
    const seeds = { serverSeed: 'a'.repeat(64), clientSeed: 'tickets-chi-square', nonce: 0 };
    const n = 20_000;
    const seen = [0, 0, 0, 0];
    for (let nonce = 0; nonce < n; nonce++) seen[drawTicket({ ...seeds, nonce }, prizes).index]!++;
    const chi = weights.reduce((a, w, i) => {
      const e = (n * w) / 100;
      return a + (seen[i]! - e) ** 2 / e;
    }, 0);
    expect(chi).toBeLessThan(16.27);
  });

  it('the draw is float 0 of the in-house construction at the nonce (what /verify recomputes)', () => {
    const seeds = { serverSeed: 'b'.repeat(64), clientSeed: 'c', nonce: 7 };
    const prizes = table([1, 1, 1, 1, 1, 1]);
    const f = fairFloats(seeds.serverSeed, seeds.clientSeed, seeds.nonce).float(0);
    const d = drawTicket(seeds, prizes);
    expect(d.float).toBe(f);
    expect(d.bucket).toBe(Math.floor(f * 6));
    expect(d.index).toBe(d.bucket);
  });
});

describe('prize tables: validation and the odds shown', () => {
  const prize = (over: Record<string, unknown> = {}) => ({
    type: 'cash',
    amount: '1.00',
    weight: 1,
    ...over,
  });

  it('refuses weights below 1, a money prize without amount, points without points, totals past 1 000 000', () => {
    expect(prizeTableInputSchema.safeParse({ prizes: [prize(), prize({ weight: 0 })] }).success).toBe(false);
    expect(prizeTableInputSchema.safeParse({ prizes: [prize(), prize({ amount: null })] }).success).toBe(
      false,
    );
    expect(prizeTableInputSchema.safeParse({ prizes: [prize(), prize({ amount: '0.00' })] }).success).toBe(
      false,
    );
    expect(
      prizeTableInputSchema.safeParse({ prizes: [prize(), { type: 'points', weight: 1 }] }).success,
    ).toBe(false);
    expect(
      prizeTableInputSchema.safeParse({ prizes: [prize({ weight: 600_000 }), prize({ weight: 400_001 })] })
        .success,
    ).toBe(false);
    expect(prizeTableInputSchema.safeParse({ prizes: [prize()] }).success).toBe(false);
    expect(
      prizeTableInputSchema.safeParse({ prizes: [prize(), { type: 'nothing', weight: 3 }] }).success,
    ).toBe(true);
  });

  it('probabilities are weight / total in percent, rounded half up to hundredths', () => {
    expect(prizeProbability(1, 3)).toBe('33.33');
    expect(prizeProbability(2, 3)).toBe('66.67');
    expect(prizeProbability(5, 100)).toBe('5.00');
    expect(prizeProbability(1, 8)).toBe('12.50');
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 1_000_000 }),
        fc.integer({ min: 1, max: 1_000_000 }),
        (w, extra) => {
          const total = w + extra;
          const shown = Math.round(Number(prizeProbability(w, total)) * 100);
          expect(Math.abs(shown - (w * 10_000) / total)).toBeLessThanOrEqual(0.5);
        },
      ),
    );
  });
});
