import { type AccountRecord, RECORD_TYPES, type RecordType } from '@wps/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SelectField } from '../../../shared/ui/field.tsx';
import { Loader } from '../../../shared/ui/loader.tsx';
import { Pagination } from '../../../shared/ui/pagination.tsx';
import { Table } from '../../../shared/ui/table.tsx';
import { useRecords } from '../api/get-records.ts';
import { Money } from '../components/money.tsx';
import { RangePicker } from '../components/range-picker.tsx';
import { type DayRange, isValidRange, lastDays, rangeQuery } from '../lib/dates.ts';
import { formatTime } from '../lib/time.ts';
import '../wallet.css';

const TYPES = Object.keys(RECORD_TYPES) as RecordType[];

/** Member centre › transactionHistory (account record): type filter, date range, pages. */
export default function TransactionHistoryPage() {
  const { t, i18n } = useTranslation('wallet');
  const [type, setType] = useState<RecordType | ''>('');
  const [range, setRange] = useState<DayRange>(() => lastDays(7));
  const [page, setPage] = useState(1);
  const valid = isValidRange(range);
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
        <div className="wallet-toolbar">
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
        {records.isPending ? (
          <Loader label={t('loading')} />
        ) : records.error ? (
          <p className="wallet-error">{records.error.message}</p>
        ) : (
          <>
            <Table<AccountRecord>
              caption={t('records.title')}
              captionHidden
              rows={records.data.content}
              rowKey={(r) => r.id}
              empty={t('records.none')}
              columns={[
                {
                  key: 'time',
                  header: t('cols.time'),
                  render: (r) => formatTime(r.createdAt, i18n.language),
                },
                {
                  key: 'type',
                  header: t('cols.type'),
                  render: (r) => t(`reason.${r.reason}`, { defaultValue: r.reason }),
                },
                {
                  key: 'amount',
                  header: t('cols.amount'),
                  numeric: true,
                  render: (r) => <Money value={r.amount} signed />,
                },
                {
                  key: 'after',
                  header: t('cols.balanceAfter'),
                  numeric: true,
                  render: (r) => <Money value={r.balanceAfter} />,
                },
                {
                  key: 'detail',
                  header: t('cols.detail'),
                  render: (r) => (
                    <span className="muted small">
                      {Object.entries(r.detail)
                        .map(([k, v]) => `${t(`detail.${k}`, { defaultValue: k })}: ${v}`)
                        .join(' · ')}
                    </span>
                  ),
                },
              ]}
            />
            <p className="muted small">{t('records.total', { total: records.data.total })}</p>
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
