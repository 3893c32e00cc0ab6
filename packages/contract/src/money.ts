import { z } from 'zod';

/**
 * Money on the wire is a decimal string with at most two decimals ("1234.50"); in the database
 * it is integer paisa (bigint). Never a float anywhere in between.
 */
export const MONEY_RE = /^(0|[1-9]\d{0,14})(\.\d{1,2})?$/;

export const moneyString = z.string().regex(MONEY_RE, 'Invalid amount');
// zod 4 runs refinements even after the pattern check fails, so the refinement re-checks the
// pattern before converting: a malformed amount must be a field error, never a thrown RangeError.
export const positiveMoneyString = moneyString.refine(
  (s) => MONEY_RE.test(s) && toMinor(s) > 0n,
  'Invalid amount',
);

export function toMinor(amount: string): bigint {
  if (!MONEY_RE.test(amount)) throw new RangeError(`not a money amount: ${amount}`);
  const [whole, frac = ''] = amount.split('.');
  return BigInt(whole!) * 100n + BigInt(frac.padEnd(2, '0'));
}

export function fromMinor(minor: bigint): string {
  const neg = minor < 0n;
  const abs = neg ? -minor : minor;
  const whole = abs / 100n;
  const frac = (abs % 100n).toString().padStart(2, '0');
  return `${neg ? '-' : ''}${whole}.${frac}`;
}
