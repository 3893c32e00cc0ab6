import type { LotteryBetTypeCode, LotteryMenuGame } from '@wps/contract';
import {
  BET_TYPE_RULES,
  betCommission,
  betCost,
  GameRuleError,
  type LotteryBet,
  validateBet,
} from '@wps/games';

/** One line of the slip: a bet type, its numbers and the amount per number (rupees, "1.00"). */
export interface SlipLine {
  type: LotteryBetTypeCode;
  numbers: string[];
  amount: string;
}

export const digitsOf = (type: LotteryBetTypeCode): number => BET_TYPE_RULES[type].digits;
/** The size of a combination bet (xiên, lô trượt); null when each number is its own bet. */
export const combinationOf = (type: LotteryBetTypeCode): number | null =>
  BET_TYPE_RULES[type].combination ?? null;

/** How many numbers a pair bet (đá) takes; null for the other types. */
export const pairRangeOf = (type: LotteryBetTypeCode): { min: number; max: number } | null =>
  BET_TYPE_RULES[type].pairs ?? null;

const pad = (n: number, d: number) => String(n).padStart(d, '0');
export const allNumbers = (digits: number): string[] =>
  digits > 2 ? [] : Array.from({ length: 10 ** digits }, (_, i) => pad(i, digits));

export type QuickPick = 'all' | 'head' | 'tail' | 'even' | 'odd' | 'random';

/** Quick picks on two-digit numbers: every pair, "head 5" (50–59), "tail 5" (05…95), parity, ten at random. */
export function quickPick(pick: QuickPick, digits: number, digit = 0): string[] {
  const all = allNumbers(digits);
  switch (pick) {
    case 'all':
      return all;
    case 'head':
      return all.filter((n) => n.startsWith(String(digit)));
    case 'tail':
      return all.filter((n) => n.endsWith(String(digit)));
    case 'even':
      return all.filter((n) => Number(n) % 2 === 0);
    case 'odd':
      return all.filter((n) => Number(n) % 2 === 1);
    case 'random': {
      const picked = new Set<string>();
      const want = Math.min(10, all.length);
      const r = new Uint32Array(64);
      while (picked.size < want) {
        crypto.getRandomValues(r);
        for (const x of r) if (picked.size < want) picked.add(all[x % all.length]!);
      }
      return [...picked].sort();
    }
  }
}

/** Numbers typed by the player: any separators; only whole numbers of the right length count. */
export function parseTyped(text: string, digits: number): string[] {
  const found = text.match(/\d+/g) ?? [];
  return [...new Set(found.filter((n) => n.length === digits))];
}

/** "1.50" → 150 paisa; null when not a positive amount with at most two decimals. */
export function toPaisa(amount: string): number | null {
  if (!/^\d{1,9}(\.\d{1,2})?$/.test(amount.trim())) return null;
  const [whole, frac = ''] = amount.trim().split('.');
  const p = Number(whole) * 100 + Number(frac.padEnd(2, '0'));
  return p > 0 ? p : null;
}

const toBet = (line: SlipLine): LotteryBet | null => {
  const amount = toPaisa(line.amount);
  return amount === null ? null : { type: line.type, numbers: line.numbers, amount };
};

/** Why a line is refused (the rule's own words), or null when it is valid. */
export function lineProblem(game: LotteryMenuGame, line: SlipLine): string | null {
  const bet = toBet(line);
  if (!bet) return 'amount';
  try {
    validateBet(game.structure, bet);
    return null;
  } catch (e) {
    return e instanceof GameRuleError ? e.message : String(e);
  }
}

/** The cost preview, by the very rules the server charges with (paisa). */
export function lineCost(game: LotteryMenuGame, line: SlipLine): number {
  const bet = toBet(line);
  return bet ? betCost(game.structure, bet) : 0;
}

export const rupees = (paisa: number) => (paisa / 100).toFixed(2);

/** The line's commission (paisa) at the game's rate for its type ("12.5" %), as the server takes it. */
export function lineCommission(game: LotteryMenuGame, line: SlipLine): number {
  const pct = Number(game.commissions?.[line.type] ?? '0');
  return betCommission(lineCost(game, line), Math.round(pct * 100));
}
