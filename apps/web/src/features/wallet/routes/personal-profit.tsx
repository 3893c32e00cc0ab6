import type { ProfitSummary } from '@wps/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Loader } from '../../../shared/ui/loader.tsx';
import { useProfit } from '../api/get-profit.ts';
import { Money } from '../components/money.tsx';
import { RangePicker } from '../components/range-picker.tsx';
import { type DayRange, isValidRange, lastDays, rangeQuery } from '../lib/dates.ts';
import '../wallet.css';

const MONEY_ROWS: Array<keyof ProfitSummary> = [
  'bet',
  'win',
  'refund',
  'deposit',
  'withdraw',
  'transferIn',
  'transferOut',
  'bonus',
  'commission',
  'adjustment',
];

/** Member centre › personalProfit: what the member won or lost playing, and the money around it. */
export default function PersonalProfitPage() {
  const { t } = useTranslation('wallet');
  const [range, setRange] = useState<DayRange>(() => lastDays(7));
  const valid = isValidRange(range);
  const profit = useProfit(valid ? rangeQuery(range) : rangeQuery(lastDays(7)));
  const p = profit.data;
  return (
    <div className="wallet">
      <section className="wallet-card" aria-labelledby="profit-title">
        <h3 id="profit-title" className="visually-hidden">
          {t('profit.title')}
        </h3>
        <RangePicker value={range} onChange={setRange} />
        {profit.isPending ? (
          <Loader label={t('loading')} />
        ) : profit.error || !p ? (
          <p className="wallet-error">{profit.error?.message}</p>
        ) : (
          <>
            <dl className="wallet-stats">
              <div>
                <dt>{t('profit.gameProfit')}</dt>
                <dd data-testid="profit-game">
                  <Money value={p.gameProfit} signed />
                </dd>
              </div>
              <div>
                <dt>{t('profit.betCount')}</dt>
                <dd className="num">{p.betCount}</dd>
              </div>
              {MONEY_ROWS.map((k) => (
                <div key={k}>
                  <dt>{t(`profit.${k}`)}</dt>
                  <dd>
                    <Money value={String(p[k])} />
                  </dd>
                </div>
              ))}
            </dl>
            <p className="muted small">{t('profit.note')}</p>
          </>
        )}
      </section>
    </div>
  );
}
