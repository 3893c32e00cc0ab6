import { z } from 'zod';
import { safeString } from './safe.ts';

/**
 * Automatic deposits through a payment provider (issue 29): eSewa ePay v2 and Khalti KPG-2. The
 * player starts one with `POST /wps/payments/{provider}/deposits`; the answer tells the browser
 * where to go (eSewa: a form to POST; Khalti: a payment URL). The provider sends the browser back
 * to `/wps/payments/{provider}/return`, which redirects to the deposit page with `outcome`.
 */
export const PAYMENT_PROVIDERS = ['esewa', 'khalti'] as const;
export type PaymentProvider = (typeof PAYMENT_PROVIDERS)[number];
export const paymentProviderSchema = z.enum(PAYMENT_PROVIDERS);

const money = safeString().describe('Decimal string with two decimals, e.g. "1234.50"');

/** POST /wps/payments/{provider}/deposits. */
export const providerDepositInputSchema = z.object({
  amount: z
    .union([safeString().max(40), z.number()])
    .describe('Decimal string with at most two decimals, greater than 0'),
  /** A client-made id: a retried submit answers the same deposit and the same redirect. */
  requestId: safeString().regex(/^[A-Za-z0-9_-]{8,64}$/),
  /** Opt in to the offered deposit bonus, as on the manual deposit form. */
  bonusPromotionId: z.number().int().positive().max(2_147_483_647).optional(),
});

/** Where the browser goes next: a form POST (eSewa) or a plain navigation (Khalti). */
export const providerRedirectSchema = z.discriminatedUnion('method', [
  z.object({ method: z.literal('POST'), url: safeString(), fields: z.record(z.string(), z.string()) }),
  z.object({ method: z.literal('GET'), url: safeString() }),
]);
export type ProviderRedirect = z.infer<typeof providerRedirectSchema>;

export const providerDepositSchema = z.object({
  depositId: z.number().int(),
  /** Our order id at the provider (eSewa transaction_uuid, Khalti purchase_order_id). */
  orderId: safeString(),
  provider: paymentProviderSchema,
  amount: money,
  redirect: providerRedirectSchema,
});
export type ProviderDeposit = z.infer<typeof providerDepositSchema>;

/** GET /wps/payments/channels: the providers a player can deposit through now. */
export const paymentGatewaySchema = z.object({
  provider: paymentProviderSchema,
  channelId: z.number().int(),
  name: safeString(),
  min: money,
  max: money,
  /** simulator: the local stand-in (development and tests); live: the provider itself. */
  mode: z.enum(['live', 'simulator']),
});
export type PaymentGateway = z.infer<typeof paymentGatewaySchema>;

/**
 * A provider order's state. pending: waiting for the provider's confirmation; credited: its
 * status API confirmed amount and order id, the deposit was credited once; canceled / expired:
 * the provider says it was not paid; refused: the provider's answer disagreed with the order
 * (amount, order id), nothing credited, an operator looks into it.
 */
export const PAYMENT_ORDER_STATES = ['pending', 'credited', 'canceled', 'expired', 'refused'] as const;
export type PaymentOrderState = (typeof PAYMENT_ORDER_STATES)[number];

/** The outcome the return pages redirect to the deposit page with (`?payment=esewa&outcome=…`). */
export const PAYMENT_OUTCOMES = ['credited', 'pending', 'canceled', 'expired', 'refused', 'already'] as const;
export type PaymentOutcome = (typeof PAYMENT_OUTCOMES)[number];

/** A provider deposit as the console's deposit queue shows it beside the request. */
export const depositGatewaySchema = z.object({
  provider: paymentProviderSchema,
  orderId: safeString(),
  /** eSewa ref_id / transaction_code, Khalti transaction_id: once the provider confirmed. */
  providerRef: safeString().nullable(),
  /** Khalti's pidx (null for eSewa). */
  pidx: safeString().nullable(),
  /** The provider's last status answer (COMPLETE, PENDING, Completed, User canceled …). */
  providerStatus: safeString().nullable(),
  state: z.enum(PAYMENT_ORDER_STATES),
  /** Times the status / lookup API was asked. */
  checks: z.number().int(),
  lastCheckedAt: safeString().nullable(),
  /** When reconciliation asks next (null once settled). */
  nextCheckAt: safeString().nullable(),
  lastError: safeString().nullable(),
});
export type DepositGateway = z.infer<typeof depositGatewaySchema>;

/** GET /wps/admin/payments/status: each provider's mode and where it is reached (never a key). */
export const paymentsStatusSchema = z.array(
  z.object({
    provider: paymentProviderSchema,
    mode: z.enum(['live', 'simulator', 'disabled']),
    baseUrl: safeString().nullable(),
    productCode: safeString().nullable(),
    pending: z.number().int(),
  }),
);

/** POST /wps/admin/payments/deposits/:id/check: what asking the provider now gave. */
export const paymentCheckSchema = z.object({
  outcome: z.enum(PAYMENT_OUTCOMES),
  gateway: depositGatewaySchema,
});
