import {
  envelopeSchema,
  errorEnvelopeSchema,
  pushKeySchema,
  pushSubscribedSchema,
  pushSubscribeSchema,
  pushUnsubscribeSchema,
} from '@wps/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { memberPrincipal, requireRole } from '../../http/auth.ts';
import { ok } from '../../http/envelope.ts';
import { requestLocale } from '../../http/i18n.ts';

/** Subscribing is a handful of calls per device; this only stops a script churning rows. */
const SUBSCRIBES_PER_MINUTE = 20;

/**
 * Web Push (issue 31): the VAPID public key for anyone (the browser needs it to subscribe), and a
 * member's own device subscriptions. Operators have no player devices here: 403.
 */
export const pushRoutes: FastifyPluginAsyncZod = async (app) => {
  const push = app.services.push;
  const member = requireRole(['player', 'trial', 'agent']);
  const tags = ['push'];
  const security = [{ token: [] }];
  const errors = {
    400: errorEnvelopeSchema,
    401: errorEnvelopeSchema,
    403: errorEnvelopeSchema,
    429: errorEnvelopeSchema,
  };
  // Shutting down waits for pushes on their way out (each bounded by the send timeout).
  app.addHook('onClose', () => push.settled());

  app.get(
    '/wps/push/key',
    {
      schema: {
        tags,
        summary: 'Whether this site sends push notifications, and the VAPID public key to subscribe with',
        response: { 200: envelopeSchema(pushKeySchema) },
      },
    },
    async (req) => ok(req, push.key()),
  );

  app.post(
    '/wps/push/subscriptions',
    {
      onRequest: member,
      schema: {
        tags,
        security,
        summary: `Registers this device's push subscription (at most 10 per member, the oldest dropped)`,
        body: pushSubscribeSchema,
        response: { 200: envelopeSchema(pushSubscribedSchema), ...errors },
      },
    },
    async (req) => {
      const { memberId } = memberPrincipal(req);
      await app.services.auth.rateLimit(`push:m:${memberId}`, SUBSCRIBES_PER_MINUTE, 60_000);
      await push.subscribe(memberId, req.body, requestLocale(req));
      return ok(req, { subscribed: true });
    },
  );

  app.delete(
    '/wps/push/subscriptions',
    {
      onRequest: member,
      schema: {
        tags,
        security,
        summary: "Removes this device's push subscription (the caller's own only)",
        body: pushUnsubscribeSchema,
        response: { 200: envelopeSchema(pushSubscribedSchema), ...errors },
      },
    },
    async (req) => {
      await push.unsubscribe(memberPrincipal(req).memberId, req.body.endpoint);
      return ok(req, { subscribed: false });
    },
  );
};
