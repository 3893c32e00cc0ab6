import { MONEY_RE, toMinor } from './amounts.ts';
import { safeString } from './safe.ts';

// The plain helpers live in amounts.ts, free of schemas, so the player entry can use them without zod.
export { fromMinor, MONEY_RE, toMinor } from './amounts.ts';

/** A money amount as the API accepts it (see amounts.ts for the wire format). */
export const moneyString = safeString().regex(MONEY_RE, 'Invalid amount');
// zod 4 runs refinements even after the pattern check fails, so the refinement re-checks the
// pattern before converting: a malformed amount must be a field error, never a thrown RangeError.
export const positiveMoneyString = moneyString.refine(
  (s) => MONEY_RE.test(s) && toMinor(s) > 0n,
  'Invalid amount',
);
