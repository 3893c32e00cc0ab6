import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { members } from '../members/schema.ts';

const ts = () => timestamp({ withTimezone: true });

/** A tier as stored: thresholds in paisa / members, rate in hundredths of a percent. */
export interface StoredTier {
  minValidBet: string;
  minNetLoss: string;
  minActiveMembers: number;
  rateBp: number;
}

/** Migration 0019 explains the tree choice. `uplineId` null: the platform pays. */
export const agentContracts = pgTable(
  'agent_contracts',
  {
    id: serial().primaryKey(),
    uplineId: integer().references(() => members.id),
    memberId: integer()
      .notNull()
      .references(() => members.id),
    kind: text().notNull(),
    /** offered | active | rejected | ended */
    status: text().notNull().default('offered'),
    rateBp: integer(),
    tiers: jsonb().$type<StoredTier[]>().notNull().default([]),
    maxRateBp: integer().notNull(),
    payPeriod: text(),
    /** Whether the holder's own bets count toward this contract (its team is everyone below it). */
    ownPlay: boolean().notNull().default(false),
    level: integer().notNull(),
    /** upline | downline: who asked to terminate; the other side confirms. */
    terminationBy: text(),
    createdAt: ts().notNull().default(sql`now()`),
    acceptedAt: ts(),
    endedAt: ts(),
    endReason: text(),
  },
  (t) => [
    uniqueIndex('agent_contracts_one_active').on(t.memberId, t.kind).where(sql`status = 'active'`),
    uniqueIndex('agent_contracts_one_offer').on(t.memberId, t.kind).where(sql`status = 'offered'`),
    index('agent_contracts_upline_idx').on(t.uplineId, t.kind, t.status),
    index('agent_contracts_kind_idx').on(t.kind, t.status),
  ],
);

export const agentPayouts = pgTable(
  'agent_payouts',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    contractId: integer()
      .notNull()
      .references(() => agentContracts.id),
    memberId: integer().notNull(),
    payerId: integer(),
    kind: text().notNull(),
    period: text().notNull(),
    periodStart: ts().notNull(),
    periodEnd: ts().notNull(),
    validBet: bigint({ mode: 'bigint' }).notNull().default(0n),
    netLoss: bigint({ mode: 'bigint' }).notNull().default(0n),
    activeMembers: integer().notNull().default(0),
    rateBp: integer().notNull().default(0),
    amount: bigint({ mode: 'bigint' }).notNull(),
    carriedIn: bigint({ mode: 'bigint' }).notNull().default(0n),
    carriedOut: bigint({ mode: 'bigint' }).notNull().default(0n),
    /** Real-time salary: what the period left below the paisa, in ten-thousandths of a paisa (migration 0051). */
    remainder: bigint({ mode: 'bigint' }).notNull().default(0n),
    /** paid | pending (the payer lacked funds; retried each run) | none (nothing due) */
    status: text().notNull(),
    attempts: integer().notNull().default(1),
    createdAt: ts().notNull().default(sql`now()`),
    paidAt: ts(),
  },
  (t) => [
    unique('agent_payouts_contract_id_period_key').on(t.contractId, t.period),
    index('agent_payouts_member_idx').on(t.memberId, t.kind, t.periodStart),
    index('agent_payouts_payer_idx').on(t.payerId, t.kind, t.periodStart),
  ],
);

export const agentRealtimeAccruals = pgTable(
  'agent_realtime_accruals',
  {
    contractId: integer()
      .notNull()
      .references(() => agentContracts.id),
    periodStart: ts().notNull(),
    validBet: bigint({ mode: 'bigint' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.contractId, t.periodStart] })],
);

export const agentContractEvents = pgTable(
  'agent_contract_events',
  {
    id: serial().primaryKey(),
    contractId: integer()
      .notNull()
      .references(() => agentContracts.id),
    memberId: integer().notNull(),
    event: text().notNull(),
    createdAt: ts().notNull().default(sql`now()`),
    readAt: ts(),
  },
  (t) => [index('agent_contract_events_member_idx').on(t.memberId, t.id)],
);
