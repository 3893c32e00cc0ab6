import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { deadlineOf, percentOf, qualify, type ReferralRule } from './qualify.ts';

const DAY = 86_400_000;
const joinedAt = new Date('2026-11-01T00:00:00Z');
const rule = fc.record({
  minDeposit: fc.bigInt({ min: 0n, max: 10_000_000n }),
  minTurnover: fc.bigInt({ min: 0n, max: 10_000_000n }),
  withinDays: fc.integer({ min: 1, max: 60 }),
});
const deposit = fc.option(
  fc.record({
    amount: fc.bigInt({ min: 1n, max: 20_000_000n }),
    afterMs: fc.integer({ min: 0, max: 90 * DAY }),
  }),
  { nil: null },
);

describe('referral qualification (property)', () => {
  it('qualifies exactly when the first deposit (inside the window) and the turnover both reach the rule', () => {
    fc.assert(
      fc.property(
        rule,
        deposit,
        fc.bigInt({ min: 0n, max: 20_000_000n }),
        fc.integer({ min: 0, max: 120 * DAY }),
        (r: ReferralRule, d, turnover, nowMs) => {
          const firstDeposit = d
            ? { amount: d.amount, approvedAt: new Date(joinedAt.getTime() + d.afterMs) }
            : null;
          const now = new Date(joinedAt.getTime() + nowMs);
          const q = qualify(r, { joinedAt, firstDeposit, turnover }, now);
          const deadline = deadlineOf(joinedAt, r.withinDays);
          const depositOk = !!d && d.afterMs < r.withinDays * DAY && d.amount >= r.minDeposit;
          const met = depositOk && turnover >= r.minTurnover;
          expect(q.status === 'qualified').toBe(met);
          if (!met) expect(q.status).toBe(now >= deadline ? 'expired' : 'process');
          // Progress bars stay within 0..100 and show full exactly when a leg is met.
          for (const p of [q.depositPercent, q.turnoverPercent]) expect(p >= 0 && p <= 100).toBe(true);
          expect(q.turnoverPercent === 100).toBe(turnover >= r.minTurnover);
          if (depositOk) expect(q.depositPercent).toBe(100);
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('is monotone: more turnover or a bigger first deposit never takes a qualification away', () => {
    fc.assert(
      fc.property(
        rule,
        deposit,
        fc.bigInt({ min: 0n, max: 5_000_000n }),
        fc.bigInt({ min: 0n, max: 5_000_000n }),
        (r, d, t, extra) => {
          const firstDeposit = d
            ? { amount: d.amount, approvedAt: new Date(joinedAt.getTime() + d.afterMs) }
            : null;
          const now = new Date(joinedAt.getTime() + 200 * DAY);
          const before = qualify(r, { joinedAt, firstDeposit, turnover: t }, now);
          const more = qualify(
            r,
            {
              joinedAt,
              firstDeposit: firstDeposit && { ...firstDeposit, amount: firstDeposit.amount + extra },
              turnover: t + extra,
            },
            now,
          );
          if (before.status === 'qualified') expect(more.status).toBe('qualified');
          expect(more.turnoverPercent).toBeGreaterThanOrEqual(before.turnoverPercent);
        },
      ),
      { numRuns: 1000 },
    );
  });

  it('percentOf rounds down and never reaches 100 below the target', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 0n, max: 10n ** 12n }),
        fc.bigInt({ min: 1n, max: 10n ** 12n }),
        (v, target) => {
          const p = percentOf(v, target);
          expect(p).toBe(v >= target ? 100 : Number((v * 100n) / target));
          if (v < target) expect(p).toBeLessThan(100);
        },
      ),
    );
  });
});
