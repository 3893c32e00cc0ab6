import { toCard } from './fairness.ts';
import type { FloatSource } from './rng.ts';

/** card = floor(f × 52): rank = card mod 13 (0 = ace … 12 = king), suit = floor(card / 13). Infinite deck. */
export interface Card {
  rank: number;
  suit: number;
}
export function cardAt(src: FloatSource, i: number): Card {
  const c = toCard(src.float(i));
  return { rank: c % 13, suit: Math.floor(c / 13) };
}
/** For tests: the card with this rank and suit, as the float that draws it. */
export function cardFloat(rank: number, suit = 0): number {
  return (suit * 13 + rank + 0.5) / 52;
}
const RANK_LABELS = ['A', '2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K'];
export function cardLabel(c: Card): string {
  return `${RANK_LABELS[c.rank]}${'SHDC'[c.suit]}`;
}
