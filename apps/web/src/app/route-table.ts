import { ROUTES, type RouteDef } from '@wps/contract';

/**
 * The player router's view of SPEC §2's routes table (ROUTES in @wps/contract). Paths match
 * exactly (react-router compares case-insensitively by default, and `/vnlottery` is its own row).
 */
export const PLAYER_ROUTES: readonly RouteDef[] = ROUTES.filter((r) => r.key !== 'admin');

/** Which popup a route opens over the home page. */
export const ROUTE_POPUPS: Readonly<Record<string, 'loginModal' | 'registerModal' | 'helpModal'>> = {
  '/login': 'loginModal',
  '/register': 'registerModal',
  '/help': 'helpModal',
};

export function findRoute(pathname: string): RouteDef | undefined {
  return PLAYER_ROUTES.find((r) => r.path === pathname);
}

export const isAdminPath = (pathname: string) => pathname === '/admin' || pathname.startsWith('/admin/');

export type GuardDecision =
  | 'allow'
  | 'login' // send to /login (home + login popup), remembering where the visitor wanted to go
  | 'agent' // send to /agent
  | 'wait'; // the member's type is still being fetched

export interface GuardSession {
  hasToken: boolean;
  /** Member info has arrived for the current token. */
  memberKnown: boolean;
  /** Member info is being fetched (not failed). */
  memberLoading: boolean;
  /** From member info when known, else the flag remembered from earlier in this tab. */
  isAgent: boolean;
}

/** SPEC §2/§5 route guards: `login` needs a session token, `agent` needs an agent session. */
export function decideGuard(route: Pick<RouteDef, 'guard'>, s: GuardSession): GuardDecision {
  if (route.guard === 'login' && !s.hasToken) return 'login';
  if (route.guard === 'agent') {
    // SPEC §4: a guest opening the agent centre gets the login popup (and comes back after it);
    // a signed-in member who is not an agent goes to the agent page (SPEC §2 /agentHome).
    if (!s.hasToken) return 'login';
    if (s.isAgent) return 'allow';
    // Not known to be an agent yet: a fresh token's member info decides, so wait for it.
    return !s.memberKnown && s.memberLoading ? 'wait' : 'agent';
  }
  return 'allow';
}

/** Only same-site paths are followed after login, never an absolute URL smuggled into state. */
export function safeReturnPath(value: unknown): string | null {
  if (typeof value !== 'string' || !value.startsWith('/') || value.startsWith('//')) return null;
  if (value.startsWith('/login') || value.startsWith('/register')) return null;
  return value;
}
