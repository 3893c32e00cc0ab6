import { GGR_GROUPINGS, type GgrGrouping } from '@wps/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type DayRange, lastDays } from '../../features/wallet/lib/dates.ts';
import { SelectField, TextField } from '../../shared/ui/field.tsx';
import { PageHeader } from '../../shared/ui/page-header.tsx';
import { Tabs } from '../../shared/ui/tabs.tsx';
import { BonusTable, CashflowTable, GgrTable, PlayersTable } from './reports-tables.tsx';
import { isReportRange } from './reports-range.ts';
import { ReportRange } from './reports-ui.tsx';

type Tab = 'ggr' | 'cashflow' | 'players' | 'bonus';
const TABS: Tab[] = ['ggr', 'cashflow', 'players', 'bonus'];
const AGENT_ID_RE = /^\d{1,10}$/;

/** Operator reports over business days: GGR/NGR, cash in and out, players, bonus cost; each as CSV. */
export default function ReportsPage() {
  const { t } = useTranslation('reports-admin');
  const [range, setRange] = useState<DayRange>(() => lastDays(7));
  const [tab, setTab] = useState<Tab>('ggr');
  const [by, setBy] = useState<GgrGrouping>('day');
  const [agent, setAgent] = useState('');
  const agentOk =
    agent === '' || (AGENT_ID_RE.test(agent) && Number(agent) >= 1 && Number(agent) <= 2_147_483_647);
  const valid = isReportRange(range);
  const query = { from: range.from, to: range.to };
  const ggrQuery = agent && agentOk ? { ...query, agentId: Number(agent) } : query;
  const content = (id: Tab) => {
    switch (id) {
      case 'ggr':
        return (
          <>
            <div className="reports-toolbar">
              <SelectField
                label={t('reports.groupBy')}
                value={by}
                onChange={(e) => setBy(e.target.value as GgrGrouping)}
              >
                {GGR_GROUPINGS.map((g) => (
                  <option key={g} value={g}>
                    {t(`reports.by.${g}`)}
                  </option>
                ))}
              </SelectField>
              <TextField
                label={t('reports.agentId')}
                hint={t('reports.agentIdHint')}
                inputMode="numeric"
                value={agent}
                error={agentOk ? null : t('reports.agentIdInvalid')}
                onChange={(e) => setAgent(e.target.value.trim())}
              />
            </div>
            <GgrTable
              query={ggrQuery}
              enabled={valid && agentOk}
              by={by}
              onDrill={(id) => setAgent(String(id))}
            />
          </>
        );
      case 'cashflow':
        return <CashflowTable query={query} enabled={valid} />;
      case 'players':
        return <PlayersTable query={query} enabled={valid} />;
      default:
        return <BonusTable query={query} enabled={valid} />;
    }
  };
  return (
    <div className="admin-page wallet-admin-page reports-page">
      <PageHeader title={t('reports.title')} lead={t('reports.lead')} />
      <ReportRange value={range} onChange={setRange} />
      <Tabs<Tab>
        label={t('reports.tabs')}
        value={tab}
        onChange={setTab}
        items={TABS.map((id) => ({
          id,
          label: t(`reports.${id}`),
          content: id === tab ? content(id) : null,
        }))}
      />
      <p className="reports-note">{t('definitions')}</p>
    </div>
  );
}
