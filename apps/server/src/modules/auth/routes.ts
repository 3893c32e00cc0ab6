import {
  captchaQuerySchema,
  envelopeSchema,
  freeplayRequestSchema,
  loginRequestSchema,
  loginValueSchema,
  operatorLoginRequestSchema,
  operatorMeSchema,
  operatorSessionSchema,
  secondVerificationSchemaRequest,
  secondVerificationSendSchema,
  smsSentSchema,
} from '@wps/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { operatorPrincipal, requireLogin, requireRole } from '../../http/auth.ts';
import { operatorConsole } from '../../http/console-route.ts';
import { clientIp } from '../../http/client-ip.ts';
import { ok } from '../../http/envelope.ts';
import { AppError } from '../../http/errors.ts';
import { requestLocale } from '../../http/i18n.ts';
import { CAPTCHA_KEY_SHAPE } from './captcha.ts';
import type { RequestContext } from './service.ts';

const DEVICE_ID_SHAPE = /^[A-Za-z0-9_-]{8,64}$/;

export function requestContext(req: FastifyRequest): RequestContext {
  const ua = req.headers['user-agent'];
  const device = req.headers['x-device-id'];
  return {
    ip: clientIp(req),
    userAgent: typeof ua === 'string' ? ua : null,
    locale: requestLocale(req),
    // A client-made random id (web: kept in local storage): only its shape is trusted.
    deviceId: typeof device === 'string' && DEVICE_ID_SHAPE.test(device) ? device : null,
  };
}

/** Per-IP caps for the unauthenticated image/challenge endpoints (route-level @fastify/rate-limit). */
/** The login audit and the outbox: operator calls under the session tag, with the system permission. */
const systemRoute = operatorConsole({ tag: 'admin:session', permission: 'system' });

const IMAGE_RATE = { rateLimit: { max: 60, timeWindow: '1 minute' } };

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const auth = app.services.auth;
  const tags = ['session'];
  // Housekeeping of expired identity rows, hourly, with the other periodic work (JOBS=on).
  const pruning = app.config.jobs
    ? setInterval(() => {
        auth.prune().catch((err) => app.log.error({ err }, 'identity prune failed'));
      }, 3_600_000).unref()
    : null;
  app.addHook('onClose', async () => {
    if (pruning) clearInterval(pruning);
    await auth.close();
    app.services.verification.close();
  });

  app.post(
    '/wps/session/login',
    {
      schema: {
        tags,
        summary: 'Log in: username/password (ALTCHA `altcha`, `captcha` after 3 failures) or `type: "sms"`',
        description:
          'An operator account fails as any wrong pair. When the address is new for the account the value has ' +
          '`token: null` and `secondVerification`; finish with /wps/session/login/verification.',
        body: loginRequestSchema,
        response: { 200: envelopeSchema(loginValueSchema) },
      },
    },
    async (req) => ok(req, await auth.login('player', req.body, requestContext(req))),
  );

  // SPEC §7 names two player logins, login and loginV2. Payload encryption (the only difference
  // the original had) is replaced by TLS here, so loginV2 is the same call under its own path,
  // sharing its limits, lockouts and audit.
  app.post(
    '/wps/session/loginV2',
    {
      schema: {
        tags,
        summary: 'SPEC loginV2: the same call as /wps/session/login',
        body: loginRequestSchema,
        response: { 200: envelopeSchema(loginValueSchema) },
      },
    },
    async (req) => ok(req, await auth.login('player', req.body, requestContext(req))),
  );

  app.post(
    '/wps/session/login/agent',
    {
      schema: {
        tags,
        summary: 'Agent-area login: as /wps/session/login, refuses non-agents (nonAgent)',
        body: loginRequestSchema,
        response: { 200: envelopeSchema(loginValueSchema) },
      },
    },
    async (req) => ok(req, await auth.login('agent', req.body, requestContext(req))),
  );

  app.post(
    '/wps/session/login/verification/send',
    {
      schema: {
        tags,
        summary: 'Second verification: send a code to the account’s phone or email',
        body: secondVerificationSendSchema,
        response: { 200: envelopeSchema(smsSentSchema) },
      },
    },
    async (req) => ok(req, await auth.secondVerification.sendCode(req.body, requestContext(req))),
  );

  app.post(
    '/wps/session/login/verification',
    {
      schema: {
        tags,
        summary: 'Second verification: finish the login with the code or the real name',
        body: secondVerificationSchemaRequest,
        response: { 200: envelopeSchema(loginValueSchema) },
      },
    },
    async (req) => ok(req, await auth.secondVerification.finish(req.body, requestContext(req))),
  );

  app.post(
    '/wps/session/login/freeplay',
    {
      schema: {
        tags,
        summary: 'Free play: a new trial account (type 4) with play money only',
        body: freeplayRequestSchema.nullish(),
        response: { 200: envelopeSchema(loginValueSchema) },
      },
    },
    async (req) => ok(req, await auth.freeplay(requestContext(req))),
  );

  app.delete(
    '/wps/session/logout',
    { preHandler: requireLogin, schema: { tags, summary: 'Revoke this session' } },
    async (req) => {
      await auth.sessions.revoke(req.principal!.sessionId);
      return ok(req, null);
    },
  );

  app.get(
    '/wps/captcha',
    {
      config: IMAGE_RATE,
      schema: {
        tags: ['captcha'],
        summary:
          'Image captcha: `value` is a base64 data URL; name it with `?captchaKey=` (16-64 URL-safe chars)',
        description:
          'Send the same key with the answer (`captchaKey`, `captcha`). Without a key one is made and ' +
          'returned in the `captcha-key` header. Single use, expires after 5 minutes.',
        querystring: captchaQuerySchema,
        response: { 200: envelopeSchema(z.string()) },
      },
    },
    async (req, reply) => {
      const key = req.query.captchaKey ?? auth.captcha.newKey();
      if (!CAPTCHA_KEY_SHAPE.test(key)) {
        throw new AppError('VALIDATION', { fields: { captchaKey: 'badRequest' } });
      }
      const { image } = await auth.captcha.create(key);
      reply.header('captcha-key', key).header('cache-control', 'no-store');
      return ok(req, image);
    },
  );

  app.get(
    '/wps/captcha/altcha',
    {
      config: IMAGE_RATE,
      schema: {
        tags: ['captcha'],
        summary: 'ALTCHA challenge (v2, SHA-256); submit the solved payload as `altcha`',
        response: { 200: envelopeSchema(z.object({ enabled: z.boolean() }).passthrough()) },
      },
    },
    async (req, reply) => {
      reply.header('cache-control', 'no-store');
      return ok(req, { enabled: auth.humanCheck.enabled, ...(await auth.humanCheck.challenge()) });
    },
  );

  // Operator console sessions.
  const adminTags = ['admin:session'];
  app.post(
    '/wps/admin/session/login',
    {
      schema: {
        tags: adminTags,
        summary: 'Operator login',
        body: operatorLoginRequestSchema,
        response: { 200: envelopeSchema(operatorSessionSchema) },
      },
    },
    async (req) => ok(req, await auth.operatorLogin(req.body, requestContext(req))),
  );

  app.delete(
    '/wps/admin/session/logout',
    { preHandler: requireRole(['operator']), schema: { tags: adminTags, summary: 'Operator logout' } },
    async (req) => {
      await auth.sessions.revoke(req.principal!.sessionId);
      return ok(req, null);
    },
  );

  app.get(
    '/wps/admin/session/me',
    {
      preHandler: requireRole(['operator']),
      schema: {
        tags: adminTags,
        summary: 'The signed-in operator',
        response: { 200: envelopeSchema(operatorMeSchema) },
      },
    },
    async (req) => {
      const p = operatorPrincipal(req);
      return ok(req, {
        id: p.operatorId,
        account: p.account,
        role: p.operatorRole,
        permissions: [...p.permissions],
        totpEnrolmentRequired: p.totpEnrolmentRequired,
      });
    },
  );

  app.get(
    '/wps/admin/login-audit',
    systemRoute({
      summary: 'Login attempts, newest first',
      querystring: z.object({
        account: z.string().max(100).optional(),
        limit: z.coerce.number().int().min(1).max(500).optional(),
      }),
    }),
    async (req) => ok(req, await auth.auditTrail(req.query)),
  );

  app.get(
    '/wps/admin/outbox',
    systemRoute({
      summary: 'Messages held by the default SMS/mail outbox, newest first',
      querystring: z.object({
        recipient: z.string().max(255).optional(),
        limit: z.coerce.number().int().min(1).max(500).optional(),
      }),
    }),
    async (req) => ok(req, await app.services.verification.outbox(req.query)),
  );
};
