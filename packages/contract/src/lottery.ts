import { z } from 'zod';
import { moneyString, positiveMoneyString } from './money.ts';
import { intFromText, safeString } from './safe.ts';

/*
 * Lottery (issue 15): game menus with the next draw, opened numbers, launch, and the player's
 * tickets. The menu, bet, opened-numbers and tickets shapes are fixed by the issue so outside
 * tools can drive them. Numbers are digit strings ("07"); amounts decimal strings.
 */

export const LOTTERY_PRIZE_MODES = ['LOTT', 'ZY', 'ELOTT', 'SEA'] as const;
export type LotteryPrizeMode = (typeof LOTTERY_PRIZE_MODES)[number];
export const LOTTERY_BET_TYPE_VALUES = [
  'lo2',
  'lo3',
  'de',
  'dau',
  'duoi',
  'cang3',
  'xien2',
  'xien3',
  'xien4',
  'truot4',
  'da',
  'big4d',
  'small4d',
  'd3',
  'd2',
] as const;
export type LotteryBetTypeCode = (typeof LOTTERY_BET_TYPE_VALUES)[number];
export const LOTTERY_REGIONS = ['north', 'central', 'south', 'fast', 'sea'] as const;
/**
 * A draw's structure (@wps/games LOTTERY_STRUCTURES): `north` 27 results (Miền Bắc), `south` 18
 * results (Miền Trung and Miền Nam draw alike), `sea4d` 23 four-digit numbers. Odds are priced
 * per prize mode AND structure (issue 26).
 */
export const LOTTERY_STRUCTURE_VALUES = ['north', 'south', 'sea4d'] as const;
export type LotteryStructureCode = (typeof LOTTERY_STRUCTURE_VALUES)[number];
/** The prize tiers of the tiered (SEA) bet types. */
export const LOTTERY_PRIZE_TIERS = ['P1', 'P2', 'P3', 'SP', 'CO'] as const;

const gameCode = safeString().regex(/^[A-Z0-9_]{1,40}$/, 'Invalid game code');
const drawId = safeString().regex(/^[A-Z0-9_]{1,40}-\d{14}$/, 'Invalid draw id');
const device = z.enum(['WEB', 'MOBILE', 'H5']);
const prizeMode = z.enum(LOTTERY_PRIZE_MODES);

export const lotteryResultsSchema = z.record(z.string(), z.array(z.string()));
export type LotteryResultsView = z.infer<typeof lotteryResultsSchema>;

/**
 * Where a draw's numbers come from (issue 28): `house` draws from a committed server seed
 * (provably fair, house-named games); `official` draws pay on the stations' official result.
 */
export const LOTTERY_RESULT_SOURCES = ['house', 'official'] as const;

export const lotteryDrawRefSchema = z.object({
  drawId: z.string(),
  drawTime: z.string(),
  cutoffAt: z.string(),
  serverSeedHash: z.string(),
  stations: z.array(z.string()),
});

export const lotteryMenuQuerySchema = z.object({
  prizeMode: prizeMode.optional(),
  device: device.optional(),
});

export const lotteryMenuGameSchema = z.object({
  gameCode: z.string(),
  name: z.string(),
  region: z.enum(LOTTERY_REGIONS),
  vendor: z.string(),
  structure: z.enum(LOTTERY_STRUCTURE_VALUES),
  betTypes: z.array(z.enum(LOTTERY_BET_TYPE_VALUES)),
  /** What lô costs per number per 1.00 staked: the count of results (27 North, 18 Central/South). */
  resultCount: z.number().int(),
  cutoffSeconds: z.number().int(),
  odds: z.record(z.string(), z.union([z.string(), z.record(z.string(), z.string())])),
  /** Commission per bet type in percent of the cost ("5", "19.6"); taken off the cost at purchase. */
  commissions: z.record(z.string(), z.string()),
  nextDraw: lotteryDrawRefSchema.nullable(),
  /** `official`: pays on the stations' official result (no seed hash); `house`: provably fair. */
  resultSource: z.enum(LOTTERY_RESULT_SOURCES),
});
export const lotteryMenuSchema = z.object({ games: z.array(lotteryMenuGameSchema) });
export type LotteryMenu = z.infer<typeof lotteryMenuSchema>;
export type LotteryMenuGame = z.infer<typeof lotteryMenuGameSchema>;

/**
 * A draw as players see it: `waiting` is an official draw past its time whose official result is
 * not in yet (or whose sources disagree): its tickets wait, nothing is voided.
 */
export const LOTTERY_PUBLIC_DRAW_STATES = ['open', 'waiting', 'drawn', 'settled'] as const;
/** As the console sees it: `conflict` when the operator's entry and the feed disagree. */
export const LOTTERY_DRAW_STATES = ['open', 'waiting', 'conflict', 'drawn', 'settled'] as const;
export type LotteryDrawState = (typeof LOTTERY_DRAW_STATES)[number];
/** An official result's provenance: who entered it, who approved it, or the feed it came from. */
export const lotteryOfficialSchema = z.object({
  source: z.enum(['operator', 'feed', 'feed+operator']),
  enteredBy: z.string().nullable(),
  approvedBy: z.string().nullable(),
  feedUrl: z.string().nullable(),
  at: z.string(),
});
export type LotteryOfficial = z.infer<typeof lotteryOfficialSchema>;

export const lotteryDrawSchema = z.object({
  gameCode: z.string(),
  drawId: z.string(),
  drawTime: z.string(),
  stations: z.array(z.string()),
  status: z.enum(LOTTERY_PUBLIC_DRAW_STATES),
  results: lotteryResultsSchema.nullable(),
  resultSource: z.enum(LOTTERY_RESULT_SOURCES),
  /** An official draw once drawn: the result's source and who approved it. */
  official: lotteryOfficialSchema.nullable(),
  /** House draws: the committed seed's hash (empty for official draws, which have no seed). */
  serverSeedHash: z.string(),
  /** Revealed once drawn: sha256(serverSeed) = serverSeedHash, and the results replay from it. */
  serverSeed: z.string().optional(),
});
export type LotteryDraw = z.infer<typeof lotteryDrawSchema>;
export const lotteryDrawsSchema = z.object({ draws: z.array(lotteryDrawSchema) });

export const lotteryRecentQuerySchema = z.object({ prizeMode: prizeMode.optional() });

export const lotteryOpenedQuerySchema = z.object({
  gameCode,
  drawId: drawId.optional(),
  /** A day (Nepal) to list the draws of, YYYY-MM-DD; the latest draws when omitted. */
  date: safeString()
    .regex(/^20\d\d-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/, 'Invalid date')
    .optional(),
  pageSize: intFromText(z.number().int().min(1).max(100)).optional(),
});

export const lotteryLaunchQuerySchema = z.object({
  lottoArea: z.enum(['VN', 'SEA']).default('VN'),
  launchMode: z.enum(['LOTT', 'ELOTT']).default('LOTT'),
  prizeMode: prizeMode.optional(),
  gameCode: gameCode.optional(),
  view: z.enum(['betting', 'lobby']).default('lobby'),
  device: device.optional(),
  backUrl: safeString()
    .max(200)
    .regex(/^\/[A-Za-z0-9/_?=&.-]*$/, 'Invalid back url')
    .optional(),
  language: safeString()
    .regex(/^[a-z]{2}(-[A-Z]{2})?$/, 'Invalid language')
    .optional(),
});
export const lotteryLaunchSchema = z.object({ url: z.string() });

export const lotteryBetSchema = z.object({
  type: z.enum(LOTTERY_BET_TYPE_VALUES),
  numbers: z
    .array(safeString().regex(/^[0-9]{1,4}$/, 'Invalid number'))
    .min(1)
    .max(100),
  amount: positiveMoneyString,
});
export const lotteryPlaceSchema = z.object({
  gameCode,
  drawId,
  requestId: safeString().regex(/^[A-Za-z0-9_.:-]{8,64}$/, 'Invalid request id'),
  prizeMode: prizeMode.optional(),
  bets: z.array(lotteryBetSchema).min(1).max(50),
});
export type LotteryPlaceBody = z.infer<typeof lotteryPlaceSchema>;
export const lotteryPlacedSchema = z.object({
  ticketId: z.string(),
  /** What the ticket charged: the bets' face cost less the commission. */
  cost: moneyString,
  commission: moneyString,
  balance: moneyString,
});

export const LOTTERY_TICKET_STATUSES = ['open', 'settled', 'cancelled'] as const;
export const lotteryTicketsQuerySchema = z.object({
  drawId: drawId.optional(),
  gameCode: gameCode.optional(),
  status: z.enum(LOTTERY_TICKET_STATUSES).optional(),
  pageNo: intFromText(z.number().int().min(1).max(100_000)).optional(),
  pageSize: intFromText(z.number().int().min(1).max(100)).optional(),
});
export const lotteryTicketSchema = z.object({
  ticketId: z.string(),
  gameCode: z.string(),
  drawId: z.string(),
  drawTime: z.string(),
  prizeMode: z.string(),
  status: z.enum(LOTTERY_TICKET_STATUSES),
  /** Charged: Σ bet cost − commission. */
  cost: moneyString,
  commission: moneyString,
  payout: moneyString,
  createdAt: z.string(),
  /** The draw's state: `waiting` while an official draw waits for its official result. */
  drawStatus: z.enum(LOTTERY_PUBLIC_DRAW_STATES),
  resultSource: z.enum(LOTTERY_RESULT_SOURCES),
  official: lotteryOfficialSchema.nullable(),
  bets: z.array(
    z.object({
      type: z.enum(LOTTERY_BET_TYPE_VALUES),
      numbers: z.array(z.string()),
      amount: moneyString,
      /** The bet's face cost by the rules (before commission). */
      cost: moneyString,
      commission: moneyString,
      hits: z.number().int().nullable(),
      payout: moneyString.nullable(),
    }),
  ),
});
export type LotteryTicket = z.infer<typeof lotteryTicketSchema>;
export const lotteryTicketsSchema = z.object({
  content: z.array(lotteryTicketSchema),
  total: z.number().int(),
});

export const lotteryCancelSchema = z.object({
  ticketId: safeString().regex(/^LT[0-9a-f]{24}$/, 'Invalid ticket id'),
});
export const lotteryCancelledSchema = z.object({
  ticketId: z.string(),
  status: z.literal('cancelled'),
  balance: moneyString,
});

/** Operator: a multiplier with up to two decimals ("90", "2.2"), above zero. */
const multiplierText = safeString()
  .regex(/^\d{1,6}(\.\d{1,2})?$/, 'Invalid odds')
  .refine((v) => Number(v) > 0, 'Invalid odds');
/** A multiplier, or one per prize tier: any of the tiers (small 4D, 3D and 2D have fewer than five). */
const oddsValue = z.union([multiplierText, z.partialRecord(z.enum(LOTTERY_PRIZE_TIERS), multiplierText)]);
/** Operator: a commission in percent of the cost, 0 to 50 with up to two decimals. */
const percentText = safeString()
  .regex(/^\d{1,2}(\.\d{1,2})?$/, 'Invalid percent')
  .refine((v) => Number(v) <= 50, 'At most 50 %');
const oddsView = z.union([z.string(), z.record(z.string(), z.string())]);

/** The console's odds page of one prize mode. */
export const adminLotteryOddsQuerySchema = z.object({ prizeMode });
/** The odds table: every prize mode and structure unless narrowed. */
export const adminLotteryOddsListQuerySchema = z.object({
  prizeMode: prizeMode.optional(),
  structure: z.enum(LOTTERY_STRUCTURE_VALUES).optional(),
});
/**
 * One price: a (prize mode, structure, bet type) and, for a tiered type, one prize tier. `rtp` is
 * the bet type's exact return to player at these odds in percent with two decimals (every tier
 * counted: the same on each tier row of a type); `tierRtp` is this tier's share of it.
 */
export const adminLotteryOddsRowSchema = z.object({
  prizeMode: z.enum(LOTTERY_PRIZE_MODES),
  structure: z.enum(LOTTERY_STRUCTURE_VALUES),
  betType: z.enum(LOTTERY_BET_TYPE_VALUES),
  tier: z.enum(LOTTERY_PRIZE_TIERS).optional(),
  /** A multiplier ("17", "2.8"). */
  odds: z.string(),
  rtp: z.string(),
  tierRtp: z.string().optional(),
  /** Percent of the cost taken off at purchase. */
  commission: z.string(),
});
export type AdminLotteryOddsRow = z.infer<typeof adminLotteryOddsRowSchema>;
export const adminLotteryOddsSchema = z.object({
  rows: z.array(adminLotteryOddsRowSchema),
  /** Odds must return less than this percent to the player ("100.00"). */
  rtpLimit: z.string(),
});
/**
 * One bet type of a prize mode on one structure (every structure of the mode that offers the
 * type when `structure` is omitted): its odds, its commission, or both (audited). Odds whose RTP
 * would reach the limit on any of them are refused with ODDS_ABOVE_RTP_LIMIT, nothing stored.
 */
export const adminLotteryOddsPutSchema = z
  .object({
    prizeMode,
    structure: z.enum(LOTTERY_STRUCTURE_VALUES).optional(),
    betType: z.enum(LOTTERY_BET_TYPE_VALUES),
    /** A multiplier, or one per prize tier for 4D/3D/2D. */
    odds: oddsValue.optional(),
    commission: percentText.optional(),
  })
  .refine((b) => b.odds !== undefined || b.commission !== undefined, {
    message: 'Give odds or commission',
    path: ['odds'],
  });

/** The console's odds page: the prize mode's table and every game's limits and cut-off. */
export const adminLotteryConfigSchema = z.object({
  prizeMode: z.enum(LOTTERY_PRIZE_MODES),
  /** One row per structure of the mode and bet type it offers. */
  betTypes: z.array(
    z.object({
      structure: z.enum(LOTTERY_STRUCTURE_VALUES),
      betType: z.enum(LOTTERY_BET_TYPE_VALUES),
      family: z.enum(['vn', 'sea']),
      odds: oddsView,
      /** The exact RTP at these odds, percent with two decimals (every tier counted). */
      rtp: z.string(),
      commission: z.string(),
    }),
  ),
  /** Odds must return less than this percent to the player ("100.00"). */
  rtpLimit: z.string(),
  games: z.array(
    z.object({
      gameCode: z.string(),
      name: z.string(),
      family: z.enum(['vn', 'sea']),
      cutoffSeconds: z.number().int(),
      /** The longest cut-off the schedule allows (a fast game must open for some seconds). */
      maxCutoffSeconds: z.number().int(),
      maxStakePerNumber: moneyString,
      maxStakePerDraw: moneyString,
    }),
  ),
});
export type AdminLotteryConfig = z.infer<typeof adminLotteryConfigSchema>;

/** The most an operator may let the house take on one draw (10 crore rupees). */
export const LOTTERY_MAX_DRAW_LIMIT = '1000000000.00';
export const adminLotteryGameParamsSchema = z.object({ gameCode });
/** A game's limits and cut-off (audited); open draws take the new cut-off at once. */
export const adminLotteryGamePutSchema = z.object({
  cutoffSeconds: z
    .number()
    .int()
    .min(5)
    .max(6 * 3600),
  maxStakePerNumber: positiveMoneyString,
  maxStakePerDraw: positiveMoneyString,
});

// ---- official results (issue 28): operator entry, second-operator approval, results feed ----

/** The operator permission to enter and approve official lottery results. */
export const LOTTERY_RESULTS_PERMISSION = 'lottery.results';

/** Prize key → its numbers, as printed on the official sheet ("DB": ["12345"]). */
export const lotteryResultsInputSchema = z.record(
  safeString().regex(/^[A-Z][A-Z0-9]{1,3}$/, 'Invalid prize'),
  z
    .array(safeString().regex(/^[0-9]{2,6}$/, 'Invalid number'))
    .min(1)
    .max(10),
);
export const adminLotteryResultEnterSchema = z.object({ drawId, results: lotteryResultsInputSchema });
export const adminLotteryResultApproveSchema = z.object({ drawId });
/** Which of a draw's two results: the operators' entry or the results feed's. */
export const LOTTERY_RESULT_ENTRY_SOURCES = ['operator', 'feed'] as const;
/** Proposes throwing out one source's result before the draw settles (a second operator approves). */
export const adminLotteryResultDiscardSchema = z.object({
  drawId,
  source: z.enum(LOTTERY_RESULT_ENTRY_SOURCES),
  reason: safeString().trim().min(3, 'Say why (3 characters or more)').max(500),
});
export const adminLotteryResultDiscardApproveSchema = z.object({
  drawId,
  source: z.enum(LOTTERY_RESULT_ENTRY_SOURCES),
});
export const adminLotteryResultsQuerySchema = z.object({
  gameCode: gameCode.optional(),
  state: z.enum(LOTTERY_DRAW_STATES).optional(),
});
export const adminLotteryResultEntrySchema = z.object({
  source: z.enum(['operator', 'feed']),
  results: lotteryResultsSchema,
  enteredBy: z.string().nullable(),
  enteredAt: z.string(),
  approvedBy: z.string().nullable(),
  approvedAt: z.string().nullable(),
  feedUrl: z.string().nullable(),
  /** A proposal to throw this result out (and, once a second operator approved it, its discard). */
  discard: z
    .object({
      reason: z.string(),
      proposedBy: z.string().nullable(),
      proposedAt: z.string(),
      discardedBy: z.string().nullable(),
      discardedAt: z.string().nullable(),
    })
    .nullable(),
});
export const adminLotteryResultDrawSchema = z.object({
  drawId: z.string(),
  gameCode: z.string(),
  gameName: z.string(),
  drawTime: z.string(),
  stations: z.array(z.string()),
  state: z.enum(LOTTERY_DRAW_STATES),
  results: lotteryResultsSchema.nullable(),
  official: lotteryOfficialSchema.nullable(),
  operator: adminLotteryResultEntrySchema.nullable(),
  feed: adminLotteryResultEntrySchema.nullable(),
  /** The prize keys on which the operator's entry and the feed disagree (why nothing settles). */
  conflicts: z.array(z.string()),
  /** Tickets of the draw still waiting for a result. */
  openTickets: z.number().int(),
});
export type AdminLotteryResultDraw = z.infer<typeof adminLotteryResultDrawSchema>;
export const adminLotteryResultsSchema = z.object({
  draws: z.array(adminLotteryResultDrawSchema),
  feedConfigured: z.boolean(),
});
export type AdminLotteryResults = z.infer<typeof adminLotteryResultsSchema>;
