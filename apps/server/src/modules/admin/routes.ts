import { auditPageSchema, auditQuerySchema, envelopeSchema } from '@wps/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireRole } from '../../http/auth.ts';
import { ok } from '../../http/envelope.ts';

/** The operator audit log, newest first (read-only: nothing can change it). */
export const adminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/wps/admin/audit',
    {
      onRequest: requireRole(['operator'], 'audit'),
      schema: {
        tags: ['admin: audit'],
        security: [{ token: [] }],
        summary: 'Operator actions: who, when, what, before and after',
        querystring: auditQuerySchema,
        response: { 200: envelopeSchema(auditPageSchema) },
      },
    },
    async (req) => ok(req, await app.services.audit.list(req.query)),
  );
};
