import { useTranslation } from 'react-i18next';
import { NotAvailable } from '../../../shared/ui/not-available.tsx';
import { PageHeader } from '../../../shared/ui/page-header.tsx';

export default function PointMallPage() {
  const { t } = useTranslation();
  return (
    <div className="page">
      <PageHeader title={t('pages.pointMall.title')} lead={t('pages.pointMall.lead')} />
      <NotAvailable headingLevel={2} what={t('pages.pointMall.title')} />
    </div>
  );
}
