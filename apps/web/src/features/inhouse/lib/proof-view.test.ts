import { describe, expect, it } from 'vitest';
import { blockFloats, humanKey, proofLines, rupees } from './proof-view.ts';

const words = { yes: 'yes', no: 'no' };

describe('a round proof as a person reads it (issue 27)', () => {
  it('shows amounts in rupees, not paisa, and labels every field', () => {
    expect(proofLines({ amount: 100, target: 50, direction: 'over' }, words)).toEqual([
      { path: ['amount'], value: '1.00', money: true },
      { path: ['target'], value: '50', money: false },
      { path: ['direction'], value: 'over', money: false },
    ]);
    expect(rupees(123_456_789)).toBe('1,234,567.89');
    expect(humanKey('totalStake')).toBe('Total stake');
    expect(humanKey('minePositions')).toBe('Mine positions');
  });

  it('flattens nested outcomes: hands numbered from 1, lists on one line, yes and no for flags', () => {
    const lines = proofLines(
      {
        roll: 93.08,
        win: true,
        hands: [{ cards: [48, 9], stake: 1000, doubled: false }],
        window: [
          ['A', 'B'],
          ['C', 'D'],
        ],
        insurance: null,
      },
      words,
    );
    expect(lines).toEqual([
      { path: ['roll'], value: '93.08', money: false },
      // A flag named like an amount stays a flag.
      { path: ['win'], value: 'yes', money: false },
      { path: ['hands', 1, 'cards'], value: '48, 9', money: false },
      { path: ['hands', 1, 'stake'], value: '10.00', money: true },
      { path: ['hands', 1, 'doubled'], value: 'no', money: false },
      { path: ['window'], value: 'A, B / C, D', money: false },
      { path: ['insurance'], value: '—', money: false },
    ]);
  });

  it('reads block 0 into the numbers the engines use (4 bytes each over 2^32)', () => {
    expect(blockFloats(`80000000${'00'.repeat(4)}ffffffff${'00'.repeat(20)}`)).toEqual([
      0.5,
      0,
      0xffffffff / 2 ** 32,
      0,
    ]);
  });
});
