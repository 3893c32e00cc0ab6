import { useTranslation } from 'react-i18next';
import type { PageProps } from '../../../shared/lib/page.ts';
import { NotAvailable } from '../../../shared/ui/not-available.tsx';
import { PageHeader } from '../../../shared/ui/page-header.tsx';

/** Route key → category id: one game centre per lower-cased game type (SPEC §2). */
const CATEGORY_OF: Record<string, string> = {
  sports: 'SPORTS',
  esports: 'ESPORTS',
  lott: 'LOTT',
  elott: 'ELOTT',
  cockfight: 'COCKFIGHT',
  live: 'LIVE',
};

export default function GameCentrePage({ routeKey }: PageProps) {
  const { t } = useTranslation();
  const category = CATEGORY_OF[routeKey] ?? 'LIVE';
  const name = t(`categories.${category}`);
  return (
    <div className="page">
      <PageHeader title={name} lead={t('pages.gameCentre.lead', { category: name })} />
      <NotAvailable headingLevel={2} what={t('pages.gameCentre.vendors', { category: name })} />
    </div>
  );
}
