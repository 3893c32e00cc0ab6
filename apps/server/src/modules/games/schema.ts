import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

const ts = () => timestamp({ withTimezone: true });

/**
 * A game vendor (SPEC §3 vassalage). The launch URL is data, per vendor, so a real vendor is
 * added by configuration: nothing in code knows which vendor is the sandbox.
 */
export const gameVendors = pgTable(
  'game_vendors',
  {
    code: text().primaryKey(),
    nameEn: text().notNull(),
    nameNe: text().notNull(),
    /** The game categories (gameType) the vendor appears under. */
    categories: text().array().notNull(),
    enabled: boolean().notNull().default(true),
    maintenance: boolean().notNull().default(false),
    sort: integer().notNull().default(0),
    /** Placeholders {token} {gameCode} {vendor} {language} {device} {trial}. */
    launchUrlTemplate: text().notNull(),
    /**
     * The seamless vendor code that plays this vendor's games and may redeem its launch tokens,
     * when it is not the vendor itself (an aggregator; the sandbox vendor in the demo).
     */
    walletVendor: text(),
    /** Our own text badge (no third-party logos): short text and a colour. */
    markText: text().notNull(),
    markColor: text().notNull(),
    createdAt: ts().notNull().default(sql`now()`),
    updatedAt: ts().notNull().default(sql`now()`),
  },
  (t) => [check('game_vendors_code_format', sql`${t.code} ~ '^[A-Z0-9_]{1,32}$'`)],
);

/** A game (SPEC §3 Game). gameId is `id`; nodeId is the stable public key favourites use. */
export const games = pgTable(
  'games',
  {
    id: serial().primaryKey(),
    nodeId: text().notNull(),
    vendor: text()
      .notNull()
      .references(() => gameVendors.code),
    gameType: text().notNull(),
    gameCode: text().notNull(),
    nameEn: text().notNull(),
    nameNe: text().notNull(),
    isHot: boolean().notNull().default(false),
    isNew: boolean().notNull().default(false),
    /** SPEC §3: 0 = free trial allowed. */
    supportPlay: smallint().notNull().default(1),
    /** GAME, or VASSALAGE when the vendor opens its own game list. */
    isGame: text().notNull().default('GAME'),
    gameClass: text().notNull().default('others'),
    rtp: numeric({ precision: 5, scale: 2 }),
    /**
     * The vendor's own picture of the game (an aggregator's thumbnail URL), refreshed by each
     * import; null for a game whose artwork we draw (artwork/files.ts).
     */
    imageUrl: text(),
    /** Table limits of live rooms, in paisa. */
    minBet: bigint({ mode: 'bigint' }),
    maxBet: bigint({ mode: 'bigint' }),
    addedAt: ts().notNull().default(sql`now()`),
    sort: integer().notNull().default(0),
    enabled: boolean().notNull().default(true),
    maintenance: boolean().notNull().default(false),
    updatedAt: ts().notNull().default(sql`now()`),
  },
  (t) => [
    uniqueIndex('games_node_id_unique').on(t.nodeId),
    uniqueIndex('games_vendor_code_unique').on(t.vendor, t.gameCode),
    index('games_type_idx').on(t.gameType, t.sort),
    index('games_code_idx').on(t.gameCode),
    check('games_is_game_known', sql`${t.isGame} in ('GAME', 'VASSALAGE')`),
    check('games_support_play_known', sql`${t.supportPlay} in (0, 1)`),
  ],
);

export const gameFavorites = pgTable(
  'game_favorites',
  {
    memberId: integer().notNull(),
    gameId: integer()
      .notNull()
      .references(() => games.id, { onDelete: 'cascade' }),
    createdAt: ts().notNull().default(sql`now()`),
  },
  (t) => [primaryKey({ name: 'game_favorites_pk', columns: [t.memberId, t.gameId] })],
);

/** Last play per (member, game): written by launches and, through the bets trigger, by rounds. */
export const gameRecent = pgTable(
  'game_recent',
  {
    memberId: integer().notNull(),
    gameId: integer()
      .notNull()
      .references(() => games.id, { onDelete: 'cascade' }),
    playedAt: ts().notNull().default(sql`now()`),
  },
  (t) => [
    primaryKey({ name: 'game_recent_pk', columns: [t.memberId, t.gameId] }),
    index('game_recent_member_idx').on(t.memberId, t.playedAt),
  ],
);

/** One-time launch tokens, stored hashed: the vendor redeems one once, before it expires. */
export const gameLaunchTokens = pgTable(
  'game_launch_tokens',
  {
    tokenHash: text().primaryKey(),
    memberId: integer().notNull(),
    gameId: integer()
      .notNull()
      .references(() => games.id, { onDelete: 'cascade' }),
    vendor: text().notNull(),
    trial: boolean().notNull(),
    language: text().notNull().default('en'),
    expiresAt: ts().notNull(),
    usedAt: ts(),
    createdAt: ts().notNull().default(sql`now()`),
  },
  (t) => [index('game_launch_tokens_expires_idx').on(t.expiresAt)],
);
