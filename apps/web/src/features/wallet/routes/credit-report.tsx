import { CREDIT_REPORT_INTERVALS, type CreditReport, type CreditReportInterval } from '@wps/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate, monthNames } from '../../../shared/lib/format.ts';
import { Button } from '../../../shared/ui/button.tsx';
import { Loader } from '../../../shared/ui/loader.tsx';
import { useCreditReport } from '../api/get-credit-report.ts';
import { Money } from '../components/money.tsx';
import { RangePicker } from '../components/range-picker.tsx';
import { type DayRange, isValidRange, lastDays, rangeQuery } from '../lib/dates.ts';
import '../wallet.css';
import '../credit-report.css';

type Slice = Pick<CreditReport['totals'], 'credit' | 'debit' | 'net' | 'count'>;

/** Credit, debit and net of one slice, as a card's figures. */
function Figures({ s }: { s: Slice }) {
  const { t } = useTranslation('wallet');
  return (
    <dl className="credit-figures">
      <div>
        <dt>{t('creditReport.credit')}</dt>
        <dd>
          <Money value={s.credit} />
        </dd>
      </div>
      <div>
        <dt>{t('creditReport.debit')}</dt>
        <dd>
          <Money value={s.debit} />
        </dd>
      </div>
      <div>
        <dt>{t('creditReport.net')}</dt>
        <dd>
          <Money value={s.net} signed />
        </dd>
      </div>
    </dl>
  );
}

/** A period's name: its day, the week beginning on a day, or its month. */
function periodName(
  start: string,
  interval: CreditReportInterval,
  language: string,
  weekOf: (day: string) => string,
) {
  if (interval === 'day') return formatDate(start, language);
  if (interval === 'week') return weekOf(formatDate(start, language));
  const [y, m] = start.split('-').map(Number);
  return `${monthNames(language)[(m ?? 1) - 1]} ${y}`;
}

/**
 * Member centre › credit report (SPEC "other screens implied"): what came into the wallet and what
 * left it over a period, by transaction type and by day, week or month. Phone first: cards.
 */
export default function CreditReportPage() {
  const { t, i18n } = useTranslation('wallet');
  const [range, setRange] = useState<DayRange>(() => lastDays(30));
  const [interval, setInterval] = useState<CreditReportInterval>('day');
  const valid = isValidRange(range);
  const report = useCreditReport({ ...(valid ? rangeQuery(range) : rangeQuery(lastDays(30))), interval });
  const r = report.data;
  return (
    <div className="wallet credit-report">
      <section className="wallet-card" aria-labelledby="credit-report-filters">
        <h3 id="credit-report-filters" className="visually-hidden">
          {t('creditReport.filters')}
        </h3>
        <RangePicker value={range} onChange={setRange} />
        <fieldset className="credit-intervals">
          <legend>{t('creditReport.interval')}</legend>
          {CREDIT_REPORT_INTERVALS.map((i) => (
            <Button
              key={i}
              size="sm"
              variant={i === interval ? 'primary' : 'secondary'}
              aria-pressed={i === interval}
              onClick={() => setInterval(i)}
            >
              {t(`creditReport.intervals.${i}`)}
            </Button>
          ))}
        </fieldset>
      </section>
      {report.isPending ? (
        <Loader label={t('loading')} />
      ) : report.error || !r ? (
        <p className="wallet-error">{report.error?.message}</p>
      ) : (
        <>
          <section className="wallet-card" aria-labelledby="credit-report-totals" data-testid="credit-totals">
            <h3 id="credit-report-totals">{t('creditReport.totals')}</h3>
            <Figures s={r.totals} />
            <p className="muted small">{t('creditReport.count', { count: r.totals.count })}</p>
          </section>
          <section className="wallet-card" aria-labelledby="credit-report-types">
            <h3 id="credit-report-types">{t('creditReport.byType')}</h3>
            {r.byType.length === 0 ? (
              <p className="muted">{t('creditReport.none')}</p>
            ) : (
              <ul className="credit-cards">
                {r.byType.map((b) => (
                  <li key={b.type} className="credit-card" data-testid={`credit-type-${b.type}`}>
                    <strong>{t(b.type === 'other' ? 'creditReport.other' : `recordType.${b.type}`)}</strong>
                    <Figures s={b} />
                  </li>
                ))}
              </ul>
            )}
          </section>
          <section className="wallet-card" aria-labelledby="credit-report-periods">
            <h3 id="credit-report-periods">{t(`creditReport.byPeriod.${r.interval}`)}</h3>
            {r.periods.length === 0 ? (
              <p className="muted">{t('creditReport.none')}</p>
            ) : (
              <ul className="credit-cards">
                {r.periods.map((p) => (
                  <li key={p.start} className="credit-card">
                    <strong>
                      {periodName(p.start, r.interval, i18n.language, (day) =>
                        t('creditReport.weekOf', { day }),
                      )}
                    </strong>
                    <Figures s={p} />
                  </li>
                ))}
              </ul>
            )}
          </section>
          <p className="muted small">{t('creditReport.note')}</p>
        </>
      )}
    </div>
  );
}
