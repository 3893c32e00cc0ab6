import {
  envelopeSchema,
  GAMES_PERMISSION,
  seamlessVendorSchema,
  seamlessVendorSecretSchema,
  seamlessVendorUpdateSchema,
} from '@wps/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { operatorPrincipal, requireRole } from '../../http/auth.ts';
import { clientIp } from '../../http/client-ip.ts';
import { ok } from '../../http/envelope.ts';

const codeParams = z.object({ code: z.string().regex(/^[A-Z0-9_]{1,32}$/) });

const actorOf = (req: FastifyRequest) => ({
  id: operatorPrincipal(req).operatorId,
  account: req.principal!.account,
  ip: clientIp(req),
});

/** The operator's view of the seamless vendor store: list, rotate a secret, enable, opt in to bet-less wins. */
export const seamlessAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const vendors = app.services.seamless.vendors;
  // The vendor store is part of the games catalogue's administration.
  const permitted = requireRole(['operator'], GAMES_PERMISSION);
  const tags = ['admin: seamless'];
  const security = [{ token: [] }];

  app.get(
    '/wps/admin/seamless/vendors',
    {
      onRequest: permitted,
      schema: {
        tags,
        security,
        summary: 'Seamless vendors: where each secret comes from (never the secret), enabled, bet-less wins',
        response: { 200: envelopeSchema(z.array(seamlessVendorSchema)) },
      },
    },
    async (req) => ok(req, await vendors.list()),
  );

  app.post(
    '/wps/admin/seamless/vendors/:code/secret',
    {
      onRequest: permitted,
      schema: {
        tags,
        security,
        summary: 'Rotate a vendor secret: a new random secret, answered this once (audited)',
        params: codeParams,
        response: { 200: envelopeSchema(seamlessVendorSecretSchema) },
      },
    },
    async (req) => ok(req, await vendors.rotate(actorOf(req), req.params.code)),
  );

  app.patch(
    '/wps/admin/seamless/vendors/:code',
    {
      onRequest: permitted,
      schema: {
        tags,
        security,
        summary: 'Enable or disable a vendor; opt it in or out of bet-less wins (audited)',
        params: codeParams,
        body: seamlessVendorUpdateSchema,
        response: { 200: envelopeSchema(seamlessVendorSchema) },
      },
    },
    async (req) => ok(req, await vendors.update(actorOf(req), req.params.code, req.body)),
  );
};
