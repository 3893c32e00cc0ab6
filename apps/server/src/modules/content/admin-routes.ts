import {
  adminBannerSchema,
  adminFeedbackPageSchema,
  adminFeedbackQuerySchema,
  adminHelpSchema,
  adminNoticeSchema,
  bannerInputSchema,
  contentIdParamsSchema,
  contentImageSchema,
  envelopeSchema,
  feedbackReplyInputSchema,
  helpInputSchema,
  noticeInputSchema,
} from '@wps/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireRole } from '../../http/auth.ts';
import { ok } from '../../http/envelope.ts';
import { AppError } from '../../http/errors.ts';
import { actorOf, cashierErrorHandler, multipartBody } from '../cashier/http.ts';
import { registerContactRoutes } from './contacts-routes.ts';

const idBody = envelopeSchema(z.object({ id: z.number().int() }));

/** Operator console: banners with uploads, notices, help articles, the feedback inbox. */
export const contentAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const content = app.services.content;
  const operator = requireRole(['operator'], 'content');
  const tags = ['admin:content'];
  const security = [{ token: [] }];
  cashierErrorHandler(app);
  const base = { onRequest: operator };

  app.post(
    '/wps/admin/content/images',
    {
      ...base,
      preValidation: multipartBody('image'),
      schema: {
        tags,
        security,
        consumes: ['multipart/form-data'],
        summary: 'Upload a banner/notice image (PNG, JPEG or WebP by content): WebP widths for srcset',
        response: { 200: envelopeSchema(contentImageSchema) },
      },
    },
    async (req) => {
      if (!req.cashierUpload) {
        throw new AppError('VALIDATION', { messageKey: 'proofRequired', fields: { image: 'proofRequired' } });
      }
      return ok(req, await content.uploadImage(req.cashierUpload, actorOf(req)));
    },
  );

  app.get(
    '/wps/admin/content/banners',
    { ...base, schema: { tags, security, response: { 200: envelopeSchema(z.array(adminBannerSchema)) } } },
    async (req) => ok(req, await content.adminBanners()),
  );
  app.post(
    '/wps/admin/content/banners',
    { ...base, schema: { tags, security, body: bannerInputSchema, response: { 200: idBody } } },
    async (req) => ok(req, { id: await content.saveBanner(null, req.body, actorOf(req)) }),
  );
  app.put(
    '/wps/admin/content/banners/:id',
    {
      ...base,
      schema: {
        tags,
        security,
        params: contentIdParamsSchema,
        body: bannerInputSchema,
        response: { 200: idBody },
      },
    },
    async (req) => ok(req, { id: await content.saveBanner(req.params.id, req.body, actorOf(req)) }),
  );
  app.delete(
    '/wps/admin/content/banners/:id',
    { ...base, schema: { tags, security, params: contentIdParamsSchema } },
    async (req) => {
      await content.deleteBanner(req.params.id, actorOf(req));
      return ok(req, null);
    },
  );

  app.get(
    '/wps/admin/content/notices',
    { ...base, schema: { tags, security, response: { 200: envelopeSchema(z.array(adminNoticeSchema)) } } },
    async (req) => ok(req, await content.adminNotices()),
  );
  app.post(
    '/wps/admin/content/notices',
    {
      ...base,
      schema: {
        tags,
        security,
        summary: 'HTML is sanitised on save',
        body: noticeInputSchema,
        response: { 200: idBody },
      },
    },
    async (req) => ok(req, { id: await content.saveNotice(null, req.body, actorOf(req)) }),
  );
  app.put(
    '/wps/admin/content/notices/:id',
    {
      ...base,
      schema: {
        tags,
        security,
        params: contentIdParamsSchema,
        body: noticeInputSchema,
        response: { 200: idBody },
      },
    },
    async (req) => ok(req, { id: await content.saveNotice(req.params.id, req.body, actorOf(req)) }),
  );
  app.delete(
    '/wps/admin/content/notices/:id',
    { ...base, schema: { tags, security, params: contentIdParamsSchema } },
    async (req) => {
      await content.deleteNotice(req.params.id, actorOf(req));
      return ok(req, null);
    },
  );

  app.get(
    '/wps/admin/content/help',
    { ...base, schema: { tags, security, response: { 200: envelopeSchema(z.array(adminHelpSchema)) } } },
    async (req) => ok(req, await content.adminHelp()),
  );
  app.post(
    '/wps/admin/content/help',
    { ...base, schema: { tags, security, body: helpInputSchema, response: { 200: idBody } } },
    async (req) => ok(req, { id: await content.saveHelp(null, req.body, actorOf(req)) }),
  );
  app.put(
    '/wps/admin/content/help/:id',
    {
      ...base,
      schema: {
        tags,
        security,
        params: contentIdParamsSchema,
        body: helpInputSchema,
        response: { 200: idBody },
      },
    },
    async (req) => ok(req, { id: await content.saveHelp(req.params.id, req.body, actorOf(req)) }),
  );
  app.delete(
    '/wps/admin/content/help/:id',
    { ...base, schema: { tags, security, params: contentIdParamsSchema } },
    async (req) => {
      await content.deleteHelp(req.params.id, actorOf(req));
      return ok(req, null);
    },
  );

  app.get(
    '/wps/admin/content/feedback',
    {
      ...base,
      schema: {
        tags,
        security,
        querystring: adminFeedbackQuerySchema,
        response: { 200: envelopeSchema(adminFeedbackPageSchema) },
      },
    },
    async (req) => ok(req, await content.adminTickets(req.query)),
  );
  app.get(
    '/wps/admin/content/feedback/:id/proof',
    {
      ...base,
      schema: { tags, security, summary: "The ticket's proof image", params: contentIdParamsSchema },
    },
    async (req, reply) => {
      const img = await content.ticketProof(req.params.id);
      return reply
        .header('content-type', img.mime)
        .header('cache-control', 'private, no-store')
        .send(img.data);
    },
  );
  app.post(
    '/wps/admin/content/feedback/:id/reply',
    {
      ...base,
      schema: { tags, security, params: contentIdParamsSchema, body: feedbackReplyInputSchema },
    },
    async (req) => {
      await content.reply(req.params.id, req.body.body, req.body.close, actorOf(req));
      return ok(req, null);
    },
  );

  registerContactRoutes(app);
};
