import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatTime } from '../../features/wallet/lib/time.ts';
import { Button } from '../../shared/ui/button.tsx';
import { SelectField, TextField } from '../../shared/ui/field.tsx';
import { Loader } from '../../shared/ui/loader.tsx';
import { Modal } from '../../shared/ui/modal.tsx';
import { PageHeader } from '../../shared/ui/page-header.tsx';
import { Pagination } from '../../shared/ui/pagination.tsx';
import { Table } from '../../shared/ui/table.tsx';
import { hasPermission, useAdminSession } from '../session-store.ts';
import {
  type Freebet,
  type ImportedGameRef,
  useAggregatorStatus,
  useFreebetGames,
  useFreebets,
  useGrantFreebets,
  useHub88Round,
  useImportGames,
} from './aggregator-api.ts';
import { Amount, errorText, useAdminPager } from './cashier-ui.tsx';
import { type AdminRound, useAdminRounds, useRoundDetail } from './games-api.ts';
import { usePromotionsAdmin } from './promotions-api.ts';
import './games-admin.css';
import './aggregator-admin.css';

/** The seamless vendor code Hub88's rounds are recorded under (server: aggregator/service.ts). */
const HUB88 = 'HUB88';
/** Hub88 amounts are integers × 100000 (wallet-api page). */
const units = (v: unknown) => (typeof v === 'number' ? (v / 100_000).toFixed(2) : '—');

/** Import the aggregator's game list; the answer lists what was added and what was refreshed. */
function ImportCard() {
  const { t } = useTranslation('aggregator-admin');
  const run = useImportGames();
  const list = (title: string, games: ImportedGameRef[]) => (
    <div className="aggregator-admin__list">
      <h3>
        {title} ({games.length})
      </h3>
      {games.length === 0 ? (
        <p className="games-admin__muted">{t('import.none')}</p>
      ) : (
        <ul>
          {games.map((g) => (
            <li key={`${g.vendor}:${g.gameCode}`}>
              {g.name}{' '}
              <span className="games-admin__muted">
                · {g.vendor} · {g.gameCode}
              </span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
  return (
    <section className="aggregator-admin__card" aria-labelledby="aggregator-import">
      <h2 id="aggregator-import">{t('import.title')}</h2>
      <p className="games-admin__muted">{t('import.lead')}</p>
      <Button onClick={() => run.mutate()} disabled={run.isPending}>
        {run.isPending ? t('import.running') : t('import.run')}
      </Button>
      {run.error && <p className="wallet-error">{errorText(run.error)}</p>}
      {run.data && (
        <div role="status" className="aggregator-admin__result">
          <p>{t('import.summary', { games: run.data.games, vendors: run.data.vendors })}</p>
          {list(t('import.added'), run.data.added)}
          {list(t('import.updated'), run.data.updated)}
        </div>
      )}
    </section>
  );
}

/** A round: our record of it (the bets record's transactions) and Hub88's (Games API /game/round). */
export function Hub88RoundDetail({
  round,
  account,
  memberId,
  onClose,
}: {
  round: string;
  account: string;
  memberId: number | null;
  onClose(): void;
}) {
  const { t } = useTranslation('aggregator-admin');
  const ours = useRoundDetail(memberId === null ? null : { roundId: round, memberId, vendor: HUB88 });
  const bet = ours.data?.transactions.find((x) => x.kind === 'bet');
  const theirs = useHub88Round(bet ? { round, user: account, transactionUuid: bet.txId } : null);
  return (
    <Modal
      open
      onClose={onClose}
      title={t('rounds.detailTitle', { id: round })}
      closeLabel={t('close')}
      size="lg"
    >
      {ours.isPending || (bet && theirs.isPending) ? (
        <Loader label={t('loading')} />
      ) : ours.error ? (
        <p className="wallet-error">{errorText(ours.error)}</p>
      ) : !bet ? (
        <p>{t('rounds.noBet')}</p>
      ) : theirs.error ? (
        <p className="wallet-error">{errorText(theirs.error)}</p>
      ) : (
        <div className="games-admin__detail">
          <p>
            {account} · {ours.data?.gameName} · {t('rounds.ours')} {t('cols.bet')}{' '}
            <Amount value={ours.data!.bet} /> · {t('cols.win')} <Amount value={ours.data!.win} />
          </p>
          {typeof theirs.data?.url === 'string' && (
            <p>
              <a href={theirs.data.url} target="_blank" rel="noreferrer">
                {t('rounds.atHub88Page')}
              </a>
            </p>
          )}
          <h3>{t('rounds.atHub88')}</h3>
          <Table<Record<string, unknown>>
            caption={t('rounds.atHub88')}
            captionHidden
            rows={Array.isArray(theirs.data?.transactions) ? theirs.data.transactions : []}
            rowKey={(x) => String(x.transaction_uuid)}
            empty={t('rounds.none')}
            columns={[
              { key: 'kind', header: t('rounds.kind'), render: (x) => String(x.kind ?? '') },
              {
                key: 'tx',
                header: t('rounds.transaction'),
                // The uuid's first part: enough to match the bets record, narrow enough for a phone.
                render: (x) => (
                  <code title={String(x.transaction_uuid ?? '')}>
                    {String(x.transaction_uuid ?? '').slice(0, 8)}…
                  </code>
                ),
              },
              { key: 'amount', header: t('rounds.amount'), numeric: true, render: (x) => units(x.amount) },
              {
                key: 'status',
                header: t('rounds.status'),
                render: (x) => `${String(x.status ?? '')}${x.is_free ? ` · ${t('rounds.free')}` : ''}`,
              },
            ]}
          />
        </div>
      )}
    </Modal>
  );
}

/** The Hub88 rounds of the bets record, newest first, by player. */
function RoundsCard({ initialAccount, initialRound }: { initialAccount: string; initialRound: string }) {
  const { t, i18n } = useTranslation('aggregator-admin');
  const [draft, setDraft] = useState(initialAccount);
  const [account, setAccount] = useState(initialAccount);
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<{ round: string; account: string; memberId: number | null } | null>(
    initialRound && initialAccount ? { round: initialRound, account: initialAccount, memberId: null } : null,
  );
  const rounds = useAdminRounds({ pageNo: page, pageSize: 10, vendor: HUB88, account: account || undefined });
  const pager = useAdminPager();
  // Opened from a link (?round=&account=): the member id comes with the round's row.
  const linked =
    open && open.memberId === null ? rounds.data?.content.find((r) => r.roundId === open.round) : null;
  const shown = linked ? { ...open!, memberId: linked.memberId } : open;
  return (
    <section className="aggregator-admin__card" aria-labelledby="aggregator-rounds">
      <h2 id="aggregator-rounds">{t('rounds.title')}</h2>
      <form
        className="wallet-toolbar"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          setAccount(draft.trim().toLowerCase());
          setPage(1);
        }}
      >
        <TextField
          label={t('rounds.account')}
          value={draft}
          maxLength={50}
          onChange={(e) => setDraft(e.target.value)}
        />
        <Button type="submit">{t('search')}</Button>
      </form>
      {rounds.isPending ? (
        <Loader label={t('loading')} />
      ) : rounds.error ? (
        <p className="wallet-error">{errorText(rounds.error)}</p>
      ) : (
        <>
          <Table<AdminRound>
            caption={t('rounds.title')}
            captionHidden
            rows={rounds.data.content}
            rowKey={(r) => `${r.memberId}:${r.roundId}`}
            empty={t('rounds.none')}
            columns={[
              { key: 'time', header: t('cols.time'), render: (r) => formatTime(r.time, i18n.language) },
              { key: 'account', header: t('rounds.account'), render: (r) => r.account },
              { key: 'game', header: t('cols.game'), render: (r) => r.gameName },
              { key: 'bet', header: t('cols.bet'), numeric: true, render: (r) => <Amount value={r.bet} /> },
              { key: 'win', header: t('cols.win'), numeric: true, render: (r) => <Amount value={r.win} /> },
              {
                key: 'open',
                header: t('rounds.details'),
                render: (r) => (
                  <Button
                    size="sm"
                    variant="ghost"
                    onClick={() => setOpen({ round: r.roundId, account: r.account, memberId: r.memberId })}
                    aria-label={t('rounds.openOf', { id: r.roundId })}
                  >
                    {t('rounds.open')}
                  </Button>
                ),
              },
            ]}
          />
          <Pagination page={page} totalPages={rounds.data.totalPages} onChange={setPage} labels={pager} />
        </>
      )}
      {shown && shown.memberId !== null && (
        <Hub88RoundDetail
          round={shown.round}
          account={shown.account}
          memberId={shown.memberId}
          onClose={() => setOpen(null)}
        />
      )}
    </section>
  );
}

/** Free spins at a Hub88 game, granted under a promotion whose terms pay the wins. */
function FreebetsCard() {
  const { t, i18n } = useTranslation('aggregator-admin');
  const games = useFreebetGames(true);
  const promotions = usePromotionsAdmin();
  const granted = useFreebets(true);
  const grant = useGrantFreebets();
  const [form, setForm] = useState({
    account: '',
    promotionId: '',
    gameCode: '',
    betCount: '10',
    betValue: '1.00',
    days: '7',
  });
  const [error, setError] = useState<string | null>(null);
  const set = (k: keyof typeof form) => (e: { target: { value: string } }) =>
    setForm((f) => ({ ...f, [k]: e.target.value }));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const betCount = Number(form.betCount);
    const days = Number(form.days);
    if (!form.account.trim()) return setError(t('freebets.accountRequired'));
    if (!form.promotionId) return setError(t('freebets.promotionRequired'));
    if (!form.gameCode) return setError(t('freebets.gameRequired'));
    if (!Number.isInteger(betCount) || betCount < 1 || betCount > 100)
      return setError(t('freebets.countInvalid'));
    if (!/^\d{1,5}(\.\d{1,2})?$/.test(form.betValue) || Number(form.betValue) <= 0)
      return setError(t('freebets.valueInvalid'));
    if (!Number.isInteger(days) || days < 1 || days > 90) return setError(t('freebets.daysInvalid'));
    setError(null);
    grant.mutate({
      account: form.account.trim().toLowerCase(),
      promotionId: Number(form.promotionId),
      gameCode: form.gameCode,
      betCount,
      betValue: form.betValue,
      days,
    });
  };
  return (
    <section className="aggregator-admin__card" aria-labelledby="aggregator-freebets">
      <h2 id="aggregator-freebets">{t('freebets.title')}</h2>
      <p className="games-admin__muted">{t('freebets.lead')}</p>
      <form className="aggregator-admin__form" noValidate onSubmit={submit}>
        <TextField
          label={t('freebets.account')}
          value={form.account}
          maxLength={50}
          onChange={set('account')}
        />
        <SelectField label={t('freebets.promotion')} value={form.promotionId} onChange={set('promotionId')}>
          <option value="">{t('freebets.choose')}</option>
          {(promotions.data ?? []).map((p) => (
            <option key={p.id} value={p.id}>
              {p.title}
            </option>
          ))}
        </SelectField>
        <SelectField label={t('freebets.game')} value={form.gameCode} onChange={set('gameCode')}>
          <option value="">{t('freebets.choose')}</option>
          {(games.data ?? []).map((g) => (
            <option key={g.gameCode} value={g.gameCode}>
              {g.name}
            </option>
          ))}
        </SelectField>
        <TextField
          label={t('freebets.count')}
          inputMode="numeric"
          value={form.betCount}
          onChange={set('betCount')}
        />
        <TextField
          label={t('freebets.value')}
          inputMode="decimal"
          value={form.betValue}
          onChange={set('betValue')}
        />
        <TextField label={t('freebets.days')} inputMode="numeric" value={form.days} onChange={set('days')} />
        <Button type="submit" disabled={grant.isPending}>
          {t('freebets.grant')}
        </Button>
      </form>
      {games.error && <p className="wallet-error">{errorText(games.error)}</p>}
      {(error ?? grant.error) && <p className="wallet-error">{error ?? errorText(grant.error)}</p>}
      {grant.data && !error && (
        <p role="status">
          {t('freebets.granted', {
            count: grant.data.betCount,
            account: grant.data.account,
            game: grant.data.gameCode,
          })}
        </p>
      )}
      {granted.data && <h3>{t('freebets.list')}</h3>}
      {granted.data && (
        <Table<Freebet>
          caption={t('freebets.list')}
          captionHidden
          rows={granted.data}
          rowKey={(r) => r.id}
          empty={t('freebets.none')}
          columns={[
            { key: 'time', header: t('cols.time'), render: (r) => formatTime(r.createdAt, i18n.language) },
            { key: 'account', header: t('freebets.account'), render: (r) => r.account },
            {
              key: 'what',
              header: t('freebets.game'),
              render: (r) => (
                <>
                  {r.gameCode}
                  <div className="games-admin__muted">
                    {r.promotionTitle} · {r.status}
                  </div>
                </>
              ),
            },
            {
              key: 'spins',
              header: t('freebets.count'),
              numeric: true,
              render: (r) => `${r.rounds}/${r.betCount}`,
            },
            { key: 'won', header: t('freebets.won'), numeric: true, render: (r) => <Amount value={r.won} /> },
          ]}
        />
      )}
    </section>
  );
}

/**
 * The games aggregator (Hub88): how it is configured, the game-list import, its rounds with
 * Hub88's own record of each, and free spins through the Freebets API (with the promotions
 * permission). `?account=&round=` opens a round (the game rounds page links here).
 */
export default function AggregatorPage() {
  const { t } = useTranslation('aggregator-admin');
  const status = useAggregatorStatus();
  const permissions = useAdminSession((s) => s.permissions);
  const [query] = useState(() => new URLSearchParams(location.search));
  return (
    <div className="admin-page wallet-admin-page aggregator-admin">
      <PageHeader title={t('title')} lead={t('lead')} />
      {status.data && (
        <p className="games-admin__muted" data-testid="aggregator-status">
          {t(`mode.${status.data.mode}`)} · {t('operatorId', { id: status.data.operatorId })}
          {status.data.apiUrl ? ` · ${status.data.apiUrl}` : ''}
        </p>
      )}
      <ImportCard />
      <RoundsCard initialAccount={query.get('account') ?? ''} initialRound={query.get('round') ?? ''} />
      {hasPermission(permissions, 'promotions') && <FreebetsCard />}
    </div>
  );
}
