import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { cx } from '../../shared/lib/cx.ts';
import { BrandMark } from '../../shared/ui/brand-mark.tsx';
import './logo.css';

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
      <BrandMark className="logo__mark" />
      {!compact && <span className="logo__text">{t('app.name')}</span>}
    </Link>
  );
}
