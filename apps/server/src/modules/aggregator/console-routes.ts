import { errorEnvelopeSchema, GAMES_PERMISSION, safeString } from '@wps/contract';
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
      summary: 'Import the Hub88 game list into the catalogue (audited)',
      response: z.object({ vendors: z.number(), games: z.number() }),
    }),
    async (req) => {
      const games = requireGames();
      let out: { vendors: number; games: number };
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
        after: out,
        ip: clientIp(req),
      });
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
