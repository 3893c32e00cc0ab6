import { isIP } from 'node:net';
import type { FastifyRequest } from 'fastify';

/**
 * The visitor's address. With TRUST_PROXY Fastify takes it from X-Forwarded-For; a forged or
 * malformed header can only yield a string that is not an IP, and then we fall back to the socket.
 */
export function clientIp(req: FastifyRequest): string {
  const ip = req.ip;
  if (ip && isIP(ip)) return ip;
  // No socket at all under fastify.injectWS (and after some aborted upgrades): an unknown
  // address, never a throw.
  return req.socket?.remoteAddress ?? '0.0.0.0';
}
