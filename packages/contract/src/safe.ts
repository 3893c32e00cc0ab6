import { z } from 'zod';

/**
 * Text any client sends is checked here before it can reach storage: PostgreSQL refuses a NUL
 * byte in text and jsonb, and a lone UTF-16 surrogate cannot be encoded as UTF-8, so both would
 * otherwise surface as a server fault (and a vendor retries a faulted call forever).
 */
// With the u flag a surrogate pair is one code point, so \p{Cs} matches only a lone half.
const LONE_SURROGATE = /\p{Cs}/u;
export const isSafeText = (s: string): boolean => !s.includes('\u0000') && !LONE_SURROGATE.test(s);

/** Field message for text that is not valid Unicode: a message key, translated by the server. */
const UNSAFE_TEXT = 'badRequest';

/**
 * The one string schema for client input: `safeString().trim().max(100)` chains like z.string().
 * Every input string field in the contract starts from it.
 */
// Marked free of side effects so bundlers drop schemas nobody uses (zod stays out of the player entry).
export const safeString = /* @__NO_SIDE_EFFECTS__ */ () => z.string().refine(isSafeText, UNSAFE_TEXT);

/**
 * An integer that may arrive as text (query strings, multipart fields, path params) but never
 * from another JSON type: `true` is not 1, `""` is not 0, `1e3` and `0x10` are not numbers.
 */
export const intFromText = /* @__NO_SIDE_EFFECTS__ */ <T extends z.ZodType<number>>(schema: T) =>
  z.preprocess((v) => (typeof v === 'string' && /^-?\d{1,15}$/.test(v) ? Number(v) : v), schema);

/** Calendar years any date the API accepts may fall in: outside this, no record exists. */
export const DATE_YEAR_MIN = 2000;
export const DATE_YEAR_MAX = 2100;
const yearInRange = (s: string) => {
  const y = Number(s.slice(0, 4));
  return y >= DATE_YEAR_MIN && y <= DATE_YEAR_MAX;
};

/** A date (YYYY-MM-DD, the whole day in UTC) or an ISO date-time with offset, years 2000–2100. */
export const boundedDateSchema = z
  .union([z.iso.date(), z.iso.datetime({ offset: true })])
  .refine(yearInRange, UNSAFE_TEXT);
