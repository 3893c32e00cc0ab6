import { auditPageSchema, auditQuerySchema } from '@wps/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { operatorConsole } from '../../http/console-route.ts';
import { ok } from '../../http/envelope.ts';

const consoleRoute = operatorConsole({ tag: 'admin: audit', permission: 'audit' });

/** The operator audit log, newest first (read-only: nothing can change it). */
export const adminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/wps/admin/audit',
    consoleRoute({
      summary: 'Operator actions: who, when, what, before and after',
      querystring: auditQuerySchema,
      response: auditPageSchema,
    }),
    async (req) => ok(req, await app.services.audit.list(req.query)),
  );
};
