import type { AccountRecord, DividendRow, SalaryRow } from '@wps/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../shared/ui/button.tsx';
import { TextField } from '../../../shared/ui/field.tsx';
import { type TeamBetRow, type TeamProfitRow, useIncome } from '../api/agent-calls.ts';
import { type DatePreset, DatePresets, presetRange } from '../components/date-presets.tsx';
import { ListView } from '../components/list-view.tsx';
import { type RecordColumn, RecordList } from '../../../shared/ui/record-list.tsx';
import { formatDateTime } from '../../../shared/lib/format.ts';

/** Team betting: every round of the subtree, optionally one member's. */
export function TeamBetsSection() {
  const { t, i18n } = useTranslation('agent');
  const [preset, setPreset] = useState<DatePreset>('today');
  const [account, setAccount] = useState('');
  return (
    <section className="agent-section" aria-labelledby="agent-bets">
      <h2 id="agent-bets">{t('menu.teamBetting')}</h2>
      <DatePresets value={preset} onChange={setPreset} />
      <ListView<'teamBets', TeamBetRow>
        name="teamBets"
        query={{ ...presetRange(preset), ...(account.trim() ? { account: account.trim() } : {}) }}
        caption={t('menu.teamBetting')}
        rowKey={(r) => `${r.vendor}:${r.roundId}:${r.account}`}
        toolbar={
          <TextField label={t('cols.account')} value={account} onChange={(e) => setAccount(e.target.value)} />
        }
        columns={[
          {
            key: 'time',
            header: t('cols.time'),
            card: 'time',
            render: (r) => formatDateTime(r.time, i18n.language),
          },
          { key: 'account', header: t('cols.account'), card: 'title', render: (r) => r.account },
          {
            key: 'game',
            header: t('cols.game'),
            card: 'title',
            render: (r) => `${r.vendor} ${r.gameCode ?? r.gameType}`,
          },
          { key: 'stake', header: t('cols.stake'), card: 'amount', render: (r) => r.stake, numeric: true },
          { key: 'validBet', header: t('cols.validBet'), render: (r) => r.validBet, numeric: true },
          { key: 'payout', header: t('cols.payout'), card: 'result', render: (r) => r.payout, numeric: true },
        ]}
      />
    </section>
  );
}

/** User loss / P&L statements: each member of a level with its whole team. */
export function UserLossSection() {
  const { t } = useTranslation('agent');
  const [preset, setPreset] = useState<DatePreset>('today');
  const [trail, setTrail] = useState<Array<{ id: number; account: string }>>([]);
  const parent = trail.at(-1);
  return (
    <section className="agent-section" aria-labelledby="agent-loss">
      <h2 id="agent-loss">{t('menu.userLoss')}</h2>
      <DatePresets value={preset} onChange={setPreset} />
      {trail.length > 0 && (
        <Button size="sm" variant="ghost" onClick={() => setTrail(trail.slice(0, -1))}>
          ‹ {t('team.up')}
        </Button>
      )}
      <ListView<'teamProfit', TeamProfitRow>
        name="teamProfit"
        query={{ ...presetRange(preset), ...(parent ? { parentId: parent.id } : {}) }}
        caption={t('menu.userLoss')}
        rowKey={(r) => r.id}
        columns={[
          {
            key: 'account',
            header: t('cols.account'),
            card: 'title',
            render: (r) =>
              r.isAgent ? (
                <Button
                  size="sm"
                  variant="ghost"
                  onClick={() => setTrail([...trail, { id: r.id, account: r.account }])}
                >
                  {r.account}
                </Button>
              ) : (
                r.account
              ),
            // The card's head is one button already: the way into a sub-agent's team is below it.
            renderCard: (r) => r.account,
          },
          {
            key: 'team',
            header: t('team.open'),
            card: 'action',
            cardOnly: true,
            render: (r) =>
              r.isAgent ? (
                <Button
                  size="sm"
                  variant="secondary"
                  onClick={() => setTrail([...trail, { id: r.id, account: r.account }])}
                >
                  {t('team.openOf', { account: r.account })}
                </Button>
              ) : null,
          },
          {
            key: 'validBet',
            header: t('cols.validBet'),
            card: 'amount',
            render: (r) => r.validBet,
            numeric: true,
          },
          { key: 'payout', header: t('cols.payout'), render: (r) => r.payout, numeric: true },
          {
            key: 'memberWinLoss',
            header: t('cols.memberWinLoss'),
            card: 'result',
            render: (r) => r.memberWinLoss,
            numeric: true,
          },
          {
            key: 'active',
            header: t('overview.activeMembers'),
            render: (r) => r.activeMembers,
            numeric: true,
          },
        ]}
      />
    </section>
  );
}

/** Salaries (one kind) or dividends: what the agent received, or what it paid below. */
export function PayoutsSection({ kind }: { kind: 'REALTIME' | 'DAILY' | 'HOURLY' | 'DIVIDEND' }) {
  const { t, i18n } = useTranslation('agent');
  const [preset, setPreset] = useState<DatePreset>('week');
  const [side, setSide] = useState<'RECEIVED' | 'PAID'>('RECEIVED');
  const title = t(
    `menu.${{ REALTIME: 'realtimeSalary', DAILY: 'dailyWages', HOURLY: 'hourlySalary', DIVIDEND: 'dividend' }[kind]}`,
  );
  const columns: Array<RecordColumn<DividendRow>> = [
    {
      key: 'period',
      header: t('cols.period'),
      card: 'time',
      render: (r: DividendRow) => formatDateTime(r.period, i18n.language),
    },
    {
      key: 'account',
      header: t(side === 'PAID' ? 'cols.downline' : 'cols.payer'),
      card: 'title',
      render: (r: DividendRow) => (side === 'PAID' ? r.account : (r.payer ?? t('contracts.platform'))),
    },
    ...(kind === 'DIVIDEND'
      ? [{ key: 'netLoss', header: t('cols.netLoss'), render: (r: DividendRow) => r.netLoss, numeric: true }]
      : [
          {
            key: 'validBet',
            header: t('cols.validBet'),
            render: (r: DividendRow) => r.validBet,
            numeric: true,
          },
        ]),
    { key: 'rate', header: t('cols.rate'), render: (r: DividendRow) => `${r.rate} %`, numeric: true },
    {
      key: 'amount',
      header: t('cols.amount'),
      card: 'amount',
      render: (r: DividendRow) => r.amount,
      numeric: true,
    },
    {
      key: 'status',
      header: t('cols.status'),
      card: 'result',
      cardLabel: false,
      render: (r: DividendRow) => t(`payout.${r.status}`),
    },
  ];
  const range = presetRange(preset);
  return (
    <section className="agent-section" aria-labelledby="agent-payouts">
      <h2 id="agent-payouts">{title}</h2>
      <DatePresets value={preset} onChange={setPreset} />
      <fieldset className="agent-presets">
        <legend className="visually-hidden">{t('payout.side')}</legend>
        {(['RECEIVED', 'PAID'] as const).map((s) => (
          <Button
            key={s}
            size="sm"
            variant={s === side ? 'primary' : 'secondary'}
            aria-pressed={s === side}
            onClick={() => setSide(s)}
          >
            {t(`payout.${s}`)}
          </Button>
        ))}
      </fieldset>
      {kind === 'DIVIDEND' ? (
        <ListView<'dividends', DividendRow>
          name="dividends"
          query={{ ...range, side }}
          caption={title}
          rowKey={(r) => `${r.contractId}:${r.period}`}
          columns={columns}
        />
      ) : (
        <ListView<'salaries', SalaryRow>
          name="salaries"
          query={{ ...range, side, kind }}
          caption={title}
          rowKey={(r) => `${r.contractId}:${r.period}`}
          columns={columns as unknown as Parameters<typeof ListView<'salaries', SalaryRow>>[0]['columns']}
        />
      )}
    </section>
  );
}

/** My income: per contract kind, received, paid below, net, and what waits for an upline's funds. */
export function IncomeSection() {
  const { t } = useTranslation('agent');
  const [preset, setPreset] = useState<DatePreset>('month');
  const { data } = useIncome(presetRange(preset));
  return (
    <section className="agent-section" aria-labelledby="agent-income">
      <h2 id="agent-income">{t('menu.myIncome')}</h2>
      <DatePresets value={preset} onChange={setPreset} />
      <RecordList
        caption={t('menu.myIncome')}
        captionHidden
        rows={data?.rows ?? []}
        rowKey={(r) => r.kind}
        empty={t('empty')}
        columns={[
          { key: 'kind', header: t('contracts.kind'), card: 'title', render: (r) => t(`kinds.${r.kind}`) },
          { key: 'received', header: t('income.received'), numeric: true, render: (r) => r.received },
          { key: 'paid', header: t('income.paid'), numeric: true, render: (r) => r.paid },
          { key: 'net', header: t('income.net'), numeric: true, card: 'amount', render: (r) => r.net },
          { key: 'pending', header: t('income.pending'), numeric: true, render: (r) => r.pending },
        ]}
      />
    </section>
  );
}

/** Account details: the account record of one member of the team. */
export function TransactionsSection({ memberId }: { memberId: number | null }) {
  const { t, i18n } = useTranslation('agent');
  const [preset, setPreset] = useState<DatePreset>('week');
  const [id, setId] = useState(memberId ? String(memberId) : '');
  const valid = /^\d{1,10}$/.test(id);
  return (
    <section className="agent-section" aria-labelledby="agent-tx">
      <h2 id="agent-tx">{t('menu.accountDetails')}</h2>
      <DatePresets value={preset} onChange={setPreset} />
      <ListView<'transactions', AccountRecord>
        name="transactions"
        enabled={valid}
        query={{ ...presetRange(preset), memberId: valid ? Number(id) : undefined }}
        caption={t('menu.accountDetails')}
        rowKey={(r) => r.id}
        toolbar={
          <TextField
            label={t('cols.memberId')}
            inputMode="numeric"
            value={id}
            onChange={(e) => setId(e.target.value)}
          />
        }
        columns={[
          {
            key: 'time',
            header: t('cols.time'),
            card: 'time',
            render: (r) => formatDateTime(r.createdAt, i18n.language),
          },
          { key: 'reason', header: t('cols.type'), card: 'title', render: (r) => r.reason },
          { key: 'amount', header: t('cols.amount'), card: 'amount', render: (r) => r.amount, numeric: true },
          {
            key: 'after',
            header: t('cols.balance'),
            card: 'result',
            render: (r) => r.balanceAfter,
            numeric: true,
          },
        ]}
      />
    </section>
  );
}
