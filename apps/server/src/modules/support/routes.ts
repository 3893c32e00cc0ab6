import {
  envelopeSchema,
  SUPPORT_TEXT_MAX,
  safeString,
  errorEnvelopeSchema,
  supportAttachmentParamsSchema,
  supportIdParamsSchema,
  supportMessageSchema,
  supportMessagesQuerySchema,
  supportOpenedSchema,
  supportOpenSchema,
  supportStatusSchema,
  supportTextSchema,
  supportThreadSchema,
} from '@wps/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../http/envelope.ts';
import { AppError } from '../../http/errors.ts';
import { cashierErrorHandler, multipartBody } from '../cashier/http.ts';
import { guestTokenOf, limitSupport, viewerOf } from './http.ts';

/**
 * Live support, the player's side (issue 31): a member with their session, a guest with the
 * token its conversation was opened with (header x-support-token). Another's conversation is
 * NOT_FOUND, never told apart from none.
 */
export const supportRoutes: FastifyPluginAsyncZod = async (app) => {
  const support = app.services.support;
  const tags = ['support'];
  const security = [{ token: [] }];
  const errors = { 400: errorEnvelopeSchema, 401: errorEnvelopeSchema, 404: errorEnvelopeSchema };
  cashierErrorHandler(app);
  app.addHook('onReady', () => support.relay.start(app.database));
  app.addHook('onClose', () => support.relay.close());
  app.addHook('onClose', () => support.presence.close());

  app.get(
    '/wps/support/status',
    {
      schema: {
        tags,
        summary:
          "Whether the team is on duty (support hours), the member's open conversation (a guest's: the one its x-support-token opened) and its unread answers",
        response: { 200: envelopeSchema(supportStatusSchema) },
      },
    },
    async (req) => {
      const p = req.principal;
      // A guest's badge (issue 31): the unread answers of the conversation its token opened.
      const guest = p ? null : guestTokenOf(req);
      return ok(req, await support.status(p?.kind === 'member' ? p.memberId : null, new Date(), guest));
    },
  );

  app.post(
    '/wps/support/conversations',
    {
      schema: {
        tags,
        security,
        summary:
          'Opens a conversation with its first message (a member: continues the open one); a guest gives a name and gets a token',
        body: supportOpenSchema,
        response: { 200: envelopeSchema(supportOpenedSchema), ...errors },
      },
    },
    async (req) => {
      const p = req.principal;
      if (p && p.kind !== 'member') throw new AppError('FORBIDDEN');
      await limitSupport(app, req);
      const who =
        p?.kind === 'member'
          ? ({ kind: 'member', memberId: p.memberId, account: p.account } as const)
          : ({ kind: 'guest', name: req.body.name } as const);
      return ok(req, await support.open(who, req.body.message));
    },
  );

  app.get(
    '/wps/support/conversations/:id/messages',
    {
      schema: {
        tags,
        security,
        summary: 'The conversation and its messages (after the cursor when given); marks answers read',
        params: supportIdParamsSchema,
        querystring: supportMessagesQuerySchema,
        response: { 200: envelopeSchema(supportThreadSchema), ...errors },
      },
    },
    async (req) => ok(req, await support.thread(req.params.id, viewerOf(req), req.query.after)),
  );

  app.post(
    '/wps/support/conversations/:id/messages',
    {
      schema: {
        tags,
        security,
        summary: 'Writes to the own conversation',
        params: supportIdParamsSchema,
        body: supportTextSchema,
        response: { 200: envelopeSchema(supportMessageSchema), ...errors },
      },
    },
    async (req) => {
      const viewer = viewerOf(req);
      await limitSupport(app, req);
      return ok(req, await support.send(req.params.id, viewer, req.body.text));
    },
  );

  app.post(
    '/wps/support/conversations/:id/attachments',
    {
      preValidation: multipartBody('file'),
      schema: {
        tags,
        security,
        consumes: ['multipart/form-data'],
        summary:
          'Sends an image (PNG, JPEG or WebP, 3MB; re-encoded) as a message, with an optional caption `text`',
        params: supportIdParamsSchema,
        body: z.object({ text: safeString().max(SUPPORT_TEXT_MAX).optional() }),
        response: { 200: envelopeSchema(supportMessageSchema), ...errors },
      },
    },
    async (req) => {
      const viewer = viewerOf(req);
      await limitSupport(app, req);
      const data = req.cashierUpload;
      if (!data)
        throw new AppError('VALIDATION', { messageKey: 'inputEmpty', fields: { file: 'inputEmpty' } });
      return ok(req, await support.send(req.params.id, viewer, req.body.text?.trim() ?? '', data));
    },
  );

  app.get(
    '/wps/support/attachments/:id',
    {
      schema: {
        tags,
        security,
        summary: 'An image of the own conversation',
        params: supportAttachmentParamsSchema,
      },
    },
    async (req, reply) => {
      const img = await support.attachment(req.params.id, viewerOf(req));
      return reply
        .header('content-type', img.mime)
        .header('cache-control', 'private, max-age=3600')
        .send(img.data);
    },
  );
};
