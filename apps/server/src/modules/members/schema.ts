import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

const ts = () => timestamp({ withTimezone: true });

/**
 * A member (player, trial, agent: SPEC §3 `type`). Operators are separate (auth module).
 * `account` is stored lower-cased: usernames are case-insensitive, so `Demo01` and `demo01`
 * can never be two people.
 */
export const members = pgTable(
  'members',
  {
    id: serial().primaryKey(),
    account: text().notNull(),
    /** SPEC §3: 4 trial; 1, 2, 41, 42 agents; 0 player. */
    type: smallint().notNull().default(0),
    /** Upline agent; the agent tree is walked with recursive queries. */
    parentId: integer().references((): AnyPgColumn => members.id),
    passwordHash: text().notNull(),
    passwordChangedAt: ts().notNull().default(sql`now()`),
    paymentPasswordHash: text(),
    paymentPasswordFailures: integer().notNull().default(0),
    paymentPasswordLockedUntil: ts(),
    nickname: text(),
    /** Real name: the wallet compares payout accounts against it. */
    payeeName: text(),
    email: text(),
    emailVerified: boolean().notNull().default(false),
    countryDialingCode: text(),
    mobileNum: text(),
    mobileVerified: boolean().notNull().default(false),
    qqNum: text(),
    line: text(),
    whatsapp: text(),
    facebook: text(),
    wechat: text(),
    idNumber: text(),
    recommenderId: text(),
    /** Agents hand this out; a registration carrying it gets the agent as upline. */
    affiliateCode: text(),
    /** The member's own referral code (SPEC: `referralCode` query parameter of the register link). */
    referralCode: text().notNull(),
    referrerId: integer().references((): AnyPgColumn => members.id),
    registerMethod: text(),
    registerUrl: text(),
    domain: text(),
    registerIp: text(),
    status: text().notNull().default('active'),
    /** The avatar (SPEC §7 `/wps/member/info/icon`): a re-encoded image the cashier module stores. */
    iconUploadId: uuid(),
    /** Interface language the member last chose (SPEC §4: the server is told of a change). */
    language: text(),
    // Profile fields named in SPEC §3, edited in the security centre under the register rules.
    telegram: text(),
    zalo: text(),
    /** yyyy-MM-dd */
    birthday: text(),
    address: text(),
    nationality: text(),
    occupation: text(),
    sourceOfIncome: text(),
    firstLoginDone: boolean().notNull().default(false),
    lastLoginAt: ts(),
    createdAt: ts().notNull().default(sql`now()`),
  },
  (t) => [
    uniqueIndex('members_account_unique').on(t.account),
    uniqueIndex('members_referral_code_unique').on(t.referralCode),
    uniqueIndex('members_affiliate_code_unique').on(t.affiliateCode),
    // One account per phone number: SMS login and reset by phone look the member up by it.
    uniqueIndex('members_mobile_unique')
      .on(t.countryDialingCode, t.mobileNum)
      .where(sql`${t.mobileNum} is not null`),
    index('members_parent_idx').on(t.parentId),
  ],
);

/** Addresses a member has logged in from; a new one triggers the second verification (SPEC §4). */
export const memberKnownIps = pgTable(
  'member_known_ips',
  {
    memberId: integer()
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    ip: text().notNull(),
    firstSeenAt: ts().notNull().default(sql`now()`),
    lastSeenAt: ts().notNull().default(sql`now()`),
  },
  (t) => [primaryKey({ columns: [t.memberId, t.ip] })],
);

/**
 * Temporary passwords mailed by "forgot password by email". They work beside the current
 * password until used or expired, so a stranger who knows a username and email cannot lock the
 * owner out; logging in with one forces a password change.
 */
export const memberTempPasswords = pgTable(
  'member_temp_passwords',
  {
    id: serial().primaryKey(),
    memberId: integer()
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    passwordHash: text().notNull(),
    createdAt: ts().notNull().default(sql`now()`),
    expiresAt: ts().notNull(),
    usedAt: ts(),
  },
  (t) => [index('member_temp_passwords_member_idx').on(t.memberId)],
);

/**
 * A real member's trial twin (issue 31): the trial member (type 4) a signed-in player's free-trial
 * launch plays as, made on first use and kept. Every money path reads the twin's type and moves
 * play money only; the real member's wallet is never named by a trial round.
 */
export const memberTrialTwins = pgTable(
  'member_trial_twins',
  {
    memberId: integer()
      .primaryKey()
      .references(() => members.id, { onDelete: 'cascade' }),
    twinId: integer()
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    createdAt: ts().notNull().default(sql`now()`),
  },
  (t) => [uniqueIndex('member_trial_twins_twin_uq').on(t.twinId)],
);
