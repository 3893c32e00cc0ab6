import {
  bannerSchema,
  bannersQuerySchema,
  envelopeSchema,
  feedbackInputSchema,
  feedbackListQuerySchema,
  feedbackTicketPageSchema,
  helpArticleSchema,
  helpQuerySchema,
  liveHostSchema,
  liveLaunchQuerySchema,
  liveLaunchSchema,
  noticeIdParamsSchema,
  noticeQuerySchema,
  noticeReadStateSchema,
  noticeSchema,
} from '@wps/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { memberPrincipal, requireRole } from '../../http/auth.ts';
import { clientIp } from '../../http/client-ip.ts';
import { ok } from '../../http/envelope.ts';
import { AppError } from '../../http/errors.ts';
import { cashierErrorHandler, multipartBody } from '../cashier/http.ts';
import { cacheable } from './cache.ts';

const FEEDBACK_RATE = { rateLimit: { max: 10, timeWindow: '10 minutes' } };
const imageParams = z.object({
  id: z.string().regex(/^[A-Za-z0-9_-]{16,64}$/),
  width: z.coerce.number().int().min(1).max(10_000),
});

/**
 * Public content (banners, notices, help: cacheable with ETag and a short max-age, so the home
 * page costs two small calls that mostly answer 304), feedback, notice read state and live hosts.
 */
export const contentRoutes: FastifyPluginAsyncZod = async (app) => {
  const content = app.services.content;
  const member = requireRole(['player', 'agent', 'trial']);
  const tags = ['content'];
  const security = [{ token: [] }];
  // Fills {0}/{1} into field messages too ('The description must be 20 to 200 characters.').
  cashierErrorHandler(app);

  app.get(
    '/wps/content/banners',
    {
      schema: {
        tags,
        summary: 'Banners showing now (SPEC §3 groups), in the language; all groups unless `group`',
        querystring: bannersQuerySchema,
        response: { 200: envelopeSchema(z.array(bannerSchema)) },
      },
    },
    async (req, reply) =>
      cacheable(req, reply, await content.publicBanners(req.query.language, req.query.group)),
  );

  for (const format of ['default', 'avif'] as const) {
    app.get(
      format === 'avif' ? '/wps/content/images/:id/:width/avif' : '/wps/content/images/:id/:width',
      {
        schema: {
          tags,
          summary:
            format === 'avif'
              ? 'One AVIF width of a banner or notice image'
              : 'One WebP width of a banner or notice image',
          params: imageParams,
        },
      },
      async (req, reply) => {
        const p = req.principal;
        const img = await content.imageVariant(
          req.params.id,
          req.params.width,
          p?.kind === 'operator',
          format,
        );
        // Ids are random and a stored image never changes: cache for good (private ones: never shared).
        return reply
          .header('content-type', img.mime)
          .header('cache-control', img.public ? 'public, max-age=31536000, immutable' : 'private, no-store')
          .send(img.data);
      },
    );
  }

  app.get(
    '/wps/notice',
    {
      schema: {
        tags,
        summary:
          "SPEC §7 notice: `types` 'B,PL,PU,PR,H' (dialog) or 'B,PL,PU,PR' with `execution` B (start-up); platform W",
        querystring: noticeQuerySchema,
        response: { 200: envelopeSchema(z.array(noticeSchema)) },
      },
    },
    async (req, reply) => cacheable(req, reply, await content.publicNotices(req.query)),
  );

  app.get(
    '/wps/notice/read',
    {
      onRequest: member,
      schema: {
        tags,
        security,
        summary: 'Which current notices the member has read, and the unread count',
        querystring: z.object({ language: z.string().max(10).optional() }),
        response: { 200: envelopeSchema(noticeReadStateSchema) },
      },
    },
    async (req) => ok(req, await content.readState(memberPrincipal(req).memberId, req.query.language)),
  );

  app.post(
    '/wps/notice/:id/read',
    {
      onRequest: member,
      schema: { tags, security, summary: 'Mark a notice read', params: noticeIdParamsSchema },
    },
    async (req) => {
      await content.markRead(memberPrincipal(req).memberId, req.params.id);
      return ok(req, null);
    },
  );

  app.get(
    '/wps/system/helpCenter',
    {
      schema: {
        tags,
        summary: 'SPEC §7 help {lang, device WEB}: articles with anchors (/help#term); `q` searches',
        querystring: helpQuerySchema,
        response: { 200: envelopeSchema(z.array(helpArticleSchema)) },
      },
    },
    async (req, reply) => cacheable(req, reply, await content.help(req.query)),
  );

  app.put(
    '/wps/feedback',
    {
      config: FEEDBACK_RATE,
      schema: {
        tags,
        summary: 'SPEC §7 feedback {data:{content, sender, type, captcha}} (+ captchaKey, proofId)',
        body: feedbackInputSchema,
        response: { 200: envelopeSchema(z.object({ id: z.number().int() })) },
      },
    },
    async (req) => {
      const p = req.principal;
      const who = p?.kind === 'member' ? { memberId: p.memberId, account: p.account } : null;
      return ok(req, await content.feedback.submit(req.body.data, who, clientIp(req)));
    },
  );

  app.post(
    '/wps/feedback/proof',
    {
      onRequest: member,
      preValidation: multipartBody('proof'),
      config: FEEDBACK_RATE,
      schema: {
        tags,
        security,
        consumes: ['multipart/form-data'],
        summary: 'Proof image (PNG/JPG, 5MB) for a not-received withdrawal; send its id as proofId',
        response: { 200: envelopeSchema(z.object({ id: z.string() })) },
      },
    },
    async (req) => {
      const data = req.cashierUpload;
      if (!data) {
        throw new AppError('VALIDATION', { messageKey: 'proofRequired', fields: { proof: 'proofRequired' } });
      }
      return ok(req, await content.uploadProof(data, memberPrincipal(req).account));
    },
  );

  app.get(
    '/wps/feedback',
    {
      onRequest: member,
      schema: {
        tags,
        security,
        summary: "The member's own feedback tickets with the operator's replies",
        querystring: feedbackListQuerySchema,
        response: { 200: envelopeSchema(feedbackTicketPageSchema) },
      },
    },
    async (req) =>
      ok(
        req,
        await content.feedback.memberTickets(
          memberPrincipal(req).memberId,
          req.query.pageNo,
          req.query.pageSize,
        ),
      ),
  );

  app.get(
    '/wps/live/models',
    {
      schema: {
        tags,
        summary: 'SPEC §7 Live: hosts from configuration (empty when none is configured)',
        response: { 200: envelopeSchema(z.array(liveHostSchema)) },
      },
    },
    async (req, reply) => cacheable(req, reply, content.liveHosts()),
  );

  // Open to guests: the room is in the site now (modules/rooms) and a guest may read it.
  app.get(
    '/wps/live/chat',
    {
      schema: {
        tags,
        summary: "SPEC §7 Live: where a host's chat room is (the site's room page, /liveStream/room?host=…)",
        querystring: liveLaunchQuerySchema,
        response: { 200: envelopeSchema(liveLaunchSchema) },
      },
    },
    async (req) => ok(req, content.liveLaunch(req.query.id)),
  );
};
