import {
  adminInhouseGgrQuerySchema,
  adminInhouseGgrSchema,
  adminInhouseRoundPageSchema,
  adminInhouseRoundsQuerySchema,
  adminInhouseSettingsPatchSchema,
  errorEnvelopeSchema,
  fromMinor,
  GAMES_PERMISSION,
  inhouseGameInfoSchema,
  inhouseGameParamsSchema,
  inhouseGamesSchema,
  inhouseRoundDetailSchema,
  roundIdParamsSchema,
} from '@wps/contract';
import { GAMES_BY_ID } from '@wps/games';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { operatorPrincipal } from '../../http/auth.ts';
import { operatorConsole } from '../../http/console-route.ts';
import { clientIp } from '../../http/client-ip.ts';
import { ok } from '../../http/envelope.ts';
import type { GameSettings } from './service.ts';

const info = (s: GameSettings) => ({
  game: s.game,
  rtp: GAMES_BY_ID[s.game].rtp,
  houseEdge: GAMES_BY_ID[s.game].houseEdge,
  minBet: fromMinor(s.minBet),
  maxBet: fromMinor(s.maxBet),
  maxPayout: fromMinor(s.maxPayout),
  paused: s.paused,
});

const consoleRoute = operatorConsole({
  tag: 'admin: inhouse',
  permission: GAMES_PERMISSION,
  errors: {
    400: errorEnvelopeSchema,
    401: errorEnvelopeSchema,
    403: errorEnvelopeSchema,
    404: errorEnvelopeSchema,
  },
});

/** Operator console for the in-house games: rounds, GGR per game, limits and pause (audited). */
export const inhouseAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const inhouse = app.services.inhouse;

  app.get(
    '/wps/admin/inhouse/rounds',
    consoleRoute({
      summary: 'In-house rounds, newest first; from/to are business days',
      querystring: adminInhouseRoundsQuerySchema,
      response: adminInhouseRoundPageSchema,
    }),
    async (req) => ok(req, await inhouse.rounds.list(req.query, app.config.businessUtcOffsetMinutes)),
  );

  app.get(
    '/wps/admin/inhouse/rounds/:roundId',
    consoleRoute({
      summary: 'One round with its fairness proof',
      params: roundIdParamsSchema,
      response: inhouseRoundDetailSchema,
    }),
    async (req) => ok(req, await inhouse.rounds.detail(req.params.roundId, null)),
  );

  app.get(
    '/wps/admin/inhouse/ggr',
    consoleRoute({
      summary: 'Gross gaming revenue per game (real money, settled rounds); from/to are business days',
      querystring: adminInhouseGgrQuerySchema,
      response: adminInhouseGgrSchema,
    }),
    async (req) => ok(req, await inhouse.rounds.ggr(req.query, app.config.businessUtcOffsetMinutes)),
  );

  app.get(
    '/wps/admin/inhouse/settings',
    consoleRoute({
      summary: 'Limits and pause switch of every in-house game',
      response: inhouseGamesSchema,
    }),
    async (req) => ok(req, { games: (await inhouse.settings.list()).map(info) }),
  );

  app.patch(
    '/wps/admin/inhouse/settings/:game',
    consoleRoute({
      summary: 'Edit min/max bet, max payout per round, or pause a game (audited)',
      params: inhouseGameParamsSchema,
      body: adminInhouseSettingsPatchSchema,
      response: inhouseGameInfoSchema,
    }),
    async (req) => {
      const op = operatorPrincipal(req);
      const s = await inhouse.settings.update(
        req.params.game,
        req.body,
        { id: op.operatorId, account: op.account },
        clientIp(req),
      );
      return ok(req, info(s));
    },
  );
};
