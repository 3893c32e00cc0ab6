import {
  adminPromotionListSchema,
  adminPromotionSchema,
  applicationPageSchema,
  applicationQuerySchema,
  applicationReviewSchema,
  applyInputSchema,
  bonusSummarySchema,
  contentImageSchema,
  envelopeSchema,
  promotionIdParamsSchema,
  promotionInputSchema,
  promotionListQuerySchema,
  promotionListSchema,
  promotionReportSchema,
  promotionSchema,
  rebateClaimSchema,
  rebatePreviewSchema,
  rebateRatesInputSchema,
  rebateRatesSchema,
  referralSchema,
  rewardCenterSchema,
} from '@wps/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { memberPrincipal, requireRole } from '../../http/auth.ts';
import { operatorConsole } from '../../http/console-route.ts';
import { ok } from '../../http/envelope.ts';
import { AppError } from '../../http/errors.ts';
import { requestLocale } from '../../http/i18n.ts';
import { actorOf } from '../cashier/http.ts';
import { applicationBody, imageBody } from './multipart.ts';

const imageParams = z.object({ id: z.string().min(1).max(64) });

/** A member's session id, or null for a visitor (the list is public; statuses need a member). */
function viewerId(req: FastifyRequest): number | null {
  const p = req.principal;
  return p && p.kind === 'member' && p.role !== 'trial' ? p.memberId : null;
}

/** Promotions page, activity actions, reward centre, bonus details; the operator's promotions console. */
/** The promotions console (promotions, reward tickets): operators holding the promotions permission. */
const consoleRoute = operatorConsole({ tag: 'admin: promotions', permission: 'promotions' });

export const promotionRoutes: FastifyPluginAsyncZod = async (app) => {
  const promos = app.services.promotions;
  const member = requireRole(['player', 'agent']);
  const security = [{ token: [] }];
  const tags = ['promotions'];

  app.get(
    '/wps/promotions',
    {
      schema: {
        tags,
        summary: 'Promotions (category filter); with a session each carries its SPEC §4 status',
        querystring: promotionListQuerySchema,
        response: { 200: envelopeSchema(promotionListSchema) },
      },
    },
    async (req) => ok(req, await promos.list(viewerId(req), req.query, requestLocale(req))),
  );

  app.get(
    '/wps/promotions/rewards',
    {
      onRequest: member,
      schema: {
        tags,
        security,
        summary: 'Reward centre: my activities and how many rewards wait to be claimed',
        response: { 200: envelopeSchema(rewardCenterSchema) },
      },
    },
    async (req) => ok(req, await promos.rewardCenter(memberPrincipal(req).memberId, requestLocale(req))),
  );

  app.get(
    '/wps/promotions/bonuses',
    {
      onRequest: member,
      schema: {
        tags,
        security,
        summary: 'Bonus details: my bonuses with wagering progress',
        response: { 200: envelopeSchema(bonusSummarySchema) },
      },
    },
    async (req) => {
      const memberId = memberPrincipal(req).memberId;
      await promos.rewardCenter(memberId); // refuses trial members like every reward call
      return ok(req, await app.services.bonusEngine.summary(memberId));
    },
  );

  app.get(
    '/wps/promotions/referral',
    {
      onRequest: member,
      schema: {
        tags,
        security,
        summary: 'Refer and earn: my referral code and how many registered with it',
        response: { 200: envelopeSchema(referralSchema) },
      },
    },
    async (req) => {
      const memberId = memberPrincipal(req).memberId;
      const m = await app.services.members.getById(memberId);
      if (!m) throw new AppError('UNAUTHORIZED');
      return ok(req, {
        referralCode: m.referralCode,
        invited: await app.services.members.referredCount(memberId),
      });
    },
  );

  app.get(
    '/wps/promotions/rebate',
    {
      onRequest: member,
      schema: {
        tags,
        security,
        summary: 'Manual rebate (MANPLAYREB3): what a claim now pays, per game type',
        response: { 200: envelopeSchema(rebatePreviewSchema) },
      },
    },
    async (req) => {
      const {
        from: _f,
        to: _t,
        total: _a,
        stake: _s,
        ...preview
      } = await app.services.rebate.preview(memberPrincipal(req).memberId);
      return ok(req, preview);
    },
  );

  app.post(
    '/wps/promotions/rebate/claim',
    {
      onRequest: member,
      schema: {
        tags,
        security,
        summary: 'Claim the rebate on valid bets since the last claim (once per business day)',
        response: { 200: envelopeSchema(rebateClaimSchema) },
      },
    },
    async (req) => ok(req, await app.services.rebate.claim(memberPrincipal(req).memberId)),
  );

  app.get(
    '/wps/admin/promotions/rebate-rates',
    consoleRoute({
      summary: 'Manual rebate rates per game type (basis points)',
      response: rebateRatesSchema,
    }),
    async (req) => ok(req, await app.services.rebate.rates()),
  );

  app.put(
    '/wps/admin/promotions/rebate-rates',
    consoleRoute({
      summary: 'Replace the manual rebate rates',
      body: rebateRatesInputSchema,
      response: rebateRatesSchema,
    }),
    async (req) => {
      await app.services.rebate.setRates(actorOf(req), req.body);
      return ok(req, await app.services.rebate.rates());
    },
  );

  app.get(
    '/wps/promotions/images/:id',
    {
      onRequest: requireRole(['player', 'agent', 'operator']),
      schema: {
        tags,
        security,
        summary: 'An application image (its sender, or an operator)',
        params: imageParams,
      },
    },
    async (req, reply) => {
      const p = req.principal!;
      const viewer =
        p.kind === 'operator'
          ? { operator: p.permissions.includes('promotions') || p.permissions.includes('*') }
          : { memberId: p.memberId };
      const img = await promos.image(req.params.id, viewer);
      return reply
        .header('content-type', img.mime)
        .header('cache-control', 'private, max-age=3600')
        .send(img.data);
    },
  );

  app.get(
    '/wps/promotions/:id',
    {
      schema: {
        tags,
        summary: 'One promotion, its rules and (with a session) my status',
        params: promotionIdParamsSchema,
        response: { 200: envelopeSchema(promotionSchema) },
      },
    },
    async (req) => ok(req, await promos.get(viewerId(req), req.params.id, requestLocale(req))),
  );

  app.post(
    '/wps/promotions/:id/join',
    {
      onRequest: member,
      schema: {
        tags,
        security,
        summary: 'Join a deposit bonus: the qualifying deposit then earns it',
        params: promotionIdParamsSchema,
        response: { 200: envelopeSchema(promotionSchema) },
      },
    },
    async (req) => ok(req, await promos.join(memberPrincipal(req).memberId, req.params.id)),
  );

  app.post(
    '/wps/promotions/:id/apply',
    {
      onRequest: member,
      preValidation: applicationBody,
      schema: {
        tags,
        security,
        summary: 'Apply to join (multipart: remark ≤ 140, up to 3 PNG/JPG `images` ≤ 5 MB)',
        consumes: ['multipart/form-data', 'application/json'],
        params: promotionIdParamsSchema,
        body: applyInputSchema,
        response: { 200: envelopeSchema(promotionSchema) },
      },
    },
    async (req) =>
      ok(
        req,
        await promos.apply(
          memberPrincipal(req).memberId,
          req.params.id,
          req.body.remark,
          req.promotionImages ?? [],
        ),
      ),
  );

  app.post(
    '/wps/promotions/:id/claim',
    {
      onRequest: member,
      schema: {
        tags,
        security,
        summary: 'Claim a reward (free bonus, approved application): pays once',
        params: promotionIdParamsSchema,
        response: { 200: envelopeSchema(promotionSchema) },
      },
    },
    async (req) => ok(req, await promos.claim(memberPrincipal(req).memberId, req.params.id)),
  );

  // ---------------------------------------------------------------- operator

  app.get(
    '/wps/admin/promotions',
    consoleRoute({
      summary: 'Every promotion',
      response: adminPromotionListSchema,
    }),
    async (req) => ok(req, await promos.adminList()),
  );

  app.post(
    '/wps/admin/promotions',
    consoleRoute({
      summary: 'Create a promotion',
      body: promotionInputSchema,
      response: adminPromotionSchema,
    }),
    async (req) => ok(req, await promos.create(actorOf(req), req.body)),
  );

  app.put(
    '/wps/admin/promotions/:id',
    consoleRoute({
      summary: 'Change a promotion (bonuses already given keep their terms)',
      params: promotionIdParamsSchema,
      body: promotionInputSchema,
      response: adminPromotionSchema,
    }),
    async (req) => ok(req, await promos.update(actorOf(req), req.params.id, req.body)),
  );

  app.post(
    '/wps/admin/promotions/images',
    consoleRoute(
      {
        consumes: ['multipart/form-data'],
        summary:
          'Upload a promotion image (PNG, JPEG or WebP by content; `image`): WebP/AVIF widths, its id goes in imageId',
        response: contentImageSchema,
      },
      { preValidation: imageBody },
    ),
    async (req) => ok(req, await promos.uploadImage(req.promotionImage!, actorOf(req))),
  );

  app.get(
    '/wps/admin/promotions/applications',
    consoleRoute({
      summary: 'Application queue (status=applying: oldest first)',
      querystring: applicationQuerySchema,
      response: applicationPageSchema,
    }),
    async (req) => ok(req, await promos.applications(req.query)),
  );

  for (const action of ['approve', 'reject'] as const) {
    app.post(
      `/wps/admin/promotions/applications/:id/${action}`,
      consoleRoute({
        summary: action === 'approve' ? 'Approve an application' : 'Reject an application',
        params: promotionIdParamsSchema,
        body: applicationReviewSchema.nullish(),
        response: z.object({ id: z.number().int(), status: z.string() }),
      }),
      async (req) =>
        ok(req, await promos.review(actorOf(req), req.params.id, action === 'approve', req.body?.note)),
    );
  }

  app.get(
    '/wps/admin/promotions/report',
    consoleRoute({
      summary: 'Per promotion: bonus granted (cost), converted, forfeited, still wagering',
      response: promotionReportSchema,
    }),
    async (req) => ok(req, await app.services.bonusEngine.report()),
  );
};
