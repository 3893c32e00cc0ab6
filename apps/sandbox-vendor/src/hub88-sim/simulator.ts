import { createSign, createVerify, randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyPluginAsync, FastifySchema } from 'fastify';

/**
 * A local stand-in for the Hub88 aggregator (issue 29). It speaks only the documented protocol,
 * over HTTP: it serves the Games API the operator calls (game list, game URL, round details;
 * https://docs.hub88.io/developer-docs/operator-api-reference/games-api), opens a game page that
 * plays rounds against the operator's Wallet API with real RSA-SHA256 signatures
 * (https://docs.hub88.io/developer-docs/operator-api-reference/wallet-api), and drives the
 * conformance cases (conformance.ts). It holds the aggregator's private key and the operator's
 * public key; the operator holds the other halves.
 */

export const SIGNATURE_HEADER = 'x-hub88-signature';
export const UNITS = 100_000; // 100000 = 1.00 (wallet-api page: amounts are Int64 × 100000)

export const sign = (privateKeyPem: string, body: string): string =>
  createSign('RSA-SHA256').update(body).sign(privateKeyPem, 'base64');
export const verify = (
  publicKeyPem: string,
  body: string | Buffer,
  signature: string | undefined,
): boolean => {
  if (!signature) return false;
  try {
    return createVerify('RSA-SHA256').update(body).verify(publicKeyPem, signature, 'base64');
  } catch {
    return false;
  }
};

/** The simulator's catalogue, in the shape of the Games API game list. */
export const SIM_GAMES = [
  {
    game_code: 'sim_lucky_sevens',
    name: 'Lucky Sevens',
    product: 'SimStudio',
    category: 'Video Slots',
    platforms: ['GPL_DESKTOP', 'GPL_MOBILE'],
    url_thumb: '/aggregator-sim/hub88/img/sim_lucky_sevens.svg',
    url_background: '/aggregator-sim/hub88/img/sim_lucky_sevens.svg',
    freebet_support: true,
    demo_game_support: true,
    enabled: true,
  },
  {
    game_code: 'sim_himalaya_roulette',
    name: 'Himalaya Roulette',
    product: 'SimLive',
    category: 'Live Roulette',
    platforms: ['GPL_DESKTOP', 'GPL_MOBILE'],
    url_thumb: '/aggregator-sim/hub88/img/sim_himalaya_roulette.svg',
    url_background: '/aggregator-sim/hub88/img/sim_himalaya_roulette.svg',
    freebet_support: false,
    demo_game_support: false,
    enabled: true,
  },
] as const;

export interface WalletReply {
  httpStatus: number;
  body: Record<string, unknown>;
  /** Whether the answer carried a valid operator signature. */
  signed: boolean;
}

/** How the simulator reaches the operator's wallet: real HTTP by default, injectable for tests. */
export type WalletTransport = (
  path: string,
  rawBody: string,
  headers: Record<string, string>,
) => Promise<{ status: number; body: string; headers: Record<string, string | string[] | undefined> }>;

export const httpTransport =
  (baseUrl: () => string): WalletTransport =>
  async (path, rawBody, headers) => {
    const res = await fetch(`${baseUrl()}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: rawBody,
      signal: AbortSignal.timeout(10_000),
    });
    const answered: Record<string, string> = {};
    res.headers.forEach((value, name) => {
      answered[name] = value;
    });
    return { status: res.status, body: await res.text(), headers: answered };
  };

export interface SimulatorOptions {
  aggregatorPrivateKey: string;
  operatorPublicKey: string;
  operatorId: number;
  /** The operator's wallet, e.g. `http://127.0.0.1:8080/aggregator/hub88`. */
  wallet: WalletTransport;
  currency: string;
}

interface PlaySession {
  user: string | null;
  token: string | null;
  gameCode: string;
  currency: string;
  demo: boolean;
  demoBalance: number;
}

export class Hub88Simulator {
  private readonly sessions = new Map<string, PlaySession>();
  private readonly rounds = new Map<string, { user: string; transactions: Array<Record<string, unknown>> }>();

  constructor(readonly opts: SimulatorOptions) {}

  /** One signed wallet call, as Hub88 makes it. `tamper` sends a signature over other bytes. */
  async call(
    endpoint: string,
    body: Record<string, unknown>,
    opts: { tamper?: boolean } = {},
  ): Promise<WalletReply> {
    const raw = JSON.stringify(body);
    const signature = sign(this.opts.aggregatorPrivateKey, opts.tamper ? `${raw} ` : raw);
    const res = await this.opts.wallet(`/${endpoint}`, raw, { [SIGNATURE_HEADER]: signature });
    const sig = res.headers[SIGNATURE_HEADER];
    let parsed: Record<string, unknown> = {};
    try {
      parsed = JSON.parse(res.body) as Record<string, unknown>;
    } catch {
      parsed = { unparsable: res.body.slice(0, 200) };
    }
    return {
      httpStatus: res.status,
      body: parsed,
      signed: verify(this.opts.operatorPublicKey, res.body, typeof sig === 'string' ? sig : undefined),
    };
  }

  /** A round as the game page plays it: a bet, then a win (possibly zero) that closes it. */
  async playRound(s: { user: string; token: string; gameCode: string; stake: number; payout: number }) {
    const round = randomUUID();
    const betUuid = randomUUID();
    const bet = await this.call('transaction/bet', {
      user: s.user,
      transaction_uuid: betUuid,
      supplier_transaction_id: randomUUID(),
      token: s.token,
      round,
      round_closed: false,
      request_uuid: randomUUID(),
      game_code: s.gameCode,
      currency: this.opts.currency,
      bet: 'spin',
      amount: s.stake,
      meta: {},
    });
    this.record(round, s.user, {
      kind: 'bet',
      transaction_uuid: betUuid,
      amount: s.stake,
      status: bet.body.status,
    });
    if (bet.body.status !== 'RS_OK') return { round, bet, win: null };
    const winUuid = randomUUID();
    const win = await this.call('transaction/win', {
      user: s.user,
      transaction_uuid: winUuid,
      supplier_transaction_id: randomUUID(),
      token: s.token,
      round,
      round_closed: true,
      request_uuid: randomUUID(),
      reference_transaction_uuid: betUuid,
      game_code: s.gameCode,
      currency: this.opts.currency,
      bet: 'spin',
      amount: s.payout,
      meta: {},
    });
    this.record(round, s.user, {
      kind: 'win',
      transaction_uuid: winUuid,
      amount: s.payout,
      status: win.body.status,
    });
    return { round, bet, win };
  }

  private record(round: string, user: string, tx: Record<string, unknown>) {
    const r = this.rounds.get(round) ?? { user, transactions: [] };
    r.transactions.push(tx);
    if (this.rounds.size > 10_000) this.rounds.clear();
    this.rounds.set(round, r);
  }

  /** Fastify plugin: the Games API (signed by the operator) and the game page. Mount under a prefix. */
  plugin: FastifyPluginAsync = async (app: FastifyInstance) => {
    app.removeContentTypeParser('application/json');
    app.addContentTypeParser('application/json', { parseAs: 'string' }, (req, body, done) => {
      (req as { rawText?: string }).rawText = body as string;
      try {
        done(null, body ? JSON.parse(body as string) : {});
      } catch {
        const err = new Error('invalid json') as Error & { statusCode: number };
        err.statusCode = 400;
        done(err, undefined);
      }
    });
    const hide = { schema: { hide: true } as FastifySchema };
    // Games API calls must carry the operator's signature (games-api page: X-Hub88-Signature).
    const signedByOperator = (req: { headers: Record<string, unknown>; rawText?: string }) =>
      verify(
        this.opts.operatorPublicKey,
        req.rawText ?? '',
        typeof req.headers[SIGNATURE_HEADER] === 'string'
          ? (req.headers[SIGNATURE_HEADER] as string)
          : undefined,
      );
    const refuse = (reply: { status(n: number): { send(b: unknown): unknown } }) =>
      reply.status(401).send({ error: 'Request signature is invalid' });

    app.post('/operator/generic/v2/game/list', hide, async (req, reply) => {
      if (!signedByOperator(req as never)) return refuse(reply);
      return SIM_GAMES;
    });

    app.post('/operator/generic/v2/game/url', hide, async (req, reply) => {
      if (!signedByOperator(req as never)) return refuse(reply);
      const b = (req.body ?? {}) as Record<string, unknown>;
      const game = SIM_GAMES.find((g) => g.game_code === b.game_code);
      if (!game) return reply.status(404).send({ error: 'game not found' });
      // DEMO: currency XXX, user and token may be omitted (games-api page).
      const demo = b.currency === 'XXX';
      if (demo && !game.demo_game_support) return reply.status(403).send({ error: 'demo not supported' });
      if (!demo && (typeof b.user !== 'string' || typeof b.token !== 'string'))
        return reply.status(400).send({ error: 'user and token are required' });
      const id = randomUUID();
      if (this.sessions.size > 10_000) this.sessions.clear();
      this.sessions.set(id, {
        user: demo ? null : (b.user as string),
        token: demo ? null : (b.token as string),
        gameCode: game.game_code,
        currency: demo ? 'XXX' : String(b.currency),
        demo,
        demoBalance: 1000 * UNITS,
      });
      return { url: `/aggregator-sim/hub88/play/${id}` };
    });

    app.post('/operator/generic/v2/game/round', hide, async (req, reply) => {
      if (!signedByOperator(req as never)) return refuse(reply);
      const b = (req.body ?? {}) as Record<string, unknown>;
      const r = this.rounds.get(String(b.round ?? ''));
      if (!r || r.user !== b.user) return reply.status(404).send({ error: 'round not found' });
      return {
        url: `/aggregator-sim/hub88/round/${encodeURIComponent(String(b.round))}`,
        transactions: r.transactions,
      };
    });

    app.get('/play/:id', hide, async (req, reply) => {
      const s = this.sessions.get((req.params as { id: string }).id);
      if (!s) return reply.status(404).type('text/html').send('<p>Session not found</p>');
      return reply.type('text/html').send(gamePage(s.gameCode, s.demo));
    });

    app.post('/play/:id/spin', hide, async (req, reply) => {
      const s = this.sessions.get((req.params as { id: string }).id);
      if (!s) return reply.status(404).send({ error: 'session not found' });
      const stake = 10 * UNITS;
      const payout = Math.random() < 0.4 ? stake * 2 : 0;
      if (s.demo) {
        if (s.demoBalance < stake)
          return { status: 'RS_ERROR_NOT_ENOUGH_MONEY', balance: s.demoBalance / UNITS };
        s.demoBalance += payout - stake;
        return {
          status: 'RS_OK',
          stake: stake / UNITS,
          payout: payout / UNITS,
          balance: s.demoBalance / UNITS,
        };
      }
      const r = await this.playRound({ user: s.user!, token: s.token!, gameCode: s.gameCode, stake, payout });
      const last = r.win ?? r.bet;
      return {
        status: last.body.status,
        round: r.round,
        stake: stake / UNITS,
        payout: r.win?.body.status === 'RS_OK' ? payout / UNITS : 0,
        balance: typeof last.body.balance === 'number' ? last.body.balance / UNITS : null,
      };
    });

    app.get('/img/:file', hide, async (req, reply) => {
      const name = (req.params as { file: string }).file.replace(/\.svg$/, '').replace(/[^a-z_]/g, '');
      return reply
        .type('image/svg+xml')
        .send(
          `<svg xmlns="http://www.w3.org/2000/svg" width="320" height="200"><rect width="320" height="200" fill="#1d3557"/><text x="160" y="105" fill="#fff" font-size="20" text-anchor="middle">${name}</text></svg>`,
        );
    });
  };
}

function gamePage(gameCode: string, demo: boolean): string {
  const title = SIM_GAMES.find((g) => g.game_code === gameCode)?.name ?? gameCode;
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${title}</title>
<style>body{font-family:sans-serif;background:#111;color:#eee;text-align:center;padding:2rem}button{font-size:1.4rem;padding:.6rem 2rem}</style></head>
<body><h1>${title}</h1><p>${demo ? 'Demo play (fun money)' : 'Real play'} · Hub88 simulator</p>
<p id="balance">Spin to play a round (stake 10.00)</p><button id="spin">Spin</button><p id="result" role="status"></p>
<script>
document.getElementById('spin').onclick = async () => {
  const r = await fetch(location.pathname + '/spin', { method: 'POST' }).then((x) => x.json());
  document.getElementById('result').textContent = r.status === 'RS_OK' ? (r.payout > 0 ? 'Win ' + r.payout.toFixed(2) : 'No win') : r.status;
  if (r.balance !== null && r.balance !== undefined) document.getElementById('balance').textContent = 'Balance ' + r.balance.toFixed(2);
};
</script></body></html>`;
}
