import { sql } from 'drizzle-orm';
import { boolean, char, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

/** Key/value settings the operator edits (maintenance, domain route, analytics id…). */
export const systemSettings = pgTable('system_settings', {
  key: text().primaryKey(),
  value: jsonb().notNull(),
  updatedAt: timestamp({ withTimezone: true }).notNull().default(sql`now()`),
  updatedBy: text(),
});

/** Feature flags of SPEC §6 (USERNAMEREG3, PTSYS3 …). */
export const featureFlags = pgTable('feature_flags', {
  code: text().primaryKey(),
  enabled: boolean().notNull(),
  updatedAt: timestamp({ withTimezone: true }).notNull().default(sql`now()`),
});

/** The whitelabel module tree (modId / enabled / childrenNodes) of the permission payload. */
export const whitelabelModules = pgTable('whitelabel_modules', {
  modId: text().primaryKey(),
  parentId: text(),
  name: text().notNull(),
  enabled: boolean().notNull().default(true),
  sort: integer().notNull().default(0),
});

/** Per-field registration rules (SPEC §3 public store, §5). */
export const registerFieldRules = pgTable('register_field_rules', {
  field: text().primaryKey(),
  enabled: boolean().notNull(),
  required: boolean().notNull(),
  acceptedPattern: text().notNull(),
  patternId: text().notNull(),
  minLength: integer().notNull(),
  maxLength: integer().notNull(),
  sort: integer().notNull().default(0),
});

/** Countries whose visitors see the region-blocked page (ISO 3166-1 alpha-2). */
export const blockedCountries = pgTable('blocked_countries', {
  countryCode: char({ length: 2 }).primaryKey(),
  createdAt: timestamp({ withTimezone: true }).notNull().default(sql`now()`),
});

/** Customer-service entries (live chat, Telegram, WhatsApp …) of the permission payload. */
export const customerServiceEntries = pgTable('customer_service_entries', {
  id: serial().primaryKey(),
  csPosition: text().notNull(),
  title: text().notNull(),
  url: text().notNull(),
  sort: integer().notNull().default(0),
  enabled: boolean().notNull().default(true),
});

/** Downloadable resources and contact links by type (Android app, WHATSAPP …). */
export const systemResources = pgTable('system_resources', {
  id: serial().primaryKey(),
  resourceType: text().notNull(),
  labelNameEn: text().notNull(),
  url: text().notNull(),
  sort: integer().notNull().default(0),
});
