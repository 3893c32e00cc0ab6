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
  | { kind: 'allow' }
  | { kind: 'login' } // send to /login (home + login popup), remembering where the visitor wanted to go
  | { kind: 'agent' }; // send to /agent

/** SPEC §2/§5 route guards: `login` needs a session token, `agent` needs an agent session. */
export function decideGuard(
  route: Pick<RouteDef, 'guard'>,
  session: { hasToken: boolean; isAgent: boolean },
) {
  if (route.guard === 'login' && !session.hasToken) return { kind: 'login' } as GuardDecision;
  if (route.guard === 'agent' && !session.isAgent) return { kind: 'agent' } as GuardDecision;
  return { kind: 'allow' } as GuardDecision;
}

/** Only same-site paths are followed after login, never an absolute URL smuggled into state. */
export function safeReturnPath(value: unknown): string | null {
  if (typeof value !== 'string' || !value.startsWith('/') || value.startsWith('//')) return null;
  if (value.startsWith('/login') || value.startsWith('/register')) return null;
  return value;
}
