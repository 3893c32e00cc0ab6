import type { FastifyInstance } from 'fastify';

/**
 * The base URL this server answers on, for the in-process stand-ins (sandbox vendor, aggregator
 * simulator) that call it back over real HTTP: a wildcard bind is reached on loopback. Read at call
 * time, once the server listens.
 */
export function ownAddress(app: FastifyInstance): string {
  const a = app.server.address();
  if (!a || typeof a === 'string') throw new Error('the server is not listening yet');
  const host =
    a.address === '0.0.0.0' || a.address === '::'
      ? '127.0.0.1'
      : a.family === 'IPv6'
        ? `[${a.address}]`
        : a.address;
  return `http://${host}:${a.port}`;
}
