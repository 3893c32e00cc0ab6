import {
  envelopeSchema,
  errorEnvelopeSchema,
  vendorSessionRequestSchema,
  vendorSessionSchema,
} from '@wps/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../http/envelope.ts';
import { requireVendorSignature } from '../seamless/signed-calls.ts';

/**
 * Vendor → platform: redeem a launch token. Signed like every seamless call
 * (`X-Signature: hex(HMAC-SHA256(vendorSecret, rawBody))`, checked by the seamless service on the
 * raw bytes). Its own encapsulated plugin, so the raw-body parser stays local to it.
 */
export const gamesVendorRoutes: FastifyPluginAsyncZod = async (app) => {
  requireVendorSignature(app);

  app.post(
    '/seamless/v1/:vendor/session',
    {
      schema: {
        tags: ['seamless'],
        summary: 'Redeem a launch token once: who is playing what, with which money',
        description:
          "The launch URL carries a one-time token (about two minutes). The vendor posts it here, signed like the other seamless calls, and gets the username, currency, balance, game code, trial flag and language. A second redemption, an expired token or another vendor's token answers 401.",
        params: z.object({ vendor: z.string().regex(/^[A-Z0-9_]{1,32}$/) }),
        body: vendorSessionRequestSchema,
        response: {
          200: envelopeSchema(vendorSessionSchema),
          400: errorEnvelopeSchema,
          401: errorEnvelopeSchema,
          403: errorEnvelopeSchema,
        },
      },
    },
    async (req) => ok(req, await app.services.games.redeemLaunch(req.params.vendor, req.body.launchToken)),
  );
};
