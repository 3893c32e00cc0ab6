import {
  agentTreeQuerySchema,
  agentTreeSchema,
  kycDocumentParamsSchema,
  kycDocumentSchema,
  kycIdentityInputSchema,
  kycReviewInputSchema,
  kycUploadFieldsSchema,
  playerIdParamsSchema,
} from '@wps/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { operatorConsole } from '../../http/console-route.ts';
import { ok } from '../../http/envelope.ts';
import { actorOf, cashierErrorHandler, multipartBody } from '../cashier/http.ts';

const kycRoute = operatorConsole({ tag: 'admin: players', permission: 'players.kyc' });
const agentsRoute = operatorConsole({ tag: 'admin: agents', permission: 'agents' });

/** Operator console: KYC documents and identity data (players.kyc), and the agent tree (agents). */
export const playersKycRoutes: FastifyPluginAsyncZod = async (app) => {
  const players = app.services.players;
  cashierErrorHandler(app);

  app.get(
    '/wps/admin/players/:id/kyc',
    kycRoute({
      params: playerIdParamsSchema,
      response: z.object({ status: z.string(), documents: z.array(kycDocumentSchema) }),
    }),
    async (req) => ok(req, await players.kyc.summary(req.params.id)),
  );

  app.put(
    '/wps/admin/players/:id/kyc/identity',
    kycRoute({
      summary:
        'Set the ID number, date of birth and real name (payeeName: the holder name payout accounts must match); null clears, audited',
      params: playerIdParamsSchema,
      body: kycIdentityInputSchema,
      response: z.null(),
    }),
    async (req) => {
      await players.setIdentity(actorOf(req), req.params.id, req.body);
      return ok(req, null);
    },
  );

  app.post(
    '/wps/admin/players/:id/kyc/documents',
    kycRoute(
      {
        consumes: ['multipart/form-data'],
        summary: 'Upload a KYC document: PNG/JPEG (re-encoded) or PDF, field `file`, text field `kind`',
        params: playerIdParamsSchema,
        body: kycUploadFieldsSchema,
        response: kycDocumentSchema,
      },
      { preValidation: multipartBody('file') },
    ),
    async (req) =>
      ok(req, await players.kyc.upload(actorOf(req), req.params.id, req.body.kind, req.cashierUpload)),
  );

  app.get(
    '/wps/admin/players/:id/kyc/documents/:docId',
    kycRoute({
      summary: 'The document file (attachment)',
      params: kycDocumentParamsSchema,
    }),
    async (req, reply) => {
      const file = await players.kyc.file(req.params.id, req.params.docId);
      const ext = file.mime === 'application/pdf' ? 'pdf' : file.mime === 'image/png' ? 'png' : 'jpg';
      return reply
        .header('content-type', file.mime)
        .header('cache-control', 'private, no-store')
        .header('x-content-type-options', 'nosniff')
        .header(
          'content-disposition',
          `${file.mime === 'application/pdf' ? 'attachment' : 'inline'}; filename="kyc-${req.params.docId}.${ext}"`,
        )
        .send(file.data);
    },
  );

  app.post(
    '/wps/admin/players/:id/kyc/documents/:docId/review',
    kycRoute({
      summary: 'Approve or reject (with a reason) a waiting document',
      params: kycDocumentParamsSchema,
      body: kycReviewInputSchema,
      response: kycDocumentSchema,
    }),
    async (req) =>
      ok(
        req,
        await players.kyc.review(
          actorOf(req),
          req.params.id,
          req.params.docId,
          req.body.approve,
          req.body.reason,
        ),
      ),
  );

  app.get(
    '/wps/admin/agents/tree',
    agentsRoute({
      summary: 'One level of the agent tree (top agents without parentId) with downline counts and contracts',
      querystring: agentTreeQuerySchema,
      response: agentTreeSchema,
    }),
    async (req) => ok(req, await players.agentTree(req.query.parentId ?? null)),
  );
};
