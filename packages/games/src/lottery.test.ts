import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fairFloats } from './fairness.ts';
import {
  betCost,
  DrawIndex,
  drawLottery,
  drawLotteryFromSeed,
  type LotteryBet,
  type LotteryResults,
  type LotteryStructureId,
  type Odds,
  resultCount,
  settleBet,
  validateBet,
} from './lottery.ts';
import { betCommission, MAX_COMMISSION_BPS } from './lottery-commission.ts';
import { GameRuleError } from './money.ts';
import { fixedFloats } from './rng.ts';

/**
 * A fixed table for the hand-worked rules (the shipped prices are per structure and tested in
 * lottery-rtp.test.ts): these tests are about who wins what, not about the price.
 */
const odds: Odds = {
  lo2: 9000,
  lo3: 90000,
  de: 9000,
  dau: 900,
  duoi: 900,
  cang3: 90000,
  xien2: 1700,
  xien3: 6500,
  xien4: 25000,
  truot4: 220,
  da: 1700,
  big4d: { P1: 250000, P2: 100000, P3: 50000, SP: 18000, CO: 6000 },
  small4d: { P1: 350000, P2: 200000, P3: 100000 },
  d3: { P1: 66000, P2: 22000, P3: 11000 },
  d2: { P1: 6000 },
};

// A hand-made North draw (27 results). Tails by last two: 45 appears three times (DB, G3, G7),
// 12 twice (G1 and G6 "812"), 07 once (G7).
const NORTH: LotteryResults = {
  DB: ['12345'],
  G1: ['67812'],
  G2: ['11111', '22222'],
  G3: ['33345', '44444', '55555', '66666', '77777', '88888'],
  G4: ['1000', '2000', '3000', '4000'],
  G5: ['5001', '5002', '5003', '5004', '5005', '5006'],
  G6: ['812', '913', '014'],
  G7: ['45', '07', '98', '99'],
};

// A hand-made Central/South draw (18 results). ĐB 6 digits: 987654 → đề 54, 3 càng 654.
const SOUTH: LotteryResults = {
  DB: ['987654'],
  G1: ['12354'],
  G2: ['22222'],
  G3: ['33333', '44444'],
  G4: ['10001', '10002', '10003', '10004', '10005', '10006', '10654'],
  G5: ['5555'],
  G6: ['6666', '6667', '6668'],
  G7: ['777'],
  G8: ['54'],
};

const SEA: LotteryResults = {
  P1: ['1234'],
  P2: ['5678'],
  P3: ['9012'],
  SP: ['1111', '2222', '3333', '4444', '1234', '6666', '7777', '8888', '9999', '0000'],
  CO: ['0101', '0202', '0303', '0404', '0505', '0606', '0707', '0808', '0909', '1010'],
};

const bet = (type: LotteryBet['type'], numbers: string[], amount = 100): LotteryBet => ({
  type,
  numbers,
  amount,
});

function both(structure: LotteryStructureId, results: LotteryResults, b: LotteryBet) {
  const direct = settleBet(structure, results, b, odds);
  expect(new DrawIndex(structure, results).settle(b, odds)).toEqual(direct);
  return direct;
}

describe('structures', () => {
  it('North has 27 results, Central/South 18, SEA 4D 23', () => {
    expect(resultCount('north')).toBe(27);
    expect(resultCount('south')).toBe(18);
    expect(resultCount('sea4d')).toBe(23);
  });
  it('draws digits by floor(f × 10) in structure order, DB first', () => {
    const floats = Array.from({ length: 200 }, (_, i) => ((i % 10) + 0.5) / 10);
    const r = drawLottery(fixedFloats(floats), 'north');
    expect(r.DB).toEqual(['01234']);
    expect(r.G1).toEqual(['56789']);
    expect(r.G7).toHaveLength(4);
    expect(Object.values(r).flat()).toHaveLength(27);
    const s = drawLottery(fixedFloats(floats), 'south');
    expect(s.DB).toEqual(['012345']);
    expect(s.G8?.[0]).toHaveLength(2);
  });
  it('a seed draw replays the shared HMAC construction with the draw id as client seed', () => {
    const seed = 'a'.repeat(64);
    const r = drawLotteryFromSeed(seed, 'VN_FAST_1-202611231800', 'north');
    const f = fairFloats(seed, 'VN_FAST_1-202611231800', 0);
    expect(r.DB![0]).toBe([0, 1, 2, 3, 4].map((i) => Math.floor(f.float(i) * 10)).join(''));
    expect(drawLotteryFromSeed(seed, 'VN_FAST_1-202611231800', 'north')).toEqual(r);
  });
});

describe('North structure, hand-worked', () => {
  it('lo2: costs amount × 27 per number; a lô hitting three times pays three times', () => {
    const r = both('north', NORTH, bet('lo2', ['45', '07', '50']));
    expect(r.cost).toBe(100 * 27 * 3);
    expect(r.hits).toBe(3 + 1);
    expect(r.payout).toBe(100 * 90 * 4);
  });
  it('lo2: a lô hitting twice pays twice (12: G1 67812 and G6 812)', () => {
    expect(both('north', NORTH, bet('lo2', ['12'])).payout).toBe(100 * 90 * 2);
  });
  it('lo3: costs amount × 23 (results of 3+ digits); 812 hits G1 and G6', () => {
    const r = both('north', NORTH, bet('lo3', ['812', '345']));
    expect(r.cost).toBe(100 * 23 * 2);
    expect(r.hits).toBe(2 + 2); // 812 ×2, 345: DB 12345 and G3 33345
    expect(r.payout).toBe(100 * 900 * 4);
  });
  it('de: last two of DB (45) pays 90×; cost is amount per number', () => {
    const r = both('north', NORTH, bet('de', ['45', '46']));
    expect(r).toEqual({ cost: 200, hits: 1, payout: 9000 });
    expect(both('north', NORTH, bet('de', ['07'])).payout).toBe(0);
  });
  it('dau / duoi: tens and units digit of the đề', () => {
    expect(both('north', NORTH, bet('dau', ['4']))).toEqual({ cost: 100, hits: 1, payout: 900 });
    expect(both('north', NORTH, bet('dau', ['5'])).payout).toBe(0);
    expect(both('north', NORTH, bet('duoi', ['5', '1']))).toEqual({ cost: 200, hits: 1, payout: 900 });
  });
  it('cang3: last three of DB', () => {
    expect(both('north', NORTH, bet('cang3', ['345'])).payout).toBe(100 * 900);
    expect(both('north', NORTH, bet('cang3', ['245'])).payout).toBe(0);
  });
  it('xien2/3/4: all numbers must appear among the lô; cost is the amount once', () => {
    expect(both('north', NORTH, bet('xien2', ['45', '07']))).toEqual({ cost: 100, hits: 2, payout: 1700 });
    expect(both('north', NORTH, bet('xien3', ['45', '07', '12'])).payout).toBe(6500);
    expect(both('north', NORTH, bet('xien3', ['45', '07', '50']))).toEqual({ cost: 100, hits: 2, payout: 0 });
    expect(both('north', NORTH, bet('xien4', ['45', '07', '12', '99'])).payout).toBe(25000);
  });
  it('truot4: wins only when none of the four appears', () => {
    expect(both('north', NORTH, bet('truot4', ['50', '51', '52', '53']))).toEqual({
      cost: 100,
      hits: 0,
      payout: 220,
    });
    expect(both('north', NORTH, bet('truot4', ['50', '51', '52', '45'])).payout).toBe(0);
  });
});

describe('đá (pairs of lô), hand-worked', () => {
  it('North: 45 and 07 both appear → the one pair pays once, although 45 appears three times', () => {
    // Cost: amount × pairs = 100 × 1. 45 (DB, G3, G7) and 07 (G7) both among the 27 lô.
    expect(both('north', NORTH, bet('da', ['45', '07']))).toEqual({ cost: 100, hits: 1, payout: 1700 });
    expect(both('north', NORTH, bet('da', ['45', '50']))).toEqual({ cost: 100, hits: 0, payout: 0 });
  });
  it('North: four numbers are six pairs; three of them appear → three pairs win', () => {
    // 45, 12, 99 appear; 50 does not: pairs 45-12, 45-99, 12-99 win; the three with 50 lose.
    const r = both('north', NORTH, bet('da', ['45', '12', '99', '50'], 250));
    expect(r).toEqual({ cost: 250 * 6, hits: 3, payout: 3 * 250 * 17 });
  });
  it('Central/South: 54 (four times) and 77 (G7 777) → one pair; 54 with 33 and 22 → three pairs', () => {
    expect(both('south', SOUTH, bet('da', ['54', '77']))).toEqual({ cost: 100, hits: 1, payout: 1700 });
    expect(both('south', SOUTH, bet('da', ['54', '33', '22']))).toEqual({ cost: 300, hits: 3, payout: 5100 });
    // 01 appears (G4 10001) but 99 does not: the pair loses.
    expect(both('south', SOUTH, bet('da', ['01', '99']))).toEqual({ cost: 100, hits: 0, payout: 0 });
  });
  it('each pair is rounded down on its own (odds 16.67 on 1 paisa)', () => {
    const odd = { ...odds, da: 1667 };
    const b = bet('da', ['45', '07', '12'], 1);
    const direct = settleBet('north', NORTH, b, odd);
    expect(direct).toEqual({ cost: 3, hits: 3, payout: 3 * 16 });
    expect(new DrawIndex('north', NORTH).settle(b, odd)).toEqual(direct);
  });
  it('takes 2 to 10 distinct two-digit numbers', () => {
    expect(() => validateBet('north', bet('da', ['45']))).toThrow(GameRuleError);
    expect(() => validateBet('north', bet('da', ['45', '45']))).toThrow(GameRuleError);
    expect(() => validateBet('north', bet('da', ['045', '07']))).toThrow(GameRuleError);
    const eleven = Array.from({ length: 11 }, (_, i) => String(i).padStart(2, '0'));
    expect(() => validateBet('north', bet('da', eleven))).toThrow(GameRuleError);
    expect(() => validateBet('north', bet('da', eleven.slice(0, 10)))).not.toThrow();
    expect(betCost('north', bet('da', eleven.slice(0, 10)))).toBe(100 * 45);
    expect(() => validateBet('sea4d', bet('da', ['45', '07']))).toThrow(GameRuleError);
  });
});

describe('commission', () => {
  it('is floor(cost × rate) in basis points, never above half the cost, zero when unset', () => {
    expect(betCommission(2700, 1960)).toBe(529); // 27.00 at 19.6 % → 5.29
    expect(betCommission(2700, undefined)).toBe(0);
    expect(betCommission(2700, 0)).toBe(0);
    expect(betCommission(2700, 9000)).toBe(2700 * (MAX_COMMISSION_BPS / 10_000));
  });
  it('property: 0 ≤ commission ≤ half the cost, and the charged rest stays positive', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1e12 }), fc.integer({ min: 0, max: 20_000 }), (cost, bps) => {
        const c = betCommission(cost, bps);
        return Number.isSafeInteger(c) && c >= 0 && c <= cost / 2 && cost - c > 0;
      }),
    );
  });
});

describe('Central/South structure, hand-worked', () => {
  it('lo2 costs amount × 18; 54 hits DB, G1, G4 10654 and G8 → pays four times', () => {
    const r = both('south', SOUTH, bet('lo2', ['54']));
    expect(r).toEqual({ cost: 1800, hits: 4, payout: 36000 });
  });
  it('lo3 costs amount × 17; 654 hits DB and G4 10654', () => {
    expect(both('south', SOUTH, bet('lo3', ['654']))).toEqual({ cost: 1700, hits: 2, payout: 180000 });
  });
  it('de, dau, duoi, cang3 read the 6-digit DB', () => {
    expect(both('south', SOUTH, bet('de', ['54'])).payout).toBe(9000);
    expect(both('south', SOUTH, bet('dau', ['5'])).payout).toBe(900);
    expect(both('south', SOUTH, bet('duoi', ['4'])).payout).toBe(900);
    expect(both('south', SOUTH, bet('cang3', ['654'])).payout).toBe(90000);
  });
  it('xien and truot', () => {
    expect(both('south', SOUTH, bet('xien2', ['54', '77'])).payout).toBe(1700);
    expect(both('south', SOUTH, bet('xien4', ['54', '77', '22', '33'])).payout).toBe(25000);
    expect(both('south', SOUTH, bet('xien4', ['54', '77', '22', '35'])).payout).toBe(0);
    expect(both('south', SOUTH, bet('truot4', ['00', '11', '20', '30'])).payout).toBe(220);
  });
});

describe('SEA 4D, hand-worked', () => {
  it('big4d pays every prize it matches (1234: 1st and a special)', () => {
    expect(both('sea4d', SEA, bet('big4d', ['1234']))).toEqual({
      cost: 100,
      hits: 2,
      payout: 250000 + 18000,
    });
    expect(both('sea4d', SEA, bet('big4d', ['0101', '5678'])).payout).toBe(6000 + 100000);
  });
  it('small4d pays only the top three', () => {
    expect(both('sea4d', SEA, bet('small4d', ['1234'])).payout).toBe(350000);
    expect(both('sea4d', SEA, bet('small4d', ['0101'])).payout).toBe(0);
  });
  it('3D and 2D match the last digits of the top prizes', () => {
    expect(both('sea4d', SEA, bet('d3', ['234', '012'])).payout).toBe(66000 + 11000);
    expect(both('sea4d', SEA, bet('d2', ['34'])).payout).toBe(6000);
    expect(both('sea4d', SEA, bet('d2', ['78'])).payout).toBe(0);
  });
});

describe('validation', () => {
  const refuses = (s: LotteryStructureId, b: LotteryBet) =>
    expect(() => validateBet(s, b)).toThrow(GameRuleError);
  it('refuses wrong digits, duplicates, wrong family, wrong combination size, bad amounts', () => {
    refuses('north', bet('lo2', ['7']));
    refuses('north', bet('lo2', ['07', '07']));
    refuses('north', bet('big4d', ['1234']));
    refuses('sea4d', bet('lo2', ['12']));
    refuses('north', bet('xien3', ['01', '02']));
    refuses('north', bet('lo2', ['01'], 0));
    refuses('north', bet('lo2', ['01'], 1.5));
    refuses('north', bet('lo2', []));
    expect(() => validateBet('north', bet('xien2', ['01', '02']))).not.toThrow();
    expect(betCost('north', bet('xien2', ['01', '02']))).toBe(100);
  });
});

describe('property: the sum paid for a draw equals the sum of the per-ticket rules', () => {
  const structures: LotteryStructureId[] = ['north', 'south', 'sea4d'];
  const vnTypes = [
    'lo2',
    'lo3',
    'de',
    'dau',
    'duoi',
    'cang3',
    'xien2',
    'xien3',
    'xien4',
    'truot4',
    'da',
  ] as const;
  const seaTypes = ['big4d', 'small4d', 'd3', 'd2'] as const;
  const digitsOf: Record<string, number> = { lo3: 3, cang3: 3, dau: 1, duoi: 1, big4d: 4, small4d: 4, d3: 3 };
  const sizeOf: Record<string, number> = { xien2: 2, xien3: 3, xien4: 4, truot4: 4 };
  const rangeOf: Record<string, [number, number]> = { da: [2, 10] };

  const arbBet = (sea: boolean) =>
    fc.constantFrom<LotteryBet['type']>(...(sea ? seaTypes : vnTypes)).chain((type) => {
      const digits = digitsOf[type] ?? 2;
      const num = fc.integer({ min: 0, max: 10 ** digits - 1 }).map((n) => String(n).padStart(digits, '0'));
      const size = sizeOf[type];
      return fc.record({
        type: fc.constant(type),
        numbers: fc.uniqueArray(num, {
          minLength: size ?? rangeOf[type]?.[0] ?? 1,
          maxLength: size ?? rangeOf[type]?.[1] ?? 12,
        }),
        amount: fc.integer({ min: 1, max: 1_000_000 }),
      });
    });

  it('holds for random seeds and random tickets on every structure', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...structures),
        fc.stringMatching(/^[0-9a-f]{64}$/),
        fc.nat(),
        (structure, seed, salt) => {
          const results = drawLotteryFromSeed(seed, `D${salt}`, structure);
          const tickets = fc.sample(fc.array(arbBet(structure === 'sea4d'), { minLength: 1, maxLength: 8 }), {
            numRuns: 20,
            seed: salt,
          });
          const index = new DrawIndex(structure, results);
          let indexed = 0;
          let reference = 0;
          for (const t of tickets)
            for (const b of t) {
              indexed += index.settle(b, odds).payout;
              reference += settleBet(structure, results, b, odds).payout;
            }
          return indexed === reference;
        },
      ),
      { numRuns: 60 },
    );
  });
});
