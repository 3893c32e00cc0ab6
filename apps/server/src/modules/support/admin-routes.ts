import {
  errorEnvelopeSchema,
  supportAttachmentParamsSchema,
  supportCannedInputSchema,
  supportCannedParamsSchema,
  supportCannedSchema,
  supportConversationSchema,
  supportIdParamsSchema,
  supportMessageSchema,
  supportOperatorSchema,
  supportQueueQuerySchema,
  supportQueueSchema,
  supportTextSchema,
  supportTransferSchema,
  SUPPORT_TEXT_MAX,
  safeString,
} from '@wps/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { operatorConsole } from '../../http/console-route.ts';
import { ok } from '../../http/envelope.ts';
import { AppError } from '../../http/errors.ts';
import { actorOf, cashierErrorHandler, multipartBody } from '../cashier/http.ts';
import { encodeAttachment } from './attachment.ts';

const consoleRoute = operatorConsole({
  tag: 'admin: support',
  permission: 'support',
  errors: { 400: errorEnvelopeSchema, 404: errorEnvelopeSchema, 409: errorEnvelopeSchema },
});

/** The support console (issue 31): queue, conversation with the player's account, answers, canned answers. */
export const supportAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const support = app.services.support;
  const desk = support.desk;
  cashierErrorHandler(app);
  const base = '/wps/admin/support';

  app.get(
    `${base}/conversations`,
    consoleRoute({
      summary: 'The queue: open (waiting), assigned or closed conversations with unread counts',
      querystring: supportQueueQuerySchema,
      response: supportQueueSchema,
    }),
    async (req) => ok(req, await desk.queue(req.query.status)),
  );

  app.get(
    `${base}/conversations/:id`,
    consoleRoute({
      summary: "One conversation with its messages and the player's account summary; marks it read",
      params: supportIdParamsSchema,
      response: supportConversationSchema,
    }),
    async (req) => ok(req, await desk.conversation(req.params.id)),
  );

  app.post(
    `${base}/conversations/:id/messages`,
    consoleRoute({
      summary: 'Answers the player (an open conversation becomes the answering operator’s)',
      params: supportIdParamsSchema,
      body: supportTextSchema,
      response: supportMessageSchema,
    }),
    async (req) => ok(req, await desk.reply(support, req.params.id, actorOf(req), req.body.text)),
  );

  app.post(
    `${base}/conversations/:id/attachments`,
    consoleRoute(
      {
        summary: 'Sends an image (PNG, JPEG or WebP, 3MB; re-encoded), with an optional caption `text`',
        consumes: ['multipart/form-data'],
        params: supportIdParamsSchema,
        body: z.object({ text: safeString().max(SUPPORT_TEXT_MAX).optional() }),
        response: supportMessageSchema,
      },
      { preValidation: multipartBody('file') },
    ),
    async (req) => {
      const data = req.cashierUpload;
      if (!data)
        throw new AppError('VALIDATION', { messageKey: 'inputEmpty', fields: { file: 'inputEmpty' } });
      const image = await encodeAttachment(data);
      return ok(
        req,
        await desk.reply(support, req.params.id, actorOf(req), req.body.text?.trim() ?? '', image),
      );
    },
  );

  app.post(
    `${base}/conversations/:id/assign`,
    consoleRoute({
      summary: 'Takes the conversation (audited)',
      params: supportIdParamsSchema,
      response: z.null(),
    }),
    async (req) => {
      await desk.assign(req.params.id, actorOf(req));
      return ok(req, null);
    },
  );

  app.post(
    `${base}/conversations/:id/transfer`,
    consoleRoute({
      summary: 'Hands the conversation to another support operator (audited)',
      params: supportIdParamsSchema,
      body: supportTransferSchema,
      response: z.null(),
    }),
    async (req) => {
      await desk.transfer(req.params.id, actorOf(req), req.body.operatorId);
      return ok(req, null);
    },
  );

  app.post(
    `${base}/conversations/:id/close`,
    consoleRoute({
      summary: 'Closes the conversation (audited)',
      params: supportIdParamsSchema,
      response: z.null(),
    }),
    async (req) => {
      await desk.close(req.params.id, actorOf(req));
      return ok(req, null);
    },
  );

  app.get(
    `${base}/operators`,
    consoleRoute({
      summary: 'Operators who can take a conversation',
      response: z.array(supportOperatorSchema),
    }),
    async (req) => ok(req, await desk.agents()),
  );

  app.get(
    `${base}/attachments/:id`,
    consoleRoute({ summary: 'An image sent in a conversation', params: supportAttachmentParamsSchema }),
    async (req, reply) => {
      const img = await support.attachment(req.params.id, 'operator');
      return reply
        .header('content-type', img.mime)
        .header('cache-control', 'private, max-age=3600')
        .send(img.data);
    },
  );

  app.get(
    `${base}/canned`,
    consoleRoute({ summary: 'Canned answers (EN and NE)', response: z.array(supportCannedSchema) }),
    async (req) => ok(req, await support.canned.list()),
  );

  app.post(
    `${base}/canned`,
    consoleRoute({
      summary: 'Adds a canned answer (audited)',
      body: supportCannedInputSchema,
      response: supportCannedSchema,
    }),
    async (req) => ok(req, await support.canned.create(actorOf(req), req.body)),
  );

  app.put(
    `${base}/canned/:id`,
    consoleRoute({
      summary: 'Changes a canned answer (audited)',
      params: supportCannedParamsSchema,
      body: supportCannedInputSchema,
      response: supportCannedSchema,
    }),
    async (req) => ok(req, await support.canned.update(actorOf(req), req.params.id, req.body)),
  );

  app.delete(
    `${base}/canned/:id`,
    consoleRoute({
      summary: 'Deletes a canned answer (audited)',
      params: supportCannedParamsSchema,
      response: z.null(),
    }),
    async (req) => {
      await support.canned.remove(actorOf(req), req.params.id);
      return ok(req, null);
    },
  );
};
