import { LOTTERY_STRUCTURES, type LotteryResults, type LotteryStructureId } from '@wps/games';
import { ICT_OFFSET_MINUTES } from './games.ts';

/**
 * The HTTP results feed adapter (issue 28): one GET per draw to a configured URL, and a mapping
 * from each prize key of the draw's structure to a path in the JSON answer. The URL and the paths
 * may name `{gameCode}`, `{drawId}` and `{date}` (the draw's day in Vietnam time, YYYY-MM-DD), so
 * one feed serving every station works as well as one URL per game.
 *
 * A path is dotted keys and `[n]` indexes, optionally after `$.`: `results.DB`,
 * `$.data.{gameCode}.prizes[0]`. The value there is an array of digit strings, or one string of
 * numbers separated by spaces, commas or dashes. A 404 means "not published yet"; anything else
 * that is not a complete, well-formed result is an error the job logs and the next run retries.
 */
export interface ResultsFeedConfig {
  url: string;
  /** Prize key → path; `results.<key>` for a key not listed. */
  map: Record<string, string>;
}

export interface FeedDraw {
  id: string;
  gameCode: string;
  drawTime: Date;
}

const fill = (template: string, d: FeedDraw, encode: boolean) => {
  const date = new Date(d.drawTime.getTime() + ICT_OFFSET_MINUTES * 60_000).toISOString().slice(0, 10);
  const v = (s: string) => (encode ? encodeURIComponent(s) : s);
  return template
    .replaceAll('{gameCode}', v(d.gameCode))
    .replaceAll('{drawId}', v(d.id))
    .replaceAll('{date}', v(date));
};

export const feedUrlOf = (cfg: ResultsFeedConfig, d: FeedDraw) => fill(cfg.url, d, true);

/** The value at a dotted path (`a.b[0].c`), undefined when any step is missing. */
export function readPath(json: unknown, path: string): unknown {
  const steps = path
    .replace(/^\$\.?/, '')
    .split(/\.|\[(\d+)\]/)
    .filter((s) => s !== undefined && s !== '');
  let at: unknown = json;
  for (const step of steps) {
    if (at === null || typeof at !== 'object') return undefined;
    at = Array.isArray(at) && /^\d+$/.test(step) ? at[Number(step)] : (at as Record<string, unknown>)[step];
  }
  return at;
}

export class FeedShapeError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'FeedShapeError';
  }
}

/**
 * A result as the structure wants it: every prize key, each with its count of numbers of exactly
 * its digits. Throws FeedShapeError naming the first thing wrong.
 */
export function checkResults(
  structure: LotteryStructureId,
  results: Record<string, unknown>,
): LotteryResults {
  const out: LotteryResults = {};
  for (const slot of LOTTERY_STRUCTURES[structure]) {
    const raw = results[slot.key];
    const list = Array.isArray(raw)
      ? raw.map((x) => String(x).trim())
      : typeof raw === 'string' || typeof raw === 'number'
        ? String(raw)
            .split(/[\s,;-]+/)
            .filter(Boolean)
        : null;
    if (!list) throw new FeedShapeError(`${slot.key}: missing`);
    if (list.length !== slot.count)
      throw new FeedShapeError(`${slot.key}: ${slot.count} numbers expected, ${list.length} given`);
    const bad = list.find((n) => !new RegExp(`^[0-9]{${slot.digits}}$`).test(n));
    if (bad !== undefined)
      throw new FeedShapeError(`${slot.key}: ${slot.digits} digits expected, got "${bad}"`);
    out[slot.key] = list;
  }
  const extra = Object.keys(results).find((k) => !LOTTERY_STRUCTURES[structure].some((s) => s.key === k));
  if (extra !== undefined) throw new FeedShapeError(`${extra}: not a prize of this draw`);
  return out;
}

/** The draw's result out of the feed's JSON answer, by the configured paths. */
export function mapFeedAnswer(
  cfg: ResultsFeedConfig,
  d: FeedDraw,
  structure: LotteryStructureId,
  json: unknown,
): LotteryResults {
  const picked: Record<string, unknown> = {};
  for (const slot of LOTTERY_STRUCTURES[structure]) {
    picked[slot.key] = readPath(json, fill(cfg.map[slot.key] ?? `results.${slot.key}`, d, false));
  }
  return checkResults(structure, picked);
}

/**
 * Fetches one draw's result: null while the feed has none (404, or no value at the paths yet),
 * the result when complete; throws on a transport error, a non-JSON answer or a malformed result.
 */
export async function fetchFeedResult(
  cfg: ResultsFeedConfig,
  d: FeedDraw,
  structure: LotteryStructureId,
  fetchImpl: typeof fetch = fetch,
): Promise<{ url: string; results: LotteryResults } | null> {
  const url = feedUrlOf(cfg, d);
  const res = await fetchImpl(url, {
    headers: { accept: 'application/json' },
    signal: AbortSignal.timeout(10_000),
  });
  if (res.status === 404) return null;
  if (!res.ok) throw new FeedShapeError(`feed answered HTTP ${res.status}`);
  const json = (await res.json()) as unknown;
  const first = readPath(json, fill(cfg.map.DB ?? cfg.map.P1 ?? 'results', d, false));
  if (first === undefined || first === null) return null;
  return { url, results: mapFeedAnswer(cfg, d, structure, json) };
}
