import { toCard } from './fairness.ts';
import { assertStake, GameRuleError } from './money.ts';
import type { FloatSource } from './rng.ts';

/*
 * Blackjack as a JSON state machine. Infinite deck; one float per card in the order the cards are
 * dealt: player, dealer up, player, dealer hole, then every later card in the order it is taken
 * (`drawn` counts the floats used, so a stored state resumes against the same seeds: game recall).
 * Rules: dealer stands on soft 17; blackjack pays 3:2 (stake + floor(1.5 × stake)); the dealer
 * peeks under an ace or a ten, and a dealer blackjack ends the round at once (a player blackjack
 * pushes); insurance is offered under an ace, costs floor(stake / 2) and pays 2:1; double on any first
 * two cards, also after a split; one split of two cards of the same value (split aces take one card
 * each); 21 after a split is not a blackjack; no surrender.
 * Cards are stored as 0–51 (rank = card mod 13, 0 = ace).
 */
export type BjPhase = 'insurance' | 'playing' | 'done';
export type BjHandStatus = 'playing' | 'stood' | 'busted' | 'blackjack';
export interface BjHand {
  cards: number[];
  stake: number;
  doubled: boolean;
  status: BjHandStatus;
  payout: number;
}
export interface BlackjackState {
  game: 'blackjack';
  baseStake: number;
  drawn: number;
  phase: BjPhase;
  dealer: number[];
  hands: BjHand[];
  active: number;
  split: boolean;
  insurance: number | null;
  insurancePayout: number;
  /** Sum of every stake taken so far (base, doubles, split, insurance). */
  totalStake: number;
  /** Gross return, set when the phase is done. */
  payout: number;
}
export type BlackjackAction = 'hit' | 'stand' | 'double' | 'split' | 'insurance' | 'noInsurance';

export const cardValue = (card: number): number => {
  const r = card % 13;
  return r === 0 ? 1 : r >= 9 ? 10 : r + 1;
};

/** Best total and whether an ace counts as 11 in it. */
export function handTotal(cards: readonly number[]): { total: number; soft: boolean } {
  let t = 0;
  let aces = 0;
  for (const c of cards) {
    const v = cardValue(c);
    t += v;
    if (v === 1) aces++;
  }
  if (aces > 0 && t + 10 <= 21) return { total: t + 10, soft: true };
  return { total: t, soft: false };
}

const isBlackjack = (cards: readonly number[]) => cards.length === 2 && handTotal(cards).total === 21;

function draw(s: BlackjackState, src: FloatSource): number {
  const c = toCard(src.float(s.drawn));
  s.drawn++;
  return c;
}

// Hand-written copy: structuredClone is several times slower and the RTP bench runs millions of rounds.
const clone = (s: BlackjackState): BlackjackState => ({
  ...s,
  dealer: [...s.dealer],
  hands: s.hands.map((h) => ({ ...h, cards: [...h.cards] })),
});

export function startBlackjack(src: FloatSource, bet: { amount: number }): BlackjackState {
  assertStake(bet.amount);
  const s: BlackjackState = {
    game: 'blackjack',
    baseStake: bet.amount,
    drawn: 0,
    phase: 'playing',
    dealer: [],
    hands: [{ cards: [], stake: bet.amount, doubled: false, status: 'playing', payout: 0 }],
    active: 0,
    split: false,
    insurance: null,
    insurancePayout: 0,
    totalStake: bet.amount,
    payout: 0,
  };
  const hand = s.hands[0]!;
  hand.cards.push(draw(s, src));
  s.dealer.push(draw(s, src));
  hand.cards.push(draw(s, src));
  s.dealer.push(draw(s, src));
  if (cardValue(s.dealer[0]!) === 1) {
    s.phase = 'insurance';
    return s;
  }
  return afterPeek(s, src);
}

/** The dealer peeks: a dealer blackjack settles now; otherwise a player blackjack is paid now. */
function afterPeek(s: BlackjackState, src: FloatSource): BlackjackState {
  const hand = s.hands[0]!;
  if (isBlackjack(s.dealer)) {
    if (s.insurance !== null) s.insurancePayout = s.insurance * 3;
    hand.status = isBlackjack(hand.cards) ? 'blackjack' : 'stood';
    hand.payout = isBlackjack(hand.cards) ? hand.stake : 0;
    return finish(s);
  }
  if (isBlackjack(hand.cards)) {
    hand.status = 'blackjack';
    hand.payout = hand.stake + Math.floor((hand.stake * 3) / 2);
    return finish(s);
  }
  return settleIfReady(s, src);
}

function finish(s: BlackjackState): BlackjackState {
  s.phase = 'done';
  s.payout = s.hands.reduce((a, h) => a + h.payout, 0) + s.insurancePayout;
  return s;
}

/** Moves to the next hand that still plays (giving a split hand its second card), or to the dealer. */
function settleIfReady(s: BlackjackState, src: FloatSource): BlackjackState {
  while (s.active < s.hands.length) {
    const h = s.hands[s.active]!;
    if (h.status === 'playing' && h.cards.length === 1) {
      h.cards.push(draw(s, src));
      // Split aces take exactly one card.
      if (cardValue(h.cards[0]!) === 1) h.status = 'stood';
    }
    if (h.status === 'playing' && handTotal(h.cards).total >= 21)
      h.status = handTotal(h.cards).total > 21 ? 'busted' : 'stood';
    if (h.status === 'playing') return s;
    s.active++;
  }
  const live = s.hands.some((h) => h.status === 'stood');
  if (live) {
    // Dealer stands on every 17, soft ones included.
    while (handTotal(s.dealer).total < 17) s.dealer.push(draw(s, src));
  }
  const d = handTotal(s.dealer).total;
  for (const h of s.hands) {
    if (h.status !== 'stood') continue;
    const t = handTotal(h.cards).total;
    h.payout = d > 21 || t > d ? h.stake * 2 : t === d ? h.stake : 0;
  }
  return finish(s);
}

/** Stakes an action adds (the server debits this before applying it). */
export function blackjackActionCost(s: BlackjackState, action: BlackjackAction): number {
  if (action === 'insurance') return Math.floor(s.baseStake / 2);
  if (action === 'double') return s.hands[s.active]?.stake ?? 0;
  if (action === 'split') return s.baseStake;
  return 0;
}

export function legalBlackjackActions(s: BlackjackState): BlackjackAction[] {
  if (s.phase === 'insurance') return s.baseStake >= 2 ? ['insurance', 'noInsurance'] : ['noInsurance'];
  if (s.phase !== 'playing') return [];
  const h = s.hands[s.active]!;
  const out: BlackjackAction[] = ['hit', 'stand'];
  if (h.cards.length === 2) out.push('double');
  if (!s.split && h.cards.length === 2 && cardValue(h.cards[0]!) === cardValue(h.cards[1]!))
    out.push('split');
  return out;
}

/** One player action; returns a new state. */
export function actBlackjack(
  state: BlackjackState,
  action: BlackjackAction,
  src: FloatSource,
): BlackjackState {
  if (!legalBlackjackActions(state).includes(action)) {
    throw new GameRuleError(
      state.phase === 'done' ? 'ROUND_OVER' : 'INVALID_ACTION',
      `${action} is not allowed now`,
    );
  }
  const s = clone(state);
  if (action === 'insurance' || action === 'noInsurance') {
    if (action === 'insurance') {
      s.insurance = Math.floor(s.baseStake / 2);
      s.totalStake += s.insurance;
    }
    s.phase = 'playing';
    return afterPeek(s, src);
  }
  const h = s.hands[s.active]!;
  switch (action) {
    case 'hit':
      h.cards.push(draw(s, src));
      break;
    case 'stand':
      h.status = 'stood';
      break;
    case 'double':
      s.totalStake += h.stake;
      h.stake *= 2;
      h.doubled = true;
      h.cards.push(draw(s, src));
      h.status = handTotal(h.cards).total > 21 ? 'busted' : 'stood';
      break;
    case 'split': {
      s.split = true;
      s.totalStake += s.baseStake;
      const second = h.cards.pop()!;
      s.hands.push({ cards: [second], stake: s.baseStake, doubled: false, status: 'playing', payout: 0 });
      break;
    }
  }
  return settleIfReady(s, src);
}

/** What the player may see: the hole card stays hidden until the round is over. */
export function blackjackPublicState(s: BlackjackState) {
  return {
    ...s,
    dealer: s.phase === 'done' ? s.dealer : [s.dealer[0]!],
    actions: legalBlackjackActions(s),
  };
}
