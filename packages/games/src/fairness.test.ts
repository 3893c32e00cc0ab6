import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  drawDigits,
  fairBlock,
  fairBytes,
  fairFloats,
  fisherYates,
  hashServerSeed,
  isValidClientSeed,
  toDiceHundredths,
  toRoulettePocket,
  weightedPick,
} from './fairness.ts';
import { bytesToFloat, fixedFloats } from './rng.ts';

const SERVER = '735249f062ac025044a8523aa92e034803f02d6b75129abc97e8b1be19aab9b4';
const CLIENT = 'ec75fca98de6f2d9';

describe('fairness construction', () => {
  it('reproduces the public vectors (dice and roulette, nonces 20–22)', () => {
    const cases: [number, number, number][] = [
      [20, 9308, 34],
      [21, 61, 0],
      [22, 7173, 26],
    ];
    for (const [nonce, dice, pocket] of cases) {
      const f = fairFloats(SERVER, CLIENT, nonce).float(0);
      expect(toDiceHundredths(f)).toBe(dice);
      expect(toRoulettePocket(f)).toBe(pocket);
    }
  });

  it('floats are the bytes of HMAC blocks in order, 8 per block, cursor per block', () => {
    const src = fairFloats(SERVER, CLIENT, 5);
    const b0 = fairBlock(SERVER, CLIENT, 5, 0);
    const b1 = fairBlock(SERVER, CLIENT, 5, 1);
    expect(src.float(0)).toBe(bytesToFloat(b0[0]!, b0[1]!, b0[2]!, b0[3]!));
    expect(src.float(7)).toBe(bytesToFloat(b0[28]!, b0[29]!, b0[30]!, b0[31]!));
    expect(src.float(8)).toBe(bytesToFloat(b1[0]!, b1[1]!, b1[2]!, b1[3]!));
    expect(fairBytes(SERVER, CLIENT, 5, 2)).toEqual(new Uint8Array([...b0, ...b1]));
  });

  it('commits with sha256 of the hex string', () => {
    // sha256("abc") is the FIPS 180-2 vector; the commitment hashes text, not bytes.
    expect(hashServerSeed('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });

  it('any (serverSeed, clientSeed, nonce) replays to the same floats, all in [0, 1)', () => {
    fc.assert(
      fc.property(
        fc.uint8Array({ minLength: 32, maxLength: 32 }),
        fc.string({ minLength: 1, maxLength: 64, unit: fc.constantFrom(...'abcXYZ019 :!~'.split('')) }),
        fc.nat({ max: 1_000_000 }),
        (bytes, client, nonce) => {
          const seed = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
          expect(isValidClientSeed(client)).toBe(true);
          const a = fairFloats(seed, client, nonce);
          const b = fairFloats(seed, client, nonce);
          for (let i = 0; i < 20; i++) {
            const f = a.float(i);
            expect(f).toBeGreaterThanOrEqual(0);
            expect(f).toBeLessThan(1);
            expect(b.float(i)).toBe(f);
          }
        },
      ),
      { numRuns: 200 },
    );
  });

  it('bytesToFloat of 0xff×4 stays below 1', () => {
    expect(bytesToFloat(255, 255, 255, 255)).toBeLessThan(1);
    expect(bytesToFloat(0, 0, 0, 0)).toBe(0);
  });

  it('Fisher–Yates swaps i with i + floor(f × (n − i))', () => {
    // n = 5: f0 = 0.99 → j = 4 (swap 0,4) → [4,1,2,3,0]; f1 = 0 → j = 1; f2 = 0.5 → j = 2 + 1 = 3 → [4,1,3,2,0]
    expect(fisherYates(fixedFloats([0.99, 0, 0.5]), 5, 3)).toEqual([4, 1, 3]);
  });

  it('lottery digits and weighted picks', () => {
    expect(drawDigits(fixedFloats([0.05, 0.99, 0.5, 0.1]), 4)).toBe('0951');
    expect(weightedPick(0, [1, 3])).toBe(0);
    expect(weightedPick(0.25, [1, 3])).toBe(1);
    expect(weightedPick(0.9999, [1, 3])).toBe(1);
  });
});
