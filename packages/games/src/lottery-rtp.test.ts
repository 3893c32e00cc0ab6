import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  BET_TYPE_RULES,
  betTypesOf,
  DEFAULT_ODDS_BY_STRUCTURE,
  DrawIndex,
  defaultOdds,
  drawLottery,
  LOTTERY_STRUCTURES,
  type LotteryBet,
  type LotteryBetType,
  type LotteryResults,
  type LotteryStructureId,
  PRIZE_MODE_STRUCTURES,
  PRIZE_MODES,
  type PrizeSlot,
  resultCount,
  settleBet,
} from './lottery.ts';
import {
  allAppear,
  compareFractions,
  DEFAULT_RTP_BAND,
  type Fraction,
  fraction,
  fractionToNumber,
  LOTTERY_RTP_LIMIT,
  lotteryRtp,
  lotteryRtpTable,
  lotteryRtpWeights,
  noneAppears,
  rtpPercent,
} from './lottery-rtp.ts';
import { sfc32 } from './rng.ts';

const STRUCTURES = Object.keys(LOTTERY_STRUCTURES) as LotteryStructureId[];

describe('lottery RTP: the regression of issue 26 (one price for 27 and 18 results)', () => {
  it('lô trượt 4 at the old 2.2× returned more than 100 % on the 18-result Central/South draw', () => {
    // Today's (pre-issue-26) price served both VN structures: truot4 220 hundredths. On the South
    // none of four numbers among 18 lô has probability 0.96^18 = 0.4796…, × 2.2 = 105.51 %: the
    // house paid out more than it took. On the North (27 results) the same price returned 73 %.
    const south = lotteryRtp('south', 'truot4', 220);
    expect(compareFractions(south, LOTTERY_RTP_LIMIT)).toBe(1);
    expect(rtpPercent(south)).toBe('105.51');
    expect(rtpPercent(lotteryRtp('north', 'truot4', 220))).toBe('73.07');
    // …and xiên 2 / đá at 17× returned 93 % North but 44 % South.
    expect(rtpPercent(lotteryRtp('north', 'xien2', 1700))).toBe('93.30');
    expect(rtpPercent(lotteryRtp('south', 'xien2', 1700))).toBe('44.38');
    expect(rtpPercent(lotteryRtp('south', 'da', 1700))).toBe('44.38');
  });
});

describe('lottery RTP: the shipped defaults', () => {
  it('price every bet type of every structure of every prize mode at 90–98 % RTP', () => {
    const rows: string[] = [];
    for (const mode of PRIZE_MODES)
      for (const structure of PRIZE_MODE_STRUCTURES[mode])
        for (const t of betTypesOf(structure)) {
          const o = defaultOdds(mode, structure)[t];
          expect(o, `${mode} ${structure} ${t} has a default`).toBeDefined();
          const r = lotteryRtp(structure, t, o);
          const inBand =
            compareFractions(r, DEFAULT_RTP_BAND[0]) >= 0 && compareFractions(r, DEFAULT_RTP_BAND[1]) <= 0;
          if (!inBand) rows.push(`${mode} ${structure} ${t}: ${rtpPercent(r)} %`);
        }
    expect(rows).toEqual([]);
  });

  it('have no odds for a structure the prize mode does not sell, nor a bet type the structure does not offer', () => {
    for (const mode of PRIZE_MODES)
      for (const [structure, odds] of Object.entries(DEFAULT_ODDS_BY_STRUCTURE[mode])) {
        expect(PRIZE_MODE_STRUCTURES[mode]).toContain(structure);
        expect(Object.keys(odds!).sort()).toEqual(betTypesOf(structure as LotteryStructureId).sort());
      }
  });

  it('docs/fairness.md carries the table this computation prints (scripts/lottery-rtp-table.ts)', () => {
    const doc = readFileSync(new URL('../../../docs/fairness.md', import.meta.url), 'utf8');
    // On a change of the shipped odds: npx tsx scripts/lottery-rtp-table.ts, and paste its output.
    expect(doc.includes(lotteryRtpTable()), 'docs/fairness.md "Lottery RTP" is the printed table').toBe(true);
  });
});

/**
 * The distribution of which of k picked two-digit numbers have appeared after each of n results,
 * exactly (a Markov chain over the 2^k subsets: a result shows picked number i with probability
 * 1/100, none of them with (100 − k)/100). Independent of the inclusion–exclusion formula.
 */
function seenDistribution(k: number, n: number): bigint[] {
  let dist: bigint[] = Array.from({ length: 1 << k }, (_, s) => (s === 0 ? 1n : 0n)); // numerators over 100^steps
  for (let step = 0; step < n; step++) {
    const next = dist.map(() => 0n);
    dist.forEach((p, s) => {
      next[s]! += p * BigInt(100 - k);
      for (let i = 0; i < k; i++) next[s | (1 << i)]! += p;
    });
    dist = next;
  }
  return dist;
}

describe('lottery RTP: the formulas, checked exactly', () => {
  it('xiên K and lô trượt 4 equal the exact Markov-chain distribution on 27 and 18 results', () => {
    for (const n of [27, 18, 3, 1])
      for (const k of [2, 3, 4]) {
        const dist = seenDistribution(k, n);
        const den = 100n ** BigInt(n);
        expect(compareFractions(allAppear(k, n), fraction(dist[(1 << k) - 1]!, den))).toBe(0);
        expect(compareFractions(noneAppears(k, n), fraction(dist[0]!, den))).toBe(0);
      }
  });

  it('per unit of odds: lô returns odds ÷ 100 on any structure, đề 1/100, 3 càng 1/1000, đầu/đuôi 1/10', () => {
    for (const s of ['north', 'south'] as const) {
      expect(lotteryRtp(s, 'lo2', 9000)).toEqual(fraction(9n, 10n));
      expect(lotteryRtp(s, 'lo3', 90000)).toEqual(fraction(9n, 10n));
      expect(lotteryRtp(s, 'de', 9000)).toEqual(fraction(9n, 10n));
      expect(lotteryRtp(s, 'cang3', 90000)).toEqual(fraction(9n, 10n));
      expect(lotteryRtp(s, 'dau', 900)).toEqual(fraction(9n, 10n));
    }
    // Every tier counts: big4d at the shipped odds is Σ count × odds ÷ 10^4.
    expect(lotteryRtp('sea4d', 'big4d', { P1: 100, SP: 100 })).toEqual(fraction(11n, 10_000n));
    // Odds read as settlement reads them: a number for a tiered type, or a table for a flat one, pays 0.
    expect(lotteryRtp('sea4d', 'big4d', 100)).toEqual(fraction(0n));
    expect(lotteryRtp('north', 'lo2', { P1: 100 })).toEqual(fraction(0n));
  });

  /**
   * Every outcome of a small structure enumerated and paid by the real rule (settleBet reads only
   * the results it is given, so a few slots of a real structure are a small structure), against
   * the formula evaluated on the same slots. The cost is the small structure's (betCost's rule:
   * amount × results for lô, the amount per number, combination or pair otherwise).
   */
  function enumerate(
    real: LotteryStructureId,
    slots: readonly PrizeSlot[],
    bets: ReadonlyArray<{ bet: LotteryBet; cost: number }>,
  ): Fraction[] {
    // An odometer over the results (each over its 10^digits values, texts made once).
    const cells = slots.flatMap((s) => Array.from({ length: s.count }, () => s.digits));
    const texts = new Map(
      cells.map((d) => [d, Array.from({ length: 10 ** d }, (_, i) => String(i).padStart(d, '0'))]),
    );
    const at = cells.map(() => 0);
    const total = cells.reduce((n, d) => n * 10 ** d, 1);
    const paid = bets.map(() => 0n);
    const odds = bets.map((b) => ({ [b.bet.type]: oddsOne(b.bet.type) }));
    for (let outcome = 0; outcome < total; outcome++) {
      const results: LotteryResults = {};
      let c = 0;
      for (const s of slots) {
        const list: string[] = [];
        for (let i = 0; i < s.count; i++, c++) list.push(texts.get(s.digits)![at[c]!]!);
        results[s.key] = list;
      }
      bets.forEach((b, i) => {
        paid[i]! += BigInt(settleBet(real, results, b.bet, odds[i]!).payout);
      });
      for (let k = cells.length - 1; k >= 0; k--) {
        if (++at[k]! < 10 ** cells[k]!) break;
        at[k] = 0;
      }
    }
    // Payout per outcome at 1× odds on amount 100, averaged over outcomes, per unit of cost.
    return bets.map((b, i) => fraction(paid[i]!, BigInt(total) * BigInt(b.cost) * 100n));
  }
  /** 1× on every tier (hundredths), so the enumerated return is the weight itself. */
  const oddsOne = (t: LotteryBetType) =>
    BET_TYPE_RULES[t].family === 'sea' ? { P1: 100, P2: 100, P3: 100, SP: 100, CO: 100 } : 100;
  const weightOf = (slots: readonly PrizeSlot[], t: LotteryBetType) =>
    lotteryRtp(slots, t, oddsOne(t) as never);
  const bet = (type: LotteryBetType, numbers: string[]): LotteryBet => ({ type, numbers, amount: 100 });

  it('two 2-digit results (10^4 outcomes): lô, đề, đầu, đuôi, xiên 2 and 3, lô trượt 4, đá', () => {
    const slots: PrizeSlot[] = [
      { key: 'DB', count: 1, digits: 2 },
      { key: 'G7', count: 1, digits: 2 },
    ];
    const cases: Array<{ bet: LotteryBet; cost: number }> = [
      { bet: bet('lo2', ['07']), cost: 2 },
      { bet: bet('de', ['07']), cost: 1 },
      { bet: bet('dau', ['3']), cost: 1 },
      { bet: bet('duoi', ['9']), cost: 1 },
      { bet: bet('xien2', ['07', '42']), cost: 1 },
      { bet: bet('xien3', ['07', '42', '99']), cost: 1 },
      { bet: bet('truot4', ['07', '42', '99', '13']), cost: 1 },
      { bet: bet('da', ['07', '42', '99']), cost: 3 },
    ];
    const got = enumerate('north', slots, cases);
    cases.forEach((c, i) => {
      expect(got[i], c.bet.type).toEqual(weightOf(slots, c.bet.type));
    });
    // Three numbers cannot all appear among two results.
    expect(got[5]).toEqual(fraction(0n));
  });

  it('three 2-digit results (10^6 outcomes): xiên 3', () => {
    const slots: PrizeSlot[] = [
      { key: 'DB', count: 1, digits: 2 },
      { key: 'G7', count: 2, digits: 2 },
    ];
    const [got] = enumerate('north', slots, [{ bet: bet('xien3', ['07', '42', '99']), cost: 1 }]);
    expect(got).toEqual(weightOf(slots, 'xien3'));
    expect(got).toEqual(fraction(6n, 100n ** 3n)); // the 3! orders of the three numbers
  }, 30_000);

  it('a 3-digit ĐB and a 2-digit result (10^5 outcomes): lô 3 counts only results of 3+ digits, 3 càng', () => {
    const slots: PrizeSlot[] = [
      { key: 'DB', count: 1, digits: 3 },
      { key: 'G7', count: 1, digits: 2 },
    ];
    const got = enumerate('north', slots, [
      { bet: bet('lo3', ['345']), cost: 1 },
      { bet: bet('cang3', ['345']), cost: 1 },
      { bet: bet('lo2', ['45']), cost: 2 },
    ]);
    expect(got).toEqual([weightOf(slots, 'lo3'), weightOf(slots, 'cang3'), weightOf(slots, 'lo2')]);
  });

  it('SEA tiers (10^5 outcomes): every tier counts, a tier too short for the number adds nothing', () => {
    const slots: PrizeSlot[] = [
      { key: 'P1', count: 1, digits: 3 },
      { key: 'SP', count: 1, digits: 2 },
    ];
    const got = enumerate('sea4d', slots, [
      { bet: bet('d3', ['123']), cost: 1 },
      { bet: bet('d2', ['23']), cost: 1 },
    ]);
    expect(got).toEqual([weightOf(slots, 'd3'), weightOf(slots, 'd2')]);
    expect(got[0]).toEqual(fraction(1n, 1000n)); // SP has 2 digits: no 3D there
    expect(got[1]).toEqual(fraction(2n, 100n));
  });
});

describe('lottery RTP: a Monte Carlo sanity bound on the real structures and the real settlement', () => {
  /**
   * Simulated draws (sfc32, not the HMAC: only the digits' distribution matters here) settled by
   * DrawIndex at the shipped odds; each draw bets every number in disjoint groups, so a draw
   * averages many bets. The exact RTP must lie within 6 standard errors of the simulated mean.
   */
  function simulate(structure: LotteryStructureId, t: LotteryBetType, draws: number, seed: number) {
    const mode = PRIZE_MODES.find((m) => PRIZE_MODE_STRUCTURES[m].includes(structure))!;
    const odds = defaultOdds(mode, structure);
    const rule = BET_TYPE_RULES[t];
    const width = 10 ** rule.digits;
    const all = Array.from({ length: Math.min(width, 1000) }, (_, i) => String(i).padStart(rule.digits, '0'));
    const group = rule.combination ?? (rule.pairs ? 10 : all.length);
    const bets: LotteryBet[] = [];
    for (let i = 0; i + group <= all.length; i += group)
      bets.push({ type: t, numbers: all.slice(i, i + group), amount: 100 });
    const cost = bets.reduce((a, b) => {
      const n = b.numbers.length;
      if (rule.combination) return a + 100;
      if (rule.pairs) return a + (100 * n * (n - 1)) / 2;
      if (t === 'lo2') return a + 100 * resultCount(structure) * n;
      if (t === 'lo3')
        return (
          a + 100 * LOTTERY_STRUCTURES[structure].reduce((c, s) => c + (s.digits >= 3 ? s.count : 0), 0) * n
        );
      return a + 100 * n;
    }, 0);
    const next = sfc32(seed);
    let sum = 0;
    let sumSq = 0;
    for (let d = 0; d < draws; d++) {
      const floats: number[] = [];
      const results = drawLottery({ float: (i) => (floats[i] ??= next()) }, structure);
      const index = new DrawIndex(structure, results);
      const r = bets.reduce((a, b) => a + index.settle(b, odds).payout, 0) / cost;
      sum += r;
      sumSq += r * r;
    }
    const mean = sum / draws;
    const se = Math.sqrt(Math.max(0, sumSq / draws - mean * mean) / draws);
    return { mean, se };
  }

  for (const structure of STRUCTURES)
    it(`${structure}: every bet type's simulated return brackets its exact RTP`, () => {
      const wrong: string[] = [];
      for (const t of betTypesOf(structure)) {
        const mode = PRIZE_MODES.find((m) => PRIZE_MODE_STRUCTURES[m].includes(structure))!;
        const exact = fractionToNumber(lotteryRtp(structure, t, defaultOdds(mode, structure)[t]));
        const { mean, se } = simulate(structure, t, structure === 'sea4d' ? 600 : 1500, 26);
        if (Math.abs(mean - exact) > 6 * se + 1e-9)
          wrong.push(`${t}: exact ${exact.toFixed(4)}, simulated ${mean.toFixed(4)} ± ${se.toFixed(4)}`);
      }
      expect(wrong).toEqual([]);
    }, 60_000);
});

describe('rtpPercent', () => {
  it('two decimals to nearest, never 100.00 below 100 %', () => {
    expect(rtpPercent(fraction(9n, 10n))).toBe('90.00');
    expect(rtpPercent(fraction(1n))).toBe('100.00');
    expect(rtpPercent(fraction(93295n, 100_000n))).toBe('93.30');
    expect(rtpPercent(fraction(93294n, 100_000n))).toBe('93.29');
    expect(rtpPercent(fraction(99_999n, 100_000n))).toBe('99.99');
    expect(rtpPercent(fraction(211n, 200n))).toBe('105.50');
  });
  it('weights of a structure given by id equal those of its slots', () => {
    for (const s of STRUCTURES)
      for (const t of betTypesOf(s))
        expect(lotteryRtpWeights(s, t)).toEqual(lotteryRtpWeights(LOTTERY_STRUCTURES[s], t));
  });
});
