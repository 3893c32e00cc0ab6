import type { DashboardDay } from '@wps/contract';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type DayRange, lastDays } from '../../features/wallet/lib/dates.ts';
import { Loader } from '../../shared/ui/loader.tsx';
import { PageHeader } from '../../shared/ui/page-header.tsx';
import { Table } from '../../shared/ui/table.tsx';
import { Amount, errorText } from './cashier-ui.tsx';
import { useDashboard } from './reports-api.ts';
import { ReportsChart } from './reports-chart.tsx';
import { isReportRange } from './reports-range.ts';
import { CsvButton, Kpi, ReportRange } from './reports-ui.tsx';

const COLORS = { ggr: '#2f7de1', ngr: '#7c3aed', deposits: '#16a34a', withdrawals: '#d97706' } as const;

/** The operator dashboard: totals, a chart of the days, and the same days as a table. */
export default function ReportsDashboardPage() {
  const { t } = useTranslation('reports-admin');
  const [range, setRange] = useState<DayRange>(() => lastDays(7));
  const valid = isReportRange(range);
  const query = { from: range.from, to: range.to };
  const dash = useDashboard(query, valid);
  const data = dash.data;
  const series = useMemo(
    () =>
      data
        ? (['ggr', 'ngr', 'deposits', 'withdrawals'] as const).map((k) => ({
            label: t(`cols.${k}`),
            color: COLORS[k],
            values: data.days.map((d) => Number(d[k])),
          }))
        : [],
    [data, t],
  );
  const days = useMemo(() => data?.days.map((d) => d.day) ?? [], [data]);
  return (
    <div className="admin-page wallet-admin-page reports-page">
      <PageHeader title={t('dashboard.title')} lead={t('dashboard.lead')} />
      <ReportRange value={range} onChange={setRange} />
      {dash.isPending && valid ? (
        <Loader label={t('loading')} />
      ) : dash.error ? (
        <p className="wallet-error">{errorText(dash.error)}</p>
      ) : data ? (
        <>
          <dl className="reports-kpis" aria-label={t('dashboard.kpis')}>
            <Kpi label={t('cols.ggr')} testId="kpi-ggr">
              <Amount value={data.totals.ggr} />
            </Kpi>
            <Kpi label={t('cols.ngr')} testId="kpi-ngr">
              <Amount value={data.totals.ngr} />
            </Kpi>
            <Kpi label={t('cols.bonusCost')}>
              <Amount value={data.totals.bonusCost} />
            </Kpi>
            <Kpi label={t('cols.deposits')}>
              <Amount value={data.totals.deposits} />
            </Kpi>
            <Kpi label={t('cols.withdrawals')}>
              <Amount value={data.totals.withdrawals} />
            </Kpi>
            <Kpi label={t('cols.newPlayers')}>{data.totals.newPlayers}</Kpi>
            <Kpi label={t('cols.activePlayers')}>{data.totals.activePlayers}</Kpi>
            <Kpi label={t('cols.firstDepositors')}>{data.totals.firstDepositors}</Kpi>
          </dl>
          <ReportsChart days={days} series={series} label={t('dashboard.chart')} />
          <div className="reports-toolbar">
            <CsvButton name="dashboard" query={query} disabled={!valid} />
          </div>
          <Table<DashboardDay>
            caption={t('dashboard.tableCaption')}
            rows={data.days}
            rowKey={(r) => r.day}
            empty={t('none')}
            columns={[
              { key: 'day', header: t('cols.day'), render: (r) => r.day },
              { key: 'ggr', header: t('cols.ggr'), numeric: true, render: (r) => <Amount value={r.ggr} /> },
              { key: 'ngr', header: t('cols.ngr'), numeric: true, render: (r) => <Amount value={r.ngr} /> },
              {
                key: 'deposits',
                header: t('cols.deposits'),
                numeric: true,
                render: (r) => <Amount value={r.deposits} />,
              },
              {
                key: 'withdrawals',
                header: t('cols.withdrawals'),
                numeric: true,
                render: (r) => <Amount value={r.withdrawals} />,
              },
              { key: 'new', header: t('cols.newPlayers'), numeric: true, render: (r) => r.newPlayers },
              {
                key: 'active',
                header: t('cols.activePlayers'),
                numeric: true,
                render: (r) => r.activePlayers,
              },
              {
                key: 'ftd',
                header: t('cols.firstDepositors'),
                numeric: true,
                render: (r) => r.firstDepositors,
              },
            ]}
          />
        </>
      ) : null}
      <p className="reports-note">{t('definitions')}</p>
    </div>
  );
}
