import {
  adminMissionListSchema,
  adminMissionSchema,
  envelopeSchema,
  leaderboardQuerySchema,
  leaderboardSchema,
  missionClaimInputSchema,
  missionClaimSchema,
  missionIdParamsSchema,
  missionInputSchema,
  missionSummarySchema,
  vipLevelListSchema,
  vipLevelsInputSchema,
  vipStatusSchema,
} from '@wps/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { memberPrincipal, operatorPrincipal, requireRole } from '../../http/auth.ts';
import { operatorConsole } from '../../http/console-route.ts';
import { clientIp } from '../../http/client-ip.ts';
import { ok } from '../../http/envelope.ts';
import { requestLocale } from '../../http/i18n.ts';
import type { Actor } from './vip.ts';

const viewerId = (req: FastifyRequest): number | null => {
  const p = req.principal;
  return p && p.kind === 'member' && p.role !== 'trial' ? p.memberId : null;
};

const actorOf = (req: FastifyRequest): Actor => {
  const op = operatorPrincipal(req);
  return { id: op.operatorId, account: op.account, ip: clientIp(req) };
};

const consoleRoute = operatorConsole({ tag: 'admin: missions', permission: 'promotions' });

/** SPEC §7 Public: mission summary, mission leaderboard; mission claim; VIP; the console's missions and VIP table. */
export const missionRoutes: FastifyPluginAsyncZod = async (app) => {
  const missions = app.services.missions;
  const member = requireRole(['player', 'agent']);
  const security = [{ token: [] }];
  const tags = ['missions'];

  app.get(
    '/wps/mission/summary',
    {
      onRequest: member,
      schema: {
        tags,
        security,
        summary: "Mission summary: this period's missions with progress, claimable count, VIP level",
        response: { 200: envelopeSchema(missionSummarySchema) },
      },
    },
    async (req) =>
      ok(req, await missions.summary(memberPrincipal(req).memberId, undefined, requestLocale(req))),
  );

  app.post(
    '/wps/mission/claim',
    {
      onRequest: member,
      schema: {
        tags,
        security,
        summary: "Claim a reached mission's reward for the current period: pays once",
        body: missionClaimInputSchema,
        response: { 200: envelopeSchema(missionClaimSchema) },
      },
    },
    async (req) => ok(req, await missions.claim(memberPrincipal(req).memberId, req.body.missionId)),
  );

  app.get(
    '/wps/mission/leaderboard',
    {
      schema: {
        tags,
        summary: 'Mission leaderboard: top valid bets of the current day or week (accounts masked)',
        querystring: leaderboardQuerySchema,
        response: { 200: envelopeSchema(leaderboardSchema) },
      },
    },
    async (req) => ok(req, await missions.leaderboard(req.query.period, viewerId(req))),
  );

  app.get(
    '/wps/vip',
    {
      onRequest: member,
      schema: {
        tags,
        security,
        summary: 'My VIP level, turnover, deposits and the next level',
        response: { 200: envelopeSchema(vipStatusSchema) },
      },
    },
    async (req) => {
      await missions.catchUp(4);
      return ok(req, await app.services.vip.status(memberPrincipal(req).memberId, requestLocale(req)));
    },
  );

  // ---------------------------------------------------------------- operator

  app.get(
    '/wps/admin/missions',
    consoleRoute({
      summary: 'Every mission with claims paid',
      response: adminMissionListSchema,
    }),
    async (req) => ok(req, await missions.admin.list()),
  );

  app.post(
    '/wps/admin/missions',
    consoleRoute({
      summary: 'Create a mission',
      body: missionInputSchema,
      response: adminMissionSchema,
    }),
    async (req) => ok(req, await missions.admin.create(actorOf(req), req.body)),
  );

  app.put(
    '/wps/admin/missions/:id',
    consoleRoute({
      summary: 'Change a mission (rewards already paid keep their amount)',
      params: missionIdParamsSchema,
      body: missionInputSchema,
      response: adminMissionSchema,
    }),
    async (req) => ok(req, await missions.admin.update(actorOf(req), req.params.id, req.body)),
  );

  app.get(
    '/wps/admin/vip/levels',
    consoleRoute({
      summary: 'The VIP table with members per level',
      response: vipLevelListSchema,
    }),
    async (req) => ok(req, await app.services.vip.adminList()),
  );

  app.put(
    '/wps/admin/vip/levels',
    consoleRoute({
      summary: 'Replace the VIP table (level n is the n-th row; members keep reached levels)',
      body: vipLevelsInputSchema,
      response: vipLevelListSchema,
    }),
    async (req) => ok(req, await app.services.vip.setLevels(actorOf(req), req.body)),
  );
};
