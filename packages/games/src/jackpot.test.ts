import { hmac } from '@noble/hashes/hmac.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { utf8ToBytes } from '@noble/hashes/utils.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fairFloats } from './fairness.ts';
import { jackpotDraw, jackpotMessage } from './jackpot.ts';

const SEED = 'a'.repeat(64);

describe('jackpot draw (docs/fairness.md › Jackpot trigger)', () => {
  it('is the first 4 bytes of HMAC-SHA256(serverSeed, "clientSeed:nonce:jackpot:pool"), big-endian', () => {
    const b = hmac(sha256, utf8ToBytes(SEED), utf8ToBytes('client:7:jackpot:1'));
    const u = ((b[0]! << 24) | (b[1]! << 16) | (b[2]! << 8) | b[3]!) >>> 0;
    const d = jackpotDraw({
      serverSeed: SEED,
      clientSeed: 'client',
      nonce: 7,
      poolId: 1,
      stake: 100n,
      hitEvery: 1000n,
    });
    expect(d.draw).toBe(u);
    expect(d.float).toBeCloseTo(u / 2 ** 32, 12);
    expect(d.chance).toBe(0.1);
    expect(d.hit).toBe(BigInt(u) * 1000n < 100n * 4_294_967_296n);
  });

  it('hits exactly when u × hitEvery < stake × 2³²; a stake of hitEvery or more always hits, none never', () => {
    fc.assert(
      fc.property(
        fc.string({ minLength: 1, maxLength: 20 }),
        fc.nat({ max: 1_000_000 }),
        fc.bigInt({ min: 0n, max: 10_000_000n }),
        fc.bigInt({ min: 1n, max: 10_000_000n }),
        (client, nonce, stake, hitEvery) => {
          const d = jackpotDraw({ serverSeed: SEED, clientSeed: client, nonce, poolId: 2, stake, hitEvery });
          expect(d.hit).toBe(BigInt(d.draw) * hitEvery < stake * 4_294_967_296n);
          if (stake >= hitEvery) expect(d.hit).toBe(true);
          if (stake === 0n) expect(d.hit).toBe(false);
        },
      ),
    );
  });

  it("never reads the game's own bytes: its message is none of a round's block messages", () => {
    // A round's blocks are `${clientSeed}:${nonce}:${cursor}` with a numeric cursor.
    expect(jackpotMessage('c', 3, 1)).toBe('c:3:jackpot:1');
    expect(/:\d+$/.test(jackpotMessage('c', 3, 1).replace(/:jackpot:\d+$/, ''))).toBe(true);
    const game = fairFloats(SEED, 'c', 3).float(0);
    const jp = jackpotDraw({
      serverSeed: SEED,
      clientSeed: 'c',
      nonce: 3,
      poolId: 1,
      stake: 1n,
      hitEvery: 2n,
    });
    expect(jp.float).not.toBe(game);
  });

  it('draws each pool apart, and about stake / hitEvery of rounds hit', () => {
    const a = jackpotDraw({
      serverSeed: SEED,
      clientSeed: 'c',
      nonce: 1,
      poolId: 1,
      stake: 1n,
      hitEvery: 2n,
    });
    const b = jackpotDraw({
      serverSeed: SEED,
      clientSeed: 'c',
      nonce: 1,
      poolId: 2,
      stake: 1n,
      hitEvery: 2n,
    });
    expect(a.draw).not.toBe(b.draw);
    let hits = 0;
    for (let n = 0; n < 20_000; n++)
      if (
        jackpotDraw({ serverSeed: SEED, clientSeed: 'c', nonce: n, poolId: 1, stake: 1n, hitEvery: 10n }).hit
      )
        hits++;
    expect(hits / 20_000).toBeGreaterThan(0.09);
    expect(hits / 20_000).toBeLessThan(0.11);
  });

  it('refuses a nonce or hit rate that cannot be drawn', () => {
    expect(() =>
      jackpotDraw({ serverSeed: SEED, clientSeed: 'c', nonce: -1, poolId: 1, stake: 1n, hitEvery: 1n }),
    ).toThrow();
    expect(() =>
      jackpotDraw({ serverSeed: SEED, clientSeed: 'c', nonce: 0, poolId: 1, stake: 1n, hitEvery: 0n }),
    ).toThrow();
  });
});
