import {
  adminGamePageSchema,
  adminGamePatchSchema,
  adminGameSchema,
  adminGamesQuerySchema,
  adminRoundDetailQuerySchema,
  adminRoundDetailSchema,
  adminRoundPageSchema,
  adminRoundsQuerySchema,
  adminVendorListSchema,
  adminVendorPatchSchema,
  adminVendorSchema,
  errorEnvelopeSchema,
  GAMES_PERMISSION,
} from '@wps/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { operatorPrincipal } from '../../http/auth.ts';
import { operatorConsole } from '../../http/console-route.ts';
import { clientIp } from '../../http/client-ip.ts';
import { ok } from '../../http/envelope.ts';

const actorOf = (req: FastifyRequest) => ({
  id: operatorPrincipal(req).operatorId,
  account: operatorPrincipal(req).account,
});

const consoleRoute = operatorConsole({
  tag: 'admin: games',
  permission: GAMES_PERMISSION,
  errors: {
    400: errorEnvelopeSchema,
    401: errorEnvelopeSchema,
    403: errorEnvelopeSchema,
    404: errorEnvelopeSchema,
  },
});

/** Operator games console: catalogue switches (each audited) and the rounds search. */
export const gamesAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const admin = app.services.gamesAdmin;

  app.get(
    '/wps/admin/games',
    consoleRoute({
      summary: 'Catalogue: every game, enabled or not',
      querystring: adminGamesQuerySchema,
      response: adminGamePageSchema,
    }),
    async (req) => ok(req, await admin.listGames(req.query)),
  );

  app.patch(
    '/wps/admin/games/:gameId',
    consoleRoute({
      summary: 'Enable/disable, hot, new, order, maintenance of one game (audited)',
      params: z.object({ gameId: z.coerce.number().int().min(1).max(2_147_483_647) }),
      body: adminGamePatchSchema,
      response: adminGameSchema,
    }),
    async (req) => ok(req, await admin.patchGame(actorOf(req), clientIp(req), req.params.gameId, req.body)),
  );

  app.get(
    '/wps/admin/games/vendors',
    consoleRoute({
      summary: 'Vendors',
      response: adminVendorListSchema,
    }),
    async (req) => ok(req, { list: await admin.listVendors() }),
  );

  app.patch(
    '/wps/admin/games/vendors/:code',
    consoleRoute({
      summary: 'Enable/disable, maintenance, order, launch URL template of a vendor (audited)',
      params: z.object({ code: z.string().regex(/^[A-Z0-9_]{1,32}$/) }),
      body: adminVendorPatchSchema,
      response: adminVendorSchema,
    }),
    async (req) => ok(req, await admin.patchVendor(actorOf(req), clientIp(req), req.params.code, req.body)),
  );

  app.get(
    '/wps/admin/games/rounds',
    consoleRoute({
      summary: 'Rounds search over the bets record',
      querystring: adminRoundsQuerySchema,
      response: adminRoundPageSchema,
    }),
    async (req) => ok(req, await admin.rounds(req.query)),
  );

  app.get(
    '/wps/admin/games/rounds/:roundId',
    consoleRoute({
      summary: 'One round of one member, with its seamless transactions',
      params: z.object({ roundId: z.string().min(1).max(100) }),
      querystring: adminRoundDetailQuerySchema,
      response: adminRoundDetailSchema,
    }),
    async (req) => ok(req, await admin.roundDetail(req.query.memberId, req.query.vendor, req.params.roundId)),
  );
};
