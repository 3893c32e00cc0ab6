import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  customType,
  doublePrecision,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

const ts = () => timestamp({ withTimezone: true });
/** PGlite hands bytea back as Uint8Array, node-postgres as Buffer: normalise to Buffer. */
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  toDriver: (v) => v,
  fromDriver: (v) => (Buffer.isBuffer(v) ? v : Buffer.from(v)),
});

/** Per game type, the percent of a valid stake that counts toward wagering (e.g. RNG 100, LIVE 10). */
export type Contributions = Record<string, number>;

/** An operator's promotion (SPEC §3): what the promotions page lists and what pays bonuses. */
export const promotions = pgTable('promotions', {
  id: serial().primaryKey(),
  title: text().notNull(),
  summary: text().notNull(),
  body: text().notNull(),
  /** Nepali texts (migration 0058): empty reads the English one. */
  titleNe: text().notNull().default(''),
  summaryNe: text().notNull().default(''),
  bodyNe: text().notNull().default(''),
  category: text().notNull(),
  labels: text().array().notNull().default(sql`'{}'::text[]`),
  /** Languages it is shown in (empty: all). */
  languages: text().array().notNull().default(sql`'{}'::text[]`),
  imageUrl: text(),
  /** An image uploaded through the content module's pipeline (its WebP/AVIF widths). */
  imageId: text(),
  /** SPEC §3 announcementImages: uploaded images (content pipeline ids) in the detail's order. */
  announcementImageIds: text().array().notNull().default(sql`'{}'::text[]`),
  /** deposit_bonus | reload | cashback | free_bonus | apply */
  kind: text().notNull(),
  /** all | new_players | players | agents */
  audience: text().notNull().default('all'),
  startsAt: ts().notNull(),
  endsAt: ts(),
  enabled: boolean().notNull().default(true),
  depositNth: integer(),
  percent: integer(),
  cap: bigint({ mode: 'bigint' }),
  minDeposit: bigint({ mode: 'bigint' }),
  bonusAmount: bigint({ mode: 'bigint' }),
  /** cashback: the loss period; reload: the period `claimLimit` counts in (day | week). */
  period: text(),
  /** reload: at most this many bonuses per period (null: no limit). */
  claimLimit: integer(),
  /** cashback: no cashback below this net loss. */
  minLoss: bigint({ mode: 'bigint' }),
  /** cashback: paid by the job (true) or waiting for the member's claim (false). */
  autoCredit: boolean().notNull().default(false),
  wageringMultiplier: integer().notNull().default(0),
  expiryDays: integer().notNull().default(7),
  contributions: jsonb().$type<Contributions>().notNull().default({}),
  /** Kind tickets: WHEEL | ENVELOPE | EGG, and how many each member receives. */
  ticketKind: text(),
  ticketCount: integer(),
  sort: integer().notNull().default(0),
  createdAt: ts().notNull().default(sql`now()`),
  updatedAt: ts().notNull().default(sql`now()`),
});

/** One member's part in one promotion: joined, applying, rejected, claim, process, issued, closed. */
export const promotionParticipations = pgTable('promotion_participations', {
  id: bigserial({ mode: 'number' }).primaryKey(),
  promotionId: integer().notNull(),
  memberId: integer().notNull(),
  status: text().notNull(),
  remark: text(),
  reviewNote: text(),
  reviewedBy: text(),
  reviewedAt: ts(),
  createdAt: ts().notNull().default(sql`now()`),
  updatedAt: ts().notNull().default(sql`now()`),
});

/** Images sent with an application (SPEC §5: at most 3, PNG/JPG, 5 MB), re-encoded before storing. */
export const promotionImages = pgTable('promotion_images', {
  id: uuid().primaryKey().defaultRandom(),
  participationId: bigint({ mode: 'number' }).notNull(),
  memberId: integer().notNull(),
  mime: text().notNull(),
  data: bytea().notNull(),
  createdAt: ts().notNull().default(sql`now()`),
});

/**
 * Bonus money given to a member: it waits in their bonus account until `wagered` reaches
 * `wageringRequired` (then converts to cash once) or it expires (then it is forfeited).
 * `sourceKey` names what earned it (a deposit, a claim) so it is granted once.
 */
export const bonusGrants = pgTable('bonus_grants', {
  id: bigserial({ mode: 'number' }).primaryKey(),
  memberId: integer().notNull(),
  promotionId: integer().notNull(),
  sourceKey: text().notNull(),
  amount: bigint({ mode: 'bigint' }).notNull(),
  wageringRequired: bigint({ mode: 'bigint' }).notNull(),
  wagered: bigint({ mode: 'bigint' }).notNull().default(0n),
  contributions: jsonb().$type<Contributions>().notNull(),
  /** active | converted | forfeited */
  status: text().notNull(),
  expiresAt: ts().notNull(),
  createdAt: ts().notNull().default(sql`now()`),
  settledAt: ts(),
});

/**
 * A cashback computed for one (promotion, member, period) from the bets record: the unique key
 * makes a second or overlapping job run insert (and pay) nothing. `claim` waits for the member;
 * `issued` was granted (in the same transaction that moved it there).
 */
export const promotionCashbacks = pgTable(
  'promotion_cashbacks',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    promotionId: integer().notNull(),
    memberId: integer().notNull(),
    periodStart: ts().notNull(),
    periodEnd: ts().notNull(),
    /** Real-money stake of the period (not valid stake): the loss is stake − payout. */
    stake: bigint({ mode: 'bigint' }).notNull(),
    payout: bigint({ mode: 'bigint' }).notNull(),
    netLoss: bigint({ mode: 'bigint' }).notNull(),
    amount: bigint({ mode: 'bigint' }).notNull(),
    status: text().notNull(),
    createdAt: ts().notNull().default(sql`now()`),
    claimedAt: ts(),
  },
  (t) => [uniqueIndex('promotion_cashbacks_uq').on(t.promotionId, t.memberId, t.periodStart)],
);

/** MANPLAYREB3: rebate rate per game type, in basis points of valid stake (50 = 0.5 %). */
export const rebateRates = pgTable('rebate_rates', {
  gameType: text().primaryKey(),
  rateBp: integer().notNull(),
});

/** One manual rebate claim per member per business day, covering the valid bets since the last one. */
export const rebateClaims = pgTable('rebate_claims', {
  id: bigserial({ mode: 'number' }).primaryKey(),
  memberId: integer().notNull(),
  period: text().notNull(),
  fromAt: ts().notNull(),
  toAt: ts().notNull(),
  validStake: bigint({ mode: 'bigint' }).notNull(),
  amount: bigint({ mode: 'bigint' }).notNull(),
  createdAt: ts().notNull().default(sql`now()`),
});

/** One prize of a table as stored: money in paisa as a decimal string (jsonb has no bigint). */
export interface StoredPrize {
  type: 'cash' | 'bonus' | 'points' | 'nothing';
  label: string;
  amount: string | null;
  points: number | null;
  wageringMultiplier: number;
  weight: number;
}

/** The operator's prize table per ticket kind (WHEEL, ENVELOPE, EGG). */
export const ticketPrizeTables = pgTable('ticket_prize_tables', {
  kind: text().primaryKey(),
  enabled: boolean().notNull().default(true),
  prizes: jsonb().$type<StoredPrize[]>().notNull(),
  updatedAt: ts().notNull().default(sql`now()`),
  updatedBy: text(),
});

/**
 * A reward ticket: issued with a copy of its kind's prize table (the odds the member was shown),
 * opened once. The draw is float 0 of the member's in-house seed pair at `nonce`; `sourceKey`
 * makes each issuance happen once.
 */
export const rewardTickets = pgTable('reward_tickets', {
  id: bigserial({ mode: 'number' }).primaryKey(),
  memberId: integer().notNull(),
  kind: text().notNull(),
  /** promotion | operator | mission | mall */
  source: text().notNull(),
  sourceKey: text().notNull(),
  promotionId: integer(),
  title: text().notNull(),
  prizes: jsonb().$type<StoredPrize[]>().notNull(),
  /** issued | opened */
  status: text().notNull().default('issued'),
  seedId: bigint({ mode: 'number' }),
  nonce: integer(),
  float: doublePrecision(),
  prizeIndex: integer(),
  issuedBy: text(),
  createdAt: ts().notNull().default(sql`now()`),
  openedAt: ts(),
});
