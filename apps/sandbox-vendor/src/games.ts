/**
 * The sandbox vendor's games, as pure functions of a random source. The vendor is authoritative
 * (like a real provider); its own fairness is not the point, its wallet protocol is. Money is
 * integer paisa.
 */

export type Rng = () => number;

export const toPaisa = (amount: string): number => {
  const [whole = '0', frac = ''] = amount.split('.');
  return Number(whole) * 100 + Number(frac.padEnd(2, '0'));
};
export const toAmount = (paisa: number): string =>
  `${Math.floor(paisa / 100)}.${String(paisa % 100).padStart(2, '0')}`;

// ---- slot: 3 reels × 3 rows, pays the middle line ----
export const SLOT_SYMBOLS = ['cherry', 'lemon', 'bell', 'star', 'seven'] as const;
const SLOT_WEIGHTS = [34, 28, 20, 12, 6];
const SLOT_PAYS: Record<string, number> = { cherry: 5, lemon: 8, bell: 15, star: 30, seven: 100 };

function weighted<T>(items: readonly T[], weights: number[], rng: Rng): T {
  const total = weights.reduce((a, b) => a + b, 0);
  let r = rng() * total;
  for (let i = 0; i < items.length; i++) {
    r -= weights[i]!;
    if (r < 0) return items[i]!;
  }
  return items[items.length - 1]!;
}

export function spinSlot(stake: number, rng: Rng) {
  const reels = [0, 1, 2].map(() => [0, 1, 2].map(() => weighted(SLOT_SYMBOLS, SLOT_WEIGHTS, rng)));
  const line = reels.map((r) => r[1]!);
  let payout = 0;
  if (line[0] === line[1] && line[1] === line[2]) payout = stake * SLOT_PAYS[line[0]!]!;
  else if (line[0] === 'cherry' && line[1] === 'cherry') payout = stake * 2;
  else if (line[0] === 'cherry') payout = Math.floor(stake / 2);
  return { reels, line, payout };
}

// ---- cards ----
export interface Card {
  rank: number; // 1 (ace) … 13 (king)
  suit: number; // 0..3
}
const draw = (rng: Rng): Card => ({ rank: 1 + Math.floor(rng() * 13), suit: Math.floor(rng() * 4) });

// ---- baccarat (punto banco, full third-card rule) ----
export type BaccaratSide = 'player' | 'banker' | 'tie';
const bacValue = (cards: Card[]) => cards.reduce((s, c) => s + (c.rank >= 10 ? 0 : c.rank), 0) % 10;

export function dealBaccarat(side: BaccaratSide, stake: number, rng: Rng) {
  const player = [draw(rng), draw(rng)];
  const banker = [draw(rng), draw(rng)];
  let p = bacValue(player);
  let b = bacValue(banker);
  if (p < 8 && b < 8) {
    let third: number | undefined;
    if (p <= 5) {
      const c = draw(rng);
      player.push(c);
      third = c.rank >= 10 ? 0 : c.rank;
      p = bacValue(player);
    }
    const bankerDraws =
      third === undefined
        ? b <= 5
        : b <= 2 ||
          (b === 3 && third !== 8) ||
          (b === 4 && third >= 2 && third <= 7) ||
          (b === 5 && third >= 4 && third <= 7) ||
          (b === 6 && third >= 6 && third <= 7);
    if (bankerDraws) {
      banker.push(draw(rng));
      b = bacValue(banker);
    }
  }
  const result: BaccaratSide = p > b ? 'player' : b > p ? 'banker' : 'tie';
  let payout = 0;
  if (side === result)
    payout = side === 'player' ? stake * 2 : side === 'banker' ? Math.floor(stake * 1.95) : stake * 9;
  else if (result === 'tie') payout = stake; // a tie returns player and banker bets
  return { player, banker, playerValue: p, bankerValue: b, result, payout };
}

// ---- fishing: each shot is a round; a fish worth x times the shot is caught with probability 0.96/x ----
export const FISH_VALUES = [2, 3, 5, 10, 20, 50] as const;
export function shootFish(value: number, stake: number, rng: Rng) {
  const hit = rng() < 0.96 / value;
  return { hit, payout: hit ? stake * value : 0 };
}

// ---- three-card poker against bots (teen patti ranking) ----
export function handScore(cards: Card[]): number {
  const r = cards.map((c) => (c.rank === 1 ? 14 : c.rank)).sort((a, b) => b - a);
  const flush = cards.every((c) => c.suit === cards[0]!.suit);
  const straight = (r[0]! - r[1]! === 1 && r[1]! - r[2]! === 1) || (r[0] === 14 && r[1] === 3 && r[2] === 2);
  const trail = r[0] === r[1] && r[1] === r[2];
  const pair = r[0] === r[1] || r[1] === r[2];
  const category = trail ? 5 : straight && flush ? 4 : straight ? 3 : flush ? 2 : pair ? 1 : 0;
  // Pairs rank by the paired card first.
  const order = pair && !trail ? (r[0] === r[1] ? [r[0]!, r[0]!, r[2]!] : [r[1]!, r[1]!, r[0]!]) : r;
  return order.reduce((s, v) => s * 15 + v, category);
}

export const BOT_NAMES = ['Bot Asha', 'Bot Bikram', 'Bot Chhiring'];
export const POKER_RAKE = 0.05;

export function dealPoker(rng: Rng) {
  return {
    player: [draw(rng), draw(rng), draw(rng)],
    bots: BOT_NAMES.map(() => [draw(rng), draw(rng), draw(rng)]),
  };
}

/** Showdown after the player called: bots with a pair or better, or a queen high, call too. */
export function showdown(hand: { player: Card[]; bots: Card[][] }, ante: number) {
  const bots = hand.bots.map((cards, i) => {
    const score = handScore(cards);
    const calls = score >= 15 ** 3 || Math.max(...cards.map((c) => (c.rank === 1 ? 14 : c.rank))) >= 12;
    return { name: BOT_NAMES[i]!, cards, score, calls };
  });
  const pot = ante * 2 + bots.reduce((s, b) => s + ante + (b.calls ? ante : 0), 0);
  const playerScore = handScore(hand.player);
  const best = Math.max(0, ...bots.filter((b) => b.calls).map((b) => b.score));
  const winners = 1 + bots.filter((b) => b.calls && b.score === playerScore).length;
  const payout =
    playerScore > best
      ? Math.floor(pot * (1 - POKER_RAKE))
      : playerScore === best
        ? Math.floor((pot * (1 - POKER_RAKE)) / winners)
        : 0;
  return { bots, pot, payout, playerScore };
}
