import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { collectDefaultMetrics, Histogram, Registry } from 'prom-client';
import { AppError } from './errors.ts';

/** Compares digests so the time taken says nothing about how much of the token matched. */
const digest = (s: string) => createHash('sha256').update(s).digest();
const sameSecret = (a: string, b: string) => timingSafeEqual(digest(a), digest(b));

/** Prometheus text at /metrics: process metrics plus a request histogram by route and status. */
export function registerMetrics(app: FastifyInstance, token: string | undefined) {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
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
    reply.header('content-type', registry.contentType);
    return registry.metrics();
  });
  return registry;
}
