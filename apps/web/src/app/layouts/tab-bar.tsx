import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { cx } from '../../shared/lib/cx.ts';
import { usePopupStore } from '../../shared/popups/store.ts';
import { selectHasToken, selectIsTrial, useSessionStore } from '../../shared/session/store.ts';
import { usePermission } from '../../shared/system/api/get-permission.ts';
import { isModuleEnabled } from '../../shared/system/categories.ts';
import { Icon } from '../../shared/ui/icons.tsx';
import { AccountMenu, MemberTools } from './member-tools.tsx';
import { useMemberAction } from './use-member-action.ts';

const HOME_PATHS = ['/', '/index', '/index.html', '/home'];
const ACCOUNT_PAGE = '/member?page=securityCenter';

/**
 * Phones: the thumb-reachable row mobile casino sites keep at the bottom (CSS shows it under
 * 900 px only). Games opens the side menu's game list; a guest's Deposit and Account open the
 * login popup; a trial account has no cashier, so no Deposit.
 */
export function TabBar({ onGames, gamesOpen }: { onGames(): void; gamesOpen: boolean }) {
  const { t } = useTranslation();
  const location = useLocation();
  const hasToken = useSessionStore(selectHasToken);
  const isTrial = useSessionStore(selectIsTrial);
  const openPopup = usePopupStore((s) => s.open);
  const memberAction = useMemberAction();
  const modules = usePermission().data?.info.whitelabel.modules ?? [];
  const promo = modules.length === 0 || isModuleEnabled(modules, 'PROMO');
  const page = new URLSearchParams(location.search).get('page');
  const onHome = HOME_PATHS.includes(location.pathname);
  const onPromo = location.pathname === '/promotions';
  const onDeposit = location.pathname === '/member' && page === 'depositv2';

  return (
    <nav className="tab-bar" aria-label={t('shell.tabBar')}>
      <ul className="tab-bar__list">
        <li>
          <Link
            to="/"
            className={cx('tab-bar__item', onHome && 'is-active')}
            aria-current={onHome ? 'page' : undefined}
          >
            <Icon name="home" size={22} />
            <span>{t('nav.home')}</span>
          </Link>
        </li>
        <li>
          <button
            type="button"
            className={cx('tab-bar__item', gamesOpen && 'is-active')}
            aria-expanded={gamesOpen}
            aria-controls="side-menu"
            onClick={onGames}
          >
            <Icon name="slots" size={22} />
            <span>{t('shell.games')}</span>
          </button>
        </li>
        {promo && (
          <li>
            <Link
              to="/promotions"
              className={cx('tab-bar__item', onPromo && 'is-active')}
              aria-current={onPromo ? 'page' : undefined}
            >
              <Icon name="gift" size={22} />
              <span>{t('nav.promotions')}</span>
            </Link>
          </li>
        )}
        {!isTrial && (
          <li>
            <button
              type="button"
              className={cx('tab-bar__item tab-bar__item--deposit', onDeposit && 'is-active')}
              onClick={() => memberAction('/member?page=depositv2')}
            >
              <span className="tab-bar__coin">
                <Icon name="wallet" size={22} />
              </span>
              <span>{t('nav.deposit')}</span>
            </button>
          </li>
        )}
        <li>
          {hasToken ? (
            <MemberTools>
              <AccountMenu variant="tab" />
            </MemberTools>
          ) : (
            <button
              type="button"
              className="tab-bar__item"
              onClick={() => openPopup('loginModal', { returnTo: ACCOUNT_PAGE })}
            >
              <Icon name="user" size={22} />
              <span>{t('shell.account')}</span>
            </button>
          )}
        </li>
      </ul>
    </nav>
  );
}
