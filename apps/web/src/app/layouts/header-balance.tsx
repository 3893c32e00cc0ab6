import { lazy, Suspense, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { useBalance } from '../../features/account/api/get-balance.ts';
import { cx } from '../../shared/lib/cx.ts';
import { readLocal, writeLocal } from '../../shared/lib/storage.ts';
import { useSessionStore } from '../../shared/session/store.ts';
import { Button } from '../../shared/ui/button.tsx';
import { Icon } from '../../shared/ui/icons.tsx';
import { Loader } from '../../shared/ui/loader.tsx';
import { BALANCE_HIDDEN_KEY, groupMoney, HIDDEN_BALANCE } from './balance-format.ts';
import { useMemberAction } from './use-member-action.ts';
import './header-balance.css';

/** The balance menu's body: the wallet chunk, fetched on first open (never on the first route). */
const BalanceMenu = lazy(() => import('../../features/wallet/components/balance-menu.tsx'));

/**
 * SPEC §2 logged-in header: balance with two decimals, a refresh and a hide toggle, deposit and
 * withdraw. Until the wallet answers (or if it does not exist) no number is shown, never a made-up one.
 */
export function HeaderBalance({ trial = false }: { trial?: boolean }) {
  const { t } = useTranslation();
  const token = useSessionStore((s) => s.token);
  const balance = useBalance(token);
  const [hidden, setHidden] = useState(() => readLocal(BALANCE_HIDDEN_KEY) === '1');
  const memberAction = useMemberAction();
  const value = balance.data;
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const location = useLocation();

  // Closes on a click elsewhere, on Escape (focus back on the number) and on navigation.
  useEffect(() => {
    if (!open) return;
    const onDoc = (e: MouseEvent) => {
      if (!rootRef.current?.contains(e.target as Node)) setOpen(false);
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      setOpen(false);
      rootRef.current?.querySelector<HTMLButtonElement>('.header-balance__toggle')?.focus();
    };
    document.addEventListener('mousedown', onDoc);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('mousedown', onDoc);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: closes whenever the page changes.
  useEffect(() => setOpen(false), [location.pathname, location.search]);

  const toggle = () => {
    setHidden((h) => {
      writeLocal(BALANCE_HIDDEN_KEY, h ? '0' : '1');
      return !h;
    });
  };

  const hasBonus = !trial && !!value && /[1-9]/.test(value.bonus);
  const amount = hidden ? (
    <>
      <span aria-hidden="true">{HIDDEN_BALANCE}</span>
      <span className="visually-hidden">{t('account.hiddenBalance')}</span>
    </>
  ) : (
    <span data-testid="header-balance">
      <span className="header-balance__currency">{value?.currency}</span> {groupMoney(value?.balance ?? '')}
    </span>
  );

  return (
    <div className="header-balance" ref={rootRef}>
      {value && (
        <div className={cx('header-balance__box', trial && 'is-trial')}>
          {/* SPEC §4: trial balances are play money and never mix with cash; say so on the number. */}
          {trial && (
            <span className="header-balance__play" title={t('shell.playMoneyHint')}>
              {t('shell.playMoney')}
            </span>
          )}
          {trial ? (
            <span className="header-balance__amount num" title={t('account.balance')}>
              <span className="visually-hidden">{t('account.balance')}: </span>
              {amount}
            </span>
          ) : (
            // Issue 27: the number is cash; the menu shows cash and bonus apart, with wagering.
            <button
              type="button"
              className="header-balance__amount header-balance__toggle num"
              aria-expanded={open}
              aria-controls={menuId}
              onClick={() => setOpen((o) => !o)}
            >
              <span className="visually-hidden">{t('account.balance')}: </span>
              {amount}
              {hasBonus && (
                <span className="header-balance__bonus" data-testid="header-bonus-mark">
                  <Icon name="gift" size={12} />
                  <span className="visually-hidden">
                    {hidden
                      ? t('account.bonusHidden')
                      : t('account.bonusIncluded', { amount: groupMoney(value.bonus) })}
                  </span>
                </span>
              )}
              <span className="visually-hidden">, {t('account.balanceDetails')}</span>
            </button>
          )}
          <button
            type="button"
            className="icon-btn header-balance__btn"
            aria-label={t('account.refreshBalance')}
            aria-busy={balance.isFetching || undefined}
            disabled={balance.isFetching}
            onClick={() => void balance.refetch()}
          >
            <svg
              className={balance.isFetching ? 'header-balance__spin' : undefined}
              width="16"
              height="16"
              viewBox="0 0 24 24"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
              strokeLinecap="round"
              aria-hidden="true"
            >
              <path d="M20 11a8 8 0 10-2.3 5.7M20 4v7h-7" />
            </svg>
          </button>
          <button
            type="button"
            className="icon-btn header-balance__btn"
            aria-pressed={hidden}
            aria-label={hidden ? t('account.showBalance') : t('account.hideBalance')}
            onClick={toggle}
          >
            <svg
              width="16"
              height="16"
              viewBox="0 0 24 24"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
              aria-hidden="true"
            >
              <path d="M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12z" />
              <circle cx="12" cy="12" r="3" />
              {hidden && <path d="M3 3l18 18" />}
            </svg>
          </button>
        </div>
      )}
      {open && (
        <section className="balance-menu" id={menuId} aria-label={t('account.balanceDetails')}>
          <Suspense fallback={<Loader label={t('loading')} />}>
            <BalanceMenu onNavigate={() => setOpen(false)} />
          </Suspense>
        </section>
      )}
      {!trial && (
        <div className="header-balance__actions">
          <Button
            size="sm"
            className="header-balance__deposit"
            onClick={() => memberAction('/member?page=depositv2')}
          >
            {t('nav.deposit')}
          </Button>
          <Button
            size="sm"
            variant="secondary"
            className="header-balance__withdraw"
            onClick={() => memberAction('/member?page=withdraw')}
          >
            {t('nav.withdraw')}
          </Button>
        </div>
      )}
    </div>
  );
}
