import type { BonusGrant } from '@wps/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSessionStore } from '../../../shared/session/store.ts';
import { getBonuses } from '../../promotions/api/get-bonuses.ts';
import { PROMOTIONS_QUERY_KEY } from '../../promotions/api/get-promotions.ts';
import { BALANCE_QUERY_KEY, useWalletBalance } from '../api/get-balance.ts';
import { formatMoney } from '../lib/money.ts';
import { RecordTime } from './record-time.tsx';

const positive = (v: string | undefined) => !!v && /[1-9]/.test(v);

/**
 * Cash and bonus apart (issue 27): a claimed bonus sits in its own balance that only wagering
 * turns into cash, so the one header number never showed it. Cash is what can be withdrawn; the
 * bonus shows each active grant's wagering progress (the promotions API's grants). Reads the
 * header's balance entry and the bonus details page's grants entry: all three agree.
 */
export function BalanceBreakdown({
  compact = false,
  wagering = true,
}: {
  /** The header menu's narrow form: two columns, the oldest bonus's wagering only. */
  compact?: boolean;
  /** Off where the page lists every bonus with its progress already (bonus details). */
  wagering?: boolean;
}) {
  const { t } = useTranslation('wallet');
  const token = useSessionStore((s) => s.token);
  const queryClient = useQueryClient();
  const balanceQuery = useWalletBalance(token);
  const balance = balanceQuery.data;
  const bonuses = useQuery({
    queryKey: [...PROMOTIONS_QUERY_KEY, 'bonuses'],
    queryFn: ({ signal }) => getBonuses(signal),
    enabled: Boolean(token) && positive(balance?.bonus) && wagering,
    staleTime: 15_000,
    retry: false,
  });
  // Reading the bonuses settles the wagering first (a bonus met converts then): when that answer
  // is the newer one, its bonus is the true one and the cash has moved too, so the balance is asked again.
  const summary = bonuses.data;
  const fresher = !!summary && bonuses.dataUpdatedAt >= balanceQuery.dataUpdatedAt;
  const stale = fresher && !!balance && summary.bonusBalance !== balance.bonus;
  useEffect(() => {
    if (stale) void queryClient.invalidateQueries({ queryKey: BALANCE_QUERY_KEY });
  }, [stale, queryClient]);
  if (!balance || balance.trial) return null;
  const bonus = fresher ? summary.bonusBalance : balance.bonus;
  const hasBonus = positive(bonus);
  const active = (summary?.grants ?? []).filter((g) => g.status === 'active');
  return (
    <div className={compact ? 'wallet-split is-compact' : 'wallet-split'} data-testid="balance-breakdown">
      <dl className="wallet-split__list">
        <div>
          <dt>{t('split.cash')}</dt>
          <dd className="num" data-testid={compact ? 'balance-cash' : 'cash-balance'}>
            {formatMoney(balance.balance)}
          </dd>
          <dd className="small muted">{t('split.cashHint')}</dd>
        </div>
        <div>
          <dt>{t('split.bonus')}</dt>
          <dd className="num" data-testid={compact ? 'balance-bonus' : 'bonus-balance'}>
            {formatMoney(bonus)}
          </dd>
          <dd className="small muted">{hasBonus ? t('split.bonusHint') : t('split.noBonus')}</dd>
        </div>
        {positive(balance.frozen) && (
          <div>
            <dt>{t('split.frozen')}</dt>
            <dd className="num" data-testid="balance-frozen">
              {formatMoney(balance.frozen)}
            </dd>
            <dd className="small muted">{t('split.frozenHint')}</dd>
          </div>
        )}
      </dl>
      {(wagering ? active : []).slice(0, compact ? 1 : 3).map((g) => (
        <WageringLine key={g.id} grant={g} />
      ))}
      {wagering && compact && active.length > 1 && (
        <p className="small muted">{t('split.more', { count: active.length - 1 })}</p>
      )}
    </div>
  );
}

/** One bonus's wagering: how much of what is required has been bet, and by when. */
export function WageringLine({ grant: g }: { grant: BonusGrant }) {
  const { t } = useTranslation('wallet');
  return (
    <div className="wallet-wager" data-testid={`wagering-${g.id}`}>
      <div className="wallet-wager__top">
        <span className="wallet-wager__title">{t('split.wagering', { title: g.promotionTitle })}</span>
        <span className="num small" data-testid="wagering-line">
          {t('split.progress', {
            wagered: formatMoney(g.wagered),
            required: formatMoney(g.wageringRequired),
            pct: g.progress,
          })}
        </span>
      </div>
      <progress
        className="wallet-wager__bar"
        max={100}
        value={g.progress}
        aria-label={t('split.wagering', { title: g.promotionTitle })}
      />
      <span className="small muted">
        {t('split.before')} <RecordTime iso={g.expiresAt} />
      </span>
    </div>
  );
}
