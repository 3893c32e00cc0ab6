import { z } from 'zod';
import { positiveMoneyString } from './money.ts';
import { intFromText, safeString } from './safe.ts';

/**
 * Crash (issue 11): shared rounds over a WebSocket at CRASH_WS_PATH. Points are in hundredths
 * (250 = 2.50×). Client frames are JSON; anything else gets an `error` frame, never a closed round.
 */
export const CRASH_WS_PATH = '/wps/inhouse/crash/ws';
/** Bets per player per round. */
export const CRASH_SLOTS = 2;
/** Multiplier in hundredths after `ms` of flight: floor(100 · e^(CRASH_GROWTH · ms)). */
export const CRASH_GROWTH = 0.00006;

const requestId = safeString().regex(/^[A-Za-z0-9_.:-]{8,64}$/, 'Invalid request id');
const slot = z
  .number()
  .int()
  .min(0)
  .max(CRASH_SLOTS - 1);

export const crashClientFrameSchema = z.discriminatedUnion('t', [
  z.object({
    t: z.literal('bet'),
    requestId,
    slot,
    amount: positiveMoneyString,
    /** Auto cash-out target in hundredths (≥ 101). */
    autoCashout: z.number().int().min(101).max(1_000_000).nullable().optional(),
  }),
  /**
   * `betId` names the bet to cash out (the `bet` frame's betId); without it, the member's open bet
   * in `slot`, whichever round it is in. Never "the round this instance thinks is current".
   */
  z.object({ t: z.literal('cashout'), slot, betId: z.number().int().positive().optional() }),
  z.object({ t: z.literal('ping') }),
]);
export type CrashClientFrame = z.infer<typeof crashClientFrameSchema>;

export type CrashPhase = 'betting' | 'running' | 'crashed';

export interface CrashRoundState {
  roundId: number;
  phase: CrashPhase;
  /** Epoch ms (server clock) when betting closes and the multiplier starts. */
  startsAt: number;
  /** Server's now, so clients can correct for their own clock. */
  serverNow: number;
  /** Only once crashed. */
  point: number | null;
  hash: string | null;
  /** Interrupted (restart, change of leader) before it crashed: its open bets were refunded. */
  voided?: boolean;
}

export interface CrashBetView {
  betId: number;
  roundId: number;
  slot: number;
  amount: string;
  autoCashout: number | null;
  cashout: number | null;
  payout: string;
  /** void: refunded, its round was interrupted before it crashed. */
  status: 'open' | 'won' | 'lost' | 'void';
  balance?: string;
}

export type CrashServerFrame =
  | { t: 'hello'; round: CrashRoundState; history: number[]; member: boolean; bets: CrashBetView[] }
  | { t: 'round'; round: CrashRoundState }
  | { t: 'tick'; roundId: number; m: number }
  | { t: 'crash'; round: CrashRoundState }
  | { t: 'bet'; bet: CrashBetView }
  | { t: 'settled'; bet: CrashBetView }
  | { t: 'pong'; serverNow: number }
  | { t: 'error'; code: string; message: string; slot?: number };

/**
 * Where a chain's salt comes from, published with its terminating hash before the salt exists:
 * the randomness of one drand beacon round (`roundUrl` answers it; `dueAt` is when it comes out).
 */
export const crashSaltSourceSchema = z.object({
  beacon: z.literal('drand'),
  url: z.string(),
  chainHash: z.string(),
  round: z.number().int(),
  dueAt: z.string().nullable(),
  roundUrl: z.string(),
});

/** A chain as published: its commitment, the salt's source and, once out, the salt. */
const crashChainCommitment = {
  chainId: z.number().int(),
  terminatingHash: z.string(),
  /** When the chain was committed (its terminating hash and salt source published). */
  committedAt: z.string(),
  /** Null on chains made before the salt (their rounds use h_k itself). */
  saltSource: crashSaltSourceSchema.nullable(),
  /** The beacon round's randomness (hex text): null until it is out, and the chain's rounds wait for it. */
  salt: z.string().nullable(),
  /** The beacon's signature of that round (randomness = sha256 of it), for checking at the beacon. */
  saltSignature: z.string().nullable(),
};

export const crashChainSchema = z.object({
  ...crashChainCommitment,
  length: z.number().int(),
  houseEdge: z.number(),
  formula: z.string(),
});

export const crashRoundSchema = z.object({
  roundId: z.number().int(),
  roundNo: z.number().int(),
  status: z.enum(['betting', 'running', 'crashed']),
  point: z.number().int().nullable(),
  hash: z.string().nullable(),
  crashedAt: z.string().nullable(),
  /** Interrupted before it crashed; its open bets were refunded (docs/games.md, crash). */
  voided: z.boolean().optional(),
});

export const crashRoundsSchema = z.object({ rounds: z.array(crashRoundSchema) });

export const crashProofSchema = crashRoundSchema.extend({
  ...crashChainCommitment,
  /** Hashing `hash` forward this many times reaches the terminating hash. */
  distance: z.number().int(),
});

export const crashRoundParamsSchema = z.object({
  roundId: intFromText(z.number().int().min(1).max(2_000_000_000)),
});
export const crashRoundsQuerySchema = z.object({
  limit: intFromText(z.number().int().min(1).max(100)).default(30),
});
