import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { ConsumerState } from '../modules/bets/consumers.ts';
import { AppError } from './errors.ts';

/** Compares digests so the time taken says nothing about how much of the token matched. */
const digest = (s: string) => createHash('sha256').update(s).digest();
const sameSecret = (a: string, b: string) => timingSafeEqual(digest(a), digest(b));

/**
 * The process's own metrics (memory, CPU, event-loop delay, GC), collected once per process: they
 * describe the process, not an app, and prom-client's collectors for them are never stopped (a GC
 * PerformanceObserver, an enabled event-loop-delay monitor). Collected per app, each app's registry
 * was held by them for good, and through it the app: a process that builds many apps (a test worker)
 * kept every one it had closed.
 */
let processMetrics: Registry | null = null;
function processRegistry(): Registry {
  if (!processMetrics) {
    processMetrics = new Registry();
    collectDefaultMetrics({ register: processMetrics });
  }
  return processMetrics;
}

/**
 * Prometheus text at /metrics: process metrics, a request histogram by route and status, and each
 * bets-record consumer's backlog and watermark age (read at scrape time from `consumers`).
 */
export function registerMetrics(
  app: FastifyInstance,
  token: string | undefined,
  consumers?: () => Promise<ConsumerState[]>,
) {
  const registry = new Registry();
  const processWide = processRegistry();
  if (consumers) {
    let states: Promise<ConsumerState[]> | null = null;
    // One read per scrape for both gauges: the read in flight is shared.
    const read = () => {
      states ??= consumers().finally(() => {
        states = null;
      });
      return states;
    };
    new Gauge({
      name: 'wps_bets_consumer_lag_rows',
      help: 'Bets-record rows written after the consumer mark',
      labelNames: ['consumer'],
      registers: [registry],
      async collect() {
        for (const c of await read()) this.set({ consumer: c.name }, c.lag);
      },
    });
    new Gauge({
      name: 'wps_bets_consumer_watermark_age_seconds',
      help: 'Seconds since the instant through which the consumer has consumed every settled bet',
      labelNames: ['consumer'],
      registers: [registry],
      async collect() {
        for (const c of await read())
          if (c.consumedThrough)
            this.set({ consumer: c.name }, (Date.now() - c.consumedThrough.getTime()) / 1000);
      },
    });
  }
  const duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP request duration by route and status',
    labelNames: ['method', 'route', 'status'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [registry],
  });
  app.addHook('onResponse', async (req, reply) => {
    // The route pattern, not the URL: unknown paths must not explode label cardinality.
    const route = req.routeOptions.url ?? 'unmatched';
    duration.labels(req.method, route, String(reply.statusCode)).observe(reply.elapsedTime / 1000);
  });
  app.get('/metrics', { schema: { hide: true } }, async (req, reply) => {
    if (token && !sameSecret(req.headers.authorization ?? '', `Bearer ${token}`)) {
      throw new AppError('UNAUTHORIZED');
    }
    const both = Registry.merge([processWide, registry]);
    reply.header('content-type', both.contentType);
    return both.metrics();
  });
  return registry;
}
