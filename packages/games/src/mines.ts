import { fisherYates } from './fairness.ts';
import { assertStake, GameRuleError } from './money.ts';
import type { FloatSource } from './rng.ts';

/*
 * Mines on a 5×5 board (cells 0–24, row-major). The mines are the first `mines` cells of a
 * Fisher–Yates shuffle of the 25 cells with successive floats (see fisherYates), fixed at the
 * start. After k safe reveals the cash-out multiplier is 0.99 / P(k safe) =
 * 0.99 × C(25, k) / C(25 − mines, k): a 1 % edge whenever the player stops. Payout is rounded down.
 * The state is plain JSON; `minesPublicState` hides the mines until the round ends.
 */
export const MINES_CELLS = 25;

export interface MinesState {
  game: 'mines';
  stake: number;
  mines: number;
  minePositions: number[];
  revealed: number[];
  status: 'playing' | 'busted' | 'cashedOut';
  payout: number;
}

function binom(n: number, k: number): bigint {
  if (k < 0 || k > n) return 0n;
  let r = 1n;
  for (let i = 0; i < k; i++) r = (r * BigInt(n - i)) / BigInt(i + 1);
  return r;
}

/** Gross payout for `safe` safe reveals: floor(stake × 99 × C(25, k) / (100 × C(25 − m, k))). */
export function minesPayout(stake: number, mines: number, safe: number): number {
  if (safe === 0) return stake;
  return Number((BigInt(stake) * 99n * binom(MINES_CELLS, safe)) / (100n * binom(MINES_CELLS - mines, safe)));
}

/** Multiplier shown to the player (4 decimals, rounded down). */
export function minesMultiplier(mines: number, safe: number): number {
  return minesPayout(10_000, mines, safe) / 10_000;
}

export function startMines(src: FloatSource, bet: { amount: number; mines: number }): MinesState {
  assertStake(bet.amount);
  if (!Number.isInteger(bet.mines) || bet.mines < 1 || bet.mines > 24) {
    throw new GameRuleError('INVALID_BET', 'mines is 1–24');
  }
  return {
    game: 'mines',
    stake: bet.amount,
    mines: bet.mines,
    minePositions: fisherYates(src, MINES_CELLS, bet.mines).sort((a, b) => a - b),
    revealed: [],
    status: 'playing',
    payout: 0,
  };
}

export type MinesAction = { type: 'reveal'; cell: number } | { type: 'cashOut' };

/** One step; returns a new state (the input is not changed). */
export function actMines(state: MinesState, action: MinesAction): MinesState {
  if (state.status !== 'playing') throw new GameRuleError('ROUND_OVER', 'the round is over');
  if (action.type === 'cashOut') {
    if (state.revealed.length === 0)
      throw new GameRuleError('INVALID_ACTION', 'reveal a cell before cashing out');
    return {
      ...state,
      status: 'cashedOut',
      payout: minesPayout(state.stake, state.mines, state.revealed.length),
    };
  }
  if (action.type !== 'reveal') throw new GameRuleError('INVALID_ACTION', 'unknown action');
  const { cell } = action;
  if (!Number.isInteger(cell) || cell < 0 || cell >= MINES_CELLS)
    throw new GameRuleError('INVALID_ACTION', 'cell is 0–24');
  if (state.revealed.includes(cell)) throw new GameRuleError('INVALID_ACTION', 'cell already revealed');
  const revealed = [...state.revealed, cell];
  if (state.minePositions.includes(cell)) return { ...state, revealed, status: 'busted', payout: 0 };
  // Every safe cell found: the round ends and pays by itself.
  if (revealed.length === MINES_CELLS - state.mines) {
    return {
      ...state,
      revealed,
      status: 'cashedOut',
      payout: minesPayout(state.stake, state.mines, revealed.length),
    };
  }
  return { ...state, revealed };
}

/** What the player may see: mine positions only once the round is over. */
export function minesPublicState(state: MinesState) {
  const { minePositions, ...rest } = state;
  return {
    ...rest,
    minePositions: state.status === 'playing' ? null : minePositions,
    nextMultiplier:
      state.status === 'playing' ? minesMultiplier(state.mines, state.revealed.length + 1) : null,
  };
}
