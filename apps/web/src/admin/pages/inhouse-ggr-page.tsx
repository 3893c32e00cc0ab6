import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RangePicker } from '../../features/wallet/components/range-picker.tsx';
import { type DayRange, isValidRange, lastDays } from '../../features/wallet/lib/dates.ts';
import { Loader } from '../../shared/ui/loader.tsx';
import { PageHeader } from '../../shared/ui/page-header.tsx';
import { Table } from '../../shared/ui/table.tsx';
import { Amount, errorText } from './cashier-ui.tsx';
import { type InhouseGgr, useInhouseGgr } from './inhouse-admin-api.ts';
import { margin, totalOf, useGameName } from './inhouse-admin-ui.ts';
import './games-admin.css';

type Row = InhouseGgr['games'][number];

/** Gross gaming revenue per in-house game (real money, settled rounds) over business days. */
export default function InhouseGgrPage() {
  const { t } = useTranslation('games-admin');
  const nameOf = useGameName();
  const [range, setRange] = useState<DayRange>(() => lastDays(7));
  const valid = isValidRange(range);
  const ggr = useInhouseGgr(valid ? range : lastDays(7));
  const rows = ggr.data
    ? [...ggr.data.games, ...(ggr.data.games.length > 1 ? [totalOf(ggr.data.games)] : [])]
    : [];
  return (
    <div className="admin-page wallet-admin-page">
      <PageHeader title={t('ggr.title')} lead={t('ggr.lead')} />
      <RangePicker value={range} onChange={setRange} />
      {!valid && <p className="wallet-error">{t('inhouseRounds.rangeInvalid')}</p>}
      {ggr.isPending ? (
        <Loader label={t('loading')} />
      ) : ggr.error ? (
        <p className="wallet-error">{errorText(ggr.error)}</p>
      ) : (
        <Table<Row>
          caption={t('ggr.caption', { from: range.from, to: range.to })}
          captionHidden
          rows={rows}
          rowKey={(r) => r.game}
          empty={t('ggr.none')}
          columns={[
            {
              key: 'game',
              header: t('cols.game'),
              render: (r) => (r.game === 'total' ? <strong>{t('ggr.total')}</strong> : nameOf(r.game)),
            },
            { key: 'rounds', header: t('ggr.rounds'), numeric: true, render: (r) => r.rounds },
            {
              key: 'stake',
              header: t('inhouse.cols.stake'),
              numeric: true,
              render: (r) => <Amount value={r.stake} />,
            },
            {
              key: 'payout',
              header: t('inhouse.cols.payout'),
              numeric: true,
              render: (r) => <Amount value={r.payout} />,
            },
            { key: 'ggr', header: t('ggr.ggr'), numeric: true, render: (r) => <Amount value={r.ggr} /> },
            {
              key: 'margin',
              header: t('ggr.margin'),
              numeric: true,
              render: (r) => <span className="num">{margin(r)}</span>,
            },
          ]}
        />
      )}
      <p className="games-admin__muted">{t('ggr.note')}</p>
    </div>
  );
}
