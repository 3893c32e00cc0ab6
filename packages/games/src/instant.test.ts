import { describe, expect, it } from 'vitest';
import { buildChain, crashPayout, crashPointHundredths, verifyChainHash } from './crash.ts';
import { diceMultiplier, diceRtp, playDice } from './dice.ts';
import { GameRuleError } from './money.ts';
import { fixedFloats } from './rng.ts';

const rollFloat = (hundredths: number) => (hundredths + 0.5) / 10001;

describe('dice', () => {
  it('rounds the multiplier down to 4 decimals and the payout down to paisa', () => {
    expect(diceMultiplier(5050, 'over')).toBe(20000); // 99 / 49.5 = 2
    expect(diceMultiplier(3300, 'under')).toBe(30000); // 99 / 33 = 3
    expect(diceMultiplier(9000, 'over')).toBe(99000); // 99 / 10 = 9.9
    expect(diceMultiplier(7000, 'under')).toBe(14142); // 99 / 70 = 1.414285… → 1.4142
    expect(diceMultiplier(1, 'under')).toBe(99_000_000); // 0.01 % → 9900×
    const r = playDice(fixedFloats([rollFloat(6999)]), { amount: 333, target: 70, direction: 'under' });
    expect(r.outcome).toEqual({ roll: 69.99, win: true, multiplier: 14142 / 10000 });
    expect(r.payout).toBe(470); // 333 × 1.4142 = 470.93 → 470
  });
  it('over wins strictly above the target, under strictly below', () => {
    const play = (roll: number, direction: 'over' | 'under') =>
      playDice(fixedFloats([rollFloat(roll)]), { amount: 100, target: 50.5, direction }).payout;
    expect(play(5051, 'over')).toBe(200);
    expect(play(5050, 'over')).toBe(0);
    expect(play(5049, 'under')).toBe(196); // 99 / 50.5 = 1.960396 → 1.9603
    expect(play(5050, 'under')).toBe(0);
    expect(play(10000, 'over')).toBe(200);
  });
  it('refuses targets outside 0.01–99.99 or with more than two decimals', () => {
    for (const target of [0, 100, 50.555, -1, Number.NaN]) {
      expect(() => playDice(fixedFloats([0.5]), { amount: 1, target, direction: 'over' })).toThrow(
        GameRuleError,
      );
    }
  });
  it('exact RTP stays under 99 % × 10000/10001', () => {
    expect(diceRtp(50.5, 'over')).toBeCloseTo((4950 / 10001) * 2, 12);
    for (const t of [0.01, 1, 33.33, 50, 98.99, 99.99]) expect(diceRtp(t, 'under')).toBeLessThanOrEqual(0.99);
  });
});

describe('crash', () => {
  const h = (first13: string) => first13 + '0'.repeat(51);
  it('maps the first 52 bits to floor(99 × 2^52 / (2^52 − h)) / 100, lifted to 1.00', () => {
    expect(crashPointHundredths(h('8000000000000'))).toBe(198); // h = e/2 → 1.98
    expect(crashPointHundredths(h('0000000000000'))).toBe(100); // 0.99 → instant bust at 1.00
    expect(crashPointHundredths(h('c000000000000'))).toBe(396); // h = 3e/4 → 3.96
    expect(crashPointHundredths(h('fffffffffffff'))).toBe(99 * 2 ** 52);
  });
  it('pays cash-outs at the target when the point reaches it, never on a 1.00 bust', () => {
    expect(crashPayout(1000, 150, 198)).toBe(1500);
    expect(crashPayout(1000, 198, 198)).toBe(1980);
    expect(crashPayout(1000, 199, 198)).toBe(0);
    expect(crashPayout(1000, 100, 100)).toBe(0);
  });
  it('a revealed hash chains to the published terminating hash', () => {
    const chain = buildChain('ab'.repeat(32), 5);
    // h_4 = sha256(h_5), the terminating hash is h_0
    expect(verifyChainHash(chain[3]!, chain[0]!)).toBe(3);
    expect(verifyChainHash(chain[5]!, chain[0]!)).toBe(5);
    expect(verifyChainHash('cd'.repeat(32), chain[0]!, 100)).toBeNull();
  });
  it('a salt changes the round hash', () => {
    const hash = 'ab'.repeat(32);
    expect(crashPointHundredths(hash, 'salt-1')).not.toBe(crashPointHundredths(hash, 'salt-2'));
  });
});
