import type { Promotion } from '@wps/contract';
import { useTranslation } from 'react-i18next';
import { Money } from '../../wallet/components/money.tsx';

/** The rules a bonus pays by: what earns it, how much, the wagering and what counts toward it. */
export function PromotionTerms({ promo }: { promo: Promotion }) {
  const { t } = useTranslation('promotions');
  const { t: tk } = useTranslation('promo-kinds');
  const per = tk(`terms.per.${promo.period ?? 'day'}`);
  // Biggest share first (the server keeps no order).
  const contributions = Object.entries(promo.contributions).sort(
    ([a, x], [b, y]) => y - x || a.localeCompare(b),
  );
  return (
    <dl className="promo-terms">
      {promo.kind === 'deposit_bonus' && (
        <>
          <dt>{t('terms.deposit')}</dt>
          <dd>{t('terms.nth', { n: promo.depositNth })}</dd>
          <dt>{t('terms.percent')}</dt>
          <dd className="num">{promo.percent}%</dd>
          {promo.cap && (
            <>
              <dt>{t('terms.cap')}</dt>
              <dd>
                <Money value={promo.cap} />
              </dd>
            </>
          )}
          {promo.minDeposit && (
            <>
              <dt>{t('terms.minDeposit')}</dt>
              <dd>
                <Money value={promo.minDeposit} />
              </dd>
            </>
          )}
        </>
      )}
      {promo.kind === 'reload' && (
        <>
          <dt>{tk('terms.reloadDeposits')}</dt>
          <dd>
            {promo.depositNth ? tk('terms.reloadAfter', { n: promo.depositNth }) : tk('terms.reloadAny')}
          </dd>
          <dt>{t('terms.percent')}</dt>
          <dd className="num">{promo.percent}%</dd>
          {promo.minDeposit && (
            <>
              <dt>{t('terms.minDeposit')}</dt>
              <dd>
                <Money value={promo.minDeposit} />
              </dd>
            </>
          )}
          {promo.claimLimit && (
            <>
              <dt>{tk('terms.limit')}</dt>
              <dd>{tk('terms.limitTimes', { count: promo.claimLimit, period: per })}</dd>
            </>
          )}
        </>
      )}
      {promo.kind === 'cashback' && (
        <>
          <dt>{tk('terms.cashbackPercent')}</dt>
          <dd>{tk('terms.cashbackOf', { pct: promo.percent })}</dd>
          <dt>{tk('terms.cashbackPeriod')}</dt>
          <dd>{tk(`period.${promo.period ?? 'day'}`)}</dd>
          {promo.minLoss && (
            <>
              <dt>{tk('terms.minLoss')}</dt>
              <dd>
                <Money value={promo.minLoss} />
              </dd>
            </>
          )}
          <dt>{tk('terms.paid')}</dt>
          <dd>{promo.autoCredit ? tk('terms.auto') : tk('terms.onClaim')}</dd>
        </>
      )}
      {(promo.kind === 'reload' || promo.kind === 'cashback') && promo.cap && (
        <>
          <dt>{t('terms.cap')}</dt>
          <dd>
            <Money value={promo.cap} />
          </dd>
        </>
      )}
      {promo.bonusAmount && promo.bonusAmount !== '0.00' && (
        <>
          <dt>{t('terms.bonus')}</dt>
          <dd>
            <Money value={promo.bonusAmount} />
          </dd>
        </>
      )}
      <dt>{t('terms.wagering')}</dt>
      <dd>
        {promo.wageringMultiplier > 0 ? t('terms.times', { n: promo.wageringMultiplier }) : t('terms.none')}
      </dd>
      {promo.wageringMultiplier > 0 && (
        <>
          <dt>{t('terms.expiry')}</dt>
          <dd>{t('terms.days', { count: promo.expiryDays })}</dd>
          <dt>{t('terms.contributions')}</dt>
          <dd>
            {contributions.length === 0
              ? t('terms.allGames')
              : contributions.map(([type, pct]) => `${type} ${pct}%`).join(', ')}
          </dd>
        </>
      )}
      {promo.endsAt && (
        <>
          <dt>{t('terms.ends')}</dt>
          <dd>{promo.endsAt.slice(0, 10)}</dd>
        </>
      )}
    </dl>
  );
}
