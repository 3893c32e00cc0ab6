import { createSign, createVerify } from 'node:crypto';
import { safeString } from '@wps/contract';
import { z } from 'zod';

/**
 * The Hub88 operator Wallet API, as documented. Every rule below names the page it comes from:
 *
 * - Endpoints, request and response fields:
 *   https://docs.hub88.io/developer-docs/operator-api-reference/wallet-api
 * - The RS_* statuses and when each applies:
 *   https://docs.hub88.io/developer-docs/operator-api-reference/operator-api-overview/seamless-wallet-response-statuses-operator-api
 * - Request signing (RSA-SHA256 over the raw body, base64, header X-Hub88-Signature):
 *   https://docs.hub88.io/developer-docs/supplier-api-reference/supplier-api-overview (the same
 *   scheme both ways; the operator pages name the header on every endpoint)
 * - Amounts: "The amount of money displayed in integer (Int64) format. To convert real float value
 *   to integer, it is multiplied by 100000. Example: $3.56 is represented as 356000"
 *   https://docs.hub88.io/developer-docs/operator-api-reference/transferwallet-api (the same
 *   definition is used by the Wallet API's `amount` and `balance`).
 */
/** The seamless vendor code Hub88's rounds are recorded under (house accounts, bets record). */
export const HUB88_VENDOR = 'HUB88';

export const HUB88_DOCS = {
  wallet: 'https://docs.hub88.io/developer-docs/operator-api-reference/wallet-api',
  statuses:
    'https://docs.hub88.io/developer-docs/operator-api-reference/operator-api-overview/seamless-wallet-response-statuses-operator-api',
  games: 'https://docs.hub88.io/developer-docs/operator-api-reference/games-api',
  signing: 'https://docs.hub88.io/developer-docs/supplier-api-reference/supplier-api-overview',
} as const;

export const HUB88_STATUSES = [
  'RS_OK',
  'RS_ERROR_UNKNOWN',
  'RS_ERROR_INVALID_PARTNER',
  'RS_ERROR_INVALID_TOKEN',
  'RS_ERROR_INVALID_GAME',
  'RS_ERROR_WRONG_CURRENCY',
  'RS_ERROR_NOT_ENOUGH_MONEY',
  'RS_ERROR_USER_DISABLED',
  'RS_ERROR_INVALID_SIGNATURE',
  'RS_ERROR_TOKEN_EXPIRED',
  'RS_ERROR_WRONG_SYNTAX',
  'RS_ERROR_WRONG_TYPES',
  'RS_ERROR_DUPLICATE_TRANSACTION',
  'RS_ERROR_TRANSACTION_DOES_NOT_EXIST',
] as const;
export type Hub88Status = (typeof HUB88_STATUSES)[number];

export const SIGNATURE_HEADER = 'x-hub88-signature';

/** 100000 protocol units = 1.00 (see the amount rule above); our ledger counts paisa (1/100). */
export const UNITS_PER_MINOR = 1000n;

/** Protocol units to paisa; null when the amount has a fraction of a paisa (we cannot hold it). */
export function unitsToMinor(units: number): bigint | null {
  if (!Number.isSafeInteger(units) || units < 0) return null;
  const u = BigInt(units);
  return u % UNITS_PER_MINOR === 0n ? u / UNITS_PER_MINOR : null;
}

export const minorToUnits = (minor: bigint): number => Number(minor * UNITS_PER_MINOR);

/** Base64 RSA-SHA256 of the exact body bytes (signing page above). */
export function signBody(privateKeyPem: string, body: string | Buffer): string {
  return createSign('RSA-SHA256').update(body).sign(privateKeyPem, 'base64');
}

export function verifyBody(publicKeyPem: string, body: Buffer, signature: string | undefined): boolean {
  if (!signature || signature.length > 2048 || !/^[A-Za-z0-9+/=]+$/.test(signature)) return false;
  try {
    return createVerify('RSA-SHA256').update(body).verify(publicKeyPem, signature, 'base64');
  } catch {
    return false;
  }
}

// Request bodies (wallet-api page). Only the fields we act on are required; the documented
// optional ones (supplier_transaction_id, supplier_user, is_aggregated, bet, meta,
// sub_partner_id …) are accepted and ignored; is_free and reward_uuid mark a free round. Ids are bounded like every seamless id.
const id = safeString().min(1).max(100);
const uuid = safeString().min(1).max(100);
const token = safeString().min(1).max(255);
const units = z.number().int().min(0).max(Number.MAX_SAFE_INTEGER);

export const userInfoRequest = z.object({ user: id, request_uuid: uuid }).passthrough();
export const balanceRequest = z
  .object({ user: id, token, request_uuid: uuid, game_code: id.nullish() })
  .passthrough();
export const betRequest = z
  .object({
    user: id,
    transaction_uuid: uuid,
    token,
    round_closed: z.boolean().nullish(),
    round: id,
    request_uuid: uuid,
    game_code: id,
    currency: safeString().min(3).max(8),
    amount: units,
    // A free round of a reward we granted through the Freebets API (freebets.ts).
    is_free: z.boolean().nullish(),
    reward_uuid: uuid.nullish(),
  })
  .passthrough();
export const winRequest = betRequest.extend({ reference_transaction_uuid: uuid });
export const rollbackRequest = z
  .object({
    user: id,
    transaction_uuid: uuid,
    token,
    round_closed: z.boolean().nullish(),
    round: id,
    request_uuid: uuid,
    reference_transaction_uuid: uuid,
    game_code: id,
  })
  .passthrough();

export type UserInfoRequest = z.infer<typeof userInfoRequest>;
export type BalanceRequest = z.infer<typeof balanceRequest>;
export type BetRequest = z.infer<typeof betRequest>;
export type WinRequest = z.infer<typeof winRequest>;
export type RollbackRequest = z.infer<typeof rollbackRequest>;

/** Every answer: `status` and `request_uuid` always; `user`, `currency`, `balance` once the user is known. */
export const walletResponse = z
  .object({
    status: z.enum(HUB88_STATUSES),
    request_uuid: z.string().optional(),
    user: z.string().optional(),
    currency: z.string().optional(),
    balance: z.number().int().optional(),
    country: z.string().optional(),
    jurisdiction: z.string().optional(),
  })
  .passthrough();
export type WalletResponse = z.infer<typeof walletResponse>;
