import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { members } from '../members/schema.ts';

const ts = () => timestamp({ withTimezone: true });

/** Operator accounts: separate from members, with a permission list (`['*']` = everything). */
export const operators = pgTable(
  'operators',
  {
    id: serial().primaryKey(),
    account: text().notNull(),
    passwordHash: text().notNull(),
    permissions: jsonb().$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    /** owner, finance, support, content, agents or custom (permissions = role's ∪ explicit). */
    role: text().notNull().default('custom'),
    status: text().notNull().default('active'),
    /** TOTP secret, AES-256-GCM encrypted (totp.ts); never answered after enrolment. */
    totpSecret: text(),
    /** A secret shown for enrolment, not yet confirmed with a code. */
    totpPendingSecret: text(),
    totpEnabledAt: ts(),
    /** The time step of the last accepted code: a code is good once (replay refused). */
    totpLastStep: bigint({ mode: 'number' }),
    lastLoginAt: ts(),
    createdAt: ts().notNull().default(sql`now()`),
  },
  (t) => [uniqueIndex('operators_account_unique').on(t.account)],
);

/**
 * Sessions. Only the SHA-256 of the token is stored: a database leak yields no usable tokens.
 * A session belongs to a member or to an operator, never both.
 */
export const sessions = pgTable(
  'sessions',
  {
    id: serial().primaryKey(),
    tokenHash: text().notNull(),
    memberId: integer().references(() => members.id, { onDelete: 'cascade' }),
    operatorId: integer().references(() => operators.id, { onDelete: 'cascade' }),
    role: text().notNull(),
    loginType: text().notNull(),
    /** Default or expired password: state-changing calls other than the password change are refused. */
    mustChangePassword: boolean().notNull().default(false),
    ip: text(),
    userAgent: text(),
    createdAt: ts().notNull().default(sql`now()`),
    lastSeenAt: ts().notNull().default(sql`now()`),
    expiresAt: ts().notNull(),
    revokedAt: ts(),
  },
  (t) => [
    uniqueIndex('sessions_token_hash_unique').on(t.tokenHash),
    index('sessions_member_idx').on(t.memberId),
    index('sessions_operator_idx').on(t.operatorId),
  ],
);

/** Every login attempt, successful or not (who typed what account, from where, and the outcome). */
export const loginAudit = pgTable(
  'login_audit',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    at: ts().notNull().default(sql`now()`),
    portal: text().notNull(),
    loginType: text().notNull(),
    account: text().notNull(),
    memberId: integer(),
    operatorId: integer(),
    ip: text().notNull(),
    userAgent: text(),
    /** The client's device id (`x-device-id`), when it sends one: linked accounts in the console. */
    deviceId: text(),
    result: text().notNull(),
  },
  (t) => [
    index('login_audit_account_idx').on(t.account, t.at),
    index('login_audit_ip_idx').on(t.ip, t.at),
    index('login_audit_member_idx').on(t.memberId, t.at).where(sql`${t.memberId} is not null`),
    index('login_audit_device_idx').on(t.deviceId, t.at).where(sql`${t.deviceId} is not null`),
  ],
);

/**
 * Consecutive failed logins per key (`acct:<name>` or `ip:<addr>`). Kept in the database so a
 * restart or a second instance does not forget a brute-force in progress. Unknown accounts get
 * rows too, so they behave exactly like real ones (no enumeration through captcha or lock).
 */
export const loginFailures = pgTable('login_failures', {
  key: text().primaryKey(),
  failures: integer().notNull().default(0),
  lastFailedAt: ts().notNull().default(sql`now()`),
  lockedUntil: ts(),
});

/** Image captchas: answer hashed, single use (any attempt consumes it), short expiry. */
export const captchas = pgTable('captchas', {
  key: text().primaryKey(),
  answerHash: text().notNull(),
  expiresAt: ts().notNull(),
});

/** ALTCHA challenges already redeemed: a solved challenge is good for one call only. */
export const humanChecksUsed = pgTable('human_checks_used', {
  challengeId: text().primaryKey(),
  expiresAt: ts().notNull(),
});

/**
 * A login that passed the password but comes from an unregistered IP (SPEC §4): the client
 * finishes it with a code (mobile / email) or the real name, under this one-time ticket.
 */
export const loginChallenges = pgTable(
  'login_challenges',
  {
    id: serial().primaryKey(),
    ticketHash: text().notNull(),
    memberId: integer()
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    /** The member's password version when the challenge opened; a change since closes it. */
    passwordChangedAt: ts(),
    portal: text().notNull(),
    loginType: text().notNull(),
    mustChangePassword: boolean().notNull().default(false),
    ip: text().notNull(),
    userAgent: text(),
    attempts: integer().notNull().default(0),
    expiresAt: ts().notNull(),
    consumedAt: ts(),
  },
  (t) => [
    uniqueIndex('login_challenges_ticket_unique').on(t.ticketHash),
    index('login_challenges_member_idx').on(t.memberId),
  ],
);

/** One-time recovery codes for the TOTP second factor: SHA-256 hashed, each usable once. */
export const operatorRecoveryCodes = pgTable(
  'operator_recovery_codes',
  {
    id: serial().primaryKey(),
    operatorId: integer()
      .notNull()
      .references(() => operators.id, { onDelete: 'cascade' }),
    codeHash: text().notNull(),
    usedAt: ts(),
    createdAt: ts().notNull().default(sql`now()`),
  },
  (t) => [index('operator_recovery_codes_operator_idx').on(t.operatorId)],
);

/** A console sign-in that passed the password and waits for the TOTP (or recovery) code. */
export const operatorLoginChallenges = pgTable(
  'operator_login_challenges',
  {
    id: serial().primaryKey(),
    ticketHash: text().notNull(),
    operatorId: integer()
      .notNull()
      .references(() => operators.id, { onDelete: 'cascade' }),
    ip: text().notNull(),
    userAgent: text(),
    attempts: integer().notNull().default(0),
    expiresAt: ts().notNull(),
    consumedAt: ts(),
  },
  (t) => [
    uniqueIndex('operator_login_challenges_ticket_unique').on(t.ticketHash),
    index('operator_login_challenges_operator_idx').on(t.operatorId),
  ],
);
