import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { cx } from '../../../shared/lib/cx.ts';
import { isLargeMenu, type VendorCard } from '../lib/rules.ts';

/**
 * The vendors of one category as a strip of marks ("All" first). More than 10 vendors wrap into
 * the large layout (SPEC §2) instead of a long sideways scroll.
 */
export function VendorStrip({
  basePath,
  vendors,
  current,
}: {
  basePath: string;
  vendors: readonly VendorCard[];
  current: string;
}) {
  const { t } = useTranslation('games');
  return (
    <nav aria-label={t('vendors')}>
      <ul className={cx('vendor-strip', isLargeMenu(vendors.length) && 'vendor-strip--large')}>
        <li>
          <Link
            to={basePath}
            className={cx('vendor-chip', !current && 'is-active')}
            aria-current={!current ? 'page' : undefined}
          >
            {t('allVendors')}
          </Link>
        </li>
        {vendors.map((v) => (
          <li key={v.vassalage}>
            <Link
              to={`${basePath}?vassalage=${encodeURIComponent(v.vassalage)}`}
              className={cx('vendor-chip', current === v.vassalage && 'is-active')}
              aria-current={current === v.vassalage ? 'page' : undefined}
            >
              <img src={v.logoUrl} alt="" width={40} height={20} loading="lazy" />
              <span>{v.displayName}</span>
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** The strip's box while the vendors load: one chip's height, nothing to read or press. */
export function VendorStripPlaceholder() {
  return (
    <ul className="vendor-strip" aria-hidden="true">
      <li>
        <span className="vendor-chip vendor-chip--placeholder">&nbsp;</span>
      </li>
    </ul>
  );
}
