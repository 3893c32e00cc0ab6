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
];
