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
  envelopeSchema,
  errorEnvelopeSchema,
  GAMES_PERMISSION,
} from '@wps/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { operatorPrincipal, requireRole } from '../../http/auth.ts';
import { clientIp } from '../../http/client-ip.ts';
import { ok } from '../../http/envelope.ts';

const actorOf = (req: FastifyRequest) => ({
  id: operatorPrincipal(req).operatorId,
  account: operatorPrincipal(req).account,
});

/** Operator games console: catalogue switches (each audited) and the rounds search. */
export const gamesAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const admin = app.services.gamesAdmin;
  const operator = requireRole(['operator'], GAMES_PERMISSION);
  const tags = ['admin: games'];
  const security = [{ token: [] }];
  const errors = {
    400: errorEnvelopeSchema,
    401: errorEnvelopeSchema,
    403: errorEnvelopeSchema,
    404: errorEnvelopeSchema,
  };

  app.get(
    '/wps/admin/games',
    {
      onRequest: operator,
      schema: {
        tags,
        security,
        summary: 'Catalogue: every game, enabled or not',
        querystring: adminGamesQuerySchema,
        response: { 200: envelopeSchema(adminGamePageSchema), ...errors },
      },
    },
    async (req) => ok(req, await admin.listGames(req.query)),
  );

  app.patch(
    '/wps/admin/games/:gameId',
    {
      onRequest: operator,
      schema: {
        tags,
        security,
        summary: 'Enable/disable, hot, new, order, maintenance of one game (audited)',
        params: z.object({ gameId: z.coerce.number().int().min(1).max(2_147_483_647) }),
        body: adminGamePatchSchema,
        response: { 200: envelopeSchema(adminGameSchema), ...errors },
      },
    },
    async (req) => ok(req, await admin.patchGame(actorOf(req), clientIp(req), req.params.gameId, req.body)),
  );

  app.get(
    '/wps/admin/games/vendors',
    {
      onRequest: operator,
      schema: {
        tags,
        security,
        summary: 'Vendors',
        response: { 200: envelopeSchema(adminVendorListSchema), ...errors },
      },
    },
    async (req) => ok(req, { list: await admin.listVendors() }),
  );

  app.patch(
    '/wps/admin/games/vendors/:code',
    {
      onRequest: operator,
      schema: {
        tags,
        security,
        summary: 'Enable/disable, maintenance, order, launch URL template of a vendor (audited)',
        params: z.object({ code: z.string().regex(/^[A-Z0-9_]{1,32}$/) }),
        body: adminVendorPatchSchema,
        response: { 200: envelopeSchema(adminVendorSchema), ...errors },
      },
    },
    async (req) => ok(req, await admin.patchVendor(actorOf(req), clientIp(req), req.params.code, req.body)),
  );

  app.get(
    '/wps/admin/games/rounds',
    {
      onRequest: operator,
      schema: {
        tags,
        security,
        summary: 'Rounds search over the bets record',
        querystring: adminRoundsQuerySchema,
        response: { 200: envelopeSchema(adminRoundPageSchema), ...errors },
      },
    },
    async (req) => ok(req, await admin.rounds(req.query)),
  );

  app.get(
    '/wps/admin/games/rounds/:roundId',
    {
      onRequest: operator,
      schema: {
        tags,
        security,
        summary: 'One round of one member, with its seamless transactions',
        params: z.object({ roundId: z.string().min(1).max(100) }),
        querystring: adminRoundDetailQuerySchema,
        response: { 200: envelopeSchema(adminRoundDetailSchema), ...errors },
      },
    },
    async (req) => ok(req, await admin.roundDetail(req.query.memberId, req.query.vendor, req.params.roundId)),
  );
};
