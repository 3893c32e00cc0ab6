import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyReply, FastifyRequest } from 'fastify';
import helmet from 'helmet';
import type { Config } from '../config.ts';

/** sha256 sources for the inline scripts in index.html (the pre-paint theme picker). */
export function inlineScriptHashes(webDistDir: string): string[] {
  const index = path.join(webDistDir, 'index.html');
  if (!existsSync(index)) return [];
  const html = readFileSync(index, 'utf8');
  const hashes: string[] = [];
  for (const m of html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)) {
    const body = m[1] ?? '';
    if (body.trim()) hashes.push(`'sha256-${createHash('sha256').update(body).digest('base64')}'`);
  }
  return hashes;
}

const origins = (urls: string[]) =>
  urls.flatMap((u) => {
    try {
      return [new URL(u).origin];
    } catch {
      return [];
    }
  });

/** CSP: our own origin plus the configured image CDNs, game vendors' image hosts and game-launch CDNs, nothing else. */
export function contentSecurityPolicy(config: Config): Record<string, string[]> {
  const imageCdns = origins([...config.imageCdns, ...config.gameImageOrigins]);
  const launchCdns = origins(config.launchGameCdns);
  return {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'", ...inlineScriptHashes(config.webDistDir)],
    styleSrc: ["'self'", "'unsafe-inline'"],
    imgSrc: ["'self'", 'data:', 'blob:', ...imageCdns],
    fontSrc: ["'self'", 'data:'],
    connectSrc: ["'self'"],
    frameSrc: ["'self'", ...launchCdns],
    frameAncestors: ["'self'"],
    objectSrc: ["'none'"],
    baseUri: ["'self'"],
    // eSewa's payment request is a form the deposit page POSTs to eSewa itself (issue 29).
    formAction: [
      "'self'",
      ...(config.esewa?.mode === 'live' && config.esewa.baseUrl ? origins([config.esewa.baseUrl]) : []),
    ],
    workerSrc: ["'self'", 'blob:'],
  };
}

/**
 * Helmet's security headers on every response. The middleware is built once, here: the
 * @fastify/helmet plugin built it again on every request (its `helmet(configuration)` call parses
 * the CSP directives each time), which was the largest piece of our own code in a CPU profile of
 * the polled balance route (helmet's parseDirectives and dashify: 1.2 s of 45 s, as much as the
 * PGlite query itself). The headers are the same; only the work per request changed.
 */
export function securityHeaders(
  config: Config,
): (req: FastifyRequest, reply: FastifyReply, done: () => void) => void {
  const apply = helmet({
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy(config) },
    crossOriginEmbedderPolicy: false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    strictTransportSecurity: config.env === 'production',
  });
  return (req, reply, done) => {
    apply(req.raw, reply.raw, done);
  };
}
