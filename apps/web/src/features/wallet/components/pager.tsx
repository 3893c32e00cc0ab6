import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/** Page state plus the pagination's translated labels. */
export function usePager() {
  const { t } = useTranslation('wallet');
  const [page, setPage] = useState(1);
  return {
    page,
    setPage,
    labels: {
      nav: t('pager.nav'),
      previous: t('pager.previous'),
      next: t('pager.next'),
      page: (n: number) => t('pager.page', { n }),
    },
  };
}
