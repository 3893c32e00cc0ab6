import { INHOUSE_GAMES, type InhouseRoundDetail } from '@wps/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatTime } from '../../features/wallet/lib/time.ts';
import { Button } from '../../shared/ui/button.tsx';
import { SelectField, TextField } from '../../shared/ui/field.tsx';
import { Loader } from '../../shared/ui/loader.tsx';
import { Modal } from '../../shared/ui/modal.tsx';
import { PageHeader } from '../../shared/ui/page-header.tsx';
import { Pagination } from '../../shared/ui/pagination.tsx';
import { Table } from '../../shared/ui/table.tsx';
import { Amount, errorText, useAdminPager } from './cashier-ui.tsx';
import { type InhouseAdminRound, useInhouseRoundDetail, useInhouseRounds } from './inhouse-admin-api.ts';
import { useGameName } from './inhouse-admin-ui.ts';
import './games-admin.css';

const DATE_RE = /^\d{4}-\d{2}-\d{2}$/;
const MEMBER_RE = /^[1-9]\d{0,9}$/;
type Filter = { memberId: string; game: string; from: string; to: string };
const EMPTY: Filter = { memberId: '', game: '', from: '', to: '' };

/** JSON of the bet, actions and outcome, as stored: what the verifier replays. */
const json = (v: unknown) => JSON.stringify(v, null, 1);

/** One round: stake, payout, what was bet and played, and the fairness proof with the verifier link. */
function RoundDetail({ roundId, onClose }: { roundId: string; onClose(): void }) {
  const { t, i18n } = useTranslation('games-admin');
  const nameOf = useGameName();
  const detail = useInhouseRoundDetail(roundId);
  const d: InhouseRoundDetail | undefined = detail.data;
  return (
    <Modal
      open
      onClose={onClose}
      title={t('rounds.detailTitle', { id: roundId })}
      closeLabel={t('close')}
      size="lg"
    >
      {detail.isPending ? (
        <Loader label={t('loading')} />
      ) : detail.error || !d ? (
        <p className="wallet-error">{errorText(detail.error)}</p>
      ) : (
        <div className="games-admin__detail" data-testid="inhouse-round-detail">
          <p>
            {nameOf(d.game)} · {t(`inhouse.status.${d.status}`)}
            {d.trial && ` · ${t('inhouse.trial')}`}
            {d.capped && ` · ${t('inhouse.capped')}`}
          </p>
          <p>
            {t('inhouse.cols.stake')} <Amount value={d.stake} /> · {t('inhouse.cols.payout')}{' '}
            <Amount value={d.payout} />
          </p>
          <p className="games-admin__muted">
            {formatTime(d.createdAt, i18n.language)}
            {d.settledAt && ` → ${formatTime(d.settledAt, i18n.language)}`}
          </p>
          <section aria-labelledby="ih-proof-title">
            <h3 id="ih-proof-title">{t('inhouse.proof')}</h3>
            <dl className="games-admin__proof">
              <dt>{t('inhouse.serverSeedHash')}</dt>
              <dd>
                <code>{d.proof.serverSeedHash}</code>
              </dd>
              <dt>{t('inhouse.serverSeed')}</dt>
              <dd>{d.proof.serverSeed ? <code>{d.proof.serverSeed}</code> : t('inhouse.notRevealed')}</dd>
              <dt>{t('inhouse.clientSeed')}</dt>
              <dd>
                <code>{d.proof.clientSeed}</code>
              </dd>
              <dt>{t('inhouse.nonce')}</dt>
              <dd className="num">{d.proof.nonce}</dd>
            </dl>
            <a href={`/verify?round=${encodeURIComponent(d.roundId)}`} target="_blank" rel="noopener">
              {t('inhouse.verify')}
            </a>
          </section>
          <details>
            <summary>{t('inhouse.play')}</summary>
            <h4>{t('inhouse.bet')}</h4>
            <pre className="games-admin__json">{json(d.bet)}</pre>
            {d.actions.length > 0 && (
              <>
                <h4>{t('inhouse.actions')}</h4>
                <pre className="games-admin__json">{json(d.actions)}</pre>
              </>
            )}
            <h4>{t('inhouse.outcome')}</h4>
            <pre className="games-admin__json">{json(d.outcome)}</pre>
          </details>
        </div>
      )}
    </Modal>
  );
}

/** In-house rounds: by player (member id), game and business days, newest first. */
export default function InhouseRoundsPage() {
  const { t, i18n } = useTranslation('games-admin');
  const nameOf = useGameName();
  const [draft, setDraft] = useState<Filter>(EMPTY);
  const [filter, setFilter] = useState<Filter>(EMPTY);
  const [error, setError] = useState<string | null>(null);
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<string | null>(null);
  const rounds = useInhouseRounds({
    pageNo: page,
    pageSize: 20,
    memberId: filter.memberId || undefined,
    game: filter.game || undefined,
    from: filter.from || undefined,
    to: filter.to || undefined,
  });
  const pager = useAdminPager();
  return (
    <div className="admin-page wallet-admin-page">
      <PageHeader title={t('inhouseRounds.title')} lead={t('inhouseRounds.lead')} />
      <form
        className="wallet-toolbar"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          const next = { ...draft, memberId: draft.memberId.trim() };
          if (next.memberId && !MEMBER_RE.test(next.memberId))
            return setError(t('inhouseRounds.memberInvalid'));
          if ((next.from && !DATE_RE.test(next.from)) || (next.to && !DATE_RE.test(next.to)))
            return setError(t('rounds.dateInvalid'));
          if (next.from && next.to && next.from > next.to) return setError(t('inhouseRounds.rangeInvalid'));
          setError(null);
          setFilter(next);
          setPage(1);
        }}
      >
        <TextField
          label={t('inhouseRounds.memberId')}
          inputMode="numeric"
          maxLength={10}
          value={draft.memberId}
          onChange={(e) => setDraft((d) => ({ ...d, memberId: e.target.value }))}
        />
        <SelectField
          label={t('cols.game')}
          value={draft.game}
          onChange={(e) => setDraft((d) => ({ ...d, game: e.target.value }))}
        >
          <option value="">{t('all')}</option>
          {INHOUSE_GAMES.map((g) => (
            <option key={g} value={g}>
              {nameOf(g)}
            </option>
          ))}
        </SelectField>
        <TextField
          label={t('rounds.from')}
          type="date"
          value={draft.from}
          onChange={(e) => setDraft((d) => ({ ...d, from: e.target.value }))}
        />
        <TextField
          label={t('rounds.to')}
          type="date"
          value={draft.to}
          onChange={(e) => setDraft((d) => ({ ...d, to: e.target.value }))}
        />
        <Button type="submit">{t('search')}</Button>
      </form>
      {error && <p className="wallet-error">{error}</p>}
      {rounds.isPending ? (
        <Loader label={t('loading')} />
      ) : rounds.error ? (
        <p className="wallet-error">{errorText(rounds.error)}</p>
      ) : (
        <>
          <p className="games-admin__muted">{t('rounds.totals', { count: rounds.data.total })}</p>
          <Table<InhouseAdminRound>
            caption={t('inhouseRounds.title')}
            captionHidden
            rows={rounds.data.content}
            rowKey={(r) => r.roundId}
            empty={t('rounds.none')}
            columns={[
              { key: 'time', header: t('cols.time'), render: (r) => formatTime(r.createdAt, i18n.language) },
              {
                key: 'member',
                header: t('inhouseRounds.memberId'),
                numeric: true,
                render: (r) => r.memberId,
              },
              {
                key: 'game',
                header: t('cols.game'),
                render: (r) => (
                  <>
                    {nameOf(r.game)}
                    <div className="games-admin__muted">
                      {t('inhouse.nonce')} {r.nonce}
                      {r.trial && ` · ${t('inhouse.trial')}`}
                    </div>
                  </>
                ),
              },
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
              {
                key: 'status',
                header: t('rounds.result'),
                render: (r) => t(`inhouse.status.${r.status === 'open' ? 'open' : 'settled'}`),
              },
              {
                key: 'open',
                header: t('rounds.roundId'),
                render: (r) => (
                  <Button
                    size="sm"
                    variant="ghost"
                    onClick={() => setOpen(r.roundId)}
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
      {open && <RoundDetail roundId={open} onClose={() => setOpen(null)} />}
    </div>
  );
}
