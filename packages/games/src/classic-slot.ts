import { toReelStop } from './fairness.ts';
import { assertStake } from './money.ts';
import type { FloatSource } from './rng.ts';

/*
 * "Lucky Sevens": a classic 3-reel slot, one pay line (the middle row). Reel stop i = floor(f × 22)
 * for floats 0–2; the line shows strip[stop] on each reel (the rows above and below are only drawn).
 * Pays (× stake, gross): 7 7 7 → 200, BAR3 ×3 → 50, BAR2 ×3 → 25, BAR1 ×3 → 17, any three bars → 5,
 * three cherries → 20, two cherries → 5, one cherry → 2 (cherries count anywhere on the line).
 */
export const CLASSIC_SLOT = {
  strips: [
    [
      '7',
      '-',
      'BAR1',
      '-',
      'CH',
      '-',
      'BAR2',
      '-',
      'BAR1',
      '-',
      'BAR3',
      '-',
      'BAR1',
      '-',
      'CH',
      '-',
      'BAR2',
      '-',
      'BAR1',
      '-',
      'BAR3',
      '-',
    ],
    [
      '7',
      '-',
      'BAR1',
      '-',
      'BAR2',
      '-',
      'CH',
      '-',
      'BAR1',
      '-',
      'BAR3',
      '-',
      'BAR2',
      '-',
      'BAR1',
      '-',
      'CH',
      '-',
      'BAR1',
      '-',
      'BAR2',
      '-',
    ],
    [
      '7',
      '-',
      'BAR1',
      '-',
      'BAR3',
      '-',
      'BAR1',
      '-',
      'CH',
      '-',
      'BAR2',
      '-',
      'BAR1',
      '-',
      'BAR3',
      '-',
      'BAR1',
      '-',
      'BAR2',
      '-',
      'CH',
      '-',
    ],
  ],
  pays: { triple7: 200, bar3: 50, bar2: 25, bar1: 17, anyBar: 5, cherry: [0, 2, 5, 20] },
} as const;
export type ClassicSymbol = '7' | 'BAR1' | 'BAR2' | 'BAR3' | 'CH' | '-';

export function classicLinePay(line: readonly string[]): number {
  const p = CLASSIC_SLOT.pays;
  const cherries = line.filter((s) => s === 'CH').length;
  if (cherries > 0) return p.cherry[cherries]!;
  if (line.every((s) => s === '7')) return p.triple7;
  if (line.every((s) => s === line[0])) {
    if (line[0] === 'BAR3') return p.bar3;
    if (line[0] === 'BAR2') return p.bar2;
    if (line[0] === 'BAR1') return p.bar1;
  }
  if (line.every((s) => s.startsWith('BAR'))) return p.anyBar;
  return 0;
}

export function playClassicSlot(src: FloatSource, bet: { amount: number }) {
  assertStake(bet.amount);
  const stops = CLASSIC_SLOT.strips.map((s, i) => toReelStop(src.float(i), s.length));
  const line = CLASSIC_SLOT.strips.map((s, i) => s[stops[i]!]!);
  const window = CLASSIC_SLOT.strips.map((s, i) =>
    [-1, 0, 1].map((r) => s[(stops[i]! + r + s.length) % s.length]!),
  );
  const multiplier = classicLinePay(line);
  return { outcome: { stops, line, window, multiplier }, stake: bet.amount, payout: bet.amount * multiplier };
}

/** Exact RTP: the full cycle of 22³ stop combinations. */
export function classicSlotRtp(): number {
  const [a, b, c] = CLASSIC_SLOT.strips;
  let sum = 0;
  for (const x of a) for (const y of b) for (const z of c) sum += classicLinePay([x, y, z]);
  return sum / (a.length * b.length * c.length);
}
