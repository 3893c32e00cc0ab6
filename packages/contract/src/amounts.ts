/**
 * Money on the wire is a decimal string with at most two decimals ("1234.50"); in the database
 * it is integer paisa (bigint). Never a float anywhere in between.
 *
 * Plain constants and conversions only: no zod here, so code that needs an amount but no schema
 * (the player site's first screen) does not pull the validator library in with it.
 */
export const MONEY_RE = /^(0|[1-9]\d{0,14})(\.\d{1,2})?$/;

/** The largest single amount any call accepts (1,000,000,000.00), far inside bigint and float-safe ranges. */
export const MAX_AMOUNT_MINOR = 100_000_000_000n;

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
