import {
  errorEnvelopeSchema,
  fromMinor,
  GAMES_PERMISSION,
  positiveMoneyString,
  safeString,
  toMinor,
} from '@wps/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { clientIp } from '../../http/client-ip.ts';
import { operatorConsole } from '../../http/console-route.ts';
import { ok } from '../../http/envelope.ts';
import { AppError } from '../../http/errors.ts';
import { operatorPrincipal } from '../../http/auth.ts';
import { importHub88Catalogue } from './games-api.ts';
import { HUB88_VENDOR } from './service.ts';

const consoleRoute = operatorConsole({
  tag: 'admin: aggregator',
  permission: GAMES_PERMISSION,
  errors: {
    400: errorEnvelopeSchema,
    401: errorEnvelopeSchema,
    403: errorEnvelopeSchema,
    409: errorEnvelopeSchema,
  },
});

/** Free spins are a promotion's: granting them takes the promotions permission, as bonuses do. */
const promotionsRoute = operatorConsole({
  tag: 'admin: aggregator',
  permission: 'promotions',
  errors: {
    400: errorEnvelopeSchema,
    401: errorEnvelopeSchema,
    403: errorEnvelopeSchema,
    404: errorEnvelopeSchema,
    409: errorEnvelopeSchema,
  },
});

const gameRef = z.object({ vendor: z.string(), gameCode: z.string(), name: z.string() });

const freebetView = z.object({
  id: z.number(),
  account: z.string(),
  promotionId: z.number(),
  promotionTitle: z.string(),
  gameCode: z.string(),
  rewardUuid: z.string().nullable(),
  operatorReference: z.string(),
  status: z.string(),
  betCount: z.number(),
  betValue: z.string(),
  startTime: z.string(),
  endTime: z.string(),
  grantedBy: z.string(),
  createdAt: z.string(),
  rounds: z.number(),
  won: z.string(),
});

/** The Games API failed or is off: for the player and the console, the games are unavailable. */
const unavailable = (err: unknown) =>
  err instanceof AppError ? err : new AppError('GAME_MAINTENANCE', { extra: { suggestions: [] } });

/**
 * The Hub88 Games API from our side (https://docs.hub88.io/developer-docs/operator-api-reference/games-api):
 * the player's launch (real or demo), and the console's catalogue import and round details.
 */
export const hub88ConsoleRoutes: FastifyPluginAsyncZod = async (app) => {
  const hub = app.hub88;
  const requireGames = () => {
    if (!hub.games) throw new AppError('VENDOR_DISABLED');
    return hub.games;
  };

  /**
   * Where an imported Hub88 game's launch URL points (games/catalogue-import.ts): the one-time
   * launch token of GET /wps/game/launchGame is redeemed, a game session token is opened for the
   * wallet calls, and the player is sent to the URL the Games API returns. A trial player plays
   * the aggregator's demo mode: currency "XXX", no user or token, so our wallet is never called.
   */
  app.get(
    '/wps/aggregator/hub88/launch',
    {
      schema: {
        tags: ['aggregator'],
        summary:
          'Open a Hub88 game (the launch URL of an imported game; authenticated by the one-time launch token)',
        querystring: z.object({
          token: safeString().min(1).max(200),
          device: safeString().max(20).optional(),
          language: safeString().max(10).optional(),
        }),
        response: { 401: errorEnvelopeSchema, 403: errorEnvelopeSchema, 409: errorEnvelopeSchema },
      },
    },
    async (req, reply) => {
      const games = requireGames();
      const launch = await app.services.games.redeemLaunch(HUB88_VENDOR, req.query.token);
      const member = await app.services.members.getByAccount(launch.username);
      if (!member) throw new AppError('UNAUTHORIZED', { messageKey: 'launchTokenInvalid' });
      const platform = ['H5', 'MOBILE', 'IOS', 'ANDROID'].includes(req.query.device ?? '')
        ? 'GPL_MOBILE'
        : 'GPL_DESKTOP';
      const lang = (launch.language || 'en').slice(0, 2);
      let url: string;
      try {
        if (launch.trial) {
          ({ url } = await games.gameUrl({ gameCode: launch.gameCode, currency: 'XXX', lang, platform }));
        } else {
          const token = await hub.wallet.openSession(member.id, launch.gameCode, {
            currency: launch.currency,
          });
          ({ url } = await games.gameUrl({
            gameCode: launch.gameCode,
            user: member.account,
            token,
            currency: launch.currency,
            lang,
            platform,
            country: 'NP',
            ip: clientIp(req),
          }));
        }
      } catch (err) {
        req.log.warn({ err }, 'hub88 game url failed');
        throw unavailable(err);
      }
      return reply.redirect(url, 302);
    },
  );

  app.post(
    '/wps/admin/aggregator/hub88/games/import',
    consoleRoute({
      summary:
        'Import the Hub88 game list into the catalogue (audited): which games were added, which refreshed',
      response: z.object({
        vendors: z.number(),
        games: z.number(),
        added: z.array(gameRef),
        updated: z.array(gameRef),
      }),
    }),
    async (req) => {
      const games = requireGames();
      let out: Awaited<ReturnType<typeof importHub88Catalogue>>;
      try {
        out = await importHub88Catalogue(app.database.db, games);
      } catch (err) {
        req.log.warn({ err }, 'hub88 game list import failed');
        throw unavailable(err);
      }
      const p = operatorPrincipal(req);
      await app.services.audit.record({
        actor: { id: p.operatorId, account: p.account },
        action: 'aggregator.hub88.import',
        target: { type: 'aggregator', id: 'hub88' },
        before: null,
        after: {
          vendors: out.vendors,
          games: out.games,
          added: out.added.length,
          updated: out.updated.length,
        },
        ip: clientIp(req),
      });
      app.services.games.catalogue.invalidate();
      return ok(req, out);
    },
  );

  app.get(
    '/wps/admin/aggregator/hub88/rounds/:round',
    consoleRoute({
      summary: "A round's details at Hub88 (Games API /game/round), for the betting record",
      params: z.object({ round: safeString().min(1).max(100) }),
      querystring: z.object({
        user: safeString().min(1).max(100),
        transactionUuid: safeString().min(1).max(100),
      }),
      response: z.record(z.string(), z.unknown()),
    }),
    async (req) => {
      const games = requireGames();
      try {
        return ok(
          req,
          await games.roundDetails({
            user: req.query.user,
            round: req.params.round,
            transactionUuid: req.query.transactionUuid,
          }),
        );
      } catch (err) {
        throw unavailable(err);
      }
    },
  );

  app.get(
    '/wps/admin/aggregator/hub88/freebets/prepaids',
    promotionsRoute({
      summary: 'The games free spins can be granted at (Freebets API /freebet/prepaids/list)',
      response: z.array(
        z.object({
          gameCode: z.string(),
          name: z.string(),
          currency: z.string(),
          betValue: z.string().nullable(),
          betCount: z.number().nullable(),
        }),
      ),
    }),
    async (req) => {
      const games = requireGames();
      let prepaids: Awaited<ReturnType<typeof games.listPrepaids>>;
      try {
        prepaids = await games.listPrepaids();
      } catch (err) {
        throw unavailable(err);
      }
      const snap = await app.services.games.catalogue.snapshot();
      const ours = new Map(
        snap.games
          .filter((g) => snap.vendorByCode.get(g.vendor)?.walletVendor === HUB88_VENDOR && g.enabled)
          .map((g) => [g.gameCode, g]),
      );
      const out = (Array.isArray(prepaids) ? prepaids : [])
        .filter((p) => p.bonus_buy !== true && ours.has(p.game_code))
        .map((p) => ({
          gameCode: p.game_code,
          name: ours.get(p.game_code)!.nameEn,
          currency: p.currency,
          betValue:
            typeof p.bet_value === 'number' && Number.isSafeInteger(p.bet_value) && p.bet_value % 1000 === 0
              ? fromMinor(BigInt(p.bet_value / 1000))
              : null,
          betCount: typeof p.bet_count === 'number' ? p.bet_count : null,
        }));
      return ok(req, out);
    },
  );

  app.get(
    '/wps/admin/aggregator/hub88/freebets',
    promotionsRoute({
      summary: 'Free spins granted through the Freebets API, with the rounds won so far',
      querystring: z.object({ account: safeString().min(1).max(50).optional() }),
      response: z.array(freebetView),
    }),
    async (req) => ok(req, await hub.freebets.list({ account: req.query.account?.trim().toLowerCase() })),
  );

  app.post(
    '/wps/admin/aggregator/hub88/freebets',
    promotionsRoute({
      summary:
        "Grant a player free spins at a Hub88 game under a promotion (Freebets API /freebet/rewards/create; the promotion's wagering applies to the wins; audited)",
      body: z.object({
        account: safeString().min(1).max(50),
        promotionId: z.number().int().positive(),
        gameCode: safeString().min(1).max(100),
        betCount: z.number().int().min(1).max(100),
        betValue: positiveMoneyString,
        days: z.number().int().min(1).max(90),
      }),
      response: freebetView,
    }),
    async (req) => {
      const p = operatorPrincipal(req);
      const betValue = toMinor(req.body.betValue);
      if (betValue > 1_000_000n)
        throw new AppError('VALIDATION', { messageKey: 'badRequest', fields: { betValue: 'badRequest' } });
      return ok(
        req,
        await hub.freebets.grant(
          { id: p.operatorId, account: p.account, ip: clientIp(req) },
          { ...req.body, account: req.body.account.trim().toLowerCase(), betValue },
        ),
      );
    },
  );

  app.get(
    '/wps/admin/aggregator/hub88/status',
    consoleRoute({
      summary: 'How the Hub88 integration is configured (never the keys)',
      response: z.object({
        mode: z.enum(['live', 'simulator', 'disabled']),
        operatorId: z.number(),
        apiUrl: z.string().nullable(),
      }),
    }),
    async (req) =>
      ok(req, {
        mode: hub.keys.mode,
        operatorId: app.config.hub88.operatorId,
        apiUrl: app.config.hub88.apiUrl ?? null,
      }),
  );
};
