import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { cx } from '../../shared/lib/cx.ts';

/** The wordmark, always a link home. */
export function Logo({ compact, onClick }: { compact?: boolean; onClick?: () => void }) {
  const { t } = useTranslation();
  return (
    <Link
      to="/"
      className={cx('logo', compact && 'logo--compact')}
      aria-label={t('nav.homeLink')}
      onClick={onClick}
    >
      <svg className="logo__mark" viewBox="0 0 64 64" width="32" height="32" aria-hidden="true">
        <rect width="64" height="64" rx="14" fill="currentColor" opacity="0.14" />
        <path d="M12 18h8l5 22 6-22h6l6 22 5-22h8l-9 30h-8l-5-19-5 19h-8z" fill="currentColor" />
      </svg>
      {!compact && <span className="logo__text">{t('app.name')}</span>}
    </Link>
  );
}
