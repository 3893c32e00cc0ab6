import { type Card, cardAt } from './cards.ts';
import { assertStake, GameRuleError, mulDiv } from './money.ts';
import type { FloatSource } from './rng.ts';

/*
 * Punto banco with an infinite deck. Deal order (one float per card): player, banker, player,
 * banker, then the player's third card if drawn, then the banker's.
 * Bets (gross return): player 2×; banker 1 + 0.95 (5 % commission, the win rounded down to the
 * paisa); tie 9× (8:1); player pair / banker pair 12× (11:1) when the first two cards of that side
 * have the same rank. On a tie the player and banker bets are returned.
 */
export type BaccaratBetType = 'player' | 'banker' | 'tie' | 'playerPair' | 'bankerPair';
export const BACCARAT_BET_TYPES: readonly BaccaratBetType[] = [
  'player',
  'banker',
  'tie',
  'playerPair',
  'bankerPair',
];
export interface BaccaratBet {
  type: BaccaratBetType;
  amount: number;
}

export const baccaratValue = (rank: number): number => (rank < 9 ? rank + 1 : 0);
const total = (values: number[]) => values.reduce((a, v) => a + v, 0) % 10;

/** The banker's third-card rule given the banker's two-card total and the player's third card value. */
export function bankerDraws(bankerTotal: number, playerThird: number | null): boolean {
  if (playerThird === null) return bankerTotal <= 5;
  switch (bankerTotal) {
    case 0:
    case 1:
    case 2:
      return true;
    case 3:
      return playerThird !== 8;
    case 4:
      return playerThird >= 2 && playerThird <= 7;
    case 5:
      return playerThird >= 4 && playerThird <= 7;
    case 6:
      return playerThird === 6 || playerThird === 7;
    default:
      return false;
  }
}

/** Plays the coup on card values (0–9); `next` yields the value of the next card in deal order. */
export function baccaratCoup(next: () => number): { player: number[]; banker: number[] } {
  const player = [next()];
  const banker = [next()];
  player.push(next());
  banker.push(next());
  const p2 = total(player);
  const b2 = total(banker);
  if (p2 >= 8 || b2 >= 8) return { player, banker };
  let third: number | null = null;
  if (p2 <= 5) {
    third = next();
    player.push(third);
  }
  if (bankerDraws(b2, third)) banker.push(next());
  return { player, banker };
}

export function baccaratPayout(
  bet: BaccaratBet,
  p: number,
  b: number,
  playerPair: boolean,
  bankerPair: boolean,
): number {
  switch (bet.type) {
    case 'player':
      return p > b ? bet.amount * 2 : p === b ? bet.amount : 0;
    case 'banker':
      return b > p ? bet.amount + mulDiv(bet.amount, 95, 100) : p === b ? bet.amount : 0;
    case 'tie':
      return p === b ? bet.amount * 9 : 0;
    case 'playerPair':
      return playerPair ? bet.amount * 12 : 0;
    case 'bankerPair':
      return bankerPair ? bet.amount * 12 : 0;
  }
}

export function playBaccarat(src: FloatSource, bets: BaccaratBet[]) {
  if (bets.length === 0) throw new GameRuleError('INVALID_BET', 'at least one bet');
  for (const b of bets) {
    assertStake(b.amount);
    if (!BACCARAT_BET_TYPES.includes(b.type)) throw new GameRuleError('INVALID_BET', 'unknown bet type');
  }
  const cards: Card[] = [];
  const coup = baccaratCoup(() => {
    const c = cardAt(src, cards.length);
    cards.push(c);
    return baccaratValue(c.rank);
  });
  // Cards in deal order: P1 B1 P2 B2 [P3] [B3]; map them back to their side.
  const playerCards = [cards[0]!, cards[2]!];
  const bankerCards = [cards[1]!, cards[3]!];
  let i = 4;
  if (coup.player.length === 3) playerCards.push(cards[i++]!);
  if (coup.banker.length === 3) bankerCards.push(cards[i++]!);
  const p = total(coup.player);
  const b = total(coup.banker);
  const playerPair = playerCards[0]!.rank === playerCards[1]!.rank;
  const bankerPair = bankerCards[0]!.rank === bankerCards[1]!.rank;
  const perBet = bets.map((bet) => baccaratPayout(bet, p, b, playerPair, bankerPair));
  return {
    outcome: {
      playerCards,
      bankerCards,
      playerTotal: p,
      bankerTotal: b,
      winner: p > b ? 'player' : b > p ? 'banker' : 'tie',
      playerPair,
      bankerPair,
    },
    stake: bets.reduce((a, x) => a + x.amount, 0),
    payout: perBet.reduce((a, x) => a + x, 0),
    perBet,
  };
}

/**
 * Exact probabilities of player win / banker win / tie with an infinite deck: every card sequence
 * enumerated over the 10 values (value 0 has weight 4/13, others 1/13).
 */
let outcomeCache: { player: number; banker: number; tie: number } | undefined;
export function baccaratOutcomeProbabilities(): { player: number; banker: number; tie: number } {
  if (outcomeCache) return outcomeCache;
  const w = (v: number) => (v === 0 ? 4 / 13 : 1 / 13);
  const res = { player: 0, banker: 0, tie: 0 };
  const rec = (seq: number[], prob: number) => {
    // Replay the coup on the sequence; when it asks for a card beyond it, branch on all 10 values.
    let i = 0;
    let needMore = false;
    const coup = baccaratCoup(() => {
      if (i < seq.length) return seq[i++]!;
      needMore = true;
      return 0;
    });
    if (needMore) {
      for (let v = 0; v < 10; v++) rec([...seq, v], prob * w(v));
      return;
    }
    const p = total(coup.player);
    const b = total(coup.banker);
    if (p > b) res.player += prob;
    else if (b > p) res.banker += prob;
    else res.tie += prob;
  };
  rec([], 1);
  outcomeCache = res;
  return res;
}

export function baccaratBetRtp(type: BaccaratBetType): number {
  const o = baccaratOutcomeProbabilities();
  switch (type) {
    case 'player':
      return 2 * o.player + o.tie;
    case 'banker':
      return 1.95 * o.banker + o.tie;
    case 'tie':
      return 9 * o.tie;
    default:
      return 12 / 13;
  }
}
