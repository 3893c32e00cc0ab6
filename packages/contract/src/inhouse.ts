import { z } from 'zod';
import { INHOUSE_GAMES } from './inhouse-games.ts';
import { positiveMoneyString } from './money.ts';
import { DATE_YEAR_MAX, DATE_YEAR_MIN, intFromText, safeString } from './safe.ts';

/**
 * In-house games (issue 11): seeds, play, actions of multi-step games, round proof, and the
 * operator's settings. Amounts are decimal strings; the bodies of roulette and dice are fixed by
 * the issue so that outside tools can drive them.
 */
export { INHOUSE_GAMES, INHOUSE_HTTP_GAMES, type InhouseGame } from './inhouse-games.ts';
export const INHOUSE_MULTI_STEP = ['blackjack', 'mines'] as const;
export const inhouseGameSchema = z.enum(INHOUSE_GAMES);

const requestId = safeString().regex(/^[A-Za-z0-9_.:-]{8,64}$/, 'Invalid request id');
const amount = positiveMoneyString;
const pocket = z.number().int().min(0).max(36);

export const ROULETTE_BET_TYPE_VALUES = [
  'straight',
  'split',
  'street',
  'corner',
  'line',
  'dozen',
  'column',
  'red',
  'black',
  'odd',
  'even',
  'low',
  'high',
] as const;

export const roulettePlaySchema = z.object({
  requestId,
  bets: z
    .array(
      z.object({
        type: z.enum(ROULETTE_BET_TYPE_VALUES),
        numbers: z.array(pocket).max(6).optional(),
        amount,
      }),
    )
    .min(1)
    .max(60),
});

export const dicePlaySchema = z.object({
  requestId,
  amount,
  target: z.number().min(0.01).max(99.99),
  direction: z.enum(['over', 'under']),
});

export const baccaratPlaySchema = z.object({
  requestId,
  bets: z
    .array(z.object({ type: z.enum(['player', 'banker', 'tie', 'playerPair', 'bankerPair']), amount }))
    .min(1)
    .max(5),
});

export const dragonTigerPlaySchema = z.object({
  requestId,
  bets: z
    .array(z.object({ type: z.enum(['dragon', 'tiger', 'tie', 'suitedTie']), amount }))
    .min(1)
    .max(4),
});

const face = z.number().int().min(1).max(6);
export const sicboPlaySchema = z.object({
  requestId,
  bets: z
    .array(
      z.union([
        z.object({ type: z.enum(['small', 'big', 'anyTriple']), amount }),
        z.object({ type: z.literal('total'), total: z.number().int().min(4).max(17), amount }),
        z.object({ type: z.enum(['triple', 'double', 'single']), number: face, amount }),
        z.object({ type: z.literal('combination'), numbers: z.tuple([face, face]), amount }),
      ]),
    )
    .min(1)
    .max(60),
});

export const plinkoPlaySchema = z.object({
  requestId,
  amount,
  rows: z.number().int().min(8).max(16),
  risk: z.enum(['low', 'medium', 'high']),
});

export const kenoPlaySchema = z.object({
  requestId,
  amount,
  picks: z.array(z.number().int().min(1).max(40)).min(1).max(10),
});

export const slotPlaySchema = z.object({ requestId, amount });
export const blackjackPlaySchema = z.object({ requestId, amount });
export const minesPlaySchema = z.object({ requestId, amount, mines: z.number().int().min(1).max(24) });

export const BLACKJACK_ACTIONS = ['hit', 'stand', 'double', 'split', 'insurance', 'noInsurance'] as const;
export const blackjackActionSchema = z.object({
  requestId,
  roundId: safeString().max(64),
  action: z.enum(BLACKJACK_ACTIONS),
});
export const minesActionSchema = z.object({
  requestId,
  roundId: safeString().max(64),
  action: z.union([
    z.object({ type: z.literal('reveal'), cell: z.number().int().min(0).max(24) }),
    z.object({ type: z.literal('cashOut') }),
  ]),
});

/** What a round answers: the fairness proof next to the outcome (issue 11). */
export const inhouseRoundResultSchema = z.object({
  roundId: z.string(),
  game: z.string(),
  nonce: z.number().int(),
  serverSeedHash: z.string(),
  clientSeed: z.string(),
  status: z.enum(['open', 'settled']),
  outcome: z.unknown(),
  stake: z.string(),
  payout: z.string(),
  /** True when the engine's win was cut to the game's max payout per round. */
  capped: z.boolean(),
  balance: z.string(),
  trial: z.boolean(),
});
export type InhouseRoundResult = z.infer<typeof inhouseRoundResultSchema>;

export const inhouseCurrentSchema = z.object({ round: inhouseRoundResultSchema.nullable() });

export const seedPairSchema = z.object({
  serverSeedHash: z.string(),
  clientSeed: z.string(),
  nonce: z.number().int(),
  /**
   * The hash of the server seed the next pair will use, committed before any client seed for it
   * is accepted: after a rotation the active serverSeedHash equals the one shown here before.
   */
  nextServerSeedHash: z.string(),
});
export const revealedSeedSchema = z.object({
  serverSeed: z.string(),
  serverSeedHash: z.string(),
  clientSeed: z.string(),
  lastNonce: z.number().int(),
});
export const seedsSchema = seedPairSchema.extend({ previous: revealedSeedSchema.nullable().optional() });
export const rotateSeedsBodySchema = z.object({
  clientSeed: safeString()
    .regex(/^[\x20-\x7e]{1,64}$/, 'clientSeedInvalid')
    .optional(),
});
export const rotateSeedsSchema = z.object({
  revealed: revealedSeedSchema.nullable(),
  current: seedPairSchema,
});

/** A round with its proof: serverSeed only once the pair has been rotated away. */
export const inhouseRoundDetailSchema = z.object({
  roundId: z.string(),
  game: z.string(),
  status: z.enum(['open', 'settled']),
  bet: z.unknown(),
  actions: z.array(z.unknown()),
  outcome: z.unknown(),
  stake: z.string(),
  payout: z.string(),
  capped: z.boolean(),
  trial: z.boolean(),
  createdAt: z.string(),
  settledAt: z.string().nullable(),
  proof: z.object({
    serverSeedHash: z.string(),
    clientSeed: z.string(),
    nonce: z.number().int(),
    serverSeed: z.string().nullable(),
  }),
});
export type InhouseRoundDetail = z.infer<typeof inhouseRoundDetailSchema>;
export const roundIdParamsSchema = z.object({ roundId: safeString().max(64) });

export const inhouseGameInfoSchema = z.object({
  game: z.string(),
  rtp: z.number(),
  houseEdge: z.number(),
  minBet: z.string(),
  maxBet: z.string(),
  maxPayout: z.string(),
  paused: z.boolean(),
});
export const inhouseGamesSchema = z.object({ games: z.array(inhouseGameInfoSchema) });

// Operator console
/** A calendar day in the years any record can exist in; anything else is a 400, never a bad Date. */
const isoDay = z.iso
  .date()
  .refine(
    (s) => Number(s.slice(0, 4)) >= DATE_YEAR_MIN && Number(s.slice(0, 4)) <= DATE_YEAR_MAX,
    'badRequest',
  );
export const adminInhouseRoundsQuerySchema = z.object({
  game: inhouseGameSchema.optional(),
  memberId: intFromText(z.number().int().min(1).max(2_147_483_647)).optional(),
  /** Business days (`YYYY-MM-DD`, cut at the business midnight), both included. */
  from: isoDay.optional(),
  to: isoDay.optional(),
  pageNo: intFromText(z.number().int().min(1).max(100_000)).default(1),
  pageSize: intFromText(z.number().int().min(1).max(100)).default(20),
});
export const adminInhouseRoundSchema = z.object({
  roundId: z.string(),
  memberId: z.number().int(),
  game: z.string(),
  status: z.string(),
  stake: z.string(),
  payout: z.string(),
  trial: z.boolean(),
  nonce: z.number().int(),
  createdAt: z.string(),
});
export const adminInhouseRoundPageSchema = z.object({
  content: z.array(adminInhouseRoundSchema),
  pageNum: z.number().int(),
  totalPages: z.number().int(),
  total: z.number().int(),
});
export const adminInhouseGgrQuerySchema = z.object({
  from: isoDay.optional(),
  to: isoDay.optional(),
});
export const adminInhouseGgrSchema = z.object({
  games: z.array(
    z.object({
      game: z.string(),
      rounds: z.number().int(),
      stake: z.string(),
      payout: z.string(),
      ggr: z.string(),
    }),
  ),
});
export const adminInhouseSettingsPatchSchema = z.object({
  minBet: positiveMoneyString.optional(),
  maxBet: positiveMoneyString.optional(),
  maxPayout: positiveMoneyString.optional(),
  paused: z.boolean().optional(),
});
export const inhouseGameParamsSchema = z.object({ game: inhouseGameSchema });
