import { type Card, cardLabel } from '@wps/games';

const SUIT = ['♠', '♥', '♦', '♣'];
const RANK = ['A', '2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K'];

/** One playing card; `label` keeps the engine's text (AS, 10H) for screen readers and tests. */
export function CardFace({ card }: { card: Card }) {
  const red = card.suit === 1 || card.suit === 2;
  return (
    <span
      className={`ih-card${red ? ' ih-card--red' : ''}`}
      role="img"
      aria-label={cardLabel(card)}
      data-card={cardLabel(card)}
    >
      {RANK[card.rank]}
      {SUIT[card.suit]}
    </span>
  );
}

export const cardOf = (n: number): Card => ({ rank: n % 13, suit: Math.floor(n / 13) });
