import { createHash, createHmac } from 'node:crypto';

/*
 * The crash chain's public salt (issue 28): a value nobody could choose or know when the chain was
 * committed. Each chain names, when it is created, a round of a drand randomness beacon a few
 * minutes ahead (round numbers follow from the clock: round r is due at genesis + (r − 1) × period);
 * the chain's rounds wait until that round's randomness is out, and every round hash is
 * HMAC-SHA256(h_k, salt). drand's HTTP API:
 * https://docs.drand.love/docs/dev-guide/3-4-dev-guide-http-api (`/{chain-hash}/info`,
 * `/{chain-hash}/public/{round}`; randomness = SHA-256 of the round's signature).
 */

/** drand's League of Entropy mainnet "quicknet" (3 s rounds), on its public relays. */
export const DRAND_QUICKNET = {
  url: 'https://api.drand.sh',
  chainHash: '52db9ba70e0cc0f6eaf7803dd07447a1f5477735fd3f661792ba94600c84e971',
} as const;

/** A beacon round's value: `randomness` is the salt. */
export interface BeaconValue {
  round: number;
  randomness: string;
  signature: string;
}

/** Where a chain's salt comes from. */
export interface SaltBeacon {
  /** The base URL players read the round from (recorded with each chain). */
  readonly url: string;
  /** The beacon chain's hash (drand's root of trust), recorded with each chain. */
  readonly chainHash: string;
  /** Genesis and period, in ms. */
  schedule(): Promise<{ genesisMs: number; periodMs: number }>;
  /** The round's value, or null while it is not out yet. */
  value(round: number): Promise<BeaconValue | null>;
}

/** One GET against the beacon's API, by path (`/<chain>/info`): real HTTP, or an in-process stand-in. */
export type BeaconTransport = (path: string) => Promise<{ status: number; body: unknown }>;

/** A transport over `fetch`, with a timeout (a beacon that hangs must not hold the loop). */
export function httpTransport(baseUrl: string, timeoutMs = 5000): BeaconTransport {
  return async (path) => {
    const res = await fetch(`${baseUrl}${path}`, {
      signal: AbortSignal.timeout(timeoutMs),
      headers: { accept: 'application/json' },
    });
    const text = await res.text();
    let body: unknown = null;
    try {
      body = JSON.parse(text);
    } catch {
      body = null;
    }
    return { status: res.status, body };
  };
}

export class BeaconError extends Error {}

const HEX64 = /^[0-9a-f]{64}$/;
const HEX = /^(?:[0-9a-f]{2})+$/;

/** The first round due strictly after `ms` (round r is due at genesis + (r − 1) × period). */
export function roundAfter(ms: number, s: { genesisMs: number; periodMs: number }): number {
  if (ms < s.genesisMs) return 1;
  return Math.floor((ms - s.genesisMs) / s.periodMs) + 2;
}
/** When round `r` is due, ms since the epoch. */
export const roundDueAt = (r: number, s: { genesisMs: number; periodMs: number }): number =>
  s.genesisMs + (r - 1) * s.periodMs;

/**
 * A drand client over its HTTP API. It checks what it can without BLS: the chain info's hash is
 * the configured chain's, the answer is for the round asked, and randomness = SHA-256(signature).
 * (The signature itself is published with each chain; drand's own clients verify it.)
 */
export class DrandHttpBeacon implements SaltBeacon {
  private scheduleOf: { genesisMs: number; periodMs: number } | null = null;

  constructor(
    readonly url: string,
    readonly chainHash: string,
    private readonly get: BeaconTransport = httpTransport(url),
  ) {}

  async schedule() {
    if (this.scheduleOf) return this.scheduleOf;
    const { status, body } = await this.get(`/${this.chainHash}/info`);
    const info = body as { hash?: unknown; genesis_time?: unknown; period?: unknown } | null;
    if (status !== 200 || !info) throw new BeaconError(`beacon info: HTTP ${status}`);
    if (info.hash !== this.chainHash) throw new BeaconError('beacon info: another chain answered');
    const genesis = Number(info.genesis_time);
    const period = Number(info.period);
    if (!Number.isSafeInteger(genesis) || !Number.isSafeInteger(period) || period <= 0 || genesis < 0)
      throw new BeaconError('beacon info: genesis_time or period missing');
    this.scheduleOf = { genesisMs: genesis * 1000, periodMs: period * 1000 };
    return this.scheduleOf;
  }

  async value(round: number): Promise<BeaconValue | null> {
    const { status, body } = await this.get(`/${this.chainHash}/public/${round}`);
    // drand answers a round not yet due with 404 (some relays 425 Too Early).
    if (status === 404 || status === 425) return null;
    const b = body as { round?: unknown; randomness?: unknown; signature?: unknown } | null;
    if (status !== 200 || !b) throw new BeaconError(`beacon round ${round}: HTTP ${status}`);
    if (b.round !== round) throw new BeaconError(`beacon round ${round}: answered round ${String(b.round)}`);
    const randomness = String(b.randomness ?? '').toLowerCase();
    const signature = String(b.signature ?? '').toLowerCase();
    if (!HEX64.test(randomness) || !HEX.test(signature))
      throw new BeaconError(`beacon round ${round}: malformed value`);
    if (createHash('sha256').update(Buffer.from(signature, 'hex')).digest('hex') !== randomness)
      throw new BeaconError(`beacon round ${round}: randomness is not the hash of the signature`);
    return { round, randomness, signature };
  }
}

/**
 * The chain seed, derived from the secret key and the chain's nonce (the nonce is stored, the key
 * and the seed are not): seed = HMAC-SHA256(key, "crash-chain:" + nonce), as 64 hex digits.
 */
export function chainSeed(key: string, nonce: string): string {
  return createHmac('sha256', key).update(`crash-chain:${nonce}`).digest('hex');
}
