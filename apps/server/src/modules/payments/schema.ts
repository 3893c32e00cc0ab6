import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

const ts = () => timestamp({ withTimezone: true });

/**
 * One row per deposit paid through a provider (issue 29: eSewa ePay v2, Khalti KPG-2), beside
 * the cashier's deposit request it settles. The money itself moves only through the cashier's
 * deposit approval (same ledger, limits, bonuses); this table holds what the provider protocol
 * adds: our order id, the provider's references, and the reconciliation state.
 */
export const paymentOrders = pgTable(
  'payment_orders',
  {
    id: serial().primaryKey(),
    /** esewa | khalti */
    provider: text().notNull(),
    /** Our id at the provider: eSewa transaction_uuid, Khalti purchase_order_id. */
    orderId: text().notNull(),
    depositId: integer().notNull(),
    memberId: integer().notNull(),
    /** Paisa, as the deposit request. */
    amount: bigint({ mode: 'bigint' }).notNull(),
    /** pending | credited | canceled | expired | refused */
    state: text().notNull().default('pending'),
    /** Khalti's payment id from initiate (null for eSewa, or before initiate answered). */
    pidx: text(),
    /** Khalti's payment page for this order. */
    paymentUrl: text(),
    /** eSewa ref_id, Khalti transaction_id: set from the provider's status / lookup answer. */
    providerRef: text(),
    /** The provider's last status answer. */
    providerStatus: text(),
    checks: integer().notNull().default(0),
    lastCheckedAt: ts(),
    nextCheckAt: ts(),
    lastError: text(),
    /** Khalti's expires_at for the payment link. */
    expiresAt: ts(),
    createdAt: ts().notNull().default(sql`now()`),
    settledAt: ts(),
  },
  (t) => [
    uniqueIndex('payment_orders_order_unique').on(t.provider, t.orderId),
    uniqueIndex('payment_orders_deposit_unique').on(t.depositId),
    uniqueIndex('payment_orders_pidx_unique').on(t.pidx).where(sql`${t.pidx} is not null`),
    index('payment_orders_due_idx').on(t.nextCheckAt).where(sql`${t.state} = 'pending'`),
    check('payment_orders_provider_known', sql`${t.provider} in ('esewa', 'khalti')`),
    check(
      'payment_orders_state_known',
      sql`${t.state} in ('pending', 'credited', 'canceled', 'expired', 'refused')`,
    ),
    check('payment_orders_positive', sql`${t.amount} > 0`),
  ],
);
export type PaymentOrderRow = typeof paymentOrders.$inferSelect;
