import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClass } from '../../shared/ui/button.tsx';
import { EmptyState } from '../../shared/ui/empty-state.tsx';

export default function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <div className="page">
      <EmptyState
        headingLevel={1}
        icon="404"
        title={t('states.notFound.title')}
        description={t('states.notFound.text')}
        action={
          <Link to="/" className={buttonClass('primary')}>
            {t('actions.backHome')}
          </Link>
        }
      />
    </div>
  );
}
