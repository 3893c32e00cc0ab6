import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemberMenu } from '../../features/account/api/get-menu.ts';
import { endLocalSession, useLogout } from '../../features/account/api/logout.ts';
import { getMemberStore } from '../../features/account/api/session-calls.ts';
import { openSupportChat, SupportBadge, useSupportUnread } from '../../features/support/support-link.tsx';
import { selectIsAgent, selectIsTrial, useSessionStore } from '../../shared/session/store.ts';
import { usePermission } from '../../shared/system/api/get-permission.ts';
import { cx } from '../../shared/lib/cx.ts';
import { ConfirmDialog } from '../../shared/ui/confirm-dialog.tsx';
import { Icon } from '../../shared/ui/icons.tsx';
import { useLoaderStore } from '../../shared/ui/loader.tsx';
import './account-menu.css';
import '../../shared/ui/count-badge.css';

/** SPEC §2 account dropdown of the logged-in header; flag-dependent entries follow the whitelabel flags. */
export function AccountMenu({
  className,
  variant = 'header',
}: {
  className?: string;
  variant?: 'header' | 'tab';
}) {
  const { t } = useTranslation();
  const member = useSessionStore((s) => s.member);
  const token = useSessionStore((s) => s.token);
  const isAgent = useSessionStore(selectIsAgent);
  const flags = usePermission().data?.info.whitelabel.flags ?? {};
  const [open, setOpen] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const menuId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const logout = useLogout();
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const [leaving, setLeaving] = useState(false);
  const isTrial = useSessionStore(selectIsTrial);
  // SPEC §2 badge: rewards waiting to be claimed (the member centre shares this cache entry).
  const store = useQuery({
    queryKey: ['member', 'store', token],
    queryFn: ({ signal }) => getMemberStore(signal),
    enabled: Boolean(token) && !isTrial && open,
    staleTime: 60_000,
    retry: false,
  });
  const badges: Record<string, number> = { rewardCenter: store.data?.availablePromoCount ?? 0 };
  const supportUnread = useSupportUnread();

  useEffect(() => {
    if (!leaving || location.pathname !== '/') return;
    endLocalSession(queryClient);
    useLoaderStore.getState().hide('logout');
  }, [leaving, location.pathname, queryClient]);

  useEffect(() => {
    if (!open) return;
    const onDoc = (e: MouseEvent) => {
      if (!rootRef.current?.contains(e.target as Node)) setOpen(false);
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') setOpen(false);
    };
    document.addEventListener('mousedown', onDoc);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('mousedown', onDoc);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  // SPEC §7 "GET menu": the server's menu under the flags; until it answers, the same rules here.
  const served = useMemberMenu(token).data;
  const items: Array<{ key: string; to: string; show: boolean }> = served
    ? served.map((i) => ({ key: i.key, to: i.path, show: true }))
    : [
        { key: 'bettingRecord', to: '/member?page=personalHistoryCopy', show: true },
        { key: 'accountRecord', to: '/member?page=transactionHistory', show: true },
        { key: 'profitLoss', to: '/member?page=personalProfit', show: true },
        { key: 'rewardCenter', to: '/member?page=rewardCenter', show: true },
        { key: 'points', to: '/pointMall', show: flags.PTSYS3 === true },
        { key: 'myAccount', to: '/member?page=securityCenter', show: true },
        { key: 'agentCentre', to: '/agentHome', show: isAgent },
        { key: 'manualRebate', to: '/member?page=manualRebate', show: flags.MANPLAYREB3 === true },
      ];

  const name = member?.nickname || member?.account || '';
  return (
    <div className={cx('account-menu', variant === 'tab' && 'account-menu--up', className)} ref={rootRef}>
      {variant === 'tab' ? (
        // The phone tab bar's Account: the same menu, opening upwards from the thumb.
        <button
          type="button"
          className={cx('tab-bar__item', open && 'is-active')}
          aria-expanded={open}
          aria-controls={menuId}
          onClick={() => setOpen((o) => !o)}
        >
          <Icon name="user" size={22} />
          <span>{t('shell.account')}</span>
          <SupportBadge count={supportUnread} />
        </button>
      ) : (
        <button
          type="button"
          className="account-menu__trigger"
          aria-expanded={open}
          aria-controls={menuId}
          onClick={() => setOpen((o) => !o)}
        >
          <Icon name="user" size={18} />
          <span className="account-menu__name">{name || t('account.menu')}</span>
          <SupportBadge count={supportUnread} />
        </button>
      )}
      {open && (
        <ul className="account-menu__list" id={menuId}>
          {items
            .filter((i) => i.show)
            .map((i) => (
              <li key={i.key}>
                <Link to={i.to} onClick={() => setOpen(false)}>
                  {t(`account.${i.key}`)}
                  {(badges[i.key] ?? 0) > 0 && (
                    <span className="badge badge--count">
                      <span aria-hidden="true">{badges[i.key]}</span>
                      <span className="visually-hidden">
                        {t('pages.member.badge', { count: badges[i.key] })}
                      </span>
                    </span>
                  )}
                </Link>
              </li>
            ))}
          <li>
            <button
              type="button"
              onClick={() => {
                setOpen(false);
                openSupportChat();
              }}
            >
              {t('support.liveChat')}
              <SupportBadge count={supportUnread} />
            </button>
          </li>
          <li>
            <button
              type="button"
              onClick={() => {
                setOpen(false);
                setConfirming(true);
              }}
            >
              {t('actions.logout')}
            </button>
          </li>
        </ul>
      )}
      <ConfirmDialog
        open={confirming}
        title={t('account.logoutTitle')}
        confirmLabel={t('actions.logout')}
        cancelLabel={t('actions.cancel')}
        closeLabel={t('actions.close')}
        busy={logout.isPending}
        onCancel={() => setConfirming(false)}
        onConfirm={async () => {
          useLoaderStore.getState().show('logout');
          await logout.mutateAsync();
          // Home first, then forget the session (effect above): ending it on a login-only page
          // would send the visitor to the login popup instead of home.
          setLeaving(true);
          navigate('/');
        }}
      >
        <p>{t('account.logoutText')}</p>
      </ConfirmDialog>
    </div>
  );
}
