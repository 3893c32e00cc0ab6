import {
  adminBannerSchema,
  adminFeedbackPageSchema,
  adminFeedbackQuerySchema,
  adminHelpSchema,
  adminNoticeSchema,
  bannerInputSchema,
  contentIdParamsSchema,
  contentImageSchema,
  feedbackReplyInputSchema,
  helpInputSchema,
  noticeInputSchema,
} from '@wps/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { operatorConsole } from '../../http/console-route.ts';
import { ok } from '../../http/envelope.ts';
import { AppError } from '../../http/errors.ts';
import { actorOf, cashierErrorHandler, multipartBody } from '../cashier/http.ts';
import { registerContactRoutes } from './contacts-routes.ts';

/** What a save answers: the row's id. */
const idValue = z.object({ id: z.number().int() });

const consoleRoute = operatorConsole({ tag: 'admin:content', permission: 'content' });

/** Operator console: banners with uploads, notices, help articles, the feedback inbox. */
export const contentAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const content = app.services.content;
  cashierErrorHandler(app);

  app.post(
    '/wps/admin/content/images',
    consoleRoute(
      {
        consumes: ['multipart/form-data'],
        summary: 'Upload a banner/notice image (PNG, JPEG or WebP by content): WebP widths for srcset',
        response: contentImageSchema,
      },
      { preValidation: multipartBody('image') },
    ),
    async (req) => {
      if (!req.cashierUpload) {
        throw new AppError('VALIDATION', { messageKey: 'proofRequired', fields: { image: 'proofRequired' } });
      }
      return ok(req, await content.uploadImage(req.cashierUpload, actorOf(req)));
    },
  );

  app.get('/wps/admin/content/banners', consoleRoute({ response: z.array(adminBannerSchema) }), async (req) =>
    ok(req, await content.adminBanners()),
  );
  app.post(
    '/wps/admin/content/banners',
    consoleRoute({ body: bannerInputSchema, response: idValue }),
    async (req) => ok(req, { id: await content.saveBanner(null, req.body, actorOf(req)) }),
  );
  app.put(
    '/wps/admin/content/banners/:id',
    consoleRoute({
      params: contentIdParamsSchema,
      body: bannerInputSchema,
      response: idValue,
    }),
    async (req) => ok(req, { id: await content.saveBanner(req.params.id, req.body, actorOf(req)) }),
  );
  app.delete(
    '/wps/admin/content/banners/:id',
    consoleRoute({ params: contentIdParamsSchema }),
    async (req) => {
      await content.deleteBanner(req.params.id, actorOf(req));
      return ok(req, null);
    },
  );

  app.get('/wps/admin/content/notices', consoleRoute({ response: z.array(adminNoticeSchema) }), async (req) =>
    ok(req, await content.adminNotices()),
  );
  app.post(
    '/wps/admin/content/notices',
    consoleRoute({
      summary: 'HTML is sanitised on save',
      body: noticeInputSchema,
      response: idValue,
    }),
    async (req) => ok(req, { id: await content.saveNotice(null, req.body, actorOf(req)) }),
  );
  app.put(
    '/wps/admin/content/notices/:id',
    consoleRoute({
      params: contentIdParamsSchema,
      body: noticeInputSchema,
      response: idValue,
    }),
    async (req) => ok(req, { id: await content.saveNotice(req.params.id, req.body, actorOf(req)) }),
  );
  app.delete(
    '/wps/admin/content/notices/:id',
    consoleRoute({ params: contentIdParamsSchema }),
    async (req) => {
      await content.deleteNotice(req.params.id, actorOf(req));
      return ok(req, null);
    },
  );

  app.get('/wps/admin/content/help', consoleRoute({ response: z.array(adminHelpSchema) }), async (req) =>
    ok(req, await content.adminHelp()),
  );
  app.post(
    '/wps/admin/content/help',
    consoleRoute({ body: helpInputSchema, response: idValue }),
    async (req) => ok(req, { id: await content.saveHelp(null, req.body, actorOf(req)) }),
  );
  app.put(
    '/wps/admin/content/help/:id',
    consoleRoute({
      params: contentIdParamsSchema,
      body: helpInputSchema,
      response: idValue,
    }),
    async (req) => ok(req, { id: await content.saveHelp(req.params.id, req.body, actorOf(req)) }),
  );
  app.delete('/wps/admin/content/help/:id', consoleRoute({ params: contentIdParamsSchema }), async (req) => {
    await content.deleteHelp(req.params.id, actorOf(req));
    return ok(req, null);
  });

  app.get(
    '/wps/admin/content/feedback',
    consoleRoute({
      querystring: adminFeedbackQuerySchema,
      response: adminFeedbackPageSchema,
    }),
    async (req) => ok(req, await content.feedback.adminTickets(req.query)),
  );
  app.get(
    '/wps/admin/content/feedback/:id/proof',
    consoleRoute({
      summary: "The ticket's proof image",
      params: contentIdParamsSchema,
    }),
    async (req, reply) => {
      const img = await content.feedback.proof(req.params.id);
      return reply
        .header('content-type', img.mime)
        .header('cache-control', 'private, no-store')
        .send(img.data);
    },
  );
  app.post(
    '/wps/admin/content/feedback/:id/reply',
    consoleRoute({
      params: contentIdParamsSchema,
      body: feedbackReplyInputSchema,
    }),
    async (req) => {
      await content.feedback.reply(req.params.id, req.body.body, req.body.close, actorOf(req));
      return ok(req, null);
    },
  );

  registerContactRoutes(app);
};
