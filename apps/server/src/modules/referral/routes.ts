import {
  affiliateApplicationSchema,
  affiliateApplyInputSchema,
  affiliateIdParamsSchema,
  affiliateQueueQuerySchema,
  affiliateQueueSchema,
  affiliateRejectSchema,
  envelopeSchema,
  myAffiliateSchema,
  rankingQuerySchema,
  rankingSchema,
  referralOverviewSchema,
  referralSettingsSchema,
} from '@wps/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { memberPrincipal, operatorPrincipal, requireRole } from '../../http/auth.ts';
import { operatorConsole } from '../../http/console-route.ts';
import { clientIp } from '../../http/client-ip.ts';
import { ok } from '../../http/envelope.ts';
import { requestLocale } from '../../http/i18n.ts';
import type { Actor } from './service.ts';

const actorOf = (req: FastifyRequest): Actor => {
  const op = operatorPrincipal(req);
  return { id: op.operatorId, account: op.account, ip: clientIp(req) };
};

const promotionsRoute = operatorConsole({ tag: 'admin: referral', permission: 'promotions' });
const agentsRoute = operatorConsole({ tag: 'admin: referral', permission: 'agents' });

/** Refer and earn, the affiliate application and the ranking board; their console pages. */
export const referralRoutes: FastifyPluginAsyncZod = async (app) => {
  const { referral, affiliate, ranking } = app.services;
  const member = requireRole(['player', 'agent']);
  const player = requireRole(['player']);
  const security = [{ token: [] }];
  const tags = ['referral'];

  app.get(
    '/wps/referral/overview',
    {
      onRequest: member,
      schema: {
        tags,
        security,
        summary: 'Refer and earn: my code, the rule, invited players (masked) with progress, rewards paid',
        response: { 200: envelopeSchema(referralOverviewSchema) },
      },
    },
    async (req) => ok(req, await referral.overview(memberPrincipal(req).memberId)),
  );

  app.get(
    '/wps/referral/ranking',
    {
      schema: {
        tags,
        summary:
          'Ranking and winners: top turnover of the day/week/month and the latest big wins (cached 1 min)',
        querystring: rankingQuerySchema,
        response: { 200: envelopeSchema(rankingSchema) },
      },
    },
    async (req) => ok(req, await ranking.board(req.query.period, requestLocale(req))),
  );

  app.get(
    '/wps/referral/affiliate',
    {
      onRequest: member,
      schema: {
        tags,
        security,
        summary: 'Affiliate application: my newest application and whether I am an agent',
        response: { 200: envelopeSchema(myAffiliateSchema) },
      },
    },
    async (req) => ok(req, await affiliate.mine(memberPrincipal(req).memberId)),
  );

  app.post(
    '/wps/referral/affiliate',
    {
      onRequest: player,
      schema: {
        tags,
        security,
        summary:
          'Apply to become an agent (contact, channel, expected players, remark ≤ 140); one open per member',
        body: affiliateApplyInputSchema,
        response: { 200: envelopeSchema(affiliateApplicationSchema) },
      },
    },
    async (req) =>
      ok(req, await affiliate.apply(memberPrincipal(req).memberId, req.body, requestLocale(req))),
  );

  // ---------------------------------------------------------------- operator

  app.get(
    '/wps/admin/referral/settings',
    promotionsRoute({
      summary: 'The refer-and-earn rule',
      response: referralSettingsSchema,
    }),
    async (req) => ok(req, await referral.settings()),
  );

  app.put(
    '/wps/admin/referral/settings',
    promotionsRoute({
      summary: 'Change the refer-and-earn rule (rewards already paid stand)',
      body: referralSettingsSchema,
      response: referralSettingsSchema,
    }),
    async (req) => ok(req, await referral.updateSettings(actorOf(req), req.body)),
  );

  app.get(
    '/wps/admin/affiliate/applications',
    agentsRoute({
      summary: 'Affiliate applications, newest first (filter by status)',
      querystring: affiliateQueueQuerySchema,
      response: affiliateQueueSchema,
    }),
    async (req) => ok(req, await affiliate.queue(req.query)),
  );

  app.post(
    '/wps/admin/affiliate/applications/:id/approve',
    agentsRoute({
      summary: 'Approve: the member becomes an agent and gets a platform message',
      params: affiliateIdParamsSchema,
      response: affiliateApplicationSchema,
    }),
    async (req) => ok(req, await affiliate.approve(actorOf(req), req.params.id)),
  );

  app.post(
    '/wps/admin/affiliate/applications/:id/reject',
    agentsRoute({
      summary: 'Reject with a reason (the member gets a platform message)',
      params: affiliateIdParamsSchema,
      body: affiliateRejectSchema,
      response: affiliateApplicationSchema,
    }),
    async (req) =>
      ok(req, await affiliate.reject(actorOf(req), req.params.id, req.body.reason, requestLocale(req))),
  );
};
