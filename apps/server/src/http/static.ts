import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { isSpaRoute, ROUTES } from '@wps/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { HeroAudience } from '../modules/content/home-shell.ts';
import { AppError } from './errors.ts';
import { sendError } from './error-handler.ts';

/** Paths that belong to the API and tools: never answered with the SPA page. */
const API_PREFIXES = [
  '/wps/',
  '/seamless/',
  '/lgw/',
  '/lotto/',
  '/sandbox/',
  '/docs',
  '/metrics',
  '/healthz',
];
const ROOT = '<div id="root">';
const isApiPath = (url: string) => url === '/wps' || API_PREFIXES.some((p) => url.startsWith(p));

/** Route keys whose page is the home (its aliases) or opens its popup over the home (SPEC §2). */
const HOME_UNDERNEATH = new Set(['home', 'login', 'help']);
/**
 * Addresses whose first screen is the home, so its first banner is painted from the HTML:
 * for everyone on the home's own addresses, for a guest only on a guarded page (shown /login
 * over the home without a session; the page's pre-paint script hides it when there is one).
 */
const HERO_AUDIENCE = new Map<string, HeroAudience>(
  ROUTES.flatMap((r): Array<[string, HeroAudience]> => {
    if (HOME_UNDERNEATH.has(r.key)) return [[r.path, 'everyone']];
    return r.guard === 'public' ? [] : [[r.path, 'guest']];
  }),
);

/**
 * The built SPA: hashed assets and game artwork precompressed (br/gzip) and cached for a year; index.html never
 * cached; every SPEC §2 route falls back to index.html so history-mode deep links work.
 */
export async function registerStatic(
  app: FastifyInstance,
  webDistDir: string,
  /**
   * The home page's server-rendered parts (content module's home-shell.ts): the first banner,
   * painted before the scripts run, and the banners the app starts from. Empty when there is none.
   */
  homeShell?: (audience: HeroAudience) => Promise<{ hero: string; data: string }>,
) {
  const indexPath = path.join(webDistDir, 'index.html');
  const hasWeb = existsSync(indexPath);
  // Read once: the file only changes with a new build, and a new build means a restart.
  const indexHtml = hasWeb ? readFileSync(indexPath) : null;

  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: webDistDir,
      prefix: '/',
      wildcard: true,
      index: false,
      preCompressed: true,
      // We set Cache-Control per file below; send's own default (max-age=0) would overwrite it.
      cacheControl: false,
      setHeaders(res, filePath) {
        const rel = path.relative(webDistDir, filePath);
        // Game artwork URLs carry their file's content hash (?v=, games/artwork): cached for good too.
        if (rel.startsWith(`assets${path.sep}`) || rel.startsWith(`game-art${path.sep}`)) {
          res.setHeader('cache-control', 'public, max-age=31536000, immutable');
        } else if (rel.endsWith('.html')) {
          res.setHeader('cache-control', 'no-cache');
        } else {
          res.setHeader('cache-control', 'public, max-age=3600');
        }
      },
    });
  }

  const sendIndex = (reply: FastifyReply, status: number) =>
    reply.status(status).header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(indexHtml);

  /** index.html with the home's first banner and its banners list before the root, when one shows. */
  const sendHomeShell = async (req: FastifyRequest, reply: FastifyReply, audience: HeroAudience) => {
    if (!indexHtml) return reply.status(404).send('web app not built');
    let shell = { hero: '', data: '' };
    try {
      shell = (await homeShell?.(audience)) ?? shell;
    } catch (err) {
      req.log.warn({ err }, 'home shell failed; serving the page as built');
    }
    if (!shell.hero) return sendIndex(reply, 200);
    // Before the root, not in it: React replaces the root's content on its first render (a boot
    // loader while the start-up calls finish); the hero stays until the home itself renders.
    return reply
      .status(200)
      .header('cache-control', 'no-cache')
      .type('text/html; charset=utf-8')
      .send(indexHtml.toString('utf8').replace(ROOT, `${shell.hero}${shell.data}${ROOT}`));
  };

  app.get('/', (req, reply) => sendHomeShell(req, reply, 'everyone'));

  app.setNotFoundHandler(
    { preHandler: app.rateLimit({ max: 300, timeWindow: '1 minute' }) },
    (req: FastifyRequest, reply: FastifyReply) => {
      const pathname = req.url.split('?')[0] ?? '/';
      if (isApiPath(pathname) || (req.method !== 'GET' && req.method !== 'HEAD')) {
        return sendError(req, reply, new AppError('NOT_FOUND'));
      }
      if (!indexHtml) return sendError(req, reply, new AppError('NOT_FOUND'));
      const audience = req.method === 'GET' ? HERO_AUDIENCE.get(pathname) : undefined;
      if (audience) return sendHomeShell(req, reply, audience);
      if (isSpaRoute(pathname)) return sendIndex(reply, 200);
      // A missing asset is a plain 404; an unknown page still gets the SPA so it can show its not-found view.
      if (path.extname(pathname)) return sendError(req, reply, new AppError('NOT_FOUND'));
      return sendIndex(reply, 404);
    },
  );
}
