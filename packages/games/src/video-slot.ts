import { toReelStop } from './fairness.ts';
import { assertStake, GameRuleError } from './money.ts';
import type { FloatSource } from './rng.ts';
import { VIDEO_SLOT } from './video-slot-data.ts';

/*
 * "Himalayan Fortune": 5 reels × 3 rows, 20 fixed lines. Reel stop i = floor(f × strip length),
 * floats 0–4 for reels 1–5; row r of reel i shows strip[(stop + r) mod length].
 * Lines pay left to right from reel 1 (line bet × paytable); W (wild) stands for every symbol but
 * the scatter and pays on its own; a line pays its best reading only. S (scatter) pays anywhere
 * (total bet × 2 / 10 / 50 for 3 / 4 / 5) and 3 or more start 10 free spins on the same strips,
 * every free-spin win × 2 (freeSpinMultiplier), retriggering (+10) inside the feature. The whole feature is played in
 * the same round, 5 floats per spin in order, capped at FREE_SPIN_CAP spins.
 * Total bet = 20 × line bet, so it must be a multiple of 20 paisa; all multipliers are integers,
 * so every payout is exact.
 */
export type VideoSymbol = (typeof VIDEO_SLOT.symbols)[number];
export const FREE_SPIN_CAP = 500;

export function videoWindow(stops: readonly number[]): VideoSymbol[][] {
  return VIDEO_SLOT.strips.map((strip, i) => [0, 1, 2].map((r) => strip[(stops[i]! + r) % strip.length]!));
}

/** Pay of one line (in line bets) for the five symbols along it. */
export function linePay(symbols: readonly VideoSymbol[]): number {
  const pays = VIDEO_SLOT.pays as Readonly<Record<string, readonly number[]>>;
  if (symbols[0] === 'S') return 0;
  let wilds = 0;
  while (wilds < 5 && symbols[wilds] === 'W') wilds++;
  const wildPay = wilds >= 3 ? pays.W![wilds - 3]! : 0;
  if (wilds === 5) return wildPay;
  const base = symbols[wilds]!;
  if (base === 'S') return wildPay;
  let run = wilds;
  while (run < 5 && (symbols[run] === base || symbols[run] === 'W')) run++;
  const basePay = run >= 3 ? pays[base]![run - 3]! : 0;
  return Math.max(basePay, wildPay);
}

export interface VideoSpin {
  stops: number[];
  window: VideoSymbol[][];
  lineWins: { line: number; pay: number }[];
  scatters: number;
  /** Win of this spin in line bets (before the free-spin multiplier). */
  lineBets: number;
}

function spinOnce(src: FloatSource, first: number): VideoSpin {
  const stops = VIDEO_SLOT.strips.map((s, i) => toReelStop(src.float(first + i), s.length));
  const window = videoWindow(stops);
  const lineWins: { line: number; pay: number }[] = [];
  VIDEO_SLOT.lines.forEach((rows, line) => {
    const pay = linePay(rows.map((r, reel) => window[reel]![r]!));
    if (pay > 0) lineWins.push({ line: line + 1, pay });
  });
  const scatters = window.flat().filter((s) => s === 'S').length;
  const scatterPay = VIDEO_SLOT.scatterPays[Math.min(scatters, 5)] ?? 0;
  const lineBets = lineWins.reduce((a, w) => a + w.pay, 0) + scatterPay * VIDEO_SLOT.lines.length;
  return { stops, window, lineWins, scatters, lineBets };
}

export function playVideoSlot(src: FloatSource, bet: { amount: number }) {
  assertStake(bet.amount);
  const lines = VIDEO_SLOT.lines.length;
  if (bet.amount % lines !== 0)
    throw new GameRuleError('INVALID_AMOUNT', `the total bet must be a multiple of ${lines} paisa`);
  const lineBet = bet.amount / lines;
  let cursor = 0;
  const base = spinOnce(src, cursor);
  cursor += 5;
  let payout = base.lineBets * lineBet;
  const freeSpins: VideoSpin[] = [];
  let left = base.scatters >= 3 ? VIDEO_SLOT.freeSpins : 0;
  while (left > 0 && freeSpins.length < FREE_SPIN_CAP) {
    const s = spinOnce(src, cursor);
    cursor += 5;
    freeSpins.push(s);
    payout += s.lineBets * lineBet * VIDEO_SLOT.freeSpinMultiplier;
    left--;
    if (s.scatters >= 3) left += VIDEO_SLOT.freeSpins;
  }
  return { outcome: { base, freeSpins }, stake: bet.amount, payout };
}

/**
 * Exact RTP from the strips. Every line sees each reel through a uniformly random stop, so every
 * line has the same win distribution: the line part is the paytable averaged over all symbol
 * combinations weighted by their counts on the strips (same as enumerating every stop combination,
 * without the 20× repetition). Scatters: the distribution of visible scatters per reel over its
 * stops, convolved over the reels. Free spins: a free spin is worth F = m × W + p × n × F
 * (W = line + scatter return of a spin, p = P(≥ 3 scatters), n = spins awarded, m = multiplier),
 * so F = m W / (1 − p n) and RTP = W + p × n × F. The cap changes this by less than (p n)^cap.
 */
export function videoSlotExact() {
  const strips = VIDEO_SLOT.strips;
  const freq = strips.map((strip) => {
    const m = new Map<VideoSymbol, number>();
    for (const s of strip) m.set(s, (m.get(s) ?? 0) + 1 / strip.length);
    return [...m.entries()];
  });
  let line = 0;
  const rec = (reel: number, syms: VideoSymbol[], p: number) => {
    if (reel === 5) {
      line += p * linePay(syms);
      return;
    }
    for (const [s, q] of freq[reel]!) rec(reel + 1, [...syms, s], p * q);
  };
  rec(0, [], 1);
  let dist = [1];
  for (const strip of strips) {
    const per = [0, 0, 0, 0];
    for (let stop = 0; stop < strip.length; stop++) {
      let k = 0;
      for (let r = 0; r < 3; r++) if (strip[(stop + r) % strip.length] === 'S') k++;
      per[k]! += 1 / strip.length;
    }
    const next = new Array<number>(dist.length + 3).fill(0);
    dist.forEach((a, i) => {
      per.forEach((b, j) => {
        next[i + j]! += a * b;
      });
    });
    dist = next;
  }
  let scatter = 0;
  let trigger = 0;
  dist.forEach((p, k) => {
    scatter += p * (VIDEO_SLOT.scatterPays[Math.min(k, 5)] ?? 0);
    if (k >= 3) trigger += p;
  });
  const w = line + scatter;
  const n = VIDEO_SLOT.freeSpins;
  const freeSpinValue = (VIDEO_SLOT.freeSpinMultiplier * w) / (1 - trigger * n);
  const rtp = w + trigger * n * freeSpinValue;
  return { line, scatter, trigger, freeSpinValue, featureShare: (trigger * n * freeSpinValue) / rtp, rtp };
}
