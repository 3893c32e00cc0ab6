import { fromMinor, MAX_AMOUNT_MINOR, MONEY_RE, type MessageKey, toMinor } from '@wps/contract';
import { AppError } from '../../http/errors.ts';

/**
 * A field error whose message is the spec's text for `key`. The field carries the key (the error
 * handler translates keys); when the text takes arguments the cashier's error handler fills them.
 */
export function fieldError(
  field: string,
  key: MessageKey,
  args: Array<string | number> = [],
  code: 'VALIDATION' | 'INSUFFICIENT_FUNDS' | 'CONFLICT' | 'NOT_FOUND' | 'PAYLOAD_TOO_LARGE' = 'VALIDATION',
): AppError {
  return new AppError(code, { messageKey: key, args, fields: { [field]: key } });
}

/**
 * Parses an amount from the wire: a decimal string (or a JSON number, read as written) with at
 * most two decimals, greater than zero, within optional limits. Anything else is a 400 with the
 * field's message: negative, three decimals, letters, empty, absurdly large.
 */
export function parseAmount(raw: unknown, opts: { field?: string; min?: bigint; max?: bigint } = {}): bigint {
  const field = opts.field ?? 'amount';
  const text = typeof raw === 'number' && Number.isFinite(raw) ? String(raw) : raw;
  if (typeof text !== 'string' || !MONEY_RE.test(text.trim())) throw fieldError(field, 'invalidAmount');
  const minor = toMinor(text.trim());
  if (minor <= 0n || minor > MAX_AMOUNT_MINOR) throw fieldError(field, 'invalidAmount');
  if (opts.min !== undefined && minor < opts.min)
    throw fieldError(field, 'amountBelowMin', [fromMinor(opts.min)]);
  if (opts.max !== undefined && minor > opts.max)
    throw fieldError(field, 'amountAboveMax', [fromMinor(opts.max)]);
  return minor;
}
