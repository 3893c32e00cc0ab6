import { randomUUID } from 'node:crypto';
import formbody from '@fastify/formbody';
import helmet from '@fastify/helmet';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { SYSTEM_STATUS } from '@wps/contract';
import Fastify, { type FastifyInstance } from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { Redis } from 'ioredis';
import type { Config } from './config.ts';
import { type Database, openDatabase } from './db/client.ts';
import { runMigrations } from './db/migrate.ts';
import { AppError } from './http/errors.ts';
import { registerErrorHandling, sendError } from './http/error-handler.ts';
import { clientIp } from './http/client-ip.ts';
import { registerMetrics } from './http/metrics.ts';
import { contentSecurityPolicy } from './http/security.ts';
import { registerStatic } from './http/static.ts';
import { redactedRequestLog, registerPrincipalHook } from './modules/auth/hook.ts';
import { authRoutes } from './modules/auth/routes.ts';
import { memberRoutes } from './modules/members/routes.ts';
import { systemRoutes } from './modules/system/routes.ts';
import { adminRoutes } from './modules/admin/routes.ts';
import { cashierAdminRoutes } from './modules/cashier/admin-routes.ts';
import { cashierRoutes } from './modules/cashier/routes.ts';
import { seamlessRoutes } from './modules/seamless/routes.ts';
import { startJobs } from './jobs/index.ts';
import { verificationRoutes } from './modules/verification/routes.ts';
import { createServices } from './services.ts';

export interface BuildOptions {
  /** An open, migrated database (tests pass their own). Omitted: opened from config and closed with the app. */
  database?: Database;
}

/** Paths that still answer during maintenance or a region block, so the SPA can show the state and operators can lift it. */
const ALWAYS_OPEN = ['/wps/system/', '/wps/admin/', '/wps/captcha'];

export async function buildApp(config: Config, opts: BuildOptions = {}): Promise<FastifyInstance> {
  let database = opts.database;
  const ownsDatabase = !database;
  if (!database) {
    database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
    await runMigrations(database);
  }

  const app = Fastify({
    logger:
      config.logLevel === 'silent'
        ? false
        : { level: config.logLevel, serializers: { req: redactedRequestLog } },
    bodyLimit: config.bodyLimitBytes,
    trustProxy: config.trustProxy,
    requestIdHeader: 'x-request-id',
    genReqId: () => randomUUID(),
    // Oversized or garbled headers never reach a route; still answer with the envelope.
    clientErrorHandler(err, socket) {
      const e = err as NodeJS.ErrnoException;
      const status = e.code === 'HPE_HEADER_OVERFLOW' ? 431 : 400;
      const body = JSON.stringify({
        success: false,
        code: 'VALIDATION',
        message: 'The request could not be understood.',
        value: null,
      });
      if (socket.writable) {
        socket.end(
          `HTTP/1.1 ${status} ${status === 431 ? 'Request Header Fields Too Large' : 'Bad Request'}\r\n` +
            `Content-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
        );
      } else {
        socket.destroy(err);
      }
    },
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);

  app.decorate('config', config);
  app.decorate('database', database);
  app.decorate('services', createServices(config, database));
  app.decorateRequest('principal', null);

  await app.services.system.ensureDefaults();

  await app.register(helmet, {
    global: true,
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy(config) },
    crossOriginEmbedderPolicy: false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    strictTransportSecurity: config.env === 'production',
  });
  await app.register(formbody, { bodyLimit: config.bodyLimitBytes });
  await app.register(multipart, {
    limits: { fileSize: config.uploadLimitBytes, files: 3, fields: 20, parts: 25 },
  });

  const redis = config.redisUrl
    ? new Redis(config.redisUrl, { lazyConnect: false, maxRetriesPerRequest: 1 })
    : null;
  await app.register(rateLimit, {
    global: false,
    ...(redis ? { redis } : {}),
    keyGenerator: (req) => clientIp(req),
    errorResponseBuilder: () => new AppError('RATE_LIMITED'),
  });

  await app.register(swagger, {
    openapi: {
      info: {
        title: 'WPS platform API',
        version: '0.1.0',
        description: 'Envelope: {success, code, message, value}',
      },
      components: { securitySchemes: { token: { type: 'apiKey', in: 'header', name: 'token' } } },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/docs', staticCSP: true });

  registerMetrics(app, config.metricsToken);

  // Return the request id so a player's support ticket can be matched to our logs.
  app.addHook('onSend', async (req, reply) => {
    reply.header('x-request-id', req.id);
  });

  app.get('/healthz', { schema: { hide: true } }, async () => {
    await database.query('select 1');
    return { status: 'ok' };
  });

  // SPEC §2 whole-app states also bind the API: while in maintenance or blocked, only the calls
  // the state pages and the operator console need stay open.
  app.addHook('onRequest', async (req, reply) => {
    const url = req.url;
    if (!url.startsWith('/wps/') || ALWAYS_OPEN.some((p) => url.startsWith(p))) return;
    const status = await app.services.system.status(clientIp(req));
    if (status.status === SYSTEM_STATUS.maintenance)
      return sendError(req, reply, new AppError('MAINTENANCE'));
    if (status.status === SYSTEM_STATUS.regionBlocked)
      return sendError(req, reply, new AppError('REGION_BLOCKED'));
  });

  registerPrincipalHook(app);

  await app.register(systemRoutes);
  await app.register(seamlessRoutes);
  await app.register(cashierRoutes);
  await app.register(cashierAdminRoutes);
  await app.register(adminRoutes);
  await app.register(authRoutes);
  await app.register(memberRoutes);
  await app.register(verificationRoutes);

  await registerStatic(app, config.webDistDir);

  if (config.jobs) {
    const jobs = startJobs(app);
    app.addHook('onClose', () => jobs.stop());
  }

  app.addHook('onClose', async () => {
    await redis?.quit().catch(() => undefined);
    if (ownsDatabase) await database.close();
  });

  return app;
}
