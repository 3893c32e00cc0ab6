import { sql } from 'drizzle-orm';
import { bigserial, index, integer, pgTable, text, timestamp, unique } from 'drizzle-orm/pg-core';

/**
 * A member's device subscribed to Web Push (migration 0069). Its own module, not `messages` or
 * `support`: a subscription is a delivery channel to a device, owned by no one feature. Live support
 * is its first sender; the inbox or a jackpot win can send through the same service later without
 * reaching into another module's tables (DESIGN §3).
 */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    memberId: integer().notNull(),
    /** The push service's URL for this device (https, checked on the way in). */
    endpoint: text().notNull(),
    /** The browser's P-256 key and auth secret (base64url): the payload is encrypted to them. */
    p256dh: text().notNull(),
    auth: text().notNull(),
    /** The language the member used when subscribing: notifications are written in it. */
    locale: text().notNull().default('en'),
    createdAt: timestamp({ withTimezone: true }).notNull().default(sql`now()`),
  },
  (t) => [
    unique('push_subscriptions_endpoint').on(t.endpoint),
    index('push_subscriptions_member').on(t.memberId, t.id),
  ],
);
