import { createHash, createHmac } from 'node:crypto';
import type { FastifyInstance, FastifyPluginAsync, FastifySchema } from 'fastify';

/*
 * A local stand-in for a drand randomness beacon (https://drand.love), speaking the JSON of drand's
 * HTTP API (https://docs.drand.love/docs/dev-guide/3-4-dev-guide-http-api):
 *   GET /chains                     → [chain hash]
 *   GET /{chain-hash}/info          → { public_key, period, genesis_time, hash, groupHash, schemeID, metadata }
 *   GET /{chain-hash}/public/latest → { round, randomness, signature }
 *   GET /{chain-hash}/public/{round}→ the same for one round; 404 { error } for a round not yet due
 * Round r is due at genesis_time + (r − 1) × period seconds, as on drand; randomness is the SHA-256
 * of the signature bytes, as on drand. The "signature" is an HMAC of the round under the stand-in's
 * secret, not a threshold BLS signature: whoever holds the secret knows every future value, so the
 * stand-in is for the demo and tests only (the platform refuses it in production).
 */

export interface DrandChainInfo {
  public_key: string;
  period: number;
  genesis_time: number;
  hash: string;
  groupHash: string;
  schemeID: string;
  metadata: { beaconID: string };
}

export interface DrandRound {
  round: number;
  randomness: string;
  signature: string;
}

export interface DrandStandInOptions {
  /** Keys the rounds' values. Instances that must agree on the values share it. */
  secret: string;
  /** Milliseconds since the epoch (tests move it). */
  now?: () => number;
  /** Seconds since the epoch of round 1 (default 0: any clock a test sets is past it). */
  genesisTime?: number;
  /** Seconds between rounds (default 3, quicknet's). */
  period?: number;
}

export const STAND_IN_SCHEME = 'wps-stand-in-hmac-sha256';

const sha256Hex = (b: string | Buffer) => createHash('sha256').update(b).digest('hex');
const ROUND_RE = /^[0-9]{1,15}$/;

export class DrandStandIn {
  readonly info: DrandChainInfo;
  private readonly secret: string;
  private readonly now: () => number;

  constructor(opts: DrandStandInOptions) {
    this.secret = opts.secret;
    this.now = opts.now ?? Date.now;
    const genesis = opts.genesisTime ?? 0;
    const period = opts.period ?? 3;
    // The chain hash names this beacon's parameters and its secret (by a hash of it), so two
    // stand-ins with different secrets never pass for the same chain.
    const publicKey = sha256Hex(`stand-in public key:${sha256Hex(this.secret)}`);
    this.info = {
      public_key: publicKey,
      period,
      genesis_time: genesis,
      hash: sha256Hex(`${STAND_IN_SCHEME}:${genesis}:${period}:${publicKey}`),
      groupHash: sha256Hex(`group:${publicKey}`),
      schemeID: STAND_IN_SCHEME,
      metadata: { beaconID: 'wps-stand-in' },
    };
  }

  /** The newest round due at the stand-in's clock (0 before genesis). */
  latestRound(): number {
    const s = this.now() / 1000 - this.info.genesis_time;
    return s < 0 ? 0 : Math.floor(s / this.info.period) + 1;
  }

  round(r: number): DrandRound {
    const signature = createHmac('sha256', this.secret).update(`round:${r}`).digest();
    return { round: r, randomness: sha256Hex(signature), signature: signature.toString('hex') };
  }

  /** One GET of the API, by path (the plugin's answers, and an in-process transport's). */
  answer(path: string): { status: number; body: unknown } {
    const notFound = { status: 404, body: { error: 'round or chain not found' } };
    const parts = path.split('?')[0]!.split('/').filter(Boolean);
    if (parts.length === 1 && parts[0] === 'chains') return { status: 200, body: [this.info.hash] };
    if (parts[0] !== this.info.hash) return notFound;
    if (parts.length === 2 && parts[1] === 'info') return { status: 200, body: this.info };
    if (parts.length !== 3 || parts[1] !== 'public') return notFound;
    const latest = this.latestRound();
    const asked = parts[2]!;
    if (asked !== 'latest' && !ROUND_RE.test(asked))
      return { status: 400, body: { error: 'round must be a positive integer' } };
    // drand: round 0 means the latest.
    const r = asked === 'latest' || Number(asked) === 0 ? latest : Number(asked);
    if (r < 1 || r > latest) return notFound;
    return { status: 200, body: this.round(r) };
  }

  /** Fastify plugin serving the API; mount it under a prefix. */
  plugin: FastifyPluginAsync = async (app: FastifyInstance) => {
    app.get('/*', { schema: { hide: true } as FastifySchema }, async (req, reply) => {
      const { status, body } = this.answer((req.params as { '*': string })['*']);
      return reply.code(status).header('cache-control', 'no-store').send(body);
    });
  };
}
