import type { ComponentType } from 'react';
import type { IconName } from '../shared/ui/icons.tsx';

/**
 * The console's navigation as data. A new area (deposit and withdrawal queues, wallets, audit
 * log…) is one more entry here: its path under /admin, its label key in the `admin` catalogue,
 * the operator permission it needs, and its lazily loaded page.
 */
export interface AdminSection {
  id: string;
  path: string;
  labelKey: string;
  icon: IconName;
  permission: string;
  load(): Promise<{ default: ComponentType }>;
}

export const ADMIN_SECTIONS: readonly AdminSection[] = [
  {
    id: 'system',
    path: 'system',
    labelKey: 'nav.system',
    icon: 'globe',
    permission: 'system',
    load: () => import('./pages/system-page.tsx'),
  },
  {
    id: 'deposits',
    path: 'deposits',
    labelKey: 'nav.deposits',
    icon: 'wallet',
    permission: 'cashier',
    load: () => import('./pages/cashier-deposits-page.tsx'),
  },
  {
    id: 'withdrawals',
    path: 'withdrawals',
    labelKey: 'nav.withdrawals',
    icon: 'cashout',
    permission: 'cashier',
    load: () => import('./pages/cashier-withdrawals-page.tsx'),
  },
  {
    id: 'wallets',
    path: 'wallets',
    labelKey: 'nav.wallets',
    icon: 'user',
    permission: 'cashier',
    load: () => import('./pages/player-wallet-page.tsx'),
  },
  {
    id: 'games',
    path: 'games',
    labelKey: 'nav.gamesCatalogue',
    icon: 'slots',
    permission: 'games',
    load: () => import('./pages/games-catalogue-page.tsx'),
  },
  {
    id: 'game-vendors',
    path: 'game-vendors',
    labelKey: 'nav.gameVendors',
    icon: 'tool',
    permission: 'games',
    load: () => import('./pages/games-vendors-page.tsx'),
  },
  {
    id: 'game-rounds',
    path: 'game-rounds',
    labelKey: 'nav.gameRounds',
    icon: 'clock',
    permission: 'games',
    load: () => import('./pages/games-rounds-page.tsx'),
  },
  {
    id: 'inhouse-games',
    path: 'inhouse-games',
    labelKey: 'nav.inhouseGames',
    icon: 'cards',
    permission: 'games',
    load: () => import('./pages/inhouse-games-page.tsx'),
  },
  {
    id: 'inhouse-rounds',
    path: 'inhouse-rounds',
    labelKey: 'nav.inhouseRounds',
    icon: 'lottery',
    permission: 'games',
    load: () => import('./pages/inhouse-rounds-page.tsx'),
  },
  {
    id: 'inhouse-ggr',
    path: 'inhouse-ggr',
    labelKey: 'nav.inhouseGgr',
    icon: 'trophy',
    permission: 'games',
    load: () => import('./pages/inhouse-ggr-page.tsx'),
  },
  {
    id: 'content-banners',
    path: 'content-banners',
    labelKey: 'nav.contentBanners',
    icon: 'star',
    permission: 'content',
    load: () => import('./pages/content-banners-page.tsx'),
  },
  {
    id: 'content-notices',
    path: 'content-notices',
    labelKey: 'nav.contentNotices',
    icon: 'alert',
    permission: 'content',
    load: () => import('./pages/content-notices-page.tsx'),
  },
  {
    id: 'content-help',
    path: 'content-help',
    labelKey: 'nav.contentHelp',
    icon: 'chat',
    permission: 'content',
    load: () => import('./pages/content-help-page.tsx'),
  },
  {
    id: 'content-feedback',
    path: 'content-feedback',
    labelKey: 'nav.contentFeedback',
    icon: 'mail',
    permission: 'content',
    load: () => import('./pages/content-feedback-page.tsx'),
  },
  {
    id: 'content-contacts',
    path: 'content-contacts',
    labelKey: 'nav.contentContacts',
    icon: 'chat',
    permission: 'content',
    load: () => import('./pages/content-contacts-page.tsx'),
  },
  {
    id: 'content-resources',
    path: 'content-resources',
    labelKey: 'nav.contentResources',
    icon: 'globe',
    permission: 'content',
    load: () => import('./pages/content-resources-page.tsx'),
  },
  {
    id: 'promotions',
    path: 'promotions',
    labelKey: 'nav.promotions',
    icon: 'gift',
    permission: 'promotions',
    load: () => import('./pages/promotions-admin-page.tsx'),
  },
  {
    id: 'promotion-applications',
    path: 'promotion-applications',
    labelKey: 'nav.promotionApplications',
    icon: 'user',
    permission: 'promotions',
    load: () => import('./pages/promotion-applications-page.tsx'),
  },
  {
    id: 'points',
    path: 'points',
    labelKey: 'nav.points',
    icon: 'star',
    permission: 'promotions',
    load: () => import('./pages/points-admin-page.tsx'),
  },
  {
    id: 'broadcasts',
    path: 'broadcasts',
    labelKey: 'nav.broadcasts',
    icon: 'mail',
    permission: 'messages',
    load: () => import('./pages/broadcast-page.tsx'),
  },
  {
    id: 'audit',
    path: 'audit',
    labelKey: 'nav.audit',
    icon: 'shield',
    permission: 'audit',
    load: () => import('./pages/audit-page.tsx'),
  },
  {
    id: 'agents',
    path: 'agents',
    labelKey: 'nav.agents',
    icon: 'user',
    permission: 'agents',
    load: () => import('./pages/agents-page.tsx'),
  },
];
