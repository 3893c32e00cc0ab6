import { cardAt } from './cards.ts';
import { assertStake, GameRuleError } from './money.ts';
import type { FloatSource } from './rng.ts';

/*
 * Dragon tiger, infinite deck: float 0 = dragon's card, float 1 = tiger's; ace is low (1) and king
 * high (13); suits do not rank. Paytable (gross return): dragon / tiger 2×; on a tie they lose half
 * (half the stake, rounded down, is returned); tie 9× (8:1); suited tie 51× (50:1, same rank and suit).
 * With an infinite deck: P(tie) = 1/13, P(suited tie) = 1/52.
 */
export type DragonTigerBetType = 'dragon' | 'tiger' | 'tie' | 'suitedTie';
export const DRAGON_TIGER_BET_TYPES: readonly DragonTigerBetType[] = ['dragon', 'tiger', 'tie', 'suitedTie'];
export interface DragonTigerBet {
  type: DragonTigerBetType;
  amount: number;
}

export function playDragonTiger(src: FloatSource, bets: DragonTigerBet[]) {
  if (bets.length === 0) throw new GameRuleError('INVALID_BET', 'at least one bet');
  for (const b of bets) {
    assertStake(b.amount);
    if (!DRAGON_TIGER_BET_TYPES.includes(b.type)) throw new GameRuleError('INVALID_BET', 'unknown bet type');
  }
  const dragon = cardAt(src, 0);
  const tiger = cardAt(src, 1);
  const tie = dragon.rank === tiger.rank;
  const suited = tie && dragon.suit === tiger.suit;
  const perBet = bets.map((b) => {
    switch (b.type) {
      case 'dragon':
        return tie ? Math.floor(b.amount / 2) : dragon.rank > tiger.rank ? b.amount * 2 : 0;
      case 'tiger':
        return tie ? Math.floor(b.amount / 2) : tiger.rank > dragon.rank ? b.amount * 2 : 0;
      case 'tie':
        return tie ? b.amount * 9 : 0;
      default:
        return suited ? b.amount * 51 : 0;
    }
  });
  return {
    outcome: {
      dragon,
      tiger,
      winner: tie ? 'tie' : dragon.rank > tiger.rank ? 'dragon' : 'tiger',
      suitedTie: suited,
    },
    stake: bets.reduce((a, b) => a + b.amount, 0),
    payout: perBet.reduce((a, p) => a + p, 0),
    perBet,
  };
}

/** Exact RTPs (infinite deck): dragon/tiger (6/13)·2 + (1/13)·½ = 12.5/13; tie 9/13; suited tie 51/52. */
export const DRAGON_TIGER_RTP: Readonly<Record<DragonTigerBetType, number>> = {
  dragon: 12.5 / 13,
  tiger: 12.5 / 13,
  tie: 9 / 13,
  suitedTie: 51 / 52,
};
