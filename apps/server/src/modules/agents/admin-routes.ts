import {
  contractActionResultSchema,
  contractIdParamsSchema,
  contractOfferResultSchema,
  envelopeSchema,
  pageQuerySchema,
  pendingPayoutPageSchema,
  platformContractSchema,
} from '@wps/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { operatorPrincipal, requireRole } from '../../http/auth.ts';
import { clientIp } from '../../http/client-ip.ts';
import { ok } from '../../http/envelope.ts';

/** Operator console: platform contracts for top-level agents, and payouts waiting for funds. */
export const agentAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const operator = requireRole(['operator'], 'agents');
  const tags = ['admin: agents'];
  const security = [{ token: [] }];

  app.get(
    '/wps/admin/agents/payouts/pending',
    {
      onRequest: operator,
      schema: {
        tags,
        security,
        summary: 'Salary and dividend payouts waiting for the paying upline’s funds (retried every run)',
        querystring: pageQuerySchema,
        response: { 200: envelopeSchema(pendingPayoutPageSchema) },
      },
    },
    async (req) => ok(req, await app.services.agents.payouts.pending(req.query.pageNo, req.query.pageSize)),
  );

  app.post(
    '/wps/admin/agents/contracts',
    {
      onRequest: operator,
      schema: {
        tags,
        security,
        summary: 'Offer a platform-paid contract to a top-level agent (the agent accepts it)',
        body: platformContractSchema,
        response: { 200: envelopeSchema(contractOfferResultSchema) },
      },
    },
    async (req) => {
      const result = await app.services.agents.offer(null, req.body);
      const op = operatorPrincipal(req);
      await app.services.audit.record({
        actor: { id: op.operatorId, account: op.account },
        action: 'agents.contract.offer',
        target: { type: 'contract', id: result.id },
        after: req.body,
        ip: clientIp(req),
      });
      return ok(req, result);
    },
  );

  app.post(
    '/wps/admin/agents/contracts/:id/terminate',
    {
      onRequest: operator,
      schema: {
        tags,
        security,
        summary:
          'The platform ends its contract with a top-level agent: requests termination, or confirms the agent’s request (withdraws an unanswered offer)',
        params: contractIdParamsSchema,
        response: { 200: envelopeSchema(contractActionResultSchema) },
      },
    },
    async (req) => {
      const r = await app.services.agents.contracts.terminate(null, req.params.id);
      const op = operatorPrincipal(req);
      await app.services.audit.record({
        actor: { id: op.operatorId, account: op.account },
        action: 'agents.contract.terminate',
        target: { type: 'contract', id: r.id },
        after: { status: r.status, request: r.request },
        ip: clientIp(req),
      });
      return ok(req, { id: r.id, status: r.status, request: r.request });
    },
  );
};
