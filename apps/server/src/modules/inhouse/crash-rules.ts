import { createHash } from 'node:crypto';
import { CRASH_GROWTH, type CrashBetView, type CrashServerFrame, fromMinor } from '@wps/contract';
import { AppError } from '../../http/errors.ts';
import type { crashBets, crashRounds } from './crash-schema.ts';
import type { Player } from './service.ts';

/*
 * Crash (issue 11): one loop drives shared rounds: betting window → flight (multiplier
 * floor(100·e^(g·t))) → crash at the round's point → pause → next round. The point comes from the
 * pre-committed hash chain (crash.ts in packages/games). Every decision that matters (is the
 * window open, has the round crashed, at what multiplier a cash-out lands) is taken from the
 * server's clock, never from anything the client sends.
 *
 * Money: the stake is posted when the bet is accepted, the win when it is cashed out (manual or
 * auto), both through the in-house service's ledger helpers against the INHOUSE house account,
 * each in one transaction with the bet row; a bet still open when the round crashes is settled
 * as a loss at the crash. Each bet is one line in the bets record.
 *
 * Several instances (issue 28): one leads (crash-leader.ts) and is the only one that writes
 * rounds, each write fenced by its leader epoch on the round row; every instance takes bets and
 * cash-outs itself, straight into the database. A cash-out names its bet (or its slot) and is
 * judged against that bet's round row, never against what this instance believes is the current
 * round, and on the database's clock (`now()`: the local clock plus the offset the driver
 * measures). A round interrupted by a restart or a change of leader is void: its open bets are
 * refunded (docs/games.md, crash).
 */

export interface CrashClock {
  now(): number;
}
export const systemClock: CrashClock = { now: () => Date.now() };

export interface CrashTiming {
  bettingMs: number;
  pauseMs: number;
  /** Chain length when a new chain is made. */
  chainLength: number;
  /**
   * How long after the crash the bets still open are settled (lost, or won at an auto target the
   * flight passed). Another instance's cash-out that arrived before the crash may still be on its
   * way to the database, and a loss written first would refuse it. Less than `pauseMs`. 0 (the
   * default when unset): at the crash, as one instance needs.
   */
  settleGraceMs?: number;
}
export const DEFAULT_TIMING: CrashTiming = {
  bettingMs: 6000,
  pauseMs: 3000,
  chainLength: 100_000,
  settleGraceMs: 1000,
};

/**
 * At most one `tick` frame (the server's multiplier in flight) per this many ms. Clients draw the
 * flight themselves from the round's start and the server clock (`round` frames carry both), so
 * a tick is a heartbeat, not the animation. Sent at the loop's pace (every 50 ms) it was a frame
 * to every socket 20 times a second: with 1,000 players, 20,000 socket writes a second, most of
 * the server's CPU in the flight, which is when cash-outs must be answered (bench:crash).
 */
export const TICK_FRAME_MS = 1000;

const sha256Hex = (s: string) => createHash('sha256').update(s).digest('hex');

/** Multiplier (hundredths) after `ms` of flight. */
export const multiplierAt = (ms: number): number =>
  ms <= 0 ? 100 : Math.floor(100 * Math.exp(CRASH_GROWTH * ms));
/** First ms of flight at which the multiplier reaches `point` hundredths: the crash time. */
export function crashAfterMs(point: number): number {
  if (point <= 100) return 0;
  let t = Math.max(0, Math.floor(Math.log(point / 100) / CRASH_GROWTH) - 2);
  while (multiplierAt(t) < point) t++;
  return t;
}

export type RoundRow = typeof crashRounds.$inferSelect;
export type BetRow = typeof crashBets.$inferSelect;

export interface BetJob {
  roundId: number;
  /** The database's clock when the bet arrived: the window is judged by it, not by the batch's turn. */
  at: number;
  pl: Player;
  input: { requestId: string; slot: number; amount: string; autoCashout?: number | null | undefined };
  amount: bigint;
}
/**
 * What settles a bet. Every kind names its bet (a manual cash-out may name only its slot: the
 * member's open bet in it) and is judged against that bet's own round row.
 */
export type SettleJob =
  /** The player's cash-out, arrived at `at` (the database's clock, ms). */
  | { kind: 'manual'; memberId: number; slot: number; betId: number | null; at: number }
  /** The flight passed the bet's auto target (the leader's loop). */
  | { kind: 'auto'; betId: number }
  /** The round is over: crashed (auto target at or below the point wins, else lost) or void (refund). */
  | { kind: 'close'; betId: number };
export interface Settled {
  view: CrashBetView;
  memberId: number;
  fresh: boolean;
}
export const crashClosed = () => new AppError('CONFLICT', { messageKey: 'crashBettingClosed' });
export const crashTooLate = () => new AppError('CONFLICT', { messageKey: 'crashTooLate' });
export const crashNotRunning = () => new AppError('CONFLICT', { messageKey: 'crashNotRunning' });

/** A round write refused by the leader epoch: another instance claimed the rounds since. */
export class FencedOut extends Error {
  constructor() {
    super('crash: round write refused by the leader epoch');
  }
}
/** This instance stepped down while a loop turn was under way: the turn writes nothing more. */
export class SteppedDown extends Error {}

export interface LiveRound {
  id: number;
  roundNo: number;
  hash: string;
  point: number;
  phase: 'betting' | 'running' | 'crashed';
  startsAt: number;
  crashAt: number;
  nextAt: number;
  voided: boolean;
  /** Leader only: when the bets still open are to be settled (null: done, or not crashed yet). */
  settleAt: number | null;
}

/** `origin` is the socket a frame answers: it got its answer directly, the member's other tabs get this. */
export type CrashListener = (frame: CrashServerFrame, memberId?: number, origin?: unknown) => void;

/** A bet as the player sees it (`balance`: the member's balance after it, when known). */
export function betView(b: BetRow, balance?: bigint): CrashBetView {
  return {
    betId: b.id,
    roundId: b.roundId,
    slot: b.slot,
    amount: fromMinor(b.amount),
    autoCashout: b.autoCashout,
    cashout: b.cashout,
    payout: fromMinor(b.payout),
    status: b.status as CrashBetView['status'],
    ...(balance !== undefined ? { balance: fromMinor(balance) } : {}),
  };
}

/** The round engine's view of a round row. */
export function liveRoundOf(row: RoundRow, timing: CrashTiming): LiveRound {
  const startsAt = row.startsAt.getTime();
  const crashAt = startsAt + crashAfterMs(row.point);
  return {
    id: row.id,
    roundNo: row.roundNo,
    hash: row.hash,
    point: row.point,
    phase: row.status as LiveRound['phase'],
    startsAt,
    crashAt,
    nextAt: crashAt + timing.pauseMs,
    voided: row.voidedAt !== null,
    settleAt: null,
  };
}

/**
 * The one clock of every decision (the database's: the local clock plus the offset the leader
 * driver measures) and the round timing. Owned by CrashService, shared by its parts: tests swap
 * the clock and the timing, the driver sets the offset, and every part sees the change.
 */
export class CrashTime {
  /**
   * What to add to `clock.now()` to read the database's clock, measured by the driver on its
   * connection (round-trip corrected). Every instance judges bets and cash-outs on that one clock,
   * whatever its own wall clock says.
   */
  offsetMs = 0;
  /** The offset was measured: a settlement also never lands later than the database's own clock. */
  synced = false;

  constructor(
    public clock: CrashClock,
    public timing: CrashTiming,
  ) {}

  now(): number {
    return this.clock.now() + this.offsetMs;
  }
}

/** Same chain as packages/games buildChain, with node's hashing (a 100k chain in ~0.1 s). */
export function buildChain(seedHex: string, length: number): string[] {
  const out = new Array<string>(length + 1);
  out[length] = seedHex;
  for (let k = length; k > 0; k--) out[k - 1] = sha256Hex(out[k]!);
  return out;
}
