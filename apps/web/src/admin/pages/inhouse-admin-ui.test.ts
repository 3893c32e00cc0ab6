import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkLimits, margin, totalOf } from './inhouse-admin-ui.ts';

const row = (game: string, rounds: number, stake: string, payout: string, ggr: string) => ({
  game,
  rounds,
  stake,
  payout,
  ggr,
});

describe('GGR per game', () => {
  it('sums rows in paisa, negative GGR included', () => {
    expect(
      totalOf([row('dice', 3, '0.10', '0.30', '-0.20'), row('keno', 2, '0.20', '0.00', '0.20')]),
    ).toEqual(row('total', 5, '0.30', '0.30', '0.00'));
  });

  it('property: the total GGR is the total stake less the total payout, to the paisa', () => {
    const paisa = fc.bigInt({ min: 0n, max: 10_000_000_000n });
    const money = (p: bigint) =>
      `${p < 0n ? '-' : ''}${(p < 0n ? -p : p) / 100n}.${String((p < 0n ? -p : p) % 100n).padStart(2, '0')}`;
    fc.assert(
      fc.property(fc.array(fc.tuple(paisa, paisa), { maxLength: 12 }), (pairs) => {
        const rows = pairs.map(([s, p], i) => row(`g${i}`, 1, money(s), money(p), money(s - p)));
        const total = totalOf(rows);
        const stake = pairs.reduce((a, [s]) => a + s, 0n);
        const payout = pairs.reduce((a, [, p]) => a + p, 0n);
        expect(total).toEqual(row('total', pairs.length, money(stake), money(payout), money(stake - payout)));
      }),
    );
  });

  it('shows the hold as GGR over stake, and a dash when nothing was staked', () => {
    expect(margin({ stake: '200.00', ggr: '5.00' })).toBe('2.50 %');
    expect(margin({ stake: '200.00', ggr: '-1.00' })).toBe('-0.50 %');
    expect(margin({ stake: '0.00', ggr: '0.00' })).toBe('—');
  });
});

describe('limits typed by the operator', () => {
  const current = { minBet: '1.00', maxBet: '5000.00', maxPayout: '100000.00' };

  it('writes the amounts the way the server does, so only real changes are restated', () => {
    expect(checkLimits({ ...current, maxBet: '20' }, current)).toEqual({
      next: { ...current, maxBet: '20.00' },
    });
    expect(checkLimits({ minBet: '1', maxBet: '5000.0', maxPayout: '100000' }, current)).toEqual({
      errors: { minBet: 'unchanged' },
    });
  });

  it('refuses zero, negative, malformed or too large amounts and a max bet below the min bet', () => {
    for (const bad of ['0', '-1', '1.234', 'abc', '', '1000000000.01', '01'])
      expect(checkLimits({ ...current, maxPayout: bad }, current)).toEqual({
        errors: { maxPayout: 'amountInvalid' },
      });
    expect(checkLimits({ ...current, minBet: '10', maxBet: '9.99' }, current)).toEqual({
      errors: { maxBet: 'maxBelowMin' },
    });
  });
});
