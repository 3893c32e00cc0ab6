import {
  adminPointsProductSchema,
  adminRedemptionPageSchema,
  applicationReviewSchema,
  envelopeSchema,
  pageQuerySchema,
  pointsProductInputSchema,
  pointsProductListSchema,
  pointsConversionSchema,
  pointsConvertInputSchema,
  pointsEntryPageSchema,
  pointsSettingsInputSchema,
  pointsSettingsSchema,
  pointsSummarySchema,
  redeemInputSchema,
  redemptionPageSchema,
  redemptionQuerySchema,
  redemptionSchema,
} from '@wps/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { memberPrincipal, operatorPrincipal, requireRole } from '../../http/auth.ts';
import { operatorConsole } from '../../http/console-route.ts';
import { clientIp } from '../../http/client-ip.ts';
import { ok } from '../../http/envelope.ts';
import { requestLocale } from '../../http/i18n.ts';
import type { Actor } from './service.ts';

const idParams = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });
const actorOf = (req: FastifyRequest): Actor => {
  const op = operatorPrincipal(req);
  return { id: op.operatorId, account: op.account, ip: clientIp(req) };
};

const consoleRoute = operatorConsole({ tag: 'admin: points', permission: 'promotions' });

/** Points mall (PTSYS3): balance and rules, products, redeem, history; the operator's products and queue. */
export const pointsRoutes: FastifyPluginAsyncZod = async (app) => {
  const points = app.services.points;
  const member = requireRole(['player', 'agent']);
  const security = [{ token: [] }];
  const tags = ['points'];

  app.get(
    '/wps/points/balance',
    {
      onRequest: member,
      schema: {
        tags,
        security,
        summary: 'Points balance, ratio and rules (points never expire)',
        response: { 200: envelopeSchema(pointsSummarySchema) },
      },
    },
    async (req) => ok(req, await points.summary(memberPrincipal(req).memberId)),
  );

  app.get(
    '/wps/points/products',
    {
      schema: {
        tags,
        summary: 'Reward list: products of the mall',
        response: { 200: envelopeSchema(pointsProductListSchema) },
      },
    },
    async (req) => ok(req, await points.products(requestLocale(req))),
  );

  app.post(
    '/wps/points/redeem',
    {
      onRequest: member,
      config: { rateLimit: { max: 20, timeWindow: '1 minute' } },
      schema: {
        tags,
        security,
        summary: 'Redeem a product (payment password): in process until the operator reviews it',
        body: redeemInputSchema,
        response: { 200: envelopeSchema(redemptionSchema) },
      },
    },
    async (req) => ok(req, await points.redeem(memberPrincipal(req).memberId, req.body)),
  );

  app.post(
    '/wps/points/convert',
    {
      onRequest: member,
      config: { rateLimit: { max: 20, timeWindow: '1 minute' } },
      schema: {
        tags,
        security,
        summary:
          'Convert points to cash at the operator rate (payment password); a retried requestId converts once',
        body: pointsConvertInputSchema,
        response: { 200: envelopeSchema(pointsConversionSchema) },
      },
    },
    async (req) => ok(req, await points.convert(memberPrincipal(req).memberId, req.body)),
  );

  app.get(
    '/wps/points/transactions',
    {
      onRequest: member,
      schema: {
        tags,
        security,
        summary: 'Points earned and spent, newest first',
        querystring: pageQuerySchema,
        response: { 200: envelopeSchema(pointsEntryPageSchema) },
      },
    },
    async (req) => ok(req, await points.transactions(memberPrincipal(req).memberId, req.query)),
  );

  app.get(
    '/wps/points/redemptions',
    {
      onRequest: member,
      schema: {
        tags,
        security,
        summary: 'Redeem history',
        querystring: pageQuerySchema,
        response: { 200: envelopeSchema(redemptionPageSchema) },
      },
    },
    async (req) => ok(req, await points.history(memberPrincipal(req).memberId, req.query)),
  );

  app.get(
    '/wps/admin/points/products',
    consoleRoute({
      summary: 'Every mall product',
      response: z.array(adminPointsProductSchema),
    }),
    async (req) => ok(req, await points.adminProducts()),
  );

  app.post(
    '/wps/admin/points/products',
    consoleRoute({
      summary: 'Add a product',
      body: pointsProductInputSchema,
      response: adminPointsProductSchema,
    }),
    async (req) => ok(req, await points.saveProduct(actorOf(req), null, req.body)),
  );

  app.put(
    '/wps/admin/points/products/:id',
    consoleRoute({
      summary: 'Change a product',
      params: idParams,
      body: pointsProductInputSchema,
      response: adminPointsProductSchema,
    }),
    async (req) => ok(req, await points.saveProduct(actorOf(req), req.params.id, req.body)),
  );

  app.get(
    '/wps/admin/points/settings',
    consoleRoute({
      summary: 'Valid bet per point, the rules text and the conversion to cash',
      response: pointsSettingsSchema,
    }),
    async (req) => ok(req, await points.adminSettings()),
  );

  app.put(
    '/wps/admin/points/settings',
    consoleRoute({
      summary: 'Valid bet per point, the rules text and the conversion to cash (null turns it off)',
      body: pointsSettingsInputSchema,
      response: z.null(),
    }),
    async (req) => {
      await points.saveSettings(actorOf(req), req.body);
      return ok(req, null);
    },
  );

  app.get(
    '/wps/admin/points/redemptions',
    consoleRoute({
      summary: 'Redeem queue (status=process: oldest first)',
      querystring: redemptionQuerySchema,
      response: adminRedemptionPageSchema,
    }),
    async (req) => ok(req, await points.queue(req.query)),
  );

  for (const action of ['approve', 'reject'] as const) {
    app.post(
      `/wps/admin/points/redemptions/:id/${action}`,
      consoleRoute({
        summary:
          action === 'approve' ? 'Approve: cash items are paid to the member' : 'Reject: the points go back',
        params: idParams,
        body: applicationReviewSchema.nullish(),
        response: redemptionSchema,
      }),
      async (req) =>
        ok(req, await points.review(actorOf(req), req.params.id, action === 'approve', req.body?.note)),
    );
  }
};
