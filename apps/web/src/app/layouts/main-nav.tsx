import { useTranslation } from 'react-i18next';
import { type MouseEvent, useEffect, useRef } from 'react';
import { Link, useLocation } from 'react-router';
import { cx } from '../../shared/lib/cx.ts';
import { useCategoryLinks } from '../../features/games/components/use-category-nav.ts';
import { usePermission } from '../../shared/system/api/get-permission.ts';
import { isModuleEnabled } from '../../shared/system/categories.ts';
import { Icon, type IconName } from '../../shared/ui/icons.tsx';
import { CATEGORY_ICONS, isCurrent } from './game-menu.ts';
import './main-nav.css';

/** SPEC §2 main navigation: home, in-house, each enabled game category with a vendor, promotions. */
export function MainNav() {
  const { t } = useTranslation();
  const location = useLocation();
  const modules = usePermission().data?.info.whitelabel.modules ?? [];
  const categories = useCategoryLinks(modules);
  const promo = modules.length === 0 || isModuleEnabled(modules, 'PROMO');

  const items: Array<{
    key: string;
    href: string;
    label: string;
    icon: IconName;
    onClick?: ((e: MouseEvent) => void) | undefined;
  }> = [
    { key: 'home', href: '/', label: t('nav.home'), icon: 'home' as const },
    ...categories.map((c) => ({
      key: c.id,
      href: c.href,
      label: t(`categories.${c.id}`),
      icon: CATEGORY_ICONS[c.id],
      onClick: c.onClick,
    })),
    ...(promo
      ? [{ key: 'promotions', href: '/promotions', label: t('nav.promotions'), icon: 'gift' as const }]
      : []),
  ];

  const listRef = useRef<HTMLUListElement>(null);
  // The chip of the current category scrolls into view inside its own row (a phone shows only a
  // few); the row moves, never the page, so scrollIntoView is not used.
  // biome-ignore lint/correctness/useExhaustiveDependencies: re-run when the page or the list changes.
  useEffect(() => {
    const list = listRef.current;
    const active = list?.querySelector<HTMLElement>('.is-active');
    if (!list || !active || list.scrollWidth <= list.clientWidth) return;
    const target = active.offsetLeft - (list.clientWidth - active.offsetWidth) / 2;
    list.scrollTo({ left: Math.max(0, target), behavior: 'instant' as ScrollBehavior });
  }, [location.pathname, location.search, items.length]);

  return (
    <nav className="main-nav" aria-label={t('nav.main')}>
      <ul className="main-nav__list" ref={listRef}>
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
                onClick={item.onClick}
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
