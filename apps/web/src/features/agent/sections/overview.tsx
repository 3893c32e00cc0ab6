import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useTeamOverview } from '../api/agent-calls.ts';
import { CommissionWallet } from '../components/commission-wallet.tsx';
import { type DatePreset, DatePresets, presetRange } from '../components/date-presets.tsx';
import { tone } from '../lib.ts';
import './overview.css';

/** Team overview: the agent's own cash and commission, then head counts, play, the team's P&L and its money in and out for the range, with a per-day chart. */
export default function OverviewSection() {
  const { t } = useTranslation('agent');
  const [preset, setPreset] = useState<DatePreset>('today');
  const { data, isError, error } = useTeamOverview(presetRange(preset));
  const max = Math.max(1, ...(data?.daily ?? []).map((d) => Number(d.validBet)));
  const stats = data
    ? ([
        ['members', String(data.members)],
        ['directMembers', String(data.directMembers)],
        ['agents', String(data.agents)],
        ['newMembers', String(data.newMembers)],
        ['activeMembers', String(data.activeMembers)],
        ['validBet', data.validBet],
        ['profitLoss', data.profitLoss],
        ['firstDeposits', String(data.firstDeposits)],
        ['deposits', `${data.deposits} · ${data.depositCount}`],
        ['withdrawals', `${data.withdrawals} · ${data.withdrawalCount}`],
      ] as const)
    : [];
  return (
    <section className="agent-section" aria-labelledby="agent-overview">
      <h2 id="agent-overview">{t('menu.teamOverview')}</h2>
      <CommissionWallet />
      <DatePresets value={preset} onChange={setPreset} />
      {isError && <p role="alert">{error.message}</p>}
      <dl className="agent-stats" data-testid="team-overview">
        {stats.map(([k, v]) => (
          <div key={k} className="agent-stat">
            <dt>{t(`overview.${k}`)}</dt>
            <dd className={`num ${k === 'profitLoss' ? `agent-${tone(v)}` : ''}`}>{v}</dd>
          </div>
        ))}
      </dl>
      {data && data.daily.length > 0 && (
        <figure className="agent-chart">
          <figcaption>{t('overview.chart')}</figcaption>
          <ul>
            {data.daily.map((d) => (
              <li key={d.day}>
                <span className="num">{d.day.slice(5)}</span>
                <span className="agent-bar" style={{ inlineSize: `${(Number(d.validBet) / max) * 100}%` }} />
                <span className="num">{d.validBet}</span>
              </li>
            ))}
          </ul>
        </figure>
      )}
    </section>
  );
}
