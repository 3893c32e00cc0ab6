/**
 * Route key (SPEC §2 page key, from ROUTES in @wps/contract) → the module that renders it,
 * relative to `src/`. Plain data on purpose: the router lazy-loads these, and the build reads the
 * same table to preload the first page's chunk while the entry script is still downloading.
 */
export const PAGE_MODULES: Readonly<Record<string, string>> = {
  home: 'features/home/routes/home-page.tsx',
  login: 'features/home/routes/home-page.tsx',
  help: 'features/home/routes/home-page.tsx',
  agent: 'features/auth/routes/agent-login-page.tsx',
  agentHome: 'features/agent/routes/agent-home-page.tsx',
  member: 'features/member/routes/member-page.tsx',
  promotions: 'features/promotions/routes/promotions-page.tsx',
  pointMall: 'features/points/routes/point-mall-page.tsx',
  seamless: 'features/seamless/routes/seamless-page.tsx',
  sports: 'features/games/routes/game-centre-page.tsx',
  esports: 'features/games/routes/game-centre-page.tsx',
  lott: 'features/games/routes/game-centre-page.tsx',
  elott: 'features/games/routes/game-centre-page.tsx',
  cockfight: 'features/games/routes/game-centre-page.tsx',
  live: 'features/games/routes/game-centre-page.tsx',
  fish: 'features/games/routes/game-list-page.tsx',
  rng: 'features/games/routes/game-list-page.tsx',
  pvp: 'features/games/routes/game-list-page.tsx',
  bgs: 'features/games/routes/game-list-page.tsx',
  favorite: 'features/games/routes/account-games-page.tsx',
  recent: 'features/games/routes/account-games-page.tsx',
  lottery: 'features/lottery/routes/lottery-page.tsx',
  seaLottery: 'features/lottery/routes/lottery-page.tsx',
  vnLottery: 'features/lottery/routes/lottery-page.tsx',
  terms: 'features/info/routes/legal-page.tsx',
  privacy: 'features/info/routes/legal-page.tsx',
  responsibleGaming: 'features/info/routes/legal-page.tsx',
  about: 'features/info/routes/legal-page.tsx',
  downloadIos: 'features/info/routes/install-page.tsx',
  downloadAndroid: 'features/info/routes/install-page.tsx',
  liveStream: 'features/home/routes/live-stream-page.tsx',
  liveRoom: 'features/rooms/routes/room-page.tsx',
  inhouse: 'features/inhouse/routes/inhouse-page.tsx',
  verify: 'features/inhouse/routes/verify-page.tsx',
};

export const NOT_FOUND_MODULE = 'app/routes/not-found-page.tsx';

/**
 * The popup a route opens over home (ROUTE_POPUPS in route-table.ts), by the module of its body
 * (POPUP_REGISTRY loads the same): the build preloads it, and its catalogues, with the route.
 */
export const ROUTE_POPUP_MODULES: Readonly<Record<string, string>> = {
  '/login': 'features/auth/popups/login-popup.tsx',
  '/register': 'features/auth/popups/register-popup.tsx',
  '/help': 'features/home/popups/help-popup.tsx',
};
