import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ok } from '../../http/envelope.ts';

/** Public content changes rarely: a minute's staleness buys a home page that mostly costs 304s. */
export const PUBLIC_MAX_AGE_SECONDS = 60;

/**
 * Answers a public read with an ETag over the envelope and a short shared max-age; a client
 * that sends the same ETag back gets 304 with no body. The envelope's message follows the
 * caller's language, so caches key on it too.
 */
export function cacheable<T>(req: FastifyRequest, reply: FastifyReply, value: T) {
  const body = ok(req, value);
  const etag = `W/"${createHash('sha1').update(JSON.stringify(body)).digest('base64url')}"`;
  reply
    .header('etag', etag)
    .header('cache-control', `public, max-age=${PUBLIC_MAX_AGE_SECONDS}`)
    .header('vary', 'lang, accept-language');
  const sent = req.headers['if-none-match'];
  if (typeof sent === 'string' && sent.split(',').some((t) => t.trim() === etag)) {
    return reply.code(304).send();
  }
  return body;
}
