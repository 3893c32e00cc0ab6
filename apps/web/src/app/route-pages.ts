import { type LazyChunk, lazyChunk } from './lazy-page.tsx';
import type { ComponentType } from 'react';

import type { PageProps } from '../shared/lib/page.ts';

type Page = LazyChunk<ComponentType<PageProps>>;

const home = lazyChunk('home', () => import('../features/home/routes/home-page.tsx'));
const promotions = lazyChunk('promotions', () => import('../features/promotions/routes/promotions-page.tsx'));
const pointMall = lazyChunk('pointMall', () => import('../features/points/routes/point-mall-page.tsx'));
const seamless = lazyChunk('seamless', () => import('../features/seamless/routes/seamless-page.tsx'));
const gameCentre = lazyChunk('gameCentre', () => import('../features/games/routes/game-centre-page.tsx'));
const gameList = lazyChunk('gameList', () => import('../features/games/routes/game-list-page.tsx'));
const accountGames = lazyChunk(
  'accountGames',
  () => import('../features/games/routes/account-games-page.tsx'),
);
const lottery = lazyChunk('lottery', () => import('../features/lottery/routes/lottery-page.tsx'));
const member = lazyChunk('member', () => import('../features/member/routes/member-page.tsx'));
const agent = lazyChunk('agent', () => import('../features/auth/routes/agent-login-page.tsx'));
const agentHome = lazyChunk('agentHome', () => import('../features/agent/routes/agent-home-page.tsx'));
export const notFoundPage = lazyChunk('notFound', () => import('./routes/not-found-page.tsx'));

/** Route key → page chunk. One chunk per page; related route keys share a page component. */
export const PAGES: Readonly<Record<string, Page>> = {
  home,
  login: home,
  help: home,
  agent,
  agentHome,
  member,
  promotions,
  pointMall,
  seamless,
  sports: gameCentre,
  esports: gameCentre,
  lott: gameCentre,
  elott: gameCentre,
  cockfight: gameCentre,
  live: gameCentre,
  fish: gameList,
  rng: gameList,
  pvp: gameList,
  bgs: gameList,
  favorite: accountGames,
  recent: accountGames,
  lottery,
  seaLottery: lottery,
  vnLottery: lottery,
};

export function pageFor(routeKey: string): Page {
  return PAGES[routeKey] ?? notFoundPage;
}
