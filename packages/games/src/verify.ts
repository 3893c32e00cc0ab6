import { type BaccaratBet, playBaccarat } from './baccarat.ts';
import { type BlackjackAction, actBlackjack, startBlackjack } from './blackjack.ts';
import { playClassicSlot } from './classic-slot.ts';
import { type DiceBet, playDice } from './dice.ts';
import { type DragonTigerBet, playDragonTiger } from './dragon-tiger.ts';
import { fairFloats, hashServerSeed } from './fairness.ts';
import type { FloatSource } from './rng.ts';
import { playKeno } from './keno.ts';
import { actMines, type MinesAction, startMines } from './mines.ts';
import { type PlinkoRisk, playPlinko } from './plinko.ts';
import { playRoulette, type RouletteBet } from './roulette.ts';
import { playSicBo, type SicBoBet } from './sicbo.ts';
import { playVideoSlot } from './video-slot.ts';

/*
 * One entry point for the public verifier (and the server's round detail): recompute a round from
 * its revealed seeds, its bet and, for multi-step games, the actions in the order they were taken.
 */
export type ReplayInput =
  | { game: 'roulette'; bet: { bets: RouletteBet[] } }
  | { game: 'baccarat'; bet: { bets: BaccaratBet[] } }
  | { game: 'dragon-tiger'; bet: { bets: DragonTigerBet[] } }
  | { game: 'sicbo'; bet: { bets: SicBoBet[] } }
  | { game: 'dice'; bet: DiceBet }
  | { game: 'plinko'; bet: { amount: number; rows: number; risk: PlinkoRisk } }
  | { game: 'keno'; bet: { amount: number; picks: number[] } }
  | { game: 'video-slot' | 'classic-slot'; bet: { amount: number } }
  | { game: 'blackjack'; bet: { amount: number }; actions: BlackjackAction[] }
  | { game: 'mines'; bet: { amount: number; mines: number }; actions: MinesAction[] };

export interface Seeds {
  serverSeed: string;
  clientSeed: string;
  nonce: number;
}

/** True when the revealed seed is the one committed to before play. */
export function seedMatchesHash(serverSeed: string, serverSeedHash: string): boolean {
  return hashServerSeed(serverSeed) === serverSeedHash.toLowerCase();
}

export function replayRound(
  seeds: Seeds,
  input: ReplayInput,
): { outcome: unknown; stake: number; payout: number } {
  return replayWith(fairFloats(seeds.serverSeed, seeds.clientSeed, seeds.nonce), input);
}

/**
 * The same replay over any float source: the web verifier feeds it floats from HMAC blocks it
 * computed with Web Crypto (asynchronous), so the engine code stays the one the server ran.
 */
export function replayWith(
  src: FloatSource,
  input: ReplayInput,
): { outcome: unknown; stake: number; payout: number } {
  switch (input.game) {
    case 'roulette':
      return playRoulette(src, input.bet.bets);
    case 'baccarat':
      return playBaccarat(src, input.bet.bets);
    case 'dragon-tiger':
      return playDragonTiger(src, input.bet.bets);
    case 'sicbo':
      return playSicBo(src, input.bet.bets);
    case 'dice':
      return playDice(src, input.bet);
    case 'plinko':
      return playPlinko(src, input.bet);
    case 'keno':
      return playKeno(src, input.bet);
    case 'video-slot':
      return playVideoSlot(src, input.bet);
    case 'classic-slot':
      return playClassicSlot(src, input.bet);
    case 'blackjack': {
      let s = startBlackjack(src, input.bet);
      for (const a of input.actions) s = actBlackjack(s, a, src);
      return { outcome: s, stake: s.totalStake, payout: s.payout };
    }
    case 'mines': {
      let s = startMines(src, input.bet);
      for (const a of input.actions) s = actMines(s, a);
      return { outcome: s, stake: s.stake, payout: s.payout };
    }
  }
}
