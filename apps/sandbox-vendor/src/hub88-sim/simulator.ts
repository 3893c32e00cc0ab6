import { createHash, createSign, createVerify, randomUUID } from 'node:crypto';
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

/**
 * A reward created through the Freebets API
 * (https://docs.hub88.io/developer-docs/operator-api-reference/freebets-api): bet_count rounds of
 * bet_value at one game for one user, played by the game page before any paid round.
 */
export interface SimReward {
  reward_uuid: string;
  user: string;
  game_code: string;
  currency: string;
  prepaid_uuid: string;
  bet_value: number;
  bet_count: number;
  start_time: string;
  end_time: string;
  operator_reference: string | null;
  status: 'FRS_ACTIVE' | 'FRS_COMPLETED';
  remaining: number;
}

/** The prepaid the simulator offers per free-bet game and currency: values left to the operator. */
const prepaidOf = (gameCode: string, currency: string) => {
  const h = createHash('sha256').update(`${gameCode}:${currency}`).digest('hex');
  return {
    prepaid_uuid: `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-8${h.slice(17, 20)}-${h.slice(20, 32)}`,
    game_code: gameCode,
    currency,
    bet_value: null,
    bet_count: null,
    bonus_buy: false,
    meta: {},
  };
};

export class Hub88Simulator {
  private readonly sessions = new Map<string, PlaySession>();
  readonly rewards = new Map<string, SimReward>();
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

  /** The user's next reward at this game with rounds left. */
  rewardFor(user: string, gameCode: string): SimReward | null {
    for (const r of this.rewards.values())
      if (r.user === user && r.game_code === gameCode && r.status === 'FRS_ACTIVE' && r.remaining > 0)
        return r;
    return null;
  }

  /**
   * One free round of a reward, as Hub88 sends it to the operator: a bet with `is_free: true`
   * and the reward's `reward_uuid` (the operator debits nothing), then its win with the same
   * reference. `payout` in protocol units.
   */
  async playFreeRound(s: { reward: SimReward; token: string; payout: number }) {
    const { reward } = s;
    const round = randomUUID();
    const betUuid = randomUUID();
    const common = {
      user: reward.user,
      token: s.token,
      round,
      game_code: reward.game_code,
      currency: reward.currency,
      bet: 'freespin',
      is_free: true,
      reward_uuid: reward.reward_uuid,
      meta: {},
    };
    const bet = await this.call('transaction/bet', {
      ...common,
      transaction_uuid: betUuid,
      supplier_transaction_id: randomUUID(),
      round_closed: false,
      request_uuid: randomUUID(),
      amount: reward.bet_value,
    });
    this.record(round, reward.user, {
      kind: 'bet',
      transaction_uuid: betUuid,
      amount: reward.bet_value,
      is_free: true,
      reward_uuid: reward.reward_uuid,
      status: bet.body.status,
    });
    if (bet.body.status !== 'RS_OK') return { round, bet, win: null };
    reward.remaining -= 1;
    if (reward.remaining === 0) reward.status = 'FRS_COMPLETED';
    const winUuid = randomUUID();
    const win = await this.call('transaction/win', {
      ...common,
      transaction_uuid: winUuid,
      supplier_transaction_id: randomUUID(),
      round_closed: true,
      request_uuid: randomUUID(),
      reference_transaction_uuid: betUuid,
      amount: s.payout,
    });
    this.record(round, reward.user, {
      kind: 'win',
      transaction_uuid: winUuid,
      amount: s.payout,
      is_free: true,
      reward_uuid: reward.reward_uuid,
      status: win.body.status,
    });
    return { round, bet, win };
  }

  /** Plays every round left of a reward (tests, and the game page one spin at a time). */
  async playFreeRounds(s: { rewardUuid: string; token: string; payout: (i: number) => number }) {
    const reward = this.rewards.get(s.rewardUuid);
    if (!reward) throw new Error(`no reward ${s.rewardUuid}`);
    const out = [];
    for (let i = 0; reward.remaining > 0; i++) {
      const r = await this.playFreeRound({ reward, token: s.token, payout: s.payout(i) });
      out.push(r);
      if (!r.win) break;
    }
    return out;
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

    // Freebets API (freebets-api page): the prepaids, then a single-use reward from one.
    app.post('/operator/generic/v2/freebet/prepaids/list', hide, async (req, reply) => {
      if (!signedByOperator(req as never)) return refuse(reply);
      const b = (req.body ?? {}) as Record<string, unknown>;
      return SIM_GAMES.filter((g) => g.freebet_support && (!b.game_code || g.game_code === b.game_code)).map(
        (g) => prepaidOf(g.game_code, this.opts.currency),
      );
    });

    app.post('/operator/generic/v2/freebet/rewards/create', hide, async (req, reply) => {
      if (!signedByOperator(req as never)) return refuse(reply);
      const b = (req.body ?? {}) as Record<string, unknown>;
      const str = (v: unknown, max = 255) => typeof v === 'string' && v.length > 0 && v.length <= max;
      const count = (v: unknown) => Number.isSafeInteger(v) && (v as number) > 0;
      if (b.operator_id !== this.opts.operatorId)
        return reply.status(401).send({ error: 'unknown operator' });
      if (!str(b.user) || !str(b.prepaid_uuid) || !str(b.game_code) || !str(b.currency, 8))
        return reply.status(400).send({ error: 'user, prepaid_uuid, game_code and currency are required' });
      const prepaid = prepaidOf(String(b.game_code), String(b.currency));
      const game = SIM_GAMES.find((g) => g.game_code === b.game_code);
      if (!game?.freebet_support || prepaid.prepaid_uuid !== b.prepaid_uuid)
        return reply.status(404).send({ error: 'prepaid not found' });
      // The prepaid leaves bet_value and bet_count NULL: the operator's values are required.
      if (!count(b.bet_value) || !count(b.bet_count) || (b.bet_count as number) > 1000)
        return reply.status(400).send({ error: 'bet_value and bet_count must be positive integers' });
      const iso = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}/;
      if ((b.start_time && !iso.test(String(b.start_time))) || (b.end_time && !iso.test(String(b.end_time))))
        return reply.status(400).send({ error: 'start_time and end_time are ISO 8601' });
      // One reward per operator reference: a retried create answers the reward already made.
      if (str(b.operator_reference))
        for (const r of this.rewards.values())
          if (r.operator_reference === b.operator_reference) return rewardOut(r);
      const reward: SimReward = {
        reward_uuid: randomUUID(),
        user: String(b.user),
        game_code: String(b.game_code),
        currency: String(b.currency),
        prepaid_uuid: prepaid.prepaid_uuid,
        bet_value: b.bet_value as number,
        bet_count: b.bet_count as number,
        start_time: String(b.start_time ?? new Date().toISOString().slice(0, 19)),
        end_time: String(b.end_time ?? new Date(Date.now() + 21 * 86_400_000).toISOString().slice(0, 19)),
        operator_reference: str(b.operator_reference) ? String(b.operator_reference) : null,
        status: 'FRS_ACTIVE',
        remaining: b.bet_count as number,
      };
      if (this.rewards.size > 10_000) this.rewards.clear();
      this.rewards.set(reward.reward_uuid, reward);
      return rewardOut(reward);
    });

    app.get('/play/:id', hide, async (req, reply) => {
      const s = this.sessions.get((req.params as { id: string }).id);
      if (!s) return reply.status(404).type('text/html').send('<p>Session not found</p>');
      const free = s.demo || !s.user ? null : this.rewardFor(s.user, s.gameCode);
      return reply.type('text/html').send(gamePage(s.gameCode, s.demo, free?.remaining ?? 0));
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
      // A reward's free rounds are played first, one per spin, with the reward's own bet value.
      const reward = this.rewardFor(s.user!, s.gameCode);
      if (reward) {
        const freePayout = Math.random() < 0.5 ? reward.bet_value * 3 : 0;
        const f = await this.playFreeRound({ reward, token: s.token!, payout: freePayout });
        const done = f.win ?? f.bet;
        return {
          status: done.body.status,
          round: f.round,
          free: true,
          freeLeft: reward.remaining,
          stake: 0,
          payout: f.win?.body.status === 'RS_OK' ? freePayout / UNITS : 0,
          balance: typeof done.body.balance === 'number' ? done.body.balance / UNITS : null,
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

    // The round page /game/round links to (games-api page: the round's `url`).
    app.get('/round/:round', hide, async (req, reply) => {
      const r = this.rounds.get((req.params as { round: string }).round);
      if (!r) return reply.status(404).type('text/html').send('<p>Round not found</p>');
      const esc = (v: unknown) => String(v).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
      const rows = r.transactions
        .map(
          (t) =>
            `<tr><td>${esc(t.kind)}</td><td>${esc(t.transaction_uuid)}</td><td>${esc(Number(t.amount) / UNITS)}</td><td>${esc(t.status)}${t.is_free ? ' (free)' : ''}</td></tr>`,
        )
        .join('');
      return reply
        .type('text/html')
        .send(
          `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>Round</title></head><body><h1>Round</h1><table>${rows}</table></body></html>`,
        );
    });

    app.get('/assets/game.js', hide, async (_req, reply) =>
      reply.type('text/javascript; charset=utf-8').send(GAME_SCRIPT),
    );

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

const rewardOut = (r: SimReward) => {
  const { remaining: _remaining, ...out } = r;
  return out;
};

/**
 * The game page's script, served as a file: the site's Content-Security-Policy (script-src 'self')
 * runs no inline script, and the simulator is mounted on the same site.
 */
const GAME_SCRIPT = `document.getElementById('spin').onclick = async () => {
  const r = await fetch(location.pathname + '/spin', { method: 'POST' }).then((x) => x.json());
  document.getElementById('result').textContent = (r.free ? 'Free spin: ' : '') + (r.status === 'RS_OK' ? (r.payout > 0 ? 'Win ' + r.payout.toFixed(2) : 'No win') : r.status);
  if (r.free) document.getElementById('free').textContent = 'Free spins left: ' + r.freeLeft;
  if (r.balance !== null && r.balance !== undefined) document.getElementById('balance').textContent = 'Balance ' + r.balance.toFixed(2);
};
`;

function gamePage(gameCode: string, demo: boolean, freeLeft = 0): string {
  const title = SIM_GAMES.find((g) => g.game_code === gameCode)?.name ?? gameCode;
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${title}</title>
<style>body{font-family:sans-serif;background:#111;color:#eee;text-align:center;padding:2rem}button{font-size:1.4rem;padding:.6rem 2rem}</style></head>
<body><h1>${title}</h1><p>${demo ? 'Demo play (fun money)' : 'Real play'} · Hub88 simulator</p>
<p id="balance">Spin to play a round (stake 10.00)</p><p id="free">${freeLeft > 0 ? `Free spins left: ${freeLeft}` : ''}</p><button id="spin">Spin</button><p id="result" role="status"></p>
<script src="../assets/game.js" defer></script></body></html>`;
}
