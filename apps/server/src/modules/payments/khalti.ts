import { type HttpTransport, jsonOf } from './http.ts';

/**
 * Khalti Web Checkout (KPG-2), field for field as https://docs.khalti.com/khalti-epayment/ documents it:
 *
 * - Every call carries `Authorization: Key <live_secret_key>`; the API base is
 *   `https://khalti.com/api/v2` (sandbox `https://dev.khalti.com/api/v2`).
 * - Initiate, server side: POST `/epayment/initiate/` with return_url, website_url, amount (in
 *   paisa, at least 1000), purchase_order_id, purchase_order_name (customer_info and the rest are
 *   optional) → `{pidx, payment_url, expires_at, expires_in}`; a refusal is HTTP 400 with the
 *   field errors and `error_key`, a bad key HTTP 401.
 * - The player pays at payment_url; Khalti then sends the browser to return_url with pidx,
 *   transaction_id (tidx, txnId), amount, total_amount, mobile, status (Completed, Pending,
 *   User canceled), purchase_order_id and purchase_order_name. Nothing in it is signed.
 * - Lookup: POST `/epayment/lookup/` with `{pidx}` → `{pidx, total_amount, status,
 *   transaction_id, fee, refunded}`, status one of Completed, Pending, Initiated, Refunded,
 *   Expired, User canceled, Partially refunded. The docs name the lookup the way to confirm a
 *   payment; only its Completed is a payment.
 */
export const KHALTI_DOCS = 'https://docs.khalti.com/khalti-epayment/';
export const KHALTI_INITIATE_PATH = '/epayment/initiate/';
export const KHALTI_LOOKUP_PATH = '/epayment/lookup/';
/** KPG-2 refuses an amount under Rs 10 (1000 paisa). */
export const KHALTI_MIN_PAISA = 1000n;

export const KHALTI_STATUSES = [
  'Completed',
  'Pending',
  'Initiated',
  'Refunded',
  'Expired',
  'User canceled',
  'Partially refunded',
] as const;

const auth = (secret: string) => ({ authorization: `Key ${secret}`, 'content-type': 'application/json' });

export type KhaltiInitiate =
  | { ok: true; pidx: string; paymentUrl: string; expiresAt: Date | null }
  | { ok: false; error: string };

export async function khaltiInitiate(
  http: HttpTransport,
  baseUrl: string,
  secret: string,
  body: {
    return_url: string;
    website_url: string;
    amount: number;
    purchase_order_id: string;
    purchase_order_name: string;
  },
): Promise<KhaltiInitiate> {
  let res: Awaited<ReturnType<HttpTransport>>;
  try {
    res = await http({
      method: 'POST',
      url: `${baseUrl}${KHALTI_INITIATE_PATH}`,
      headers: auth(secret),
      body: JSON.stringify(body),
    });
  } catch (err) {
    return { ok: false, error: `no answer: ${(err as Error).message}`.slice(0, 300) };
  }
  const json = jsonOf(res.body) as Record<string, unknown> | null;
  if (res.status !== 200 || !json || typeof json.pidx !== 'string' || typeof json.payment_url !== 'string')
    return { ok: false, error: `HTTP ${res.status}: ${res.body.slice(0, 200)}` };
  if (!/^[A-Za-z0-9_-]{1,100}$/.test(json.pidx)) return { ok: false, error: 'initiate: malformed pidx' };
  let paymentUrl: URL;
  try {
    paymentUrl = new URL(json.payment_url, 'http://relative.invalid');
  } catch {
    return { ok: false, error: 'initiate: malformed payment_url' };
  }
  if (!['http:', 'https:'].includes(paymentUrl.protocol))
    return { ok: false, error: 'initiate: payment_url scheme' };
  const expires = typeof json.expires_at === 'string' ? new Date(json.expires_at) : null;
  return {
    ok: true,
    pidx: json.pidx,
    paymentUrl: json.payment_url,
    expiresAt: expires && !Number.isNaN(expires.getTime()) ? expires : null,
  };
}

export type KhaltiLookup =
  | {
      ok: true;
      pidx: string | null;
      status: string;
      totalAmount: bigint | null;
      transactionId: string | null;
      refunded: boolean;
    }
  | { ok: false; notFound: boolean; error: string };

export async function khaltiLookup(
  http: HttpTransport,
  baseUrl: string,
  secret: string,
  pidx: string,
): Promise<KhaltiLookup> {
  let res: Awaited<ReturnType<HttpTransport>>;
  try {
    res = await http({
      method: 'POST',
      url: `${baseUrl}${KHALTI_LOOKUP_PATH}`,
      headers: auth(secret),
      body: JSON.stringify({ pidx }),
    });
  } catch (err) {
    return { ok: false, notFound: false, error: `no answer: ${(err as Error).message}`.slice(0, 300) };
  }
  const json = jsonOf(res.body) as Record<string, unknown> | null;
  if (res.status === 404) return { ok: false, notFound: true, error: `HTTP 404: ${res.body.slice(0, 200)}` };
  if (res.status !== 200 || !json || typeof json.status !== 'string')
    return { ok: false, notFound: false, error: `HTTP ${res.status}: ${res.body.slice(0, 200)}` };
  const total = json.total_amount;
  return {
    ok: true,
    pidx: typeof json.pidx === 'string' ? json.pidx : null,
    status: json.status,
    totalAmount:
      typeof total === 'number' && Number.isSafeInteger(total) && total >= 0 ? BigInt(total) : null,
    transactionId: typeof json.transaction_id === 'string' ? json.transaction_id : null,
    refunded: json.refunded === true,
  };
}
