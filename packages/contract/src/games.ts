import { z } from 'zod';
import { safeString } from './safe.ts';
import { dateBoundSchema, pageOf } from './wallet.ts';

/**
 * The games calls (issue 9): catalogue, favourites, recent, launch, winners, betting record,
 * the vendor's launch-token redemption and the operator catalogue. SPEC §3 field names.
 */
export const GAME_CATEGORIES = [
  'RNG',
  'LIVE',
  'FISH',
  'PVP',
  'SPORTS',
  'ESPORTS',
  'COCKFIGHT',
  'LOTT',
  'ELOTT',
  'INHOUSE',
  'BGS',
] as const;
export type GameCategory = (typeof GAME_CATEGORIES)[number];
export const GAME_FILTERS = ['NEW', 'FAV', 'ALL', 'HOT', 'RECENT'] as const;
export const GAME_CLASSES = ['baccarat', 'sicbo', 'roulette', 'dragon_tiger', 'blackjack', 'others'] as const;
export type GameClass = (typeof GAME_CLASSES)[number];
export const BET_SOURCES = ['seamless', 'inhouse', 'lottery'] as const;
export type BetSource = (typeof BET_SOURCES)[number];
export const BET_STATUSES = ['settled', 'cancelled', 'rolled_back'] as const;
export type BetStatus = (typeof BET_STATUSES)[number];
/** Operator permission guarding the games console (the demo admin has '*'). */
export const GAMES_PERMISSION = 'games';

export const GAMES_LIMITS = {
  pageSizeDefault: 20,
  pageSizeMax: 100,
  favoritesPageSizeMax: 999,
  winnerBoardMax: 100,
  /** A launch token lives this long, and is redeemed once. */
  launchTokenSeconds: 120,
  maintenanceSuggestions: 6,
  /** The public popular call: at most this many games, counted over this many days of play. */
  popularMax: 50,
  popularDefault: 12,
  popularDays: 7,
  /** Seconds a popular list is kept before the bets record is read again. */
  popularCacheSeconds: 60,
} as const;

const vendorCode = safeString().regex(/^[A-Z0-9_]{1,32}$/);
const pageNo = z.coerce.number().int().min(1).max(100_000).default(1);
const pageSize = (max: number, def: number) => z.coerce.number().int().min(1).max(max).default(def);
const gameTypeParam = z.enum(GAME_CATEGORIES);
const language = safeString().max(10).optional();

export const gameSchema = z.object({
  gameId: z.number().int(),
  nodeId: safeString(),
  iconUrl: safeString(),
  showIcon: safeString(),
  lagerIcon: safeString(),
  vassalage: safeString(),
  gameType: safeString(),
  gameCode: safeString(),
  gameName: safeString(),
  nodeName: safeString(),
  displayName: safeString(),
  names: z.object({ en: safeString(), ne: safeString() }),
  /** 1 = hot. */
  isHot: z.number().int(),
  isNew: z.number().int(),
  /** 0 = free trial allowed. */
  supportPlay: z.number().int(),
  isGame: z.enum(['GAME', 'VASSALAGE']),
  gameClass: z.enum(GAME_CLASSES),
  rtp: safeString().nullable(),
  addedAt: safeString(),
  maintenance: z.boolean(),
  /**
   * The current amount of the game's progressive jackpot pool ("12345.67"), sent only for a game
   * that has a real pool. None has one yet, so the field is absent and no tile shows a jackpot.
   */
  jackpotPool: safeString()
    .regex(/^\d+\.\d{2}$/)
    .optional(),
});
export type Game = z.infer<typeof gameSchema>;

/** The clients a game list or launch is asked for (the launch's `device`, the list's `clientType`). */
export const GAME_CLIENT_TYPES = ['WEB', 'H5', 'MOBILE', 'DESKTOP', 'IOS', 'ANDROID'] as const;
/** Platform names the site's calls use (SPEC §7: W, WEB, html5-desktop, 'flash,html5-desktop'). */
export const GAME_PLATFORMS = ['W', 'WEB', 'html5', 'html5-desktop', 'flash'] as const;
/** A comma-separated list of known platforms ('flash,html5-desktop'). */
const platformList = safeString()
  .max(60)
  .refine(
    (v) => v.split(',').every((p) => (GAME_PLATFORMS as readonly string[]).includes(p.trim())),
    'unknown platform',
  );

/**
 * GET /wps/relay/GCS_games. `clientType`, `platform` and `merchant` are the spec's query (SPEC §7);
 * every catalogue game is HTML5 and plays on every client, so they are checked, not filtered on.
 * `merchant` must be this site's merchant code (the server refuses another: invalidUrl).
 */
export const gamesQuerySchema = z.object({
  clientType: z.enum(GAME_CLIENT_TYPES).optional(),
  platform: platformList.optional(),
  merchant: safeString()
    .regex(/^[A-Za-z0-9_-]{1,40}$/)
    .optional(),
  gameType: gameTypeParam.optional(),
  gameClassify: z.enum(GAME_CLASSES).optional(),
  vassalage: vendorCode.optional(),
  filter: z.enum(GAME_FILTERS).default('ALL'),
  keyword: safeString().trim().max(50).optional(),
  pageNo,
  pageSize: pageSize(GAMES_LIMITS.pageSizeMax, GAMES_LIMITS.pageSizeDefault),
  language,
});
export type GamesQuery = z.infer<typeof gamesQuerySchema>;
export const gamePageSchema = pageOf(gameSchema);

export const vendorCardSchema = z.object({
  vassalage: safeString(),
  gameType: safeString(),
  displayName: safeString(),
  markText: safeString(),
  markColor: safeString(),
  maintenance: z.boolean(),
  /** VASSALAGE: the vendor card opens the vendor (its lobby or its list), GAME: a list of games. */
  isGame: z.enum(['GAME', 'VASSALAGE']),
  gameCount: z.number().int(),
  logoUrl: safeString(),
});
/** GET /lgw/games/game_menus: vendor lanes per category (SPEC §3 gameClassify). */
export const gameMenusSchema = z.object({
  lanes: z.array(z.object({ title: z.enum(GAME_CATEGORIES), gameClassify: z.array(vendorCardSchema) })),
});
export type GameMenus = z.infer<typeof gameMenusSchema>;

export const vassalageGameTypesQuerySchema = z.object({ vassalage: vendorCode });
export const vassalageGameTypesSchema = z.object({ vassalage: safeString(), list: z.array(safeString()) });

export const favoriteIdsSchema = z.object({ favGameIds: z.array(safeString()) });
export const favoritesQuerySchema = z.object({
  pageNo,
  pageSize: pageSize(GAMES_LIMITS.favoritesPageSizeMax, GAMES_LIMITS.favoritesPageSizeMax),
  gameType: gameTypeParam.optional(),
  language,
});
export const favoriteBodySchema = z.object({ nodeId: safeString().min(1).max(64) });
export const favoriteQuerySchema = z.object({ nodeId: safeString().min(1).max(64) });
export const favoriteResultSchema = z.object({ nodeId: safeString(), favorite: z.boolean() });

export const recentQuerySchema = z.object({
  page: pageNo,
  pageSize: pageSize(GAMES_LIMITS.pageSizeMax, GAMES_LIMITS.pageSizeDefault),
  gameType: gameTypeParam.optional(),
  language,
});
export const gameListPageSchema = z.object({
  list: z.array(gameSchema),
  pageNum: z.number().int(),
  totalPages: z.number().int(),
  total: z.number().int(),
});
export const hotGamesQuerySchema = z.object({ gameType: gameTypeParam.optional(), language });
export const gameListSchema = z.object({ list: z.array(gameSchema) });

/**
 * GET /wps/relay/GCS_popular (SPEC §7 public "popular"): the games most played (real-money
 * rounds) over the last days, topped up in catalogue order when play is thin.
 */
export const popularQuerySchema = z.object({
  gameType: gameTypeParam.optional(),
  limitNum: z.coerce.number().int().min(1).max(GAMES_LIMITS.popularMax).default(GAMES_LIMITS.popularDefault),
  language,
});
export type PopularQuery = z.infer<typeof popularQuerySchema>;

export const winnerBoardQuerySchema = z.object({
  gameCategory: z.union([z.literal('ALL'), gameTypeParam]).default('ALL'),
  limitNum: z.coerce.number().int().min(1).max(GAMES_LIMITS.winnerBoardMax).default(20),
  /** LATEST: the newest wins (the jackpot winners board); BIGGEST: the largest (biggest wins). */
  sort: z.enum(['LATEST', 'BIGGEST']).default('LATEST'),
  language,
});
export const winnerSchema = z.object({
  customerName: safeString(),
  winAmount: safeString(),
  iconUrl: safeString(),
  gameName: safeString(),
  gameId: z.number().int().nullable(),
  vassalage: safeString(),
  time: safeString(),
});
/** SPEC §7 winner board: `value.list`, each item's fields under `vo`. */
export const winnerBoardSchema = z.object({ list: z.array(z.object({ vo: winnerSchema })) });

export const launchGameQuerySchema = z.object({
  gameId: z.coerce.number().int().min(1).max(2_147_483_647),
  device: z.enum(GAME_CLIENT_TYPES).default('WEB'),
  language,
  /**
   * 1: a signed-in player's free trial (SPEC §2 free-trial button, supportPlay 0 games only;
   * NOT_ENABLED otherwise or with free play off): the game is played as the player's trial twin,
   * with play money. A trial member's launch is always a trial.
   */
  trial: z.enum(['0', '1']).optional(),
});
export const launchGameSchema = z.object({
  url: safeString(),
  trial: z.boolean(),
  expiresAt: safeString(),
  /** An in-house free trial only: the twin's session, which the game's page plays with. */
  trialToken: safeString().optional(),
});
/** value of a GAME_MAINTENANCE answer: other games of the same class. */
export const gameMaintenanceValueSchema = z.object({ suggestions: z.array(gameSchema) });

export const roomsQuerySchema = z.object({ vassalage: vendorCode.optional(), language });
export const roomSchema = z.object({
  gameId: z.number().int(),
  nodeId: safeString(),
  vassalage: safeString(),
  gameCode: safeString(),
  displayName: safeString(),
  gameClass: z.enum(GAME_CLASSES),
  minBet: safeString(),
  maxBet: safeString(),
  maintenance: z.boolean(),
  iconUrl: safeString(),
});
export const roomsSchema = z.object({ list: z.array(roomSchema) });
export const merchantWalletSchema = z.object({ isSingle: z.boolean() });

/** GET /wps/relay/GCS_bettingRecord */
export const bettingRecordQuerySchema = z.object({
  vendor: vendorCode.optional(),
  gameType: safeString().max(20).optional(),
  from: dateBoundSchema.optional(),
  to: dateBoundSchema.optional(),
  pageNo,
  pageSize: pageSize(GAMES_LIMITS.pageSizeMax, GAMES_LIMITS.pageSizeDefault),
  language,
});
export const betRoundSchema = z.object({
  roundId: safeString(),
  source: z.enum(BET_SOURCES),
  /** The vendor that signed the round (the record's key with the round id; the detail asks by it). */
  vendor: safeString(),
  /** The game's catalogue vendor in the reader's language ("PG Slots"): what the record shows. */
  vendorName: safeString(),
  gameType: safeString(),
  gameCode: safeString().nullable(),
  gameName: safeString(),
  bet: safeString(),
  win: safeString(),
  net: safeString(),
  validBet: safeString(),
  status: z.enum(BET_STATUSES),
  trial: z.boolean(),
  time: safeString(),
});
export const betTotalsSchema = z.object({
  count: z.number().int(),
  bet: safeString(),
  win: safeString(),
  net: safeString(),
  validBet: safeString(),
});
export const bettingRecordPageSchema = pageOf(betRoundSchema).extend({ totals: betTotalsSchema });
export const bettingRecordDetailQuerySchema = z.object({ vendor: vendorCode.optional(), language });
export const betEntrySchema = z.object({
  id: z.number().int(),
  stake: safeString(),
  payout: safeString(),
  validStake: safeString(),
  status: z.enum(BET_STATUSES),
  time: safeString(),
});
export const bettingRecordDetailSchema = betRoundSchema.extend({
  /** Commission the round earned (lottery: taken off the ticket's cost at purchase). */
  commission: safeString().optional(),
  entries: z.array(betEntrySchema),
});

/** POST /seamless/v1/{vendor}/session: the vendor redeems a launch token, once. */
export const vendorSessionRequestSchema = z.object({ launchToken: safeString().min(16).max(200) });
export const vendorSessionSchema = z.object({
  username: safeString(),
  currency: safeString(),
  balance: safeString(),
  gameCode: safeString(),
  trial: z.boolean(),
  language: safeString(),
});

// Operator console
export const adminGamesQuerySchema = z.object({
  keyword: safeString().trim().max(50).optional(),
  vendor: vendorCode.optional(),
  gameType: gameTypeParam.optional(),
  pageNo,
  pageSize: pageSize(GAMES_LIMITS.pageSizeMax, GAMES_LIMITS.pageSizeDefault),
});
export const adminGameSchema = gameSchema.extend({ enabled: z.boolean(), sort: z.number().int() });
export const adminGamePageSchema = pageOf(adminGameSchema);
export const adminGamePatchSchema = z
  .object({
    enabled: z.boolean(),
    maintenance: z.boolean(),
    isHot: z.boolean(),
    isNew: z.boolean(),
    sort: z.number().int().min(0).max(1_000_000),
  })
  .partial()
  .refine((b) => Object.keys(b).length > 0, 'nothing to change');
export const adminVendorSchema = z.object({
  code: safeString(),
  nameEn: safeString(),
  nameNe: safeString(),
  categories: z.array(safeString()),
  enabled: z.boolean(),
  maintenance: z.boolean(),
  sort: z.number().int(),
  launchUrlTemplate: safeString(),
  /** The seamless vendor code that plays its games, when not the vendor itself. */
  walletVendor: safeString().nullable(),
  markText: safeString(),
  markColor: safeString(),
  gameCount: z.number().int(),
  /** Whether a seamless secret is configured for it (the secret itself is never shown here). */
  secretConfigured: z.boolean(),
});
export const adminVendorListSchema = z.object({ list: z.array(adminVendorSchema) });
export const adminVendorPatchSchema = z
  .object({
    enabled: z.boolean(),
    maintenance: z.boolean(),
    sort: z.number().int().min(0).max(1_000_000),
    launchUrlTemplate: safeString().min(1).max(500).includes('{token}'),
    walletVendor: vendorCode.nullable(),
  })
  .partial()
  .refine((b) => Object.keys(b).length > 0, 'nothing to change');
export const adminRoundsQuerySchema = z.object({
  account: safeString().trim().max(50).optional(),
  vendor: vendorCode.optional(),
  roundId: safeString().max(100).optional(),
  from: dateBoundSchema.optional(),
  to: dateBoundSchema.optional(),
  pageNo,
  pageSize: pageSize(GAMES_LIMITS.pageSizeMax, GAMES_LIMITS.pageSizeDefault),
});
export const adminRoundSchema = betRoundSchema.extend({ memberId: z.number().int(), account: safeString() });
export const adminRoundPageSchema = pageOf(adminRoundSchema).extend({ totals: betTotalsSchema });
export const adminRoundDetailQuerySchema = z.object({
  vendor: vendorCode,
  memberId: z.coerce.number().int().min(1),
});
export const seamlessTxSchema = z.object({
  id: z.number().int(),
  txId: safeString(),
  kind: safeString(),
  refTxId: safeString().nullable(),
  amount: safeString().nullable(),
  status: safeString(),
  code: safeString(),
  time: safeString(),
});
export const adminRoundDetailSchema = adminRoundSchema.extend({
  entries: z.array(betEntrySchema),
  transactions: z.array(seamlessTxSchema),
});
