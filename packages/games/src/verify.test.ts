import { describe, expect, it } from 'vitest';
import { fairFloats, hashServerSeed } from './fairness.ts';
import { actBlackjack, startBlackjack } from './blackjack.ts';
import { replayRound, seedMatchesHash } from './verify.ts';

const seeds = {
  serverSeed: '735249f062ac025044a8523aa92e034803f02d6b75129abc97e8b1be19aab9b4',
  clientSeed: 'ec75fca98de6f2d9',
  nonce: 20,
};

describe('replayRound', () => {
  it('recomputes the public vector rounds', () => {
    expect(
      replayRound(seeds, {
        game: 'roulette',
        bet: { bets: [{ type: 'straight', numbers: [34], amount: 100 }] },
      }),
    ).toMatchObject({
      outcome: { pocket: 34 },
      payout: 3600,
    });
    expect(
      replayRound(
        { ...seeds, nonce: 21 },
        { game: 'dice', bet: { amount: 100, target: 50, direction: 'under' } },
      ),
    ).toMatchObject({
      outcome: { roll: 0.61, win: true },
      payout: 198,
    });
  });
  it('replays a multi-step round from its actions', () => {
    // The first nonce whose deal leaves the player to act.
    let nonce = 0;
    while (
      startBlackjack(fairFloats(seeds.serverSeed, seeds.clientSeed, nonce), { amount: 100 }).phase !==
      'playing'
    )
      nonce++;
    const src = fairFloats(seeds.serverSeed, seeds.clientSeed, nonce);
    // A double ends the only hand, so the round is over after one action.
    const played = actBlackjack(startBlackjack(src, { amount: 100 }), 'double', src);
    const replay = replayRound(
      { ...seeds, nonce },
      { game: 'blackjack', bet: { amount: 100 }, actions: ['double'] },
    );
    expect(replay).toEqual({ outcome: played, stake: 200, payout: played.payout });
    expect(() =>
      replayRound(
        { ...seeds, nonce },
        { game: 'blackjack', bet: { amount: 100 }, actions: ['double', 'hit'] },
      ),
    ).toThrow();
  });
  it('checks a revealed seed against its commitment', () => {
    const hash = hashServerSeed(seeds.serverSeed);
    expect(seedMatchesHash(seeds.serverSeed, hash.toUpperCase())).toBe(true);
    expect(seedMatchesHash('00'.repeat(32), hash)).toBe(false);
  });
});
