import { bytesToFloat, FLOATS_PER_BLOCK } from '@wps/games';
import { fromMinor } from '@wps/contract';
import { formatMoney } from '../../wallet/lib/money.ts';

/**
 * A round's proof as a person reads it (issue 27): the engines' bet and outcome objects, flattened
 * into labelled lines, with amounts (kept in paisa by the engines) in rupees through the money
 * formatter. Pure, so the page and its tests share it.
 */
export interface ProofLine {
  /** The field's key path, e.g. ['hands', 1, 'stake'] (labels are looked up by its last name). */
  path: ReadonlyArray<string | number>;
  value: string;
  /** The value is an amount in rupees. */
  money: boolean;
}

/** Fields the engines hold in paisa (integer minor units). */
const MONEY_KEYS = new Set([
  'amount',
  'stake',
  'baseStake',
  'totalStake',
  'payout',
  'insurance',
  'insurancePayout',
  'win',
  'winAmount',
  'lineBet',
]);

/** "totalStake" → "Total stake", "minePositions" → "Mine positions": a key with no label of its own. */
export function humanKey(key: string): string {
  const words = key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** Paisa → "1,234.50". */
export const rupees = (paisa: number) => formatMoney(fromMinor(BigInt(Math.round(paisa))));

const isPlain = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

function scalar(v: unknown, yes: string, no: string): string {
  if (v === null || v === undefined) return '—';
  if (typeof v === 'boolean') return v ? yes : no;
  if (Array.isArray(v)) return v.map((x) => scalar(x, yes, no)).join(Array.isArray(v[0]) ? ' / ' : ', ');
  if (isPlain(v))
    return Object.entries(v)
      .map(([k, x]) => `${humanKey(k)} ${scalar(x, yes, no)}`)
      .join(' · ');
  return String(v);
}

/**
 * Flattens a bet or an outcome into lines: one per field, nested objects and lists of objects one
 * level further (each list entry numbered from 1), anything deeper written on one line.
 */
export function proofLines(
  value: unknown,
  words: { yes: string; no: string },
  path: ReadonlyArray<string | number> = [],
  depth = 0,
): ProofLine[] {
  if (isPlain(value) && depth < 3)
    return Object.entries(value).flatMap(([k, v]) => proofLines(v, words, [...path, k], depth + 1));
  if (Array.isArray(value) && value.length > 0 && value.every(isPlain) && depth < 3)
    return value.flatMap((v, i) => proofLines(v, words, [...path, i + 1], depth + 1));
  const key = [...path].reverse().find((p): p is string => typeof p === 'string') ?? '';
  const money = typeof value === 'number' && Number.isInteger(value) && MONEY_KEYS.has(key);
  return [{ path, value: money ? rupees(value as number) : scalar(value, words.yes, words.no), money }];
}

/** The first numbers a round's block 0 gives (4 bytes each, divided by 2^32), as the engines read them. */
export function blockFloats(blockHex: string, count = 4): number[] {
  const bytes = blockHex.match(/../g)?.map((h) => Number.parseInt(h, 16)) ?? [];
  return Array.from({ length: Math.min(count, FLOATS_PER_BLOCK, Math.floor(bytes.length / 4)) }, (_, i) =>
    bytesToFloat(bytes[i * 4]!, bytes[i * 4 + 1]!, bytes[i * 4 + 2]!, bytes[i * 4 + 3]!),
  );
}
