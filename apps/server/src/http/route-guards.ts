import type { FastifyInstance, FastifyRequest } from 'fastify';
import { isRoleGuard, type RoleGuard } from './auth.ts';
import { AppError } from './errors.ts';

/**
 * Guards that depend on "which call is this" decide on the route the router matched, never on
 * `req.url`: the router decodes `%77ps` to `wps` and may accept other spellings, so a check on the
 * raw URL can be walked around while the handler still runs.
 */

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Still answers during maintenance or a region block (SPEC §2 state pages, operator console). */
    alwaysOpen?: boolean;
    /**
     * A read that starts play (a game or lottery launch): refused like a write while the session
     * must change its password first (auth/hook.ts).
     */
    startsPlay?: boolean;
    /** Only an operator session reaches it; set from the route pattern unless a route says otherwise. */
    operatorOnly?: boolean;
    /**
     * What the route's `requireRole` guard checks, recorded at registration (introspection for the
     * generated permission matrix): the roles let through and the operator permission (null: none).
     */
    guardRoles?: readonly string[] | null;
    permission?: string | null;
  }
}

/** The `requireRole` guard among a route's hooks, if any. */
function roleGuardOf(route: {
  onRequest?: unknown;
  preValidation?: unknown;
  preHandler?: unknown;
}): RoleGuard | undefined {
  for (const hooks of [route.onRequest, route.preValidation, route.preHandler]) {
    const list = Array.isArray(hooks) ? hooks : [hooks];
    const guard = list.find(isRoleGuard);
    if (guard) return guard;
  }
  return undefined;
}

/**
 * The whole-app states (SPEC §2: maintenance, region block) bind every player-facing API route,
 * whatever its prefix: the site's own calls (/wps/), the game and lottery gateways (/lgw/, /lotto/;
 * they launched games and listed lottery draws through both states before issue 28). Outside
 * these prefixes nothing is bound, on purpose: /seamless/* (vendors settle rounds already in play:
 * a win arriving after maintenance began must still be credited), /sandbox/* (a vendor's own
 * site), /beacon-sim/* (the crash salt's local stand-in beacon: a salt is public whatever the site's
 * state), /docs, /metrics and /healthz (tools), and the SPA's pages (they draw the state page).
 */
const SITE_STATE_PREFIXES = ['/wps/', '/lgw/', '/lotto/'];
/**
 * Within them, the routes that stay open, with why: /wps/system/ (the state pages read the state
 * and the site's settings), /wps/admin/ (the operator console runs the site, maintenance
 * included), /wps/captcha (the console's sign-in asks for it).
 */
const ALWAYS_OPEN_PREFIXES = ['/wps/system/', '/wps/admin/', '/wps/captcha'];
/** The only operator-area calls an anonymous caller may make. */
const OPERATOR_AREA_PUBLIC = new Set(['/wps/admin/session/login', '/wps/admin/session/login/totp']);

const isOpenPattern = (url: string) => ALWAYS_OPEN_PREFIXES.some((p) => url.startsWith(p));
const isOperatorPattern = (url: string) =>
  (url === '/wps/admin' || url.startsWith('/wps/admin/')) && !OPERATOR_AREA_PUBLIC.has(url);

const UNRESERVED = /^[A-Za-z0-9\-._~]$/;

/**
 * A path no client needs to spell that way: an unreserved character percent-encoded (RFC 3986
 * §6.2.2.2 says they are the same as the plain character), doubled slashes or dot segments.
 */
export function isNonCanonicalPath(rawUrl: string): boolean {
  const end = rawUrl.search(/[?#]/);
  const path = end === -1 ? rawUrl : rawUrl.slice(0, end);
  if (path.includes('//')) return true;
  if (/\/\.{1,2}(?:\/|$)/.test(path)) return true;
  for (const m of path.matchAll(/%([0-9A-Fa-f]{2})/g)) {
    if (UNRESERVED.test(String.fromCharCode(Number.parseInt(m[1] ?? '', 16)))) return true;
  }
  return false;
}

/** The matched route pattern (`/wps/cashier/withdrawals/:id/receipt`), undefined when nothing matched. */
export const matchedRoute = (req: FastifyRequest): string | undefined => req.routeOptions.url;

/** A registered route as the generated permission matrix reads it. */
export interface RouteEntry {
  method: string;
  url: string;
  operatorOnly: boolean;
  guardRoles: readonly string[] | null;
  permission: string | null;
}
const routeTables = new WeakMap<FastifyInstance, RouteEntry[]>();

/** Every route registered on `app` (after `registerRouteGuards`), with what its guard checks. */
export const routeTable = (app: FastifyInstance): readonly RouteEntry[] => routeTables.get(app) ?? [];

/**
 * Registers, before any route: the flags each route carries (derived from its pattern unless the
 * route sets them) and the hook that answers non-canonical spellings with the 404 envelope.
 */
export function registerRouteGuards(app: FastifyInstance): void {
  const table: RouteEntry[] = [];
  routeTables.set(app, table);
  app.addHook('onRoute', (route) => {
    const url = route.url;
    const config = (route.config ?? {}) as NonNullable<typeof route.config>;
    config.alwaysOpen ??= isOpenPattern(url);
    config.operatorOnly ??= isOperatorPattern(url);
    const guard = roleGuardOf(route);
    config.guardRoles ??= guard ? guard.roles : null;
    config.permission ??= guard?.permission ?? null;
    route.config = config;
    for (const method of [route.method].flat()) {
      table.push({
        method,
        url,
        operatorOnly: config.operatorOnly,
        guardRoles: config.guardRoles,
        permission: config.permission,
      });
    }
  });

  app.addHook('onRequest', async (req) => {
    if (isNonCanonicalPath(req.url)) throw new AppError('NOT_FOUND');
  });
}

/**
 * Run after the principal is resolved. preValidation: an unreadable body still answers 400 as
 * everywhere, but no schema, multipart hook or handler of the operator area runs for anyone else.
 */
export function registerOperatorAreaGuard(app: FastifyInstance): void {
  app.addHook('preValidation', async (req) => {
    if (!req.routeOptions.config?.operatorOnly) return;
    if (!req.principal) throw new AppError('UNAUTHORIZED');
    if (req.principal.role !== 'operator') throw new AppError('FORBIDDEN');
  });
}

/** Whether the whole-app states (maintenance, region block) apply to this request. */
export function subjectToSiteState(req: FastifyRequest): boolean {
  const url = matchedRoute(req);
  // Nothing matched: the not-found handler answers 404 and no handler runs.
  if (!url) return false;
  return SITE_STATE_PREFIXES.some((p) => url.startsWith(p)) && !req.routeOptions.config?.alwaysOpen;
}
