import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatTime } from '../../features/wallet/lib/time.ts';
import { Button } from '../../shared/ui/button.tsx';
import { TextField } from '../../shared/ui/field.tsx';
import { Loader } from '../../shared/ui/loader.tsx';
import { Modal } from '../../shared/ui/modal.tsx';
import { PageHeader } from '../../shared/ui/page-header.tsx';
import { Pagination } from '../../shared/ui/pagination.tsx';
import { Table } from '../../shared/ui/table.tsx';
import { Amount, errorText, useAdminPager } from './cashier-ui.tsx';
import { type AdminRound, type AdminRoundDetail, useAdminRounds, useRoundDetail } from './games-api.ts';
import './games-admin.css';

const DATE_RE = /^\d{4}-\d{2}-\d{2}$/;
type Filter = { account: string; vendor: string; roundId: string; from: string; to: string };
const EMPTY: Filter = { account: '', vendor: '', roundId: '', from: '', to: '' };

/** One round: its record rows and, for a seamless round, every vendor call in it. */
function RoundDetail({ round, onClose }: { round: AdminRound; onClose(): void }) {
  const { t, i18n } = useTranslation('games-admin');
  const detail = useRoundDetail({ roundId: round.roundId, memberId: round.memberId, vendor: round.vendor });
  return (
    <Modal
      open
      onClose={onClose}
      title={t('rounds.detailTitle', { id: round.roundId })}
      closeLabel={t('close')}
      size="lg"
    >
      {detail.isPending ? (
        <Loader label={t('loading')} />
      ) : detail.error ? (
        <p className="wallet-error">{errorText(detail.error)}</p>
      ) : (
        <div className="games-admin__detail">
          <p>
            {detail.data.account} · {detail.data.vendor} · {detail.data.gameName} ·{' '}
            {t(`status.${detail.data.status}`)}
          </p>
          <p>
            {t('cols.bet')} <Amount value={detail.data.bet} /> · {t('cols.win')}{' '}
            <Amount value={detail.data.win} /> · {t('cols.net')} <Amount value={detail.data.net} />
          </p>
          {round.vendor === 'HUB88' && (
            // The aggregator's own record of the round (Games API /game/round), on its console page.
            <p>
              <Link
                to={`/aggregator?account=${encodeURIComponent(round.account)}&round=${encodeURIComponent(round.roundId)}`}
              >
                {t('rounds.atAggregator')}
              </Link>
            </p>
          )}
          <Table<AdminRoundDetail['transactions'][number]>
            caption={t('rounds.transactions')}
            rows={detail.data.transactions}
            rowKey={(x) => x.id}
            empty={t('rounds.noTransactions')}
            columns={[
              { key: 'time', header: t('cols.time'), render: (x) => formatTime(x.time, i18n.language) },
              { key: 'kind', header: t('rounds.kind'), render: (x) => x.kind },
              {
                key: 'tx',
                header: t('rounds.txId'),
                render: (x) => (
                  <>
                    <code>{x.txId}</code>
                    {x.refTxId && <div className="games-admin__muted">→ {x.refTxId}</div>}
                  </>
                ),
              },
              {
                key: 'amount',
                header: t('rounds.amount'),
                numeric: true,
                render: (x) => (x.amount ? <Amount value={x.amount} /> : '—'),
              },
              { key: 'status', header: t('rounds.result'), render: (x) => `${x.status} · ${x.code}` },
            ]}
          />
        </div>
      )}
    </Modal>
  );
}

/** Rounds search over the bets record: by player, vendor, round id and business dates. */
export default function GamesRoundsPage() {
  const { t, i18n } = useTranslation('games-admin');
  // `?account=` pre-fills the player (the console's player profile links here).
  const [initial] = useState<Filter>(() => ({
    ...EMPTY,
    account: new URLSearchParams(location.search).get('account') ?? '',
  }));
  const [draft, setDraft] = useState<Filter>(initial);
  const [filter, setFilter] = useState<Filter>(initial);
  const [error, setError] = useState<string | null>(null);
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<AdminRound | null>(null);
  const rounds = useAdminRounds({
    pageNo: page,
    pageSize: 20,
    account: filter.account || undefined,
    vendor: filter.vendor || undefined,
    roundId: filter.roundId || undefined,
    from: filter.from || undefined,
    to: filter.to || undefined,
  });
  const pager = useAdminPager();
  const field = (k: keyof Filter, label: string, extra: Record<string, string | number> = {}) => (
    <TextField
      label={label}
      value={draft[k]}
      onChange={(e) => setDraft((d) => ({ ...d, [k]: e.target.value }))}
      {...extra}
    />
  );
  return (
    <div className="admin-page wallet-admin-page">
      <PageHeader title={t('rounds.title')} lead={t('rounds.lead')} />
      <form
        className="wallet-toolbar"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          const next = {
            account: draft.account.trim(),
            vendor: draft.vendor.trim().toUpperCase(),
            roundId: draft.roundId.trim(),
            from: draft.from,
            to: draft.to,
          };
          if (next.vendor && !/^[A-Z0-9_]{1,32}$/.test(next.vendor))
            return setError(t('vendors.codeInvalid'));
          if ((next.from && !DATE_RE.test(next.from)) || (next.to && !DATE_RE.test(next.to)))
            return setError(t('rounds.dateInvalid'));
          setError(null);
          setFilter(next);
          setPage(1);
        }}
      >
        {field('account', t('rounds.account'), { maxLength: 50 })}
        {field('vendor', t('vendor'), { maxLength: 32 })}
        {field('roundId', t('rounds.roundId'), { maxLength: 100 })}
        {field('from', t('rounds.from'), { type: 'date' })}
        {field('to', t('rounds.to'), { type: 'date' })}
        <Button type="submit">{t('search')}</Button>
      </form>
      {error && <p className="wallet-error">{error}</p>}
      {rounds.isPending ? (
        <Loader label={t('loading')} />
      ) : rounds.error ? (
        <p className="wallet-error">{errorText(rounds.error)}</p>
      ) : (
        <>
          <p className="games-admin__muted">
            {t('rounds.totals', { count: rounds.data.totals.count })} · {t('cols.bet')}{' '}
            <Amount value={rounds.data.totals.bet} /> · {t('cols.win')}{' '}
            <Amount value={rounds.data.totals.win} /> · {t('cols.net')}{' '}
            <Amount value={rounds.data.totals.net} />
          </p>
          <Table<AdminRound>
            caption={t('rounds.title')}
            captionHidden
            rows={rounds.data.content}
            rowKey={(r) => `${r.memberId}:${r.vendor}:${r.roundId}`}
            empty={t('rounds.none')}
            columns={[
              { key: 'time', header: t('cols.time'), render: (r) => formatTime(r.time, i18n.language) },
              { key: 'account', header: t('rounds.account'), render: (r) => r.account },
              {
                key: 'game',
                header: t('cols.game'),
                render: (r) => (
                  <>
                    {r.gameName}
                    <div className="games-admin__muted">
                      {r.vendor} · {r.gameType}
                    </div>
                  </>
                ),
              },
              { key: 'bet', header: t('cols.bet'), numeric: true, render: (r) => <Amount value={r.bet} /> },
              { key: 'win', header: t('cols.win'), numeric: true, render: (r) => <Amount value={r.win} /> },
              { key: 'net', header: t('cols.net'), numeric: true, render: (r) => <Amount value={r.net} /> },
              { key: 'status', header: t('rounds.result'), render: (r) => t(`status.${r.status}`) },
              {
                key: 'open',
                header: t('rounds.roundId'),
                render: (r) => (
                  <Button
                    size="sm"
                    variant="ghost"
                    onClick={() => setOpen(r)}
                    aria-label={t('rounds.openOf', { id: r.roundId })}
                  >
                    <code>{r.roundId.length > 18 ? `${r.roundId.slice(0, 18)}…` : r.roundId}</code>
                  </Button>
                ),
              },
            ]}
          />
          <Pagination page={page} totalPages={rounds.data.totalPages} onChange={setPage} labels={pager} />
        </>
      )}
      {open && <RoundDetail round={open} onClose={() => setOpen(null)} />}
    </div>
  );
}
