import type { BonusRow, CashflowRow, GgrGrouping, GgrRow, PlayersRow } from '@wps/contract';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Loader } from '../../shared/ui/loader.tsx';
import { type Column, Table } from '../../shared/ui/table.tsx';
import { Amount, errorText } from './cashier-ui.tsx';
import {
  type ReportQuery,
  useBonusReport,
  useCashflowReport,
  useGgrReport,
  usePlayersReport,
} from './reports-api.ts';
import { CsvButton } from './reports-ui.tsx';

/** The four report tables of the reports page; each fetches its report and offers its CSV. */

type Q = { query: ReportQuery; enabled: boolean };

function Shell({
  state,
  csv,
  children,
}: {
  state: { isPending: boolean; error: unknown };
  csv: ReactNode;
  children: ReactNode;
}) {
  const { t } = useTranslation('reports-admin');
  if (state.error) return <p className="wallet-error">{errorText(state.error)}</p>;
  if (state.isPending) return <Loader label={t('loading')} />;
  return (
    <>
      <div className="reports-toolbar">{csv}</div>
      {children}
    </>
  );
}

const money = (key: string, header: string, pick: (r: never) => string) => ({
  key,
  header,
  numeric: true,
  render: (r: never) => <Amount value={pick(r)} />,
});

export function GgrTable({
  query,
  enabled,
  by,
  onDrill,
}: Q & { by: GgrGrouping; onDrill(agentId: number): void }) {
  const { t } = useTranslation('reports-admin');
  const q = { ...query, by };
  const r = useGgrReport(q, enabled);
  const rows = r.data ? [...r.data.rows, { ...r.data.total, key: '', label: t('total') }] : [];
  const keyHeader = {
    day: t('cols.day'),
    vendor: t('cols.vendor'),
    game: t('cols.game'),
    agent: t('cols.agent'),
  }[by];
  const labelOf = (row: GgrRow) => {
    if (row.key === '') return <strong>{row.label}</strong>;
    if (by !== 'agent') return row.label;
    if (row.key === '0') return t('noAgent');
    if (!row.isAgent) return `${row.label} (#${row.key})`;
    // An agent's branch: open its own downline (the agent tree, one level at a time).
    return (
      <button type="button" className="reports-drill" onClick={() => onDrill(Number(row.key))}>
        {`${row.label} (#${row.key})`}
      </button>
    );
  };
  const columns: Array<Column<GgrRow>> = [
    { key: 'key', header: keyHeader, render: labelOf },
    { key: 'bets', header: t('cols.bets'), numeric: true, render: (x) => x.bets },
    money('stake', t('cols.stake'), (x: GgrRow) => x.stake),
    money('payout', t('cols.payout'), (x: GgrRow) => x.payout),
    money('ggr', t('cols.ggr'), (x: GgrRow) => x.ggr),
  ];
  if (by === 'day' || by === 'agent') {
    columns.push(money('bonusCost', t('cols.bonusCost'), (x: GgrRow) => x.bonusCost ?? '0.00'));
    columns.push(money('ngr', t('cols.ngr'), (x: GgrRow) => x.ngr ?? '0.00'));
  }
  return (
    <Shell state={r} csv={<CsvButton name="ggr" query={q} disabled={!enabled} />}>
      <Table<GgrRow>
        caption={t('reports.ggr')}
        captionHidden
        rows={rows}
        rowKey={(x) => x.key || 'total'}
        empty={t('none')}
        columns={columns}
      />
    </Shell>
  );
}

export function CashflowTable({ query, enabled }: Q) {
  const { t } = useTranslation('reports-admin');
  const r = useCashflowReport(query, enabled);
  return (
    <Shell state={r} csv={<CsvButton name="cashflow" query={query} disabled={!enabled} />}>
      {r.data && (
        <dl className="reports-kpis">
          <div className="reports-kpi">
            <dt>{t('cols.deposits')}</dt>
            <dd className="num">
              <Amount value={r.data.totals.deposits} /> · {r.data.totals.depositCount}
            </dd>
          </div>
          <div className="reports-kpi">
            <dt>{t('cols.withdrawals')}</dt>
            <dd className="num">
              <Amount value={r.data.totals.withdrawals} /> · {r.data.totals.withdrawalCount}
            </dd>
          </div>
        </dl>
      )}
      <Table<CashflowRow>
        caption={t('reports.cashflow')}
        captionHidden
        rows={r.data?.rows ?? []}
        rowKey={(x) => `${x.day}|${x.kind}|${x.channel}`}
        empty={t('none')}
        columns={[
          { key: 'day', header: t('cols.day'), render: (x) => x.day },
          { key: 'kind', header: t('cols.kind'), render: (x) => t(`cols.${x.kind}`) },
          { key: 'channel', header: t('cols.channel'), render: (x) => x.channel },
          { key: 'count', header: t('cols.count'), numeric: true, render: (x) => x.count },
          money('amount', t('cols.amount'), (x: CashflowRow) => x.amount),
        ]}
      />
    </Shell>
  );
}

export function PlayersTable({ query, enabled }: Q) {
  const { t } = useTranslation('reports-admin');
  const r = usePlayersReport(query, enabled);
  const rows = r.data ? [...r.data.rows, { day: '', ...r.data.totals }] : [];
  return (
    <Shell state={r} csv={<CsvButton name="players" query={query} disabled={!enabled} />}>
      <Table<PlayersRow>
        caption={t('reports.players')}
        captionHidden
        rows={rows}
        rowKey={(x) => x.day || 'total'}
        empty={t('none')}
        columns={[
          { key: 'day', header: t('cols.day'), render: (x) => x.day || <strong>{t('total')}</strong> },
          { key: 'new', header: t('cols.newPlayers'), numeric: true, render: (x) => x.newPlayers },
          { key: 'active', header: t('cols.activePlayers'), numeric: true, render: (x) => x.activePlayers },
          { key: 'ftd', header: t('cols.firstDepositors'), numeric: true, render: (x) => x.firstDepositors },
        ]}
      />
    </Shell>
  );
}

export function BonusTable({ query, enabled }: Q) {
  const { t } = useTranslation('reports-admin');
  const r = useBonusReport(query, enabled);
  const rows = r.data ? [...r.data.rows, { day: '', ...r.data.total }] : [];
  return (
    <Shell state={r} csv={<CsvButton name="bonus" query={query} disabled={!enabled} />}>
      <Table<BonusRow>
        caption={t('reports.bonus')}
        captionHidden
        rows={rows}
        rowKey={(x) => x.day || 'total'}
        empty={t('none')}
        columns={[
          { key: 'day', header: t('cols.day'), render: (x) => x.day || <strong>{t('total')}</strong> },
          money('granted', t('cols.bonusGranted'), (x: BonusRow) => x.bonusGranted),
          money('converted', t('cols.bonusConverted'), (x: BonusRow) => x.bonusConverted),
          money('rebates', t('cols.rebates'), (x: BonusRow) => x.rebates),
          money('points', t('cols.pointsExchanged'), (x: BonusRow) => x.pointsExchanged),
          money('cost', t('cols.bonusCost'), (x: BonusRow) => x.cost),
        ]}
      />
    </Shell>
  );
}
