import {
  contractActionResultSchema,
  contractIdParamsSchema,
  contractOfferResultSchema,
  pageQuerySchema,
  pendingPayoutPageSchema,
  platformContractSchema,
} from '@wps/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { operatorPrincipal } from '../../http/auth.ts';
import { operatorConsole } from '../../http/console-route.ts';
import { clientIp } from '../../http/client-ip.ts';
import { ok } from '../../http/envelope.ts';

const consoleRoute = operatorConsole({ tag: 'admin: agents', permission: 'agents' });

/** Operator console: platform contracts for top-level agents, and payouts waiting for funds. */
export const agentAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/wps/admin/agents/payouts/pending',
    consoleRoute({
      summary: 'Salary and dividend payouts waiting for the paying upline’s funds (retried every run)',
      querystring: pageQuerySchema,
      response: pendingPayoutPageSchema,
    }),
    async (req) => ok(req, await app.services.agents.payouts.pending(req.query.pageNo, req.query.pageSize)),
  );

  app.post(
    '/wps/admin/agents/contracts',
    consoleRoute({
      summary: 'Offer a platform-paid contract to a top-level agent (the agent accepts it)',
      body: platformContractSchema,
      response: contractOfferResultSchema,
    }),
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
    consoleRoute({
      summary:
        'The platform ends its contract with a top-level agent: requests termination, or confirms the agent’s request (withdraws an unanswered offer)',
      params: contractIdParamsSchema,
      response: contractActionResultSchema,
    }),
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
