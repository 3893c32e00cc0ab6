import {
  type CompleteLocale,
  formatMessage,
  fromMinor,
  MAX_AMOUNT_MINOR,
  MESSAGES,
  MESSAGES_NE,
  type MessageKey,
  MONEY_RE,
  toMinor,
} from '@wps/contract';

/** The spec's text for `key` in the reader's language (the same words the server answers with). */
export function specText(key: MessageKey, locale: CompleteLocale, ...args: Array<string | number>): string {
  return formatMessage((locale === 'ne' ? MESSAGES_NE : MESSAGES)[key], ...args);
}

export interface AmountLimits {
  /** Two-decimal strings as the server sends them ("100.00"). */
  min?: string | null;
  max?: string | null;
  /** What the member can spend: above it is "Insufficient balance." before any call. */
  balance?: string | null;
}

export type AmountCheck =
  | { ok: true; minor: bigint; amount: string }
  | { ok: false; key: MessageKey; args: string[] };

const minorOf = (s: string | null | undefined): bigint | null =>
  s != null && MONEY_RE.test(s) ? toMinor(s) : null;

/**
 * Reads what a person typed into an amount box exactly as the server will (decimal string, at most
 * two decimals, greater than zero, never through a float), then applies the page's limits. The
 * answer names the spec message, so the field shows the server's words before anything is sent.
 */
export function checkAmount(raw: string, limits: AmountLimits = {}): AmountCheck {
  const text = raw.trim();
  if (text === '') return { ok: false, key: 'inputEmpty', args: [] };
  if (!MONEY_RE.test(text)) return { ok: false, key: 'invalidAmount', args: [] };
  const minor = toMinor(text);
  if (minor <= 0n || minor > MAX_AMOUNT_MINOR) return { ok: false, key: 'invalidAmount', args: [] };
  const min = minorOf(limits.min);
  if (min !== null && minor < min) return { ok: false, key: 'amountBelowMin', args: [fromMinor(min)] };
  const max = minorOf(limits.max);
  if (max !== null && minor > max) return { ok: false, key: 'amountAboveMax', args: [fromMinor(max)] };
  const balance = minorOf(limits.balance);
  if (balance !== null && minor > balance) return { ok: false, key: 'insufficientFunds', args: [] };
  return { ok: true, minor, amount: fromMinor(minor) };
}

/** The field message for an amount, or null when it is fine. */
export function amountError(raw: string, limits: AmountLimits, locale: CompleteLocale): string | null {
  const r = checkAmount(raw, limits);
  return r.ok ? null : specText(r.key, locale, ...r.args);
}

/**
 * "1234567.5" or "-1234567.50" → "1,234,567.50": always two decimals, thousands grouped, never a
 * float. Anything that is not a decimal string is shown as it came.
 */
export function formatMoney(value: string): string {
  const m = /^(-?)(\d+)(?:\.(\d{1,2}))?$/.exec(value.trim());
  if (!m) return value;
  const [, sign, int = '0', dec = ''] = m;
  const grouped = int.replace(/^0+(?=\d)/, '').replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const negative = sign === '-' && /[1-9]/.test(int + dec);
  return `${negative ? '-' : ''}${grouped}.${dec.padEnd(2, '0')}`;
}

/** Sign of a two-decimal string: -1, 0 or 1 (for colouring gains and losses). */
export function moneySign(value: string): -1 | 0 | 1 {
  if (!/^-?\d+(\.\d+)?$/.test(value) || !/[1-9]/.test(value)) return 0;
  return value.startsWith('-') ? -1 : 1;
}

/** A request id for one submit: a retried click makes one request, not two. */
export function newRequestId(): string {
  const bytes = new Uint8Array(16);
  globalThis.crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}
