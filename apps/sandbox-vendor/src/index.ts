import { randomBytes, randomUUID } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest, FastifySchema } from 'fastify';
import { z } from 'zod';
import { type Book, BOOKS, type Fixture, fixtureById, openFixtures, resultOf } from './events.ts';
import {
  type BaccaratSide,
  type Card,
  dealBaccarat,
  dealPoker,
  FISH_VALUES,
  type Rng,
  showdown,
  shootFish,
  spinSlot,
  toAmount,
  toPaisa,
} from './games.ts';
import { page } from './page.ts';
import {
  NotConfiguredError,
  Platform,
  type PlatformOptions,
  type SeamlessAnswer,
  UnconfirmedError,
} from './platform.ts';

export { Platform, type PlatformOptions, UnconfirmedError, NotConfiguredError } from './platform.ts';

/** Which of our games a launch opens, by the catalogue's game type. */
export type GameKind = 'slot' | 'baccarat' | 'fish' | 'poker' | Book;
const KIND_BY_TYPE: Record<string, GameKind> = {
  RNG: 'slot',
  BGS: 'slot',
  LIVE: 'baccarat',
  FISH: 'fish',
  PVP: 'poker',
  SPORTS: 'sports',
  ESPORTS: 'esports',
  COCKFIGHT: 'cockfight',
};
/** A launch URL without `type` (an older template): the demo game codes say it. */
function kindOf(type: string | undefined, gameCode: string): GameKind | undefined {
  if (type && KIND_BY_TYPE[type]) return KIND_BY_TYPE[type];
  if (type) return undefined;
  if (/_SLOT_|^BGS_/.test(gameCode)) return 'slot';
  if (/_FISH_/.test(gameCode)) return 'fish';
  if (/_PVP_/.test(gameCode)) return 'poker';
  if (/^LIVE88_|^PT_LIVE_/.test(gameCode)) return 'baccarat';
  if (/^SPORTX_/.test(gameCode)) return 'sports';
  if (/^IMES_/.test(gameCode)) return 'esports';
  if (/^DS88_/.test(gameCode)) return 'cockfight';
  return undefined;
}

interface Session {
  id: string;
  username: string;
  vendor: string;
  gameCode: string;
  kind: GameKind;
  trial: boolean;
  lang: 'en' | 'ne';
  currency: string;
  balance: string;
  seenAt: number;
  hand?: { id: string; ante: number; player: Card[]; bots: Card[][]; called: boolean } | undefined;
}

export interface Slip {
  id: string;
  username: string;
  gameCode: string;
  book: Book;
  legs: Array<{ fixtureId: string; pick: string; odds: number; label: string; match: string }>;
  stake: number;
  /** open → won | lost | void (a leg abandoned: the bet was rolled back). */
  status: 'open' | 'won' | 'lost' | 'void';
  payout: number;
  placedAt: number;
  results?: Array<string | null>;
}

export interface SandboxVendorOptions {
  platform: PlatformOptions;
  /** Directory holding the built browser bundle game.js (scripts/build.mjs). */
  clientDir: string;
  now?: () => number;
  rng?: Rng;
  /** Seeds fixture results; random per process unless given (tests). */
  resultSeed?: string;
  /** How often open slips are checked for ended fixtures; 0 = never (tests call settleDue). */
  settleEveryMs?: number;
}

const SESSION_IDLE_MS = 4 * 3_600_000;
const MIN_STAKE = 100; // 1.00
const MAX_STAKE = 5_000_000; // 50,000.00
const stakeSchema = z
  .string()
  .regex(/^\d{1,6}(\.\d{1,2})?$/)
  .transform(toPaisa)
  .refine((p) => p >= MIN_STAKE && p <= MAX_STAKE, 'stake between 1.00 and 50000.00');
const bodies = {
  slot: z.object({ stake: stakeSchema }).strict(),
  baccarat: z.object({ stake: stakeSchema, side: z.enum(['player', 'banker', 'tie']) }).strict(),
  fish: z
    .object({
      stake: stakeSchema,
      value: z
        .number()
        .int()
        .refine((v) => (FISH_VALUES as readonly number[]).includes(v)),
    })
    .strict(),
  pokerDeal: z.object({ ante: stakeSchema }).strict(),
  pokerAct: z.object({ action: z.enum(['call', 'fold', 'leave']) }).strict(),
  slip: z
    .object({
      stake: stakeSchema,
      legs: z
        .array(z.object({ fixtureId: z.string().max(60), pick: z.string().max(10) }).strict())
        .min(1)
        .max(8),
    })
    .strict(),
};
const sidParams = z.object({ sid: z.string().regex(/^[A-Za-z0-9_-]{20,64}$/) });

class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly balance?: string,
  ) {
    super(message);
  }
}

/**
 * The sandbox vendor: an external game provider in miniature, mounted under /sandbox. It knows the
 * platform only through the launch URL (a one-time token it redeems with a signed
 * `POST /seamless/v1/{walletVendor}/session`) and the seamless wallet API (bet, win, rollback).
 */
export class SandboxVendor {
  readonly platform: Platform;
  private readonly sessions = new Map<string, Session>();
  readonly slips = new Map<string, Slip>();
  private readonly now: () => number;
  private readonly rng: Rng;
  private readonly seed: string;
  private timer: NodeJS.Timeout | null = null;
  private settling: Promise<void> | null = null;

  constructor(private readonly opts: SandboxVendorOptions) {
    this.platform = new Platform(opts.platform);
    this.now = opts.now ?? Date.now;
    this.rng = opts.rng ?? Math.random;
    this.seed = opts.resultSeed ?? randomBytes(32).toString('hex');
    const every = opts.settleEveryMs ?? 2_000;
    if (every > 0) {
      this.timer = setInterval(() => void this.settleDue(), every);
      this.timer.unref();
    }
  }

  close() {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    this.platform.close();
  }

  /** Fastify plugin: every route under /sandbox, hidden from the platform's OpenAPI (it is not our API). */
  readonly plugin = async (app: FastifyInstance) => {
    // Not the platform's API: kept out of its OpenAPI document (the swagger plugin reads `hide`).
    const hide = { schema: { hide: true } as FastifySchema };
    const clientFile = path.join(this.opts.clientDir, 'game.js');

    app.setErrorHandler((err: Error & { statusCode?: number }, _req, reply) => {
      if (err instanceof HttpError)
        return reply
          .status(err.status)
          .send({ error: err.code, message: err.message, balance: err.balance ?? null });
      if (err instanceof z.ZodError)
        return reply.status(400).send({ error: 'VALIDATION', message: 'Invalid request.' });
      if (err instanceof NotConfiguredError)
        return reply
          .status(503)
          .send({ error: 'NOT_CONFIGURED', message: 'The sandbox vendor has no seamless secret.' });
      const status = err.statusCode && err.statusCode < 500 ? err.statusCode : 500;
      if (status >= 500) app.log.error({ err }, 'sandbox vendor failed');
      return reply
        .status(status)
        .send({ error: status >= 500 ? 'VENDOR_ERROR' : 'VALIDATION', message: 'Request failed.' });
    });

    app.get('/sandbox/assets/game.js', hide, async (_req, reply) => {
      if (!existsSync(clientFile))
        throw new HttpError(404, 'NOT_BUILT', 'Run npm run build -w apps/sandbox-vendor.');
      return reply
        .header('cache-control', 'no-cache')
        .type('text/javascript; charset=utf-8')
        .send(readFileSync(clientFile));
    });

    // The launch URL: redeem the one-time token, open a vendor session, drop the token from the address.
    app.get('/sandbox/:vendor/play', hide, async (req, reply) => {
      const q = z
        .object({
          token: z.string().min(16).max(200),
          gameCode: z.string().min(1).max(100),
          type: z.string().max(20).optional(),
          lang: z.string().max(10).optional(),
        })
        .passthrough()
        .safeParse(req.query);
      const params = z.object({ vendor: z.string().regex(/^[A-Z0-9_]{1,32}$/) }).safeParse(req.params);
      const lang = (req.query as { lang?: string }).lang === 'ne' ? 'ne' : 'en';
      if (!q.success || !params.success) return this.errorPage(reply, 400, lang, 'badLaunch');
      const kind = kindOf(q.data.type, q.data.gameCode);
      if (!kind) return this.errorPage(reply, 404, lang, 'notOffered');
      let s: SeamlessAnswer;
      try {
        s = await this.platform.session(q.data.token);
      } catch (err) {
        if (err instanceof NotConfiguredError) return this.errorPage(reply, 503, lang, 'notConfigured');
        return this.errorPage(reply, 502, lang, 'platformDown');
      }
      const v = s.value as {
        username?: string;
        balance?: string;
        currency?: string;
        gameCode?: string;
        trial?: boolean;
      } | null;
      if (!s.success || !v?.username) return this.errorPage(reply, 401, lang, 'badLaunch');
      const id = randomBytes(24).toString('base64url');
      this.sessions.set(id, {
        id,
        username: v.username,
        vendor: params.data.vendor,
        gameCode: v.gameCode ?? q.data.gameCode,
        kind,
        trial: v.trial === true,
        lang,
        currency: v.currency ?? '',
        balance: v.balance ?? '0.00',
        seenAt: this.now(),
      });
      this.sweep();
      return reply.redirect(`/sandbox/${params.data.vendor}/game/${id}`, 303);
    });

    app.get('/sandbox/:vendor/game/:sid', hide, async (req, reply) => {
      const sid = sidParams.safeParse(req.params);
      const s = sid.success ? this.sessions.get(sid.data.sid) : undefined;
      if (!s) return this.errorPage(reply, 404, 'en', 'expired');
      return reply
        .header('cache-control', 'no-store')
        .type('text/html; charset=utf-8')
        .send(page({ sid: s.id, kind: s.kind, lang: s.lang, vendor: s.vendor, gameCode: s.gameCode }));
    });

    app.get('/sandbox/api/:sid/state', hide, async (req) => {
      const s = this.session(req);
      const answer = await this.platform.balance(s.username).catch(() => null);
      if (answer?.success && answer.value?.balance) s.balance = answer.value.balance;
      const book = s.kind === 'sports' || s.kind === 'esports' || s.kind === 'cockfight' ? s.kind : null;
      return {
        username: s.username,
        balance: s.balance,
        currency: s.currency,
        kind: s.kind,
        gameCode: s.gameCode,
        trial: s.trial,
        ...(book
          ? { fixtures: openFixtures(book, this.now()), parlay: BOOKS[book].parlay, slips: this.slipsOf(s) }
          : {}),
        ...(s.hand && !s.hand.called
          ? { hand: { id: s.hand.id, ante: toAmount(s.hand.ante), player: s.hand.player } }
          : {}),
      };
    });

    app.post('/sandbox/api/:sid/slot', hide, async (req) => {
      const s = this.session(req, 'slot');
      const { stake } = bodies.slot.parse(req.body);
      const roundId = `slot-${randomUUID()}`;
      await this.bet(s, roundId, `${roundId}:bet`, stake);
      const r = spinSlot(stake, this.rng);
      const winPending = await this.win(s, roundId, `${roundId}:win`, r.payout);
      return {
        roundId,
        reels: r.reels,
        line: r.line,
        payout: toAmount(r.payout),
        balance: s.balance,
        winPending,
      };
    });

    app.post('/sandbox/api/:sid/baccarat', hide, async (req) => {
      const s = this.session(req, 'baccarat');
      const { stake, side } = bodies.baccarat.parse(req.body);
      const roundId = `bac-${randomUUID()}`;
      await this.bet(s, roundId, `${roundId}:bet`, stake);
      const r = dealBaccarat(side as BaccaratSide, stake, this.rng);
      const winPending = await this.win(s, roundId, `${roundId}:win`, r.payout);
      return { roundId, ...r, payout: toAmount(r.payout), balance: s.balance, winPending };
    });

    app.post('/sandbox/api/:sid/fish', hide, async (req) => {
      const s = this.session(req, 'fish');
      const { stake, value } = bodies.fish.parse(req.body);
      const roundId = `fish-${randomUUID()}`;
      await this.bet(s, roundId, `${roundId}:bet`, stake);
      const r = shootFish(value, stake, this.rng);
      const winPending = await this.win(s, roundId, `${roundId}:win`, r.payout);
      return { roundId, hit: r.hit, payout: toAmount(r.payout), balance: s.balance, winPending };
    });

    app.post('/sandbox/api/:sid/poker/deal', hide, async (req) => {
      const s = this.session(req, 'poker');
      const { ante } = bodies.pokerDeal.parse(req.body);
      if (s.hand && !s.hand.called) throw new HttpError(409, 'HAND_OPEN', 'Finish the current hand first.');
      const id = `pvp-${randomUUID()}`;
      await this.bet(s, id, `${id}:ante`, ante);
      const dealt = dealPoker(this.rng);
      s.hand = { id, ante, player: dealt.player, bots: dealt.bots, called: false };
      return { handId: id, player: dealt.player, balance: s.balance };
    });

    app.post('/sandbox/api/:sid/poker/act', hide, async (req) => {
      const s = this.session(req, 'poker');
      const { action } = bodies.pokerAct.parse(req.body);
      const hand = s.hand;
      if (!hand || hand.called) throw new HttpError(409, 'NO_HAND', 'There is no open hand.');
      hand.called = true;
      // Folding, or leaving the table mid-hand, forfeits the ante as at any real table: the round
      // ends a loss (the ante bet stands, no win follows). Returning the ante on leave would let a
      // player look at the cards and walk away from every weak hand for free.
      if (action === 'fold') return { handId: hand.id, folded: true, payout: '0.00', balance: s.balance };
      if (action === 'leave') return { handId: hand.id, left: true, payout: '0.00', balance: s.balance };
      await this.bet(s, hand.id, `${hand.id}:call`, hand.ante);
      const r = showdown(hand, hand.ante);
      const winPending = await this.win(s, hand.id, `${hand.id}:win`, r.payout);
      return {
        handId: hand.id,
        player: hand.player,
        bots: r.bots.map((b) => ({ name: b.name, cards: b.cards, calls: b.calls })),
        pot: toAmount(r.pot),
        payout: toAmount(r.payout),
        balance: s.balance,
        winPending,
      };
    });

    app.post('/sandbox/api/:sid/slip', hide, async (req) => {
      const s = this.session(req);
      if (s.kind !== 'sports' && s.kind !== 'esports' && s.kind !== 'cockfight')
        throw new HttpError(400, 'VALIDATION', 'This game takes no slips.');
      const { stake, legs } = bodies.slip.parse(req.body);
      const book = s.kind;
      if (legs.length > 1 && !BOOKS[book].parlay) throw new HttpError(400, 'VALIDATION', 'Singles only.');
      const now = this.now();
      const seen = new Set<string>();
      const resolved = legs.map((leg) => {
        const f: Fixture | undefined = fixtureById(leg.fixtureId);
        const pick = f?.picks.find((p) => p.key === leg.pick);
        if (!f || !pick || f.book !== book) throw new HttpError(400, 'VALIDATION', 'Unknown selection.');
        if (f.startsAt <= now) throw new HttpError(409, 'CLOSED', 'Betting on this event has closed.');
        if (seen.has(f.id)) throw new HttpError(400, 'VALIDATION', 'One selection per event.');
        seen.add(f.id);
        return {
          fixtureId: f.id,
          pick: pick.key,
          odds: pick.odds,
          label: pick.label,
          match: f.away ? `${f.home} v ${f.away}` : f.home,
        };
      });
      const id = `${book}-slip-${randomUUID()}`;
      await this.bet(s, id, `${id}:bet`, stake);
      const slip: Slip = {
        id,
        username: s.username,
        gameCode: s.gameCode,
        book,
        legs: resolved,
        stake,
        status: 'open',
        payout: 0,
        placedAt: now,
      };
      this.slips.set(id, slip);
      return { slip: this.slipView(slip), balance: s.balance };
    });
  };

  private slipView(s: Slip) {
    const odds = s.legs.reduce((o, l) => o * (l.odds / 100), 1);
    return {
      id: s.id,
      legs: s.legs.map((l) => ({ ...l, odds: (l.odds / 100).toFixed(2) })),
      stake: toAmount(s.stake),
      odds: odds.toFixed(2),
      status: s.status,
      payout: toAmount(s.payout),
      results: s.results ?? null,
    };
  }

  private slipsOf(s: Session) {
    return [...this.slips.values()]
      .filter((x) => x.username === s.username && x.book === s.kind)
      .sort((a, b) => b.placedAt - a.placedAt)
      .slice(0, 20)
      .map((x) => this.slipView(x));
  }

  /**
   * Settles every open slip whose fixtures have all ended: an abandoned leg voids the slip (the
   * bet is rolled back), all legs won pays stake × the odds, anything else is a loss (the bet
   * already counts as one: nothing to send).
   */
  async settleDue(now = this.now()): Promise<void> {
    if (this.settling) return this.settling;
    this.settling = (async () => {
      for (const slip of this.slips.values()) {
        if (slip.status !== 'open') continue;
        const fixtures = slip.legs.map((l) => fixtureById(l.fixtureId)!);
        if (fixtures.some((f) => f.endsAt > now)) continue;
        const results = fixtures.map((f) => resultOf(f, this.seed).outcome);
        slip.results = results;
        const who = { username: slip.username };
        try {
          if (results.some((r) => r === null)) {
            slip.status = 'void';
            await this.platform.rollback({ txId: `${slip.id}:void`, refTxId: `${slip.id}:bet`, ...who });
          } else if (results.every((r, i) => r === slip.legs[i]!.pick)) {
            const payout = Math.floor(slip.legs.reduce((p, l) => (p * l.odds) / 100, slip.stake));
            slip.status = 'won';
            slip.payout = payout;
            await this.platform.win({
              txId: `${slip.id}:win`,
              roundId: slip.id,
              amount: toAmount(payout),
              ...who,
            });
          } else {
            slip.status = 'lost';
          }
        } catch {
          // Unconfirmed: the platform client queued it and retries until it is answered.
        }
      }
      // Settled slips are kept an hour for the player's list.
      for (const [id, slip] of this.slips)
        if (slip.status !== 'open' && slip.placedAt < now - 3_600_000 - BOOKS[slip.book].slotMs * 2)
          this.slips.delete(id);
    })().finally(() => {
      this.settling = null;
    });
    return this.settling;
  }

  private session(req: FastifyRequest, kind?: GameKind): Session {
    const p = sidParams.safeParse(req.params);
    const s = p.success ? this.sessions.get(p.data.sid) : undefined;
    if (!s || this.now() - s.seenAt > SESSION_IDLE_MS)
      throw new HttpError(404, 'SESSION_EXPIRED', 'This game session has ended. Open the game again.');
    if (kind && s.kind !== kind) throw new HttpError(400, 'VALIDATION', 'Not this game.');
    s.seenAt = this.now();
    return s;
  }

  private sweep() {
    const now = this.now();
    for (const [id, s] of this.sessions) if (now - s.seenAt > SESSION_IDLE_MS) this.sessions.delete(id);
  }

  private track(s: Session, a: SeamlessAnswer) {
    if (a.value?.balance) s.balance = a.value.balance;
  }

  /** Places a bet; anything but OK is the player's error (with the platform's message and balance). */
  private async bet(s: Session, roundId: string, txId: string, stake: number) {
    let a: SeamlessAnswer;
    try {
      a = await this.platform.bet({
        txId,
        roundId,
        username: s.username,
        gameCode: s.gameCode,
        amount: toAmount(stake),
      });
    } catch (err) {
      if (err instanceof UnconfirmedError)
        throw new HttpError(
          504,
          'UNCONFIRMED',
          'The bet could not be confirmed and was cancelled. Your balance is unchanged.',
        );
      throw err;
    }
    this.track(s, a);
    if (!a.success)
      throw new HttpError(a.status >= 400 && a.status < 500 ? 409 : 502, a.code, a.message, s.balance);
  }

  /** Credits a win (nothing for 0); answers true when the platform has not confirmed it yet (queued). */
  private async win(s: Session, roundId: string, txId: string, payout: number): Promise<boolean> {
    if (payout <= 0) return false;
    try {
      const a = await this.platform.win({ txId, roundId, username: s.username, amount: toAmount(payout) });
      this.track(s, a);
      return !a.success;
    } catch (err) {
      if (err instanceof UnconfirmedError) return true;
      throw err;
    }
  }

  private errorPage(
    reply: FastifyReply,
    status: number,
    lang: 'en' | 'ne',
    key: Parameters<typeof page>[0]['error'],
  ) {
    return reply
      .status(status)
      .header('cache-control', 'no-store')
      .type('text/html; charset=utf-8')
      .send(page({ error: key, lang }));
  }
}
