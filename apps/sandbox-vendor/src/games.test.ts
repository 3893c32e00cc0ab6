import { describe, expect, it } from 'vitest';
import { fixtureById, openFixtures, resultOf } from './events.ts';
import { dealBaccarat, handScore, spinSlot, toAmount, toPaisa } from './games.ts';

/** A random source that answers the given values in order (then 0). */
const seq =
  (...v: number[]) =>
  () =>
    v.shift() ?? 0;
/** The float that draws rank r (1..13) in suit 0. */
const rank = (r: number) => (r - 1) / 13 + 0.001;

describe('sandbox vendor games', () => {
  it('converts money exactly', () => {
    expect(toPaisa('12.3')).toBe(1230);
    expect(toPaisa('0.05')).toBe(5);
    expect(toAmount(1230)).toBe('12.30');
    expect(toAmount(5)).toBe('0.05');
  });

  it('baccarat follows the third-card rule and pays tie pushes', () => {
    // Player 2+3=5 draws a 4; banker 3+3=6 stands on a player third card of 4.
    const r = dealBaccarat('banker', 1000, seq(rank(2), 0, rank(3), 0, rank(3), 0, rank(3), 0, rank(4), 0));
    expect(r.player).toHaveLength(3);
    expect(r.banker).toHaveLength(2);
    expect([r.playerValue, r.bankerValue, r.result, r.payout]).toEqual([9, 6, 'player', 0]);
    // A natural tie (9 v 9) returns a banker bet.
    const tie = dealBaccarat('banker', 1000, seq(rank(4), 0, rank(5), 0, rank(9), 0, rank(10), 0));
    expect([tie.result, tie.payout]).toEqual(['tie', 1000]);
  });

  it('ranks three-card hands: trail > straight flush > straight > flush > pair > high card', () => {
    const c = (rank: number, suit = 0) => ({ rank, suit });
    const hands = [
      [c(2), c(2, 1), c(2, 2)],
      [c(4), c(5), c(6)],
      [c(4), c(5, 1), c(6)],
      [c(2), c(9), c(13)],
      [c(1, 1), c(1, 2), c(3)],
      [c(1), c(13, 1), c(11)],
    ];
    const scores = hands.map(handScore);
    expect([...scores].sort((a, b) => b - a)).toEqual(scores);
  });

  it('pays the slot line from the reels it shows', () => {
    const r = spinSlot(100, () => 0.99); // every symbol a seven
    expect(r.line).toEqual(['seven', 'seven', 'seven']);
    expect(r.payout).toBe(10_000);
  });

  it('rebuilds fixtures from their id and settles them by the seed', () => {
    const [f] = openFixtures('sports', 1_000_000);
    expect(f!.startsAt).toBeGreaterThan(1_000_000);
    expect(fixtureById(f!.id)).toEqual(f);
    expect(fixtureById('sports-1-0')).toBeUndefined();
    expect(resultOf(f!, 'seed')).toEqual(resultOf(f!, 'seed'));
  });
});
