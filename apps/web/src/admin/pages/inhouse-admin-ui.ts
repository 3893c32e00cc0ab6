import { fromMinor, MAX_AMOUNT_MINOR, MONEY_RE, toMinor } from '@wps/contract';
import { GAMES_BY_ID, type GameId } from '@wps/games';
import { useTranslation } from 'react-i18next';
import type { InhouseGgr } from './inhouse-admin-api.ts';

/** The game's published name in the reader's language (the id when the engine does not know it). */
export function useGameName() {
  const { i18n } = useTranslation();
  return (game: string) => {
    const meta = GAMES_BY_ID[game as GameId];
    if (!meta) return game;
    return i18n.language === 'ne' ? meta.name.ne : meta.name.en;
  };
}

type Row = InhouseGgr['games'][number];

/** Paisa of a two-decimal amount that may be negative (a game the house lost on has a negative GGR). */
const minorOf = (s: string): bigint => (s.startsWith('-') ? -toMinor(s.slice(1)) : toMinor(s));

/** GGR as a share of stakes, two decimals (— when nothing was staked). */
export function margin(row: Pick<Row, 'stake' | 'ggr'>): string {
  const stake = minorOf(row.stake);
  if (stake === 0n) return '—';
  const bp = (minorOf(row.ggr) * 10_000n) / stake;
  const sign = bp < 0n ? '-' : '';
  const abs = bp < 0n ? -bp : bp;
  return `${sign}${abs / 100n}.${String(abs % 100n).padStart(2, '0')} %`;
}

/** The sum of every game's row, in paisa so nothing is lost to floating point. */
export function totalOf(rows: Row[]): Row {
  const sum = (k: 'stake' | 'payout' | 'ggr') => fromMinor(rows.reduce((a, r) => a + minorOf(r[k]), 0n));
  return {
    game: 'total',
    rounds: rows.reduce((a, r) => a + r.rounds, 0),
    stake: sum('stake'),
    payout: sum('payout'),
    ggr: sum('ggr'),
  };
}

export type Limits = { minBet: string; maxBet: string; maxPayout: string };
export const LIMITS = ['minBet', 'maxBet', 'maxPayout'] as const;
type LimitProblem = 'amountInvalid' | 'maxBelowMin' | 'unchanged';

const validAmount = (s: string) => MONEY_RE.test(s) && toMinor(s) > 0n && toMinor(s) <= MAX_AMOUNT_MINOR;
/** Always two decimals, the way the server answers, so an unchanged value compares equal. */
const twoDecimals = (s: string) => fromMinor(toMinor(s));

/**
 * The limits an operator typed, checked as the server checks them (positive amounts, max bet not
 * below min bet) and written the way the server writes them; nothing changed is a problem too,
 * so a confirmation never restates an empty change.
 */
export function checkLimits(
  draft: Limits,
  current: Limits,
): { errors: Partial<Record<keyof Limits, LimitProblem>> } | { next: Limits } {
  const errors: Partial<Record<keyof Limits, LimitProblem>> = {};
  for (const k of LIMITS) if (!validAmount(draft[k].trim())) errors[k] = 'amountInvalid';
  if (Object.keys(errors).length > 0) return { errors };
  const next: Limits = {
    minBet: twoDecimals(draft.minBet.trim()),
    maxBet: twoDecimals(draft.maxBet.trim()),
    maxPayout: twoDecimals(draft.maxPayout.trim()),
  };
  if (toMinor(next.maxBet) < toMinor(next.minBet)) return { errors: { maxBet: 'maxBelowMin' } };
  if (LIMITS.every((k) => next[k] === current[k])) return { errors: { minBet: 'unchanged' } };
  return { next };
}
