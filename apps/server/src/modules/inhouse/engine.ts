import type { InhouseGame } from '@wps/contract';
import {
  actBlackjack,
  actMines,
  type BlackjackAction,
  type BlackjackState,
  blackjackPublicState,
  type FloatSource,
  type MinesAction,
  type MinesState,
  minesPublicState,
  type ReplayInput,
  replayRound,
  startBlackjack,
  startMines,
} from '@wps/games';

/*
 * The one place the module touches the engines: a round starts from (floats, bet) and, for
 * blackjack and mines, moves on by actions. The stored `bet` is exactly the verifier's
 * ReplayInput bet (paisa as numbers), so a round replays from its proof with `replayRound`.
 */
export type HttpGame = Exclude<InhouseGame, 'crash'>;
export type EngineState = BlackjackState | MinesState | { game: 'single'; outcome: unknown };
export type EngineAction = BlackjackAction | MinesAction;

export interface Step {
  state: EngineState;
  /** What the player may see now (no hole card, no mines before the end). */
  view: unknown;
  stake: number;
  payout: number;
  done: boolean;
}

export const isMultiStep = (game: HttpGame): game is 'blackjack' | 'mines' =>
  game === 'blackjack' || game === 'mines';

const blackjackStep = (s: BlackjackState): Step => ({
  state: s,
  view: blackjackPublicState(s),
  stake: s.totalStake,
  payout: s.payout,
  done: s.phase === 'done',
});
const minesStep = (s: MinesState): Step => ({
  state: s,
  view: minesPublicState(s),
  stake: s.stake,
  payout: s.payout,
  done: s.status !== 'playing',
});

export function startRound(
  game: HttpGame,
  src: FloatSource,
  seeds: { serverSeed: string; clientSeed: string; nonce: number },
  bet: unknown,
): Step {
  if (game === 'blackjack') return blackjackStep(startBlackjack(src, bet as { amount: number }));
  if (game === 'mines') return minesStep(startMines(src, bet as { amount: number; mines: number }));
  const r = replayRound(seeds, { game, bet } as ReplayInput);
  return {
    state: { game: 'single', outcome: r.outcome },
    view: r.outcome,
    stake: r.stake,
    payout: r.payout,
    done: true,
  };
}

export function actRound(game: HttpGame, state: EngineState, action: EngineAction, src: FloatSource): Step {
  if (game === 'blackjack')
    return blackjackStep(actBlackjack(state as BlackjackState, action as BlackjackAction, src));
  if (game === 'mines') return minesStep(actMines(state as MinesState, action as MinesAction));
  throw new Error(`${game} takes no actions`);
}

/** The view of a stored state (recall, round detail). */
export function viewOf(game: HttpGame, state: EngineState): unknown {
  if (game === 'blackjack') return blackjackPublicState(state as BlackjackState);
  if (game === 'mines') return minesPublicState(state as MinesState);
  return (state as { outcome: unknown }).outcome;
}
