import { type AccountRecord, RECORD_TYPES, type RecordType } from '@wps/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SelectField } from '../../../shared/ui/field.tsx';
import { Loader } from '../../../shared/ui/loader.tsx';
import { Pagination } from '../../../shared/ui/pagination.tsx';
import { RecordFilters, RecordList } from '../../../shared/ui/record-list.tsx';
import { useRecords } from '../api/get-records.ts';
import { Money } from '../components/money.tsx';
import { RangePicker, useRangeText } from '../components/range-picker.tsx';
import { type DayRange, isValidRange, lastDays, rangeQuery } from '../lib/dates.ts';
import { RecordTime } from '../components/record-time.tsx';
import '../wallet.css';

const TYPES = Object.keys(RECORD_TYPES) as RecordType[];

/**
 * Our own ids (ledger, request, deposit and withdrawal numbers, idempotency keys) mean nothing to
 * a member and are left out; what stays gets a human label and value (eSewa, not ESEWA).
 */
export const HIDDEN_DETAIL = new Set(['requestId', 'txId', 'depositId', 'withdrawalId', 'operator']);

export function detailText(
  detail: Record<string, string>,
  t: (key: string, o: { defaultValue: string }) => string,
): string {
  return Object.entries(detail)
    .filter(([k]) => !HIDDEN_DETAIL.has(k))
    .map(([k, v]) => {
      const shown =
        k === 'channel' || k === 'vendor'
          ? t(`providers.${v}`, { defaultValue: v })
          : k === 'direction'
            ? t(`direction.${v}`, { defaultValue: v })
            : v;
      return `${t(`detail.${k}`, { defaultValue: k })}: ${shown}`;
    })
    .join(' · ');
}

/** Member centre › transactionHistory (account record): type filter, date range, pages. */
export default function TransactionHistoryPage() {
  const { t } = useTranslation('wallet');
  const [type, setType] = useState<RecordType | ''>('');
  const [range, setRange] = useState<DayRange>(() => lastDays(7));
  const [page, setPage] = useState(1);
  const valid = isValidRange(range);
  const rangeText = useRangeText(range);
  const records = useRecords({
    pageNo: page,
    pageSize: 20,
    ...(type ? { type } : {}),
    ...(valid ? rangeQuery(range) : {}),
  });
  const change = (fn: () => void) => {
    fn();
    setPage(1);
  };
  return (
    <div className="wallet">
      <section className="wallet-card" aria-labelledby="records-title">
        <h3 id="records-title" className="visually-hidden">
          {t('records.title')}
        </h3>
        <RecordFilters
          summary={[type ? t(`recordType.${type}`) : t('records.allTypes'), rangeText].join(' · ')}
        >
          <div className="wallet-toolbar record-filters">
            <SelectField
              label={t('records.type')}
              value={type}
              onChange={(e) => change(() => setType(e.target.value as RecordType | ''))}
            >
              <option value="">{t('records.allTypes')}</option>
              {TYPES.map((k) => (
                <option key={k} value={k}>
                  {t(`recordType.${k}`)}
                </option>
              ))}
            </SelectField>
          </div>
          <RangePicker value={range} onChange={(r) => change(() => setRange(r))} />
        </RecordFilters>
        {records.isPending ? (
          <Loader label={t('loading')} />
        ) : records.error ? (
          <p className="wallet-error">{records.error.message}</p>
        ) : (
          <>
            <RecordList<AccountRecord>
              caption={t('records.title')}
              captionHidden
              rows={records.data.content}
              rowKey={(r) => r.id}
              empty={t('records.none')}
              columns={[
                {
                  key: 'time',
                  header: t('cols.time'),
                  card: 'time',
                  render: (r) => <RecordTime iso={r.createdAt} />,
                },
                {
                  key: 'type',
                  header: t('cols.type'),
                  card: 'title',
                  render: (r) => t(`reason.${r.reason}`, { defaultValue: r.reason }),
                },
                {
                  key: 'amount',
                  header: t('cols.amount'),
                  numeric: true,
                  card: 'amount',
                  render: (r) => <Money value={r.amount} signed />,
                },
                {
                  key: 'after',
                  header: t('cols.balanceAfter'),
                  numeric: true,
                  card: 'result',
                  render: (r) => <Money value={r.balanceAfter} />,
                },
                {
                  key: 'detail',
                  header: t('cols.detail'),
                  card: 'detail',
                  render: (r) => <span className="muted small">{detailText(r.detail, t)}</span>,
                  renderCard: (r) => detailText(r.detail, t) || null,
                },
              ]}
            />
            <p className="muted small">{t('records.total', { count: records.data.total })}</p>
            <Pagination
              page={page}
              totalPages={records.data.totalPages}
              onChange={setPage}
              labels={{
                nav: t('pager.nav'),
                previous: t('pager.previous'),
                next: t('pager.next'),
                page: (n) => t('pager.page', { n }),
              }}
            />
          </>
        )}
      </section>
    </div>
  );
}
