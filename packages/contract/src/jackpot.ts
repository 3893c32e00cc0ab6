import { z } from 'zod';
import { JACKPOT_GAMES } from './jackpot-rules.ts';
import { moneyString, positiveMoneyString } from './money.ts';
import { intFromText, safeString } from './safe.ts';

export * from './jackpot-rules.ts';

/**
 * The progressive jackpot (issue 31): public pools, the console's settings and history, a
 * forced trigger for tests. Amounts are decimal strings like every amount of the API.
 */

const gameSchema = z.enum(JACKPOT_GAMES as unknown as [string, ...string[]]);

/** GET /wps/jackpot: the enabled pools, amount = the pool account's balance. */
export const jackpotPoolSchema = z.object({
  id: z.number().int(),
  name: safeString(),
  amount: moneyString,
  /** Game codes of the JACKPOT_VENDOR whose rounds feed (and may win) the pool. */
  games: z.array(safeString()),
  vendor: safeString(),
});
export const jackpotPoolsSchema = z.object({ pools: z.array(jackpotPoolSchema) });
export type JackpotPool = z.infer<typeof jackpotPoolSchema>;

/** A pool as the console sees it: its settings, balance and where it is in its cycle. */
export const adminJackpotPoolSchema = jackpotPoolSchema.extend({
  enabled: z.boolean(),
  seedAmount: moneyString,
  sharePercent: safeString(),
  capAmount: moneyString.nullable(),
  hitEvery: moneyString,
  /** Wins so far: the next win closes this cycle. */
  cycle: z.number().int(),
  /** Seed posted + contributions − take-backs − payouts, from the pool's own entries (equals amount). */
  totals: z.object({
    seeds: moneyString,
    contributions: moneyString,
    takenBack: moneyString,
    payouts: moneyString,
  }),
});
export const adminJackpotPoolsSchema = z.object({ pools: z.array(adminJackpotPoolSchema) });

const shareRe = /^\d{1,2}(\.\d{1,2})?$/;
export const adminJackpotPoolPatchSchema = z
  .object({
    name: safeString().trim().min(1).max(60).optional(),
    enabled: z.boolean().optional(),
    seedAmount: positiveMoneyString.optional(),
    /** Percent of each eligible stake, two decimals at most (0.01–10). */
    sharePercent: safeString().regex(shareRe, 'Invalid percent').optional(),
    capAmount: positiveMoneyString.nullable().optional(),
    hitEvery: positiveMoneyString.optional(),
    games: z.array(gameSchema).max(JACKPOT_GAMES.length).optional(),
  })
  .strict();
export type AdminJackpotPoolPatch = z.infer<typeof adminJackpotPoolPatchSchema>;

export const jackpotPoolParamsSchema = z.object({
  id: intFromText(z.number().int().min(1).max(2_147_483_647)),
});

export const adminJackpotHistoryQuerySchema = z.object({
  pageNo: intFromText(z.number().int().min(1).max(100_000)).default(1),
  pageSize: intFromText(z.number().int().min(1).max(100)).default(20),
});

export const JACKPOT_ENTRY_KINDS = ['seed', 'contribution', 'takeback', 'payout'] as const;
export const jackpotEntrySchema = z.object({
  id: z.number().int(),
  kind: z.enum(JACKPOT_ENTRY_KINDS),
  cycle: z.number().int(),
  /** Signed: what the entry did to the pool. */
  amount: safeString(),
  betId: z.number().int().nullable(),
  roundId: safeString().nullable(),
  game: safeString().nullable(),
  account: safeString().nullable(),
  /** Signed like the bets record: a rollback's row is negative. */
  stake: safeString().nullable(),
  ledgerKey: safeString(),
  time: safeString(),
});
export const jackpotWinSchema = z.object({
  id: z.number().int(),
  poolId: z.number().int(),
  poolName: safeString(),
  cycle: z.number().int(),
  /** Masked like the winners board (de***01). */
  customerName: safeString(),
  amount: moneyString,
  game: safeString().nullable(),
  roundId: safeString().nullable(),
  forced: z.boolean(),
  /** The draw's inputs: the server seed only once the member rotated the pair (revealed). */
  proof: z
    .object({
      serverSeedHash: safeString(),
      serverSeed: safeString().nullable(),
      clientSeed: safeString(),
      nonce: z.number().int(),
      stake: moneyString,
      hitEvery: moneyString,
    })
    .nullable(),
  time: safeString(),
});
export type JackpotWin = z.infer<typeof jackpotWinSchema>;
export const adminJackpotHistorySchema = z.object({
  entries: z.array(jackpotEntrySchema),
  totalCount: z.number().int(),
  wins: z.array(jackpotWinSchema),
});
export const jackpotWinsSchema = z.object({ wins: z.array(jackpotWinSchema) });

/** POST /wps/admin/jackpot/pools/{id}/trigger (tests and demos; refused in production). */
export const adminJackpotTriggerSchema = z
  .object({
    /** The member who wins (their account name). */
    account: safeString().trim().min(1).max(64),
    /** The cycle the operator saw: a second click (or a race) for the same cycle pays nothing. */
    cycle: z.number().int().min(0).max(2_147_483_647),
  })
  .strict();
export const adminJackpotTriggerResultSchema = z.object({ win: jackpotWinSchema });
