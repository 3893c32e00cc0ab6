import { JACKPOT_GAMES } from '@wps/contract';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../shared/ui/button.tsx';
import { TextField } from '../../shared/ui/field.tsx';
import { Loader } from '../../shared/ui/loader.tsx';
import { PageHeader } from '../../shared/ui/page-header.tsx';
import { Table } from '../../shared/ui/table.tsx';
import { toast } from '../../shared/ui/toast.tsx';
import { Amount, errorText } from './cashier-ui.tsx';
import {
  type AdminJackpotPool,
  useJackpotAdminPools,
  useJackpotHistory,
  usePatchJackpot,
  useTriggerJackpot,
} from './jackpot-admin-api.ts';
import './games-admin.css';

type Draft = {
  name: string;
  seedAmount: string;
  sharePercent: string;
  capAmount: string;
  hitEvery: string;
  games: string[];
};
const draftOf = (p: AdminJackpotPool): Draft => ({
  name: p.name,
  seedAmount: p.seedAmount,
  sharePercent: p.sharePercent,
  capAmount: p.capAmount ?? '',
  hitEvery: p.hitEvery,
  games: p.games,
});

/** One pool: its figure and totals, its settings (saved together, audited), on/off and the test trigger. */
function PoolCard({ pool }: { pool: AdminJackpotPool }) {
  const { t } = useTranslation('jackpot');
  const patch = usePatchJackpot();
  const trigger = useTriggerJackpot();
  const [draft, setDraft] = useState<Draft>(() => draftOf(pool));
  const [account, setAccount] = useState('');
  const [page, setPage] = useState(1);
  const history = useJackpotHistory(pool.id, page);
  const set = (k: Exclude<keyof Draft, 'games'>) => (e: { target: { value: string } }) =>
    setDraft((d) => ({ ...d, [k]: e.target.value }));
  const save = (e: FormEvent) => {
    e.preventDefault();
    patch.mutate(
      {
        id: pool.id,
        patch: {
          name: draft.name,
          seedAmount: draft.seedAmount,
          sharePercent: draft.sharePercent,
          capAmount: draft.capAmount.trim() ? draft.capAmount.trim() : null,
          hitEvery: draft.hitEvery,
          games: draft.games as AdminJackpotPool['games'],
        },
      },
      { onSuccess: () => toast.success(t('admin.saved')), onError: (err) => toast.error(errorText(err)) },
    );
  };
  return (
    <section className="card stack" data-testid={`jackpot-pool-${pool.id}`}>
      <h2>
        {pool.name} ·{' '}
        <span data-testid="admin-jackpot-amount">
          <Amount value={pool.amount} />
        </span>
      </h2>
      <p className="games-admin__muted">
        {t('admin.state', {
          state: pool.enabled ? t('admin.on') : t('admin.off'),
          cycle: pool.cycle,
        })}{' '}
        {t('admin.totals', pool.totals)}
      </p>
      <div className="wallet-actions">
        <Button
          variant={pool.enabled ? 'ghost' : 'primary'}
          loading={patch.isPending}
          onClick={() =>
            patch.mutate(
              { id: pool.id, patch: { enabled: !pool.enabled } },
              { onError: (err) => toast.error(errorText(err)) },
            )
          }
        >
          {pool.enabled ? t('admin.turnOff') : t('admin.turnOn')}
        </Button>
      </div>
      <form className="wallet-form" noValidate onSubmit={save}>
        <TextField label={t('admin.name')} value={draft.name} maxLength={60} onChange={set('name')} />
        <TextField
          label={t('admin.seed')}
          inputMode="decimal"
          value={draft.seedAmount}
          onChange={set('seedAmount')}
        />
        <TextField
          label={t('admin.share')}
          inputMode="decimal"
          value={draft.sharePercent}
          onChange={set('sharePercent')}
        />
        <TextField
          label={t('admin.cap')}
          inputMode="decimal"
          value={draft.capAmount}
          onChange={set('capAmount')}
        />
        <TextField
          label={t('admin.hitEvery')}
          inputMode="decimal"
          value={draft.hitEvery}
          onChange={set('hitEvery')}
        />
        <fieldset>
          <legend>{t('admin.games')}</legend>
          {JACKPOT_GAMES.map((g) => (
            <label key={g} className="games-admin__check">
              <input
                type="checkbox"
                checked={draft.games.includes(g)}
                onChange={(e) =>
                  setDraft((d) => ({
                    ...d,
                    games: e.target.checked ? [...d.games, g] : d.games.filter((x) => x !== g),
                  }))
                }
              />{' '}
              {g}
            </label>
          ))}
        </fieldset>
        <Button type="submit" loading={patch.isPending}>
          {t('admin.save')}
        </Button>
      </form>
      <form
        className="wallet-form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          trigger.mutate(
            { id: pool.id, account: account.trim(), cycle: pool.cycle },
            {
              onSuccess: (r) => toast.success(t('admin.triggered', { amount: r.win.amount })),
              onError: (err) => toast.error(errorText(err)),
            },
          );
        }}
      >
        <p className="games-admin__muted">{t('admin.triggerLead')}</p>
        <TextField
          label={t('admin.account')}
          value={account}
          maxLength={64}
          onChange={(e) => setAccount(e.target.value)}
        />
        <Button
          type="submit"
          variant="danger"
          loading={trigger.isPending}
          disabled={!pool.enabled || !account.trim()}
        >
          {t('admin.trigger')}
        </Button>
      </form>
      <h3>{t('admin.history')}</h3>
      {history.data && (
        <>
          <Table
            caption={t('admin.history')}
            captionHidden
            rows={history.data.entries}
            rowKey={(r) => String(r.id)}
            empty={t('admin.noHistory')}
            columns={[
              { key: 'time', header: t('admin.cols.time'), render: (r) => new Date(r.time).toLocaleString() },
              { key: 'kind', header: t('admin.cols.kind'), render: (r) => t(`admin.kinds.${r.kind}`) },
              {
                key: 'amount',
                header: t('admin.cols.amount'),
                numeric: true,
                render: (r) => <span className="num">{r.amount}</span>,
              },
              {
                key: 'source',
                header: t('admin.cols.source'),
                render: (r) => (
                  <span className="games-admin__muted">
                    {[r.account, r.game, r.roundId, r.betId !== null ? `#${r.betId}` : null]
                      .filter(Boolean)
                      .join(' · ')}
                  </span>
                ),
              },
              { key: 'cycle', header: t('admin.cols.cycle'), numeric: true, render: (r) => r.cycle },
            ]}
          />
          <div className="wallet-actions">
            <Button size="sm" variant="ghost" disabled={page === 1} onClick={() => setPage((p) => p - 1)}>
              ‹
            </Button>
            <span>{page}</span>
            <Button
              size="sm"
              variant="ghost"
              disabled={page * 20 >= history.data.totalCount}
              onClick={() => setPage((p) => p + 1)}
            >
              ›
            </Button>
          </div>
        </>
      )}
    </section>
  );
}

/** The progressive jackpot pools (issue 31): figure, settings, history, test trigger. */
export default function JackpotAdminPage() {
  const { t } = useTranslation('jackpot');
  const pools = useJackpotAdminPools();
  return (
    <div className="admin-page wallet-admin-page">
      <PageHeader title={t('admin.title')} lead={t('admin.lead')} />
      {pools.isPending ? (
        <Loader label={t('admin.loading')} />
      ) : pools.error ? (
        <p className="wallet-error">{errorText(pools.error)}</p>
      ) : (
        pools.data.pools.map((p) => <PoolCard key={p.id} pool={p} />)
      )}
    </div>
  );
}
