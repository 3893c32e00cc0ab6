import { useTranslation } from 'react-i18next';
import type { PageProps } from '../../../shared/lib/page.ts';
import { NotAvailable } from '../../../shared/ui/not-available.tsx';
import { PageHeader } from '../../../shared/ui/page-header.tsx';

/** `/favorite` and `/recent`: the player's own game lists (login required by the route guard). */
export default function AccountGamesPage({ routeKey }: PageProps) {
  const { t } = useTranslation();
  const key = routeKey === 'recent' ? 'recent' : 'favorite';
  return (
    <div className="page">
      <PageHeader title={t(`pages.${key}.title`)} lead={t(`pages.${key}.lead`)} />
      <NotAvailable headingLevel={2} what={t(`pages.${key}.title`)} />
    </div>
  );
}
