import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../../http/errors.ts';
import { redactUrl } from '../../http/redact.ts';
import { TOTP_ENROLMENT_ROUTES } from './operator-routes.ts';

/**
 * Calls a session under a forced password change may still make, besides reads that start no
 * play: a game or lottery launch (routes with `startsPlay`) is refused too (issue 28: launches are
 * GETs, so a session that had to change its password could still play).
 */
const ALLOWED_WHILE_FORCED = ['/wps/member/password', '/wps/session/logout', '/wps/admin/session/logout'];
const READ_ONLY = new Set(['GET', 'HEAD', 'OPTIONS']);

/** The token as DESIGN §4 lets clients send it: header `token`, `Authorization: Bearer`, or `?token=`. */
export function tokenFrom(req: FastifyRequest): string | null {
  const header = req.headers.token;
  const fromHeader = Array.isArray(header) ? header[0] : header;
  if (fromHeader) return fromHeader;
  const auth = req.headers.authorization;
  if (typeof auth === 'string' && /^Bearer\s+/i.test(auth)) return auth.replace(/^Bearer\s+/i, '').trim();
  const q = (req.query as Record<string, unknown> | undefined)?.token;
  if (typeof q === 'string' && q) return q;
  return null;
}

/**
 * Resolves the caller's token into `req.principal` before any route runs. A bad or stale token
 * leaves the request anonymous; the route's guard then answers UNAUTHORIZED.
 */
export function registerPrincipalHook(app: FastifyInstance): void {
  // The session cache works only while this process hears every session change (session-cache.ts).
  app.addHook('onReady', () => app.services.auth.sessions.watch(app.database));
  app.addHook('onClose', () => app.services.auth.sessions.unwatch());
  app.addHook('onRequest', async (req) => {
    const token = tokenFrom(req);
    if (!token) return;
    const session = await app.services.auth.sessions.resolve(token);
    if (!session) return;
    req.principal = session.principal;
    if (session.principal.kind === 'operator' && session.principal.totpEnrolmentRequired) {
      // Owner/finance without a second factor: only enrolment (and me/logout) until enrolled.
      const route = req.routeOptions.url;
      const config = req.routeOptions.config;
      const operatorCall = config?.operatorOnly || config?.guardRoles?.includes('operator');
      if (route && operatorCall && !TOTP_ENROLMENT_ROUTES.includes(route)) {
        throw new AppError('TOTP_ENROLMENT_REQUIRED');
      }
    }
    // The crash socket is a read that may watch; its bets are refused per bet (crash-routes.ts).
    const startsPlay = req.routeOptions.config?.startsPlay === true;
    if (session.mustChangePassword && (!READ_ONLY.has(req.method) || startsPlay)) {
      // The matched route, not req.url: `/%77ps/member/info` reaches the same handler.
      const route = req.routeOptions.url;
      if (!route || !ALLOWED_WHILE_FORCED.includes(route)) {
        throw new AppError('FORBIDDEN', { messageKey: 'changePasswordFirst' });
      }
    }
  });
}

/** Fastify's request log line, with secrets taken out of the query (see http/redact.ts). */
export function redactedRequestLog(req: FastifyRequest) {
  return {
    method: req.method,
    url: redactUrl(req.url),
    host: req.host,
    remoteAddress: req.ip,
    remotePort: req.socket?.remotePort,
  };
}

/** Kept for callers of the old name; redacts every spelling, not just the literal `token=`. */
export const redactTokenInUrl = redactUrl;
