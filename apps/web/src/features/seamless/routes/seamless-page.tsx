import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useBalance } from '../../account/api/get-balance.ts';
import { getMerchantWallet } from '../../account/api/session-calls.ts';
import { useGameMenus } from '../../games/api/get-game-menus.ts';
import { Money, StatusBadge } from '../../wallet/components/money.tsx';
import { usePopupStore } from '../../../shared/popups/store.ts';
import { readCached } from '../../../shared/session/cache.ts';
import { selectHasToken, selectIsTrial, useSessionStore } from '../../../shared/session/store.ts';
import { Button, buttonClass } from '../../../shared/ui/button.tsx';
import { Loader } from '../../../shared/ui/loader.tsx';
import { PageHeader } from '../../../shared/ui/page-header.tsx';
import { walletProviders } from '../lib/providers.ts';
import '../../wallet/wallet.css';
import '../seamless.css';

/**
 * /seamless (SPEC §2 "seamless page"): how the player's money meets the game providers. The site
 * runs one seamless wallet (GCS_merchantWallet's isSingle): every provider bets and pays against
 * the same balance, so there is nothing to move between game wallets. The page shows that balance
 * (signed in), what it means, and the providers on it with their state, from the game menus.
 */
export default function SeamlessPage() {
  const { t } = useTranslation(['wallet', 'common']);
  const token = useSessionStore((s) => s.token);
  const hasToken = useSessionStore(selectHasToken);
  const isTrial = useSessionStore(selectIsTrial);
  const open = usePopupStore((s) => s.open);
  const wallet = useQuery<{ isSingle: boolean }>({
    queryKey: ['games', 'merchantWallet'],
    queryFn: ({ signal }) => getMerchantWallet(signal),
    placeholderData: () => readCached<{ isSingle: boolean }>('merchantWallet') ?? undefined,
    staleTime: Number.POSITIVE_INFINITY,
  });
  const balance = useBalance(hasToken ? token : null);
  const menus = useGameMenus();
  const providers = walletProviders(menus.data);

  return (
    <div className="page seamless-page">
      <PageHeader title={t('common:pages.seamless.title')} lead={t('common:pages.seamless.lead')} />
      <div className="wallet">
        <section className="wallet-card" aria-labelledby="seamless-balance">
          <h2 id="seamless-balance">{t('seamless.balanceTitle')}</h2>
          {!hasToken ? (
            <>
              <p className="wallet-lead">{t('seamless.guest')}</p>
              <Button onClick={() => open('loginModal')}>{t('seamless.login')}</Button>
            </>
          ) : balance.isPending ? (
            <Loader label={t('common:loading')} />
          ) : balance.error ? (
            <p className="feedback__warning">{balance.error.message}</p>
          ) : (
            <>
              <dl className="wallet-stats">
                <div>
                  <dt>{isTrial ? t('seamless.playMoney') : t('seamless.balance')}</dt>
                  <dd>
                    <Money value={balance.data.balance} />
                  </dd>
                </div>
                {!isTrial && (
                  <div>
                    <dt>{t('seamless.frozen')}</dt>
                    <dd>
                      <Money value={balance.data.frozen} />
                    </dd>
                  </div>
                )}
              </dl>
              {!isTrial && (
                <p className="seamless-actions">
                  <Link className={buttonClass('primary', 'sm')} to="/member?page=depositv2">
                    {t('seamless.deposit')}
                  </Link>
                  <Link className={buttonClass('secondary', 'sm')} to="/member?page=transactionHistory">
                    {t('seamless.history')}
                  </Link>
                </p>
              )}
            </>
          )}
        </section>

        <section className="wallet-card" aria-labelledby="seamless-how">
          <h2 id="seamless-how">{t('seamless.howTitle')}</h2>
          {wallet.data?.isSingle === false ? (
            <p className="wallet-lead">{t('seamless.separate')}</p>
          ) : (
            <ul className="seamless-points">
              <li>{t('seamless.pointOne')}</li>
              <li>{t('seamless.pointNoTransfer')}</li>
              <li>{t('seamless.pointRecord')}</li>
            </ul>
          )}
        </section>

        <section className="wallet-card" aria-labelledby="seamless-providers">
          <h2 id="seamless-providers">{t('seamless.providersTitle')}</h2>
          {menus.isPending ? (
            <Loader label={t('common:loading')} />
          ) : providers.length === 0 ? (
            <p className="wallet-lead">{t('seamless.noProviders')}</p>
          ) : (
            <ul className="seamless-providers" aria-labelledby="seamless-providers">
              {providers.map((p) => (
                <li key={p.vassalage} className="seamless-provider">
                  <span className="seamless-provider__name">{p.displayName}</span>
                  <span className="seamless-provider__kinds">
                    {p.categories.map((c) => t(`common:categories.${c}`, { defaultValue: c })).join(' · ')}
                  </span>
                  <span className="seamless-provider__state">
                    <StatusBadge tone={p.maintenance ? 'warn' : 'ok'}>
                      {p.maintenance ? t('seamless.maintenance') : t('seamless.connected')}
                    </StatusBadge>
                  </span>
                </li>
              ))}
            </ul>
          )}
        </section>
      </div>
    </div>
  );
}
