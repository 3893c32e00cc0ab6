import { LOTTERY_DRAW_STATES, type LotteryDrawState } from '@wps/contract';
import { LOTTERY_STRUCTURES } from '@wps/games';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../shared/ui/button.tsx';
import { SelectField, TextField } from '../../shared/ui/field.tsx';
import { Loader } from '../../shared/ui/loader.tsx';
import { PageHeader } from '../../shared/ui/page-header.tsx';
import { toast } from '../../shared/ui/toast.tsx';
import { useAdminSession } from '../session-store.ts';
import { errorText } from './cashier-ui.tsx';
import { EditDialog } from './edit-dialog.tsx';
import {
  type ResultDraw,
  type ResultSource,
  splitNumbers,
  useApproveDiscard,
  useApproveResult,
  useEnterResult,
  useLotteryResults,
  useProposeDiscard,
} from './lottery-results-api.ts';
import './games-admin.css';
import './lottery-results.css';

/** The prize lines of a station-named draw: North (ĐB … G7) when its game is VN_NORTH, else Central/South. */
const slotsOf = (gameCode: string) => LOTTERY_STRUCTURES[gameCode === 'VN_NORTH' ? 'north' : 'south'];

const line = (results: Record<string, string[]> | null | undefined) =>
  results
    ? Object.entries(results)
        .map(([k, v]) => `${k} ${v.join(' ')}`)
        .join(' · ')
    : '';

/** Entering a draw's official result, one field per prize line, as printed on the official sheet. */
function EnterDialog({ draw, onClose }: { draw: ResultDraw; onClose(): void }) {
  const { t } = useTranslation('lottery-results');
  const enter = useEnterResult();
  const slots = slotsOf(draw.gameCode);
  const start = draw.operator?.results ?? draw.feed?.results ?? {};
  const [values, setValues] = useState<Record<string, string>>(
    Object.fromEntries(slots.map((s) => [s.key, (start[s.key] ?? []).join(' ')])),
  );
  const [errors, setErrors] = useState<Record<string, string>>({});
  const submit = () => {
    const errs: Record<string, string> = {};
    const results: Record<string, string[]> = {};
    for (const s of slots) {
      const nums = splitNumbers(values[s.key] ?? '');
      if (nums.length !== s.count || nums.some((n) => !new RegExp(`^\\d{${s.digits}}$`).test(n)))
        errs[s.key] = t('badLine', { count: s.count, digits: s.digits });
      results[s.key] = nums;
    }
    setErrors(errs);
    if (Object.keys(errs).length) return;
    enter.mutate(
      { drawId: draw.drawId, results },
      {
        onSuccess: () => {
          toast.success(t('entered'));
          onClose();
        },
        onError: (e) => setErrors({ form: errorText(e) }),
      },
    );
  };
  return (
    <EditDialog
      ns="lottery-results"
      title={t('enterTitle', { name: draw.gameName, time: new Date(draw.drawTime).toLocaleString() })}
      note={t('enterNote')}
      error={errors.form}
      pending={enter.isPending}
      saveTestId="result-save"
      onSave={submit}
      onClose={onClose}
    >
      {slots.map((s) => (
        <TextField
          key={s.key}
          label={t('prizeLine', { key: s.key, count: s.count, digits: s.digits })}
          value={values[s.key] ?? ''}
          error={errors[s.key]}
          inputMode="numeric"
          maxLength={80}
          onChange={(e) => setValues((v) => ({ ...v, [s.key]: e.target.value }))}
          data-testid={`result-${s.key}`}
        />
      ))}
    </EditDialog>
  );
}

/** Proposing to throw one source's result out: a reason, kept with the draw and in the audit log. */
function DiscardDialog({
  draw,
  source,
  onClose,
}: {
  draw: ResultDraw;
  source: ResultSource;
  onClose(): void;
}) {
  const { t } = useTranslation('lottery-results');
  const propose = useProposeDiscard();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<{ reason?: string; form?: string }>({});
  const submit = () => {
    if (reason.trim().length < 3) return setError({ reason: t('discardReasonShort') });
    propose.mutate(
      { drawId: draw.drawId, source, reason: reason.trim() },
      {
        onSuccess: () => {
          toast.success(t('discardSent'));
          onClose();
        },
        onError: (e) => setError({ form: errorText(e) }),
      },
    );
  };
  return (
    <EditDialog
      ns="lottery-results"
      title={t('discardTitle', { source: t(`source.${source}`) })}
      note={t('discardNote')}
      error={error.form}
      pending={propose.isPending}
      saveTestId="discard-save"
      onSave={submit}
      onClose={onClose}
    >
      <TextField
        label={t('discardReason')}
        value={reason}
        error={error.reason}
        maxLength={500}
        onChange={(e) => setReason(e.target.value)}
        data-testid="discard-reason"
      />
    </EditDialog>
  );
}

/**
 * Under one source's result: its throw-out as it stands (thrown out, or proposed with its reason)
 * and the action this operator may take: propose it, or approve another operator's proposal.
 */
function DiscardLine({
  draw,
  source,
  me,
  open,
  onPropose,
}: {
  draw: ResultDraw;
  source: ResultSource;
  me: string;
  /** The draw takes changes (past its time, not drawn yet). */
  open: boolean;
  onPropose(): void;
}) {
  const { t } = useTranslation('lottery-results');
  const approve = useApproveDiscard();
  const entry = draw[source];
  if (!entry) return null;
  const d = entry.discard;
  if (d?.discardedBy)
    return (
      <span className="small text-danger" data-testid={`discarded-${source}`}>
        {t('discarded', { by: d.discardedBy, proposer: d.proposedBy, reason: d.reason })}
      </span>
    );
  const mine = d?.proposedBy === me;
  const onApprove = () =>
    approve.mutate(
      { drawId: draw.drawId, source },
      {
        onSuccess: () => toast.success(t('discardDone')),
        onError: (e) => toast.error(errorText(e)),
      },
    );
  return (
    <span className="lr-discard">
      {d && (
        <span className="small lr-discard-proposed" data-testid={`discard-proposed-${source}`}>
          {t('discardProposed', { name: d.proposedBy, reason: d.reason })}
        </span>
      )}
      {open && d && (
        <Button
          size="sm"
          onClick={onApprove}
          loading={approve.isPending}
          disabled={mine}
          title={mine ? t('discardOwn') : undefined}
          data-testid={`discard-approve-${source}`}
        >
          {t('discardApprove')}
        </Button>
      )}
      {open && d && mine && <span className="small muted">{t('discardOwn')}</span>}
      {open && !d && (
        <Button size="sm" variant="ghost" onClick={onPropose} data-testid={`discard-${source}`}>
          {t('discard')}
        </Button>
      )}
    </span>
  );
}

function DrawCard({
  draw,
  me,
  onEnter,
  onDiscard,
}: {
  draw: ResultDraw;
  me: string;
  onEnter(): void;
  onDiscard(source: ResultSource): void;
}) {
  const { t } = useTranslation('lottery-results');
  const approve = useApproveResult();
  const final = draw.state === 'drawn' || draw.state === 'settled';
  // A result is entered once the draw has taken place (the server refuses it earlier).
  const due = Date.parse(draw.drawTime) <= Date.now();
  const pending = draw.operator && !draw.operator.approvedBy && !draw.operator.discard?.discardedBy;
  const mine = pending && draw.operator?.enteredBy === me;
  const onApprove = () =>
    approve.mutate(draw.drawId, {
      onSuccess: () => toast.success(t('approved')),
      onError: (e) => toast.error(errorText(e)),
    });
  return (
    <article
      className="card lr-draw"
      data-testid="result-draw"
      data-draw={draw.drawId}
      data-state={draw.state}
    >
      <header className="lt-row">
        <strong>
          {draw.gameName} · {new Date(draw.drawTime).toLocaleString()}
        </strong>
        <span className={`lr-state lr-state--${draw.state}`} data-testid="result-state">
          {t(`state.${draw.state}`)}
        </span>
      </header>
      <p className="small muted">
        {draw.drawId}
        {draw.stations.length > 0 && <> · {draw.stations.join(', ')}</>} ·{' '}
        {t('openTickets', { count: draw.openTickets })}
      </p>
      {draw.state === 'conflict' && (
        <p className="wallet-error" role="alert" data-testid="result-conflict">
          {t('conflictWhy', { keys: draw.conflicts.join(', ') })}
        </p>
      )}
      <dl className="lr-sources">
        <dt>{t('operatorEntry')}</dt>
        <dd data-testid="result-operator">
          {draw.operator ? (
            <>
              <span className="lt-mono">{line(draw.operator.results)}</span>
              <br />
              <span className="small">
                {t('enteredBy', { name: draw.operator.enteredBy })} ·{' '}
                {draw.operator.approvedBy
                  ? t('approvedBy', { name: draw.operator.approvedBy })
                  : t('awaitingApproval')}
              </span>
              <br />
              <DiscardLine
                draw={draw}
                source="operator"
                me={me}
                open={!final && due}
                onPropose={() => onDiscard('operator')}
              />
            </>
          ) : (
            <span className="muted">{t('none')}</span>
          )}
        </dd>
        <dt>{t('feed')}</dt>
        <dd data-testid="result-feed">
          {draw.feed ? (
            <>
              <span className="lt-mono">{line(draw.feed.results)}</span>
              <br />
              <span className="small muted">{draw.feed.feedUrl}</span>
              <br />
              <DiscardLine
                draw={draw}
                source="feed"
                me={me}
                open={!final && due}
                onPropose={() => onDiscard('feed')}
              />
            </>
          ) : (
            <span className="muted">{t('none')}</span>
          )}
        </dd>
        {draw.official && (
          <>
            <dt>{t('paidOn')}</dt>
            <dd data-testid="result-official">
              {t(`source.${draw.official.source}`)}
              {draw.official.approvedBy && <> · {t('approvedBy', { name: draw.official.approvedBy })}</>}
            </dd>
          </>
        )}
      </dl>
      {!final && due && (
        <div className="lt-row">
          <Button size="sm" variant="ghost" onClick={onEnter} data-testid="result-enter">
            {draw.operator ? t('correct') : t('enter')}
          </Button>
          {pending && (
            <Button
              size="sm"
              onClick={onApprove}
              loading={approve.isPending}
              disabled={Boolean(mine)}
              title={mine ? t('ownEntry') : undefined}
              data-testid="result-approve"
            >
              {t('approve')}
            </Button>
          )}
          {mine && <span className="small muted">{t('ownEntry')}</span>}
        </div>
      )}
    </article>
  );
}

/**
 * Console › Lottery results (issue 28): the station-named draws past their time. An operator
 * enters the official result, a different operator approves it (both audited), and the draw pays
 * on it; the results feed is a second source, and when the two disagree nothing settles and the
 * draw shows why. A wrong result (either source's) is thrown out on four eyes too: one operator
 * proposes it with a reason, another approves. A draw without its result waits; nothing is ever
 * voided here.
 */
export default function LotteryResultsPage() {
  const { t } = useTranslation('lottery-results');
  const [state, setState] = useState<LotteryDrawState | ''>('');
  const results = useLotteryResults(state);
  const [editing, setEditing] = useState<ResultDraw | null>(null);
  const [discarding, setDiscarding] = useState<{ draw: ResultDraw; source: ResultSource } | null>(null);
  const me = useAdminSession((s) => s.account) ?? '';
  return (
    <div className="admin-page wallet-admin-page">
      <PageHeader title={t('title')} lead={t('lead')} />
      <div className="wallet-toolbar">
        <SelectField
          label={t('stateFilter')}
          value={state}
          onChange={(e) => setState(e.target.value as LotteryDrawState | '')}
          data-testid="result-filter"
        >
          <option value="">{t('all')}</option>
          {LOTTERY_DRAW_STATES.map((s) => (
            <option key={s} value={s}>
              {t(`state.${s}`)}
            </option>
          ))}
        </SelectField>
      </div>
      {results.isPending ? (
        <Loader label={t('loading')} />
      ) : results.error ? (
        <p className="wallet-error">{errorText(results.error)}</p>
      ) : (
        <>
          <p className="small muted" data-testid="feed-status">
            {results.data.feedConfigured ? t('feedOn') : t('feedOff')}
          </p>
          {results.data.draws.length === 0 && <p className="small muted">{t('empty')}</p>}
          {results.data.draws.map((d) => (
            <DrawCard
              key={d.drawId}
              draw={d}
              me={me}
              onEnter={() => setEditing(d)}
              onDiscard={(source) => setDiscarding({ draw: d, source })}
            />
          ))}
        </>
      )}
      {editing && <EnterDialog draw={editing} onClose={() => setEditing(null)} />}
      {discarding && (
        <DiscardDialog
          draw={discarding.draw}
          source={discarding.source}
          onClose={() => setDiscarding(null)}
        />
      )}
    </div>
  );
}
