import { useTranslation } from 'react-i18next';
import { NotAvailable } from '../../../shared/ui/not-available.tsx';
import { PageHeader } from '../../../shared/ui/page-header.tsx';

export default function SeamlessPage() {
  const { t } = useTranslation();
  return (
    <div className="page">
      <PageHeader title={t('pages.seamless.title')} lead={t('pages.seamless.lead')} />
      <NotAvailable headingLevel={2} what={t('pages.seamless.title')} />
    </div>
  );
}
