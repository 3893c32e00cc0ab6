import { describe, expect, it } from 'vitest';
import { baccaratBetRtp } from './baccarat.ts';
import { blackjackBasicStrategyRtp } from './blackjack-strategy.ts';
import { CLASSIC_SLOT, classicLinePay, classicSlotRtp, playClassicSlot } from './classic-slot.ts';
import { diceRtp } from './dice.ts';
import { FAIRNESS_PAGE } from './fairness-text.ts';
import { kenoRtp } from './keno.ts';
import { GAMES, GAMES_BY_ID } from './meta.ts';
import { GameRuleError } from './money.ts';
import { PLINKO_RISKS, plinkoRtp } from './plinko.ts';
import { fixedFloats } from './rng.ts';
import { sicBoBetRtp } from './sicbo.ts';
import { linePay, playVideoSlot, VIDEO_SLOT, videoSlotExact, videoWindow } from './index.ts';

const stopFloat = (stop: number, len: number) => (stop + 0.5) / len;

describe('video slot', () => {
  it('reads lines left to right with wilds substituting and paying on their own', () => {
    const P = VIDEO_SLOT.pays;
    expect(linePay(['TIGER', 'TIGER', 'TIGER', 'K', 'K'])).toBe(P.TIGER[0]);
    expect(linePay(['W', 'TIGER', 'W', 'TIGER', 'K'])).toBe(P.TIGER[1]);
    expect(linePay(['W', 'W', 'W', 'T', 'Q'])).toBe(Math.max(P.W[0], P.T[1]));
    expect(linePay(['W', 'W', 'W', 'W', 'W'])).toBe(P.W[2]);
    expect(linePay(['K', 'K', 'S', 'K', 'K'])).toBe(0);
    expect(linePay(['S', 'S', 'S', 'K', 'K'])).toBe(0);
    expect(linePay(['Q', 'K', 'Q', 'Q', 'Q'])).toBe(0);
    expect(linePay(['W', 'W', 'S', 'A', 'A'])).toBe(0);
  });

  it('plays a base spin from five floats and scores all 20 lines and scatters', () => {
    const strips = VIDEO_SLOT.strips;
    const stops = [0, 0, 0, 0, 0];
    const r = playVideoSlot(fixedFloats(stops.map((s, i) => stopFloat(s, strips[i]!.length))), {
      amount: 2000,
    });
    const w = videoWindow(stops);
    let expected = 0;
    for (const rows of VIDEO_SLOT.lines) expected += linePay(rows.map((row, reel) => w[reel]![row]!));
    const scatters = w.flat().filter((s) => s === 'S').length;
    expected += (VIDEO_SLOT.scatterPays[Math.min(scatters, 5)] ?? 0) * 20;
    expect(r.outcome.base.window).toEqual(w);
    expect(scatters).toBeLessThan(3);
    expect(r.outcome.freeSpins).toHaveLength(0);
    expect(r.payout).toBe(expected * 100);
  });

  it('three scatters start the free spins, paid at the multiplier, in the same round', () => {
    const strips = VIDEO_SLOT.strips;
    // Put a scatter in view on reels 1–3: the stop at each scatter's position.
    const stops = strips.map((s, i) =>
      i < 3
        ? s.indexOf('S')
        : s.findIndex((x, j) => x !== 'S' && s[(j + 1) % s.length] !== 'S' && s[(j + 2) % s.length] !== 'S'),
    );
    const floats = stops.map((s, i) => stopFloat(s, strips[i]!.length));
    // Every free spin stops at position 1 on each reel.
    for (let k = 0; k < 10; k++) for (let i = 0; i < 5; i++) floats.push(stopFloat(1, strips[i]!.length));
    const r = playVideoSlot(fixedFloats(floats), { amount: 20 });
    expect(r.outcome.base.scatters).toBe(3);
    expect(r.outcome.freeSpins.length).toBeGreaterThanOrEqual(10);
    const freeWins = r.outcome.freeSpins.reduce((a, s) => a + s.lineBets, 0);
    expect(r.payout).toBe(r.outcome.base.lineBets + freeWins * VIDEO_SLOT.freeSpinMultiplier);
  });

  it('refuses a total bet that is not a multiple of 20 paisa', () => {
    expect(() => playVideoSlot(fixedFloats([0, 0, 0, 0, 0]), { amount: 30 })).toThrow(GameRuleError);
  });

  it('exact RTP is the documented 95.95 %', () => {
    const x = videoSlotExact();
    expect(x.rtp).toBeCloseTo(GAMES_BY_ID['video-slot'].rtp, 12);
    expect(x.trigger * VIDEO_SLOT.freeSpins).toBeLessThan(1);
  });
});

describe('classic slot', () => {
  it('pays the line by the table', () => {
    expect(classicLinePay(['7', '7', '7'])).toBe(200);
    expect(classicLinePay(['BAR3', 'BAR3', 'BAR3'])).toBe(50);
    expect(classicLinePay(['BAR1', 'BAR1', 'BAR1'])).toBe(17);
    expect(classicLinePay(['BAR1', 'BAR3', 'BAR2'])).toBe(5);
    expect(classicLinePay(['CH', '-', '7'])).toBe(2);
    expect(classicLinePay(['CH', 'CH', '-'])).toBe(5);
    expect(classicLinePay(['CH', 'CH', 'CH'])).toBe(20);
    expect(classicLinePay(['7', '7', '-'])).toBe(0);
    const r = playClassicSlot(fixedFloats([0.5 / 22, 0.5 / 22, 0.5 / 22]), { amount: 100 });
    expect(r.outcome.line).toEqual(['7', '7', '7']);
    expect(r.payout).toBe(20_000);
    expect(CLASSIC_SLOT.strips.every((s) => s.length === 22)).toBe(true);
  });
  it('exact RTP over the full cycle is the documented 94.93 %', () => {
    expect(classicSlotRtp()).toBeCloseTo(GAMES_BY_ID['classic-slot'].rtp, 12);
  });
});

describe('published metadata', () => {
  it('every game has names, rules in en and ne, limits and an RTP matching its exact computation', () => {
    expect(GAMES).toHaveLength(12);
    for (const g of GAMES) {
      expect(g.name.en && g.name.ne && g.rules.en && g.rules.ne, g.id).toBeTruthy();
      expect(g.houseEdge).toBeCloseTo(1 - g.rtp, 15);
      expect(g.limits.minBet).toBeLessThan(g.limits.maxBet);
    }
    expect(GAMES_BY_ID.roulette.rtp).toBe(36 / 37);
    expect(GAMES_BY_ID.baccarat.rtp).toBeCloseTo(baccaratBetRtp('banker'), 12);
    expect(GAMES_BY_ID.baccarat.rtpByBet!.player).toBeCloseTo(baccaratBetRtp('player'), 12);
    expect(GAMES_BY_ID.baccarat.rtpByBet!.tie).toBeCloseTo(baccaratBetRtp('tie'), 12);
    expect(GAMES_BY_ID.sicbo.rtp).toBeCloseTo(sicBoBetRtp({ type: 'big', amount: 1 }), 12);
    expect(GAMES_BY_ID.sicbo.rtpByBet!.total9or12).toBeCloseTo(
      sicBoBetRtp({ type: 'total', total: 9, amount: 1 }),
      12,
    );
    expect(GAMES_BY_ID.blackjack.rtp).toBeCloseTo(blackjackBasicStrategyRtp(), 12);
    expect(GAMES_BY_ID.dice.rtp).toBeCloseTo(diceRtp(50.5, 'over'), 12);
    const keno = Array.from({ length: 10 }, (_, i) => kenoRtp(i + 1));
    expect(GAMES_BY_ID.keno.rtp).toBeCloseTo(Math.min(...keno), 12);
    const plinko = PLINKO_RISKS.flatMap((r) => Array.from({ length: 9 }, (_, i) => plinkoRtp(i + 8, r)));
    expect(GAMES_BY_ID.plinko.rtp).toBeCloseTo(Math.min(...plinko), 12);
    expect(GAMES_BY_ID.plinko.rtpByBet!.highest).toBeCloseTo(Math.max(...plinko), 12);
    expect(FAIRNESS_PAGE.en).toContain('HMAC-SHA256');
    expect(FAIRNESS_PAGE.ne).toContain('HMAC-SHA256');
  });
});
