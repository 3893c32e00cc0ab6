import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { cx } from '../../shared/lib/cx.ts';
import { usePermission } from '../../shared/system/api/get-permission.ts';
import { enabledCategories, isModuleEnabled } from '../../shared/system/categories.ts';
import { Icon } from '../../shared/ui/icons.tsx';
import { CATEGORY_ICONS, isCurrent } from './game-menu.ts';

/** SPEC §2 main navigation: home, in-house, each enabled game category, promotions. */
export function MainNav() {
  const { t } = useTranslation();
  const location = useLocation();
  const modules = usePermission().data?.info.whitelabel.modules ?? [];
  const categories = enabledCategories(modules);
  const promo = modules.length === 0 || isModuleEnabled(modules, 'PROMO');

  const items = [
    { key: 'home', href: '/', label: t('nav.home'), icon: 'home' as const },
    ...categories.map((c) => ({
      key: c.id,
      href: c.href,
      label: t(`categories.${c.id}`),
      icon: CATEGORY_ICONS[c.id],
    })),
    ...(promo
      ? [{ key: 'promotions', href: '/promotions', label: t('nav.promotions'), icon: 'gift' as const }]
      : []),
  ];

  return (
    <nav className="main-nav" aria-label={t('nav.main')}>
      <ul className="main-nav__list">
        {items.map((item) => {
          const current =
            item.href === '/'
              ? ['/', '/index', '/index.html', '/home'].includes(location.pathname)
              : isCurrent(item.href, location);
          return (
            <li key={item.key}>
              <Link
                to={item.href}
                className={cx('main-nav__link', current && 'is-active')}
                aria-current={current ? 'page' : undefined}
              >
                <Icon name={item.icon} size={18} />
                <span>{item.label}</span>
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
