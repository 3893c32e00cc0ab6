import type { Leaderboard, Mission, MissionPeriod } from '@wps/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../shared/lib/format.ts';
import { Button } from '../../../shared/ui/button.tsx';
import { EmptyState } from '../../../shared/ui/empty-state.tsx';
import { Loader } from '../../../shared/ui/loader.tsx';
import { Table } from '../../../shared/ui/table.tsx';
import { Tabs } from '../../../shared/ui/tabs.tsx';
import { toast } from '../../../shared/ui/toast.tsx';
import { Money } from '../../wallet/components/money.tsx';
import { useClaimMission, useLeaderboard, useMissionSummary } from '../api/missions.ts';
import { VipCard } from '../components/vip-card.tsx';
import '../../promotions/promotions.css';

type Row = Leaderboard['list'][number];

function MissionCard({ m }: { m: Mission }) {
  const { t, i18n } = useTranslation('missions');
  const claim = useClaimMission();
  const amount = (v: string) => (m.metric === 'rounds' ? v : <Money value={v} />);
  return (
    <li className="card stack" data-testid={`mission-${m.id}`}>
      <div className="promo-row">
        <strong>{m.title}</strong>
        <span className={`promo-status promo-status--${m.status}`}>{t(`status.${m.status}`)}</span>
      </div>
      {m.description && <p className="muted small">{m.description}</p>}
      {m.wageringMultiplier > 0 && (
        <p className="muted small">{t('wagering', { times: m.wageringMultiplier })}</p>
      )}
      <label className="stack">
        <span className="promo-row">
          <span>
            {t(`metric.${m.metric}`)}
            {m.gameType ? ` · ${m.gameType}` : ''}
          </span>
          <span className="num" data-testid="mission-progress">
            {amount(m.progress)} / {amount(m.target)}
          </span>
        </span>
        <progress className="promo-progress" max={100} value={m.percent} />
      </label>
      <div className="promo-row">
        <span>
          {t('reward')} <Money value={m.reward} />
        </span>
        {m.status === 'claim' ? (
          <Button
            size="sm"
            disabled={claim.isPending}
            onClick={() =>
              claim.mutate(m.id, {
                onSuccess: (r) => toast.success(t('claimed', { amount: r.reward })),
                onError: (e) => toast.error(e.message),
              })
            }
          >
            {t('claim')}
          </Button>
        ) : (
          <span className="muted small">
            {t('resets', { date: formatDateTime(m.periodEnd, i18n.language) })}
          </span>
        )}
      </div>
    </li>
  );
}

function Board({ period }: { period: MissionPeriod }) {
  const { t } = useTranslation('missions');
  const board = useLeaderboard(period);
  if (board.isPending) return <Loader label={t('loading')} />;
  if (board.error) return <p className="wallet-error">{board.error.message}</p>;
  return (
    <div className="stack">
      {board.data.mine && (
        <p data-testid="my-rank">
          {t('board.mine', { rank: board.data.mine.rank })} <Money value={board.data.mine.validBet} />
        </p>
      )}
      <Table<Row>
        caption={t(`board.caption.${period}`)}
        rows={board.data.list}
        rowKey={(r) => r.rank}
        empty={t('board.empty')}
        columns={[
          { key: 'rank', header: t('board.rank'), numeric: true, render: (r) => r.rank },
          {
            key: 'account',
            header: t('board.account'),
            render: (r) => (r.me ? <strong>{t('board.me', { account: r.account })}</strong> : r.account),
          },
          {
            key: 'bet',
            header: t('board.validBet'),
            numeric: true,
            render: (r) => <Money value={r.validBet} />,
          },
        ]}
      />
    </div>
  );
}

/** Member centre › missionLeaderboard: daily and weekly missions with claim, the VIP level, the leaderboard. */
export default function MissionLeaderboardPage() {
  const { t } = useTranslation('missions');
  const summary = useMissionSummary();
  const [period, setPeriod] = useState<MissionPeriod>('day');
  if (summary.isPending) return <Loader label={t('loading')} />;
  if (summary.error) return <p className="wallet-error">{summary.error.message}</p>;
  const { missions, vip } = summary.data;
  const group = (p: MissionPeriod) => missions.filter((m) => m.period === p);
  return (
    <div className="stack">
      <VipCard vip={vip} />
      {missions.length === 0 ? (
        <EmptyState title={t('empty')} />
      ) : (
        (['day', 'week'] as const).map(
          (p) =>
            group(p).length > 0 && (
              <section key={p} className="stack" aria-labelledby={`missions-${p}`}>
                <h3 id={`missions-${p}`} className="section-title">
                  {t(`period.${p}`)}
                </h3>
                <ul className="promo-list">
                  {group(p).map((m) => (
                    <MissionCard key={m.id} m={m} />
                  ))}
                </ul>
              </section>
            ),
        )
      )}
      <section className="stack" aria-labelledby="mission-board">
        <h3 id="mission-board" className="section-title">
          {t('board.title')}
        </h3>
        <Tabs<MissionPeriod>
          label={t('board.title')}
          value={period}
          onChange={setPeriod}
          items={(['day', 'week'] as const).map((p) => ({
            id: p,
            label: t(`board.tab.${p}`),
            content: p === period ? <Board period={p} /> : null,
          }))}
        />
      </section>
      <p className="muted small">{t('rules')}</p>
    </div>
  );
}
