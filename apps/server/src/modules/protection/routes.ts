import {
  adminExclusionRequestSchema,
  adminProtectionAccountParams,
  adminProtectionPlayerSchema,
  envelopeSchema,
  exclusionRequestSchema,
  exclusionSchema,
  limitHitsPageSchema,
  limitHitsQuerySchema,
  limitsSchema,
  protectionStatusSchema,
  realityCheckSettingsSchema,
  setLimitSchema,
} from '@wps/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { memberPrincipal, operatorPrincipal, requireRole } from '../../http/auth.ts';
import { operatorConsole } from '../../http/console-route.ts';
import { clientIp } from '../../http/client-ip.ts';
import { ok } from '../../http/envelope.ts';

const readRoute = operatorConsole({ tag: 'admin:protection', permission: 'protection.read' });
const writeRoute = operatorConsole({ tag: 'admin:protection', permission: 'protection.write' });

/**
 * Player protection (issue 16). The limit and exclusion shapes are fixed by the issue. A player
 * sees and changes only their own; operators read with 'protection.read' and add exclusions with
 * 'protection.write'.
 */
export const protectionRoutes: FastifyPluginAsyncZod = async (app) => {
  const p = app.services.protection;
  const player = requireRole(['player', 'agent']);
  const security = [{ token: [] }];
  const tags = ['member:protection'];

  app.get(
    '/wps/member/limits',
    {
      onRequest: player,
      schema: {
        tags,
        security,
        summary: 'My limits in force and the changes waiting out the 24 h cooling-off',
        response: { 200: envelopeSchema(limitsSchema) },
      },
    },
    async (req) => ok(req, await p.limits(memberPrincipal(req).memberId)),
  );
  app.put(
    '/wps/member/limits',
    {
      onRequest: player,
      schema: {
        tags,
        security,
        summary: 'Set, lower, raise or remove a limit: lower/new at once, raise/remove after 24 h',
        body: setLimitSchema,
        response: { 200: envelopeSchema(limitsSchema) },
      },
    },
    async (req) => {
      const m = memberPrincipal(req);
      return ok(
        req,
        await p.setLimit(m.memberId, req.body, { id: null, account: m.account, ip: clientIp(req) }),
      );
    },
  );
  app.post(
    '/wps/member/exclusion',
    {
      onRequest: player,
      schema: {
        tags,
        security,
        summary:
          'Time-out (1–42 days) or self-exclusion (183 days – 5 years, null = permanent); signs out everywhere',
        body: exclusionRequestSchema,
        response: { 200: envelopeSchema(exclusionSchema) },
      },
    },
    async (req) =>
      ok(req, await p.exclusions.byPlayer(memberPrincipal(req).memberId, req.body, clientIp(req))),
  );
  app.get(
    '/wps/member/protection',
    {
      onRequest: player,
      schema: {
        tags,
        security,
        summary: 'Reality check: this session’s bets, wins and net, previous sign-in, chosen interval',
        response: { 200: envelopeSchema(protectionStatusSchema) },
      },
    },
    async (req) => ok(req, await p.status(memberPrincipal(req).memberId)),
  );
  app.put(
    '/wps/member/protection/reality-check',
    {
      onRequest: player,
      schema: {
        tags,
        security,
        summary: 'The reality-check interval in minutes (10–240)',
        body: realityCheckSettingsSchema,
      },
    },
    async (req) => {
      await p.setRealityInterval(memberPrincipal(req).memberId, req.body.intervalMinutes);
      return ok(req, null);
    },
  );

  // ---------------------------------------------------------------- operator
  app.get(
    '/wps/admin/protection/players/:account',
    readRoute({
      params: adminProtectionAccountParams,
      response: adminProtectionPlayerSchema,
    }),
    async (req) => ok(req, await p.player(req.params.account)),
  );
  app.post(
    '/wps/admin/protection/players/:account/exclusions',
    writeRoute({
      summary: 'Add (or lengthen) an exclusion; never shortens or removes one',
      params: adminProtectionAccountParams,
      body: adminExclusionRequestSchema,
      response: exclusionSchema,
    }),
    async (req) => {
      const op = operatorPrincipal(req);
      return ok(
        req,
        await p.exclusions.byOperator(req.params.account, req.body, {
          id: op.operatorId,
          account: op.account,
          ip: clientIp(req),
        }),
      );
    },
  );
  app.get(
    '/wps/admin/protection/hits',
    readRoute({
      summary: 'Players who hit a limit or exclusion: every refusal, newest first',
      querystring: limitHitsQuerySchema,
      response: limitHitsPageSchema,
    }),
    async (req) => ok(req, await p.refusals.list(req.query)),
  );
};
