import type { BlackjackAction } from './blackjack.ts';

/*
 * Basic strategy for these rules (infinite deck, S17, double any two incl. after split, one split,
 * peek, no surrender), on card values 1 (ace) … 10; and the exact expected return of playing it,
 * computed by recursion over the infinite deck (no simulation).
 */
export type Move = 'H' | 'S' | 'D' | 'Ds' | 'P';

const up = (dealer: number) => (dealer === 1 ? 11 : dealer);

export function basicStrategy(
  values: readonly number[],
  dealer: number,
  canDouble: boolean,
  canSplit: boolean,
): Move {
  const d = up(dealer);
  if (canSplit && values.length === 2 && values[0] === values[1]) {
    const v = values[0]!;
    const split =
      v === 1 ||
      v === 8 ||
      (v === 9 && d !== 7 && d <= 9) ||
      ((v === 7 || v === 2 || v === 3) && d <= 7) ||
      (v === 6 && d <= 6) ||
      (v === 4 && (d === 5 || d === 6));
    if (split) return 'P';
  }
  let t = values.reduce((a, v) => a + v, 0);
  const soft = values.includes(1) && t + 10 <= 21;
  if (soft) t += 10;
  const dbl = (m: Move): Move =>
    m === 'D' ? (canDouble ? 'D' : 'H') : m === 'Ds' ? (canDouble ? 'D' : 'S') : m;
  if (soft) {
    if (t >= 19) return 'S';
    if (t === 18) return dbl(d >= 3 && d <= 6 ? 'Ds' : d <= 8 ? 'S' : 'H');
    if (t === 17) return dbl(d >= 3 && d <= 6 ? 'D' : 'H');
    if (t >= 15) return dbl(d >= 4 && d <= 6 ? 'D' : 'H');
    return dbl(d >= 5 && d <= 6 ? 'D' : 'H');
  }
  if (t >= 17) return 'S';
  if (t >= 13) return d <= 6 ? 'S' : 'H';
  if (t === 12) return d >= 4 && d <= 6 ? 'S' : 'H';
  if (t === 11) return dbl(d <= 10 ? 'D' : 'H');
  if (t === 10) return dbl(d <= 9 ? 'D' : 'H');
  if (t === 9) return dbl(d >= 3 && d <= 6 ? 'D' : 'H');
  return 'H';
}

export function moveToAction(m: Move): BlackjackAction {
  return m === 'H' ? 'hit' : m === 'S' ? 'stand' : m === 'P' ? 'split' : 'double';
}

// Infinite deck: P(value) for 1 … 10.
const P = (v: number) => (v === 10 ? 4 / 13 : 1 / 13);
const VALUES = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10];

function add(t: number, aces: boolean, v: number): { hard: number; aces: boolean } {
  return { hard: t + v, aces: aces || v === 1 };
}
const best = (hard: number, aces: boolean) => (aces && hard + 10 <= 21 ? hard + 10 : hard);

/** Dealer final totals (17–21, 22 = bust) given the up card, conditioned on no dealer blackjack. */
export function dealerDistribution(upCard: number): Map<number, number> {
  const out = new Map<number, number>();
  const rec = (hard: number, aces: boolean, p: number) => {
    const b = best(hard, aces);
    if (b >= 17) {
      const k = b > 21 ? 22 : b;
      out.set(k, (out.get(k) ?? 0) + p);
      return;
    }
    for (const v of VALUES) {
      const n = add(hard, aces, v);
      rec(n.hard, n.aces, p * P(v));
    }
  };
  let norm = 0;
  for (const hole of VALUES) {
    const bj = (upCard === 1 && hole === 10) || (upCard === 10 && hole === 1);
    if (bj) continue;
    norm += P(hole);
    const n = add(upCard, upCard === 1, hole);
    rec(n.hard, n.aces, P(hole));
  }
  for (const [k, p] of out) out.set(k, p / norm);
  return out;
}

/** Exact return per initial unit of basic strategy (insurance never taken). */
export function blackjackBasicStrategyRtp(): number {
  let ev = 0;
  for (const u of VALUES) {
    const dist = dealerDistribution(u);
    const standEv = (t: number) => {
      if (t > 21) return -1;
      let e = 0;
      for (const [d, p] of dist) e += p * (d > 21 || t > d ? 1 : t === d ? 0 : -1);
      return e;
    };
    // EV of a hand with these values, playing on (no double / split once it has 3 cards).
    const memo = new Map<string, number>();
    const play = (values: number[], canDouble: boolean, canSplit: boolean, splitAce: boolean): number => {
      const hard = values.reduce((a, v) => a + v, 0);
      const aces = values.includes(1);
      const t = best(hard, aces);
      if (t > 21) return -1;
      if (splitAce && values.length === 2) return standEv(t);
      if (t === 21) return standEv(21);
      const key = values.length > 2 || !canDouble ? `${hard}|${aces}|3` : `${values.join(',')}|${canSplit}`;
      const known = memo.get(key);
      if (known !== undefined) return known;
      const m = basicStrategy(values, u, canDouble, canSplit);
      let e: number;
      if (m === 'S') e = standEv(t);
      else if (m === 'D') {
        e = 0;
        for (const v of VALUES)
          e +=
            P(v) * 2 * standEv(best(hard + v, aces || v === 1) > 21 ? 22 : best(hard + v, aces || v === 1));
      } else if (m === 'P') {
        const c = values[0]!;
        e = 0;
        for (const v of VALUES) e += P(v) * play([c, v], true, false, c === 1);
        e *= 2;
      } else {
        e = 0;
        for (const v of VALUES) e += P(v) * play([...values, v], false, false, false);
      }
      memo.set(key, e);
      return e;
    };
    const dealerBj = u === 1 ? P(10) : u === 10 ? P(1) : 0;
    let evU = 0;
    for (const a of VALUES)
      for (const b of VALUES) {
        const pp = P(a) * P(b);
        const playerBj = (a === 1 && b === 10) || (a === 10 && b === 1);
        const withBj = playerBj ? 0 : -1;
        const noBj = playerBj ? 1.5 : play([a, b], true, true, false);
        evU += pp * (dealerBj * withBj + (1 - dealerBj) * noBj);
      }
    ev += P(u) * evU;
  }
  return 1 + ev;
}
