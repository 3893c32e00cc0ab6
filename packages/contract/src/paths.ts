import { INHOUSE_GAMES } from './inhouse-games.ts';

/**
 * Every client-side route of SPEC §2 once, as data. The web router builds from it and the
 * server uses it to tell SPA routes (index.html, 200) from unknown paths (index.html, 404).
 */
export type RouteGuard = 'public' | 'login' | 'agent';

export interface RouteDef {
  path: string;
  /** Page key for title/description lookup (login and register share one, SPEC §2). */
  key: string;
  guard: RouteGuard;
  /** Game pages hide the side menu (SPEC §2). */
  gamePage?: boolean;
}

export const ROUTES: readonly RouteDef[] = [
  { path: '/', key: 'home', guard: 'public' },
  { path: '/index', key: 'home', guard: 'public' },
  { path: '/index.html', key: 'home', guard: 'public' },
  { path: '/home', key: 'home', guard: 'public' },
  { path: '/login', key: 'login', guard: 'public' },
  { path: '/register', key: 'login', guard: 'public' },
  { path: '/help', key: 'help', guard: 'public' },
  { path: '/agent', key: 'agent', guard: 'public' },
  { path: '/agentHome', key: 'agentHome', guard: 'agent' },
  { path: '/member', key: 'member', guard: 'login' },
  { path: '/promotions', key: 'promotions', guard: 'public' },
  { path: '/pointMall', key: 'pointMall', guard: 'public' },
  { path: '/seamless', key: 'seamless', guard: 'public' },
  { path: '/sports', key: 'sports', guard: 'public' },
  { path: '/esports', key: 'esports', guard: 'public' },
  { path: '/lott', key: 'lott', guard: 'public' },
  { path: '/elott', key: 'elott', guard: 'public' },
  { path: '/cockfight', key: 'cockfight', guard: 'public' },
  { path: '/live', key: 'live', guard: 'public' },
  { path: '/fish', key: 'fish', guard: 'public' },
  { path: '/rng', key: 'rng', guard: 'public' },
  { path: '/pvp', key: 'pvp', guard: 'public' },
  { path: '/bgs', key: 'bgs', guard: 'public' },
  { path: '/favorite', key: 'favorite', guard: 'login' },
  { path: '/recent', key: 'recent', guard: 'login' },
  { path: '/lottery', key: 'lottery', guard: 'login', gamePage: true },
  { path: '/seaLottery', key: 'seaLottery', guard: 'login', gamePage: true },
  { path: '/vnLottery', key: 'vnLottery', guard: 'login', gamePage: true },
  { path: '/lottert', key: 'lottery', guard: 'login', gamePage: true },
  { path: '/vnlottery', key: 'vnLottery', guard: 'login', gamePage: true },
  { path: '/sealottery', key: 'seaLottery', guard: 'login', gamePage: true },
  // Beyond SPEC §2: the legal pages the footer and the register popup link to, and the install
  // guides the app-download QR codes point at.
  { path: '/terms', key: 'terms', guard: 'public' },
  { path: '/privacy', key: 'privacy', guard: 'public' },
  { path: '/responsible-gaming', key: 'responsibleGaming', guard: 'public' },
  { path: '/about', key: 'about', guard: 'public' },
  { path: '/download/ios', key: 'downloadIos', guard: 'public' },
  { path: '/download/android', key: 'downloadAndroid', guard: 'public' },
  // SPEC §7 Live (live model list and chat launch); /live is the live-casino game centre.
  { path: '/liveStream', key: 'liveStream', guard: 'public' },
  // A host's chat room and stream (issue 31: in the site, no longer an external chat page);
  // ?host=<id>. Guests read it; posting asks them to log in.
  { path: '/liveStream/room', key: 'liveRoom', guard: 'public' },
  // In-house games (issue 11): each game's own page (the catalogue's launch opens it) and the
  // public verifier, which needs no login.
  ...INHOUSE_GAMES.map((g) => ({
    path: `/rng/inhouse/${g}`,
    key: 'inhouse',
    guard: 'login' as const,
    gamePage: true,
  })),
  { path: '/verify', key: 'verify', guard: 'public' },
  { path: '/admin', key: 'admin', guard: 'public' },
];

/** Paths under /admin are the operator console's own (lazy chunk, its own router). */
export function isSpaRoute(pathname: string): boolean {
  if (pathname === '/admin' || pathname.startsWith('/admin/')) return true;
  return ROUTES.some((r) => r.path === pathname);
}
