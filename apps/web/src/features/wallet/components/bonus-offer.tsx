import type { Promotion } from '@wps/contract';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { bonusTerms } from '../lib/profile-needs.ts';
import { formatMoney } from '../lib/money.ts';

/** "100 % up to 500.00, wager 10× the bonus in 7 days" (and the minimum deposit, when there is one). */
export function BonusTermsLine({ promotion }: { promotion: Promotion }) {
  const { t } = useTranslation('wallet');
  const terms = bonusTerms(promotion);
  if (!terms) return null;
  const head = t('bonusOffer.rate', { percent: terms.percent, cap: formatMoney(terms.cap) });
  const wager =
    terms.times > 0
      ? t('bonusOffer.wager', { times: terms.times, count: terms.days })
      : t('bonusOffer.noWager');
  return (
    <span className="wallet-offer__terms" data-testid="bonus-terms">
      {head}, {wager}
      {terms.min && <>. {t('bonusOffer.min', { min: formatMoney(terms.min) })}</>}
    </span>
  );
}

/**
 * The deposit form's bonus (issue 27): the welcome bonus offered for this deposit, ticked by
 * default; unticking opts out. A bonus already joined is said, with nothing to tick.
 */
export function BonusOffer({
  promotion,
  optedIn,
  onOptIn,
}: {
  promotion: Promotion;
  optedIn: boolean;
  onOptIn(value: boolean): void;
}) {
  const { t } = useTranslation('wallet');
  if (promotion.status === 'joined')
    return (
      <div className="wallet-offer is-joined" data-testid="bonus-offer">
        <p className="wallet-offer__title">{t('bonusOffer.joined', { title: promotion.title })}</p>
        <BonusTermsLine promotion={promotion} />
      </div>
    );
  return (
    <div className="wallet-offer" data-testid="bonus-offer">
      <label className="check wallet-offer__check">
        <input type="checkbox" checked={optedIn} onChange={(e) => onOptIn(e.target.checked)} />
        <span>
          <span className="wallet-offer__title">{t('bonusOffer.take', { title: promotion.title })}</span>
          <BonusTermsLine promotion={promotion} />
        </span>
      </label>
      <p className="small muted wallet-offer__more">
        {optedIn ? t('bonusOffer.howIn') : t('bonusOffer.howOut')}{' '}
        <Link to="/promotions">{t('bonusOffer.rules')}</Link>
      </p>
    </div>
  );
}
