import { createHmac, timingSafeEqual } from 'node:crypto';
import { fromMinor } from '@wps/contract';
import { type HttpTransport, jsonOf, paisaOf } from './http.ts';

/**
 * eSewa ePay v2, field for field as https://developer.esewa.com.np/pages/Epay-V2 documents it:
 *
 * - The payment request is an HTML form the browser POSTs to `<host>/api/epay/main/v2/form` with
 *   amount, tax_amount, total_amount, transaction_uuid, product_code, product_service_charge,
 *   product_delivery_charge, success_url, failure_url, signed_field_names and signature.
 * - The signature is HMAC-SHA256 (RFC 2104) keyed by the merchant secret, output base64, over the
 *   signed fields written `name=value` joined by commas in the order signed_field_names gives
 *   (for the request: `total_amount,transaction_uuid,product_code`). transaction_uuid may hold
 *   only letters, digits and hyphens.
 * - After a payment eSewa redirects the browser to success_url with `data`: base64 of a JSON
 *   object (transaction_code, status, total_amount, transaction_uuid, product_code,
 *   signed_field_names, signature), signed the same way. It proves nothing on its own: the
 *   status check is the source of truth, and a response not received within five minutes is
 *   settled by asking it (the page's transaction flow, step 6).
 * - Status check: GET `<host>/api/epay/transaction/status/?product_code=&total_amount=&transaction_uuid=`
 *   answers product_code, transaction_uuid, total_amount, status and ref_id; status is one of
 *   PENDING, COMPLETE, FULL_REFUND, PARTIAL_REFUND, AMBIGUOUS, NOT_FOUND, CANCELED; an outage
 *   answers `{"code": 0, "error_message": "Service is currently unavailable"}`.
 */
export const ESEWA_DOCS = 'https://developer.esewa.com.np/pages/Epay-V2';
export const ESEWA_FORM_PATH = '/api/epay/main/v2/form';
export const ESEWA_STATUS_PATH = '/api/epay/transaction/status/';
/** The request's signed fields, in the documented order. */
export const ESEWA_REQUEST_SIGNED = 'total_amount,transaction_uuid,product_code';
/** What a success redirect must sign for us to read it at all. */
const CALLBACK_MUST_SIGN = ['transaction_code', 'status', 'total_amount', 'transaction_uuid', 'product_code'];

export const ESEWA_STATUSES = [
  'PENDING',
  'COMPLETE',
  'FULL_REFUND',
  'PARTIAL_REFUND',
  'AMBIGUOUS',
  'NOT_FOUND',
  'CANCELED',
] as const;
export type EsewaStatus = (typeof ESEWA_STATUSES)[number];

/** The message eSewa signs: `name=value` for each signed field, in order, joined by commas. */
export function esewaMessage(fields: Record<string, string>, signedFieldNames: string): string {
  return signedFieldNames
    .split(',')
    .map((name) => `${name}=${fields[name] ?? ''}`)
    .join(',');
}

export function esewaSign(secret: string, fields: Record<string, string>, signedFieldNames: string): string {
  return createHmac('sha256', secret).update(esewaMessage(fields, signedFieldNames)).digest('base64');
}

const sameText = (a: string, b: string) => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
};

/** eSewa's amounts are rupees with decimals: ours (paisa) written with two. */
export const esewaAmount = (paisa: bigint): string => fromMinor(paisa);

/** The signed payment form for one order (ePay v2 "Request parameter"). */
export function esewaForm(o: {
  secret: string;
  productCode: string;
  orderId: string;
  amount: bigint;
  successUrl: string;
  failureUrl: string;
}): Record<string, string> {
  const total = esewaAmount(o.amount);
  const fields: Record<string, string> = {
    amount: total,
    tax_amount: '0',
    total_amount: total,
    transaction_uuid: o.orderId,
    product_code: o.productCode,
    product_service_charge: '0',
    product_delivery_charge: '0',
    success_url: o.successUrl,
    failure_url: o.failureUrl,
    signed_field_names: ESEWA_REQUEST_SIGNED,
  };
  fields.signature = esewaSign(o.secret, fields, ESEWA_REQUEST_SIGNED);
  return fields;
}

/**
 * A flat JSON object's fields as their source text: a string's content, a number's literal as
 * written ("1000.0" stays "1000.0", which JSON.parse would make 1000). eSewa signs the text, so
 * the check must see the text. Null for anything but a flat object of strings, numbers, booleans.
 */
export function flatJsonFields(text: string): Record<string, string> | null {
  if (jsonOf(text) === null) return null;
  const out: Record<string, string> = {};
  let i = 0;
  const ws = () => {
    while (i < text.length && /\s/.test(text[i]!)) i++;
  };
  const str = (): string | null => {
    if (text[i] !== '"') return null;
    const start = i++;
    while (i < text.length && text[i] !== '"') i += text[i] === '\\' ? 2 : 1;
    i++;
    try {
      return JSON.parse(text.slice(start, i)) as string;
    } catch {
      return null;
    }
  };
  ws();
  if (text[i++] !== '{') return null;
  ws();
  if (text[i] === '}') return out;
  for (;;) {
    ws();
    const key = str();
    if (key === null) return null;
    ws();
    if (text[i++] !== ':') return null;
    ws();
    let value: string | null;
    if (text[i] === '"') value = str();
    else {
      const m = /^(-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?|true|false|null)/.exec(text.slice(i));
      value = m ? m[1]! : null;
      if (m) i += m[1]!.length;
    }
    if (value === null) return null;
    if (!Object.hasOwn(out, key)) out[key] = value;
    ws();
    if (text[i] === ',') {
      i++;
      continue;
    }
    if (text[i] === '}') return out;
    return null;
  }
}

export type EsewaCallback =
  | { ok: true; fields: Record<string, string> }
  | { ok: false; reason: 'malformed' | 'unsigned_fields' | 'bad_signature' };

/**
 * The success redirect's `data`, decoded and its signature verified with our secret over the
 * fields it names (which must include the ones we read). Verified is not trusted: the caller
 * still compares it with the order and asks the status check.
 */
export function readEsewaCallback(data: string, secret: string): EsewaCallback {
  if (data.length > 4096 || !/^[A-Za-z0-9+/_-]+=*$/.test(data)) return { ok: false, reason: 'malformed' };
  const fields = flatJsonFields(Buffer.from(data, 'base64').toString('utf8'));
  if (!fields || typeof fields.signed_field_names !== 'string' || typeof fields.signature !== 'string')
    return { ok: false, reason: 'malformed' };
  const names = fields.signed_field_names.split(',');
  if (!CALLBACK_MUST_SIGN.every((n) => names.includes(n))) return { ok: false, reason: 'unsigned_fields' };
  const expected = esewaSign(secret, fields, fields.signed_field_names);
  if (!sameText(expected, fields.signature)) return { ok: false, reason: 'bad_signature' };
  return { ok: true, fields };
}

export type EsewaStatusAnswer =
  | {
      ok: true;
      status: string;
      productCode: string | null;
      transactionUuid: string | null;
      totalAmount: bigint | null;
      refId: string | null;
    }
  | { ok: false; error: string };

/** The status check (source of truth), with our own product code, amount and order id. */
export async function esewaStatusCheck(
  http: HttpTransport,
  baseUrl: string,
  q: { productCode: string; amount: bigint; orderId: string },
): Promise<EsewaStatusAnswer> {
  const qs = new URLSearchParams({
    product_code: q.productCode,
    total_amount: esewaAmount(q.amount),
    transaction_uuid: q.orderId,
  });
  let res: Awaited<ReturnType<HttpTransport>>;
  try {
    res = await http({ method: 'GET', url: `${baseUrl}${ESEWA_STATUS_PATH}?${qs}` });
  } catch (err) {
    return { ok: false, error: `no answer: ${(err as Error).message}`.slice(0, 300) };
  }
  const body = jsonOf(res.body) as Record<string, unknown> | null;
  if (res.status !== 200 || !body || typeof body !== 'object' || typeof body.status !== 'string') {
    const message =
      body && typeof body.error_message === 'string' ? body.error_message : res.body.slice(0, 200);
    return { ok: false, error: `HTTP ${res.status}: ${message}` };
  }
  const text = (v: unknown) => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : null);
  return {
    ok: true,
    status: body.status,
    productCode: text(body.product_code),
    transactionUuid: text(body.transaction_uuid),
    totalAmount: paisaOf(body.total_amount),
    refId: text(body.ref_id),
  };
}
