import { randomUUID } from 'node:crypto';
import formbody from '@fastify/formbody';
import multipart from '@fastify/multipart';
import websocket from '@fastify/websocket';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { SYSTEM_STATUS } from '@wps/contract';
import Fastify, { type FastifyInstance } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { Redis } from 'ioredis';
import type { Config } from './config.ts';
import { type Database, openDatabase } from './db/client.ts';
import { runMigrations } from './db/migrate.ts';
import { AppError } from './http/errors.ts';
import { registerErrorHandling, sendError } from './http/error-handler.ts';
import { clientIp } from './http/client-ip.ts';
import { registerMetrics } from './http/metrics.ts';
import { securityHeaders } from './http/security.ts';
import { REDACT_PATHS } from './http/redact.ts';
import { registerSafeValidation } from './http/safe-input.ts';
import { registerStatic } from './http/static.ts';
import { registerOperatorAreaGuard, registerRouteGuards, subjectToSiteState } from './http/route-guards.ts';
import { redactedRequestLog, registerPrincipalHook } from './modules/auth/hook.ts';
import { authRoutes } from './modules/auth/routes.ts';
import { operatorRoutes } from './modules/auth/operator-routes.ts';
import { memberRoutes } from './modules/members/routes.ts';
import { memberProfileRoutes } from './modules/members/profile-routes.ts';
import { systemRoutes } from './modules/system/routes.ts';
import { adminRoutes } from './modules/admin/routes.ts';
import { cashierAdminRoutes } from './modules/cashier/admin-routes.ts';
import { cashierRoutes } from './modules/cashier/routes.ts';
import { seamlessAdminRoutes } from './modules/seamless/admin-routes.ts';
import { seamlessRoutes } from './modules/seamless/routes.ts';
import { createJobs } from './jobs/index.ts';
import { jobRoutes } from './jobs/routes.ts';
import { gamesRoutes } from './modules/games/routes.ts';
import { gamesAdminRoutes } from './modules/games/admin-routes.ts';
import { gamesVendorRoutes } from './modules/games/vendor-routes.ts';
import { inhouseAdminRoutes } from './modules/inhouse/admin-routes.ts';
import { jackpotAdminRoutes, jackpotRoutes } from './modules/jackpot/routes.ts';
import { inhouseRoutes } from './modules/inhouse/routes.ts';
import { registerCrashBeacon } from './modules/inhouse/crash-beacon.ts';
import { crashRoutes } from './modules/inhouse/crash-routes.ts';
import { lotteryRoutes } from './modules/lottery/routes.ts';
import { CrashDriver } from './modules/inhouse/crash-leader.ts';
import { verificationRoutes } from './modules/verification/routes.ts';
import { agentRoutes } from './modules/agents/routes.ts';
import { agentAdminRoutes } from './modules/agents/admin-routes.ts';
import { contentAdminRoutes } from './modules/content/admin-routes.ts';
import { contentRoutes } from './modules/content/routes.ts';
import { messageRoutes } from './modules/messages/routes.ts';
import { promotionRoutes } from './modules/promotions/routes.ts';
import { pointsRoutes } from './modules/points/routes.ts';
import { ticketRoutes } from './modules/promotions/ticket-routes.ts';
import { playersAdminRoutes } from './modules/players/admin-routes.ts';
import { playersKycRoutes } from './modules/players/kyc-routes.ts';
import { protectionRoutes } from './modules/protection/routes.ts';
import { reportRoutes } from './modules/reports/routes.ts';
import { missionRoutes } from './modules/missions/routes.ts';
import { referralRoutes } from './modules/referral/routes.ts';
import { linksRoutes } from './modules/links/routes.ts';
import { registerSandboxVendor } from './sandbox.ts';
import { registerAggregator } from './modules/aggregator/routes.ts';
import { registerPayments } from './modules/payments/routes.ts';
import { supportAdminRoutes } from './modules/support/admin-routes.ts';
import { supportRoutes } from './modules/support/routes.ts';
import { supportSocketRoutes } from './modules/support/ws-routes.ts';
import { roomsAdminRoutes } from './modules/rooms/admin-routes.ts';
import { roomsRoutes } from './modules/rooms/routes.ts';
import { pushRoutes } from './modules/push/routes.ts';
import { createServices } from './services.ts';
import { consumerStates } from './modules/bets/consumers.ts';

export interface BuildOptions {
  /** An open, migrated database (tests pass their own). Omitted: opened from config and closed with the app. */
  database?: Database;
  /** Where pino writes (tests capture log lines); stdout when omitted. */
  logStream?: { write(line: string): void };
}

const REQUEST_ID_RE = /^[A-Za-z0-9._-]{1,64}$/;

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
        : {
            level: config.logLevel,
            serializers: { req: redactedRequestLog },
            redact: { paths: REDACT_PATHS, censor: '[redacted]' },
            ...(opts.logStream ? { stream: opts.logStream } : {}),
          },
    bodyLimit: config.bodyLimitBytes,
    // A hop count as a function: Fastify's types leave out the number form it accepts.
    trustProxy:
      typeof config.trustProxy === 'number'
        ? (
            (hops: number) => (_addr: string, i: number) =>
              i < hops
          )(config.trustProxy)
        : config.trustProxy,
    // A client's id is echoed into our logs and headers: only a short id-shaped one is kept.
    requestIdHeader: false,
    genReqId: (req) => {
      const sent = req.headers['x-request-id'];
      return typeof sent === 'string' && REQUEST_ID_RE.test(sent) ? sent : randomUUID();
    },
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

  registerSafeValidation(app);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  registerRouteGuards(app);

  app.decorate('config', config);
  app.decorate('database', database);
  app.decorate('services', createServices(config, database));
  app.decorateRequest('principal', null);

  await app.services.system.ensureDefaults();

  app.addHook('onRequest', securityHeaders(config));
  await app.register(formbody, { bodyLimit: config.bodyLimitBytes });
  // Crash frames are tiny; a longer one gets an error frame (crash-routes), a huge one closes the socket.
  await app.register(websocket, { options: { maxPayload: 64 * 1024 } });
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

  registerMetrics(app, config.metricsToken, () => consumerStates(database.db));

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
  // Decided on the matched route (see route-guards.ts), so every spelling of a path is guarded alike.
  app.addHook('onRequest', async (req, reply) => {
    if (!subjectToSiteState(req)) return;
    const status = await app.services.system.status(clientIp(req));
    if (status.status === SYSTEM_STATUS.maintenance)
      return sendError(req, reply, new AppError('MAINTENANCE'));
    if (status.status === SYSTEM_STATUS.regionBlocked)
      return sendError(req, reply, new AppError('REGION_BLOCKED'));
  });

  registerPrincipalHook(app);
  // The balance cache works only while this process hears every balance move (wallet/balance-cache.ts).
  app.addHook('onReady', () => app.services.wallet.balanceCache.watch(database));
  app.addHook('onClose', () => app.services.wallet.balanceCache.close());
  registerOperatorAreaGuard(app);

  app.decorate('jobs', createJobs(app));
  await app.register(systemRoutes);
  await app.register(seamlessRoutes);
  await app.register(seamlessAdminRoutes);
  await app.register(cashierRoutes);
  await app.register(cashierAdminRoutes);
  await app.register(adminRoutes);
  await app.register(jobRoutes);
  await app.register(authRoutes);
  await app.register(operatorRoutes);
  await app.register(memberRoutes);
  await app.register(memberProfileRoutes);
  await app.register(verificationRoutes);
  await app.register(gamesRoutes);
  await app.register(gamesVendorRoutes);
  await app.register(agentRoutes);
  await app.register(agentAdminRoutes);
  await app.register(gamesAdminRoutes);
  await registerSandboxVendor(app);
  await registerAggregator(app);
  await registerPayments(app);
  await app.register(inhouseRoutes);
  await app.register(inhouseAdminRoutes);
  await app.register(jackpotRoutes);
  await app.register(jackpotAdminRoutes);
  await app.register(crashRoutes);
  await registerCrashBeacon(app);
  await app.register(lotteryRoutes);
  await app.register(contentRoutes);
  await app.register(contentAdminRoutes);
  await app.register(messageRoutes);
  await app.register(promotionRoutes);
  await app.register(pointsRoutes);
  await app.register(ticketRoutes);
  await app.register(playersAdminRoutes);
  await app.register(playersKycRoutes);
  await app.register(protectionRoutes);
  await app.register(reportRoutes);
  await app.register(missionRoutes);
  await app.register(referralRoutes);
  await app.register(linksRoutes);
  await app.register(supportRoutes);
  await app.register(supportAdminRoutes);
  await app.register(supportSocketRoutes);
  await app.register(roomsRoutes);
  await app.register(roomsAdminRoutes);
  await app.register(pushRoutes);

  await registerStatic(app, config.webDistDir, (audience) => app.services.content.homeShell(audience));

  if (config.jobs) {
    app.jobs.start();
    app.addHook('onClose', () => app.jobs.stop());
  }

  if (config.crashLoop && !config.crashChainKey) {
    // Production without a key: no default secret, so no chain can be made or checked.
    app.log.error(
      'CRASH_CHAIN_KEY (or CRASH_CHAIN_KEY_FILE) is not set: the crash game does not start. Set a secret of 32+ characters, the same on every instance, kept out of the database (docs/fairness.md).',
    );
  } else if (config.crashLoop) {
    const driver = new CrashDriver(app.services.crash, database);
    app.addHook('onReady', () => driver.start());
    app.addHook('onClose', () => driver.stop());
  }

  app.addHook('onClose', async () => {
    await redis?.quit().catch(() => undefined);
    if (ownsDatabase) await database.close();
  });

  return app;
}
