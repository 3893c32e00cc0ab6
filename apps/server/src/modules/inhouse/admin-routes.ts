import {
  adminInhouseGgrQuerySchema,
  adminInhouseGgrSchema,
  adminInhouseRoundPageSchema,
  adminInhouseRoundsQuerySchema,
  adminInhouseSettingsPatchSchema,
  envelopeSchema,
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
import { operatorPrincipal, requireRole } from '../../http/auth.ts';
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

/** Operator console for the in-house games: rounds, GGR per game, limits and pause (audited). */
export const inhouseAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const inhouse = app.services.inhouse;
  const operator = requireRole(['operator'], GAMES_PERMISSION);
  const tags = ['admin: inhouse'];
  const security = [{ token: [] }];
  const errors = {
    400: errorEnvelopeSchema,
    401: errorEnvelopeSchema,
    403: errorEnvelopeSchema,
    404: errorEnvelopeSchema,
  };

  app.get(
    '/wps/admin/inhouse/rounds',
    {
      onRequest: operator,
      schema: {
        tags,
        security,
        summary: 'In-house rounds, newest first; from/to are business days',
        querystring: adminInhouseRoundsQuerySchema,
        response: { 200: envelopeSchema(adminInhouseRoundPageSchema), ...errors },
      },
    },
    async (req) => ok(req, await inhouse.listRounds(req.query, app.config.businessUtcOffsetMinutes)),
  );

  app.get(
    '/wps/admin/inhouse/rounds/:roundId',
    {
      onRequest: operator,
      schema: {
        tags,
        security,
        summary: 'One round with its fairness proof',
        params: roundIdParamsSchema,
        response: { 200: envelopeSchema(inhouseRoundDetailSchema), ...errors },
      },
    },
    async (req) => ok(req, await inhouse.roundDetail(req.params.roundId, null)),
  );

  app.get(
    '/wps/admin/inhouse/ggr',
    {
      onRequest: operator,
      schema: {
        tags,
        security,
        summary: 'Gross gaming revenue per game (real money, settled rounds); from/to are business days',
        querystring: adminInhouseGgrQuerySchema,
        response: { 200: envelopeSchema(adminInhouseGgrSchema), ...errors },
      },
    },
    async (req) => ok(req, await inhouse.ggr(req.query, app.config.businessUtcOffsetMinutes)),
  );

  app.get(
    '/wps/admin/inhouse/settings',
    {
      onRequest: operator,
      schema: {
        tags,
        security,
        summary: 'Limits and pause switch of every in-house game',
        response: { 200: envelopeSchema(inhouseGamesSchema), ...errors },
      },
    },
    async (req) => ok(req, { games: (await inhouse.settings()).map(info) }),
  );

  app.patch(
    '/wps/admin/inhouse/settings/:game',
    {
      onRequest: operator,
      schema: {
        tags,
        security,
        summary: 'Edit min/max bet, max payout per round, or pause a game (audited)',
        params: inhouseGameParamsSchema,
        body: adminInhouseSettingsPatchSchema,
        response: { 200: envelopeSchema(inhouseGameInfoSchema), ...errors },
      },
    },
    async (req) => {
      const op = operatorPrincipal(req);
      const s = await inhouse.updateSettings(
        req.params.game,
        req.body,
        { id: op.operatorId, account: op.account },
        clientIp(req),
      );
      return ok(req, info(s));
    },
  );
};
