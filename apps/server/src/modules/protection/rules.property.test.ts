import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { change, EMPTY, inForce, type LimitState, lowest } from './rules.ts';

const HOUR = 3_600_000;
const COOLING = 24 * HOUR;

/** A player's requests at increasing times: a value (paisa) or null (remove). */
const requests = fc.array(
  fc.record({
    gapMs: fc.integer({ min: 0, max: 48 * HOUR }),
    value: fc.option(fc.bigInt({ min: 1n, max: 1_000_000n }), { nil: null }),
  }),
  { minLength: 1, maxLength: 12 },
);

describe('limit cooling-off (property)', () => {
  it('the limit in force never rises (or disappears) within 24 h of asking; a decrease applies at once', () => {
    fc.assert(
      fc.property(requests, fc.integer({ min: 0, max: 72 * HOUR }), (reqs, probeGap) => {
        let s: LimitState = EMPTY;
        let at = Date.UTC(2026, 0, 1);
        // The strictest value the player has asked for in the last 24 h bounds what may be in force.
        const history: Array<{ at: number; before: bigint | null }> = [];
        for (const r of reqs) {
          at += r.gapMs;
          const now = new Date(at);
          const before = inForce(s, now);
          s = change(s, r.value, now, COOLING);
          const after = inForce(s, now);
          history.push({ at, before });
          // Lower (or first) limit: in force at once.
          if (r.value !== null && (before === null || r.value <= before)) expect(after).toBe(r.value);
          // Raise or removal: nothing changes now.
          else expect(after).toBe(before);
        }
        const probe = at + probeGap;
        const value = inForce(s, new Date(probe));
        // Whatever was in force at a request less than 24 h ago is still a ceiling now.
        for (const h of history) {
          if (probe - h.at < COOLING && h.before !== null) {
            expect(value).not.toBeNull();
            expect(value! <= h.before).toBe(true);
          }
        }
      }),
      { numRuns: 500 },
    );
  });

  it('the lowest applicable limit binds', () => {
    fc.assert(
      fc.property(fc.array(fc.option(fc.bigInt({ min: 1n, max: 10_000n }), { nil: null })), (vals) => {
        const low = lowest(vals);
        const set = vals.filter((v): v is bigint => v !== null);
        if (set.length === 0) expect(low).toBeNull();
        else {
          for (const v of set) expect(low! <= v).toBe(true);
          expect(set).toContain(low);
        }
      }),
    );
  });
});
