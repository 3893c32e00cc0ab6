import { RISK_FLAGS, type RiskFlag } from '@wps/contract';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatTime } from '../../features/wallet/lib/time.ts';
import { useLocale } from '../../features/wallet/lib/use-locale.ts';
import { ApiError } from '../../shared/api/client.ts';
import { Button } from '../../shared/ui/button.tsx';
import { FieldShell, TextField } from '../../shared/ui/field.tsx';
import { toast } from '../../shared/ui/toast.tsx';
import { hasPermission, useAdminSession } from '../session-store.ts';
import { errorText } from './cashier-ui.tsx';
import {
  addNote,
  movePlayer,
  type PlayerProfile,
  sendMessage,
  setLabels,
  usePlayerAction,
  usePlayerNotes,
  usePlayerPromotions,
} from './players-api.ts';

export { LoginsTab, SessionsTab } from './player-history.tsx';

const fieldsOf = (e: unknown) => (e instanceof ApiError ? e.fields : {});

/** Identity, uplines, tags and risk flags, and the move to another agent. */
export function OverviewTab({ player, canWrite }: { player: PlayerProfile; canWrite: boolean }) {
  const { t } = useTranslation('players-admin');
  const locale = useLocale();
  const rows: Array<[string, string | null]> = [
    [t('field.account'), player.account],
    [t('field.type'), player.isAgent ? t('type.agent') : t('type.player')],
    [t('field.nickname'), player.nickname],
    [t('field.realName'), player.payeeName],
    [
      t('field.mobile'),
      player.mobileNum
        ? `+${player.countryDialingCode ?? ''} ${player.mobileNum}${player.mobileVerified ? ` ✓` : ''}`
        : null,
    ],
    [t('field.email'), player.email ? `${player.email}${player.emailVerified ? ' ✓' : ''}` : null],
    [t('field.registerIp'), player.registerIp],
    [t('field.createdAt'), formatTime(player.createdAt, locale)],
    [t('field.lastLoginAt'), player.lastLoginAt ? formatTime(player.lastLoginAt, locale) : null],
    [t('field.upline'), player.uplines.map((u) => u.account).join(' › ') || t('none')],
  ];
  return (
    <div className="player-overview">
      <dl className="player-facts">
        {rows.map(([k, v]) => (
          <div key={k}>
            <dt>{k}</dt>
            <dd>{v ?? '—'}</dd>
          </div>
        ))}
      </dl>
      <LabelsEditor player={player} canWrite={canWrite} />
      {canWrite && <MoveForm player={player} />}
    </div>
  );
}

function LabelsEditor({ player, canWrite }: { player: PlayerProfile; canWrite: boolean }) {
  const { t } = useTranslation('players-admin');
  const [tags, setTags] = useState(player.tags.join(', '));
  const [flags, setFlags] = useState<RiskFlag[]>(player.riskFlags);
  const save = usePlayerAction(player.id, () =>
    setLabels(player.id, {
      tags: tags
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
      riskFlags: flags,
    }),
  );
  const submit = (e: FormEvent) => {
    e.preventDefault();
    save.mutate(undefined, { onSuccess: () => toast.success(t('saved')) });
  };
  return (
    <form className="admin-form player-labels" onSubmit={submit}>
      <h2>{t('labels.title')}</h2>
      <TextField
        label={t('labels.tags')}
        hint={t('labels.tagsHint')}
        value={tags}
        disabled={!canWrite}
        error={save.error ? (fieldsOf(save.error).tags ?? errorText(save.error)) : undefined}
        onChange={(e) => setTags(e.target.value)}
      />
      <fieldset className="player-flags" disabled={!canWrite}>
        <legend>{t('labels.risk')}</legend>
        {RISK_FLAGS.map((f) => (
          <label key={f} className="player-flag">
            <input
              type="checkbox"
              checked={flags.includes(f)}
              onChange={(e) => setFlags(e.target.checked ? [...flags, f] : flags.filter((x) => x !== f))}
            />
            {t(`risk.${f}`)}
          </label>
        ))}
      </fieldset>
      {canWrite && (
        <Button type="submit" size="sm" loading={save.isPending}>
          {t('labels.save')}
        </Button>
      )}
    </form>
  );
}

function MoveForm({ player }: { player: PlayerProfile }) {
  const { t } = useTranslation('players-admin');
  const [parent, setParent] = useState('');
  const move = usePlayerAction(player.id, (account: string | null) => movePlayer(player.id, account));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    move.mutate(parent.trim() || null, { onSuccess: () => toast.success(t('move.done')) });
  };
  return (
    <form className="admin-form" onSubmit={submit}>
      <h2>{t('move.title')}</h2>
      <p className="muted">{t('move.lead')}</p>
      <TextField
        label={t('move.parent')}
        hint={t('move.parentHint')}
        value={parent}
        autoComplete="off"
        error={move.error ? (fieldsOf(move.error).parentAccount ?? errorText(move.error)) : undefined}
        onChange={(e) => setParent(e.target.value)}
      />
      <Button type="submit" size="sm" loading={move.isPending}>
        {t('move.submit')}
      </Button>
    </form>
  );
}

/** Append-only notes, newest first, each with its author. */
export function NotesTab({ id, canWrite }: { id: number; canWrite: boolean }) {
  const { t } = useTranslation('players-admin');
  const locale = useLocale();
  const notes = usePlayerNotes(id);
  const [body, setBody] = useState('');
  const add = usePlayerAction(id, (text: string) => addNote(id, text));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!body.trim()) return;
    add.mutate(body.trim(), { onSuccess: () => setBody('') });
  };
  return (
    <div className="player-notes">
      {canWrite && (
        <form className="admin-form" onSubmit={submit}>
          <FieldShell label={t('notes.new')} error={add.error ? errorText(add.error) : undefined}>
            {({ inputId, describedBy, invalid }) => (
              <textarea
                id={inputId}
                className="input"
                rows={3}
                maxLength={2000}
                value={body}
                aria-describedby={describedBy}
                aria-invalid={invalid || undefined}
                onChange={(e) => setBody(e.target.value)}
              />
            )}
          </FieldShell>
          <Button type="submit" size="sm" loading={add.isPending}>
            {t('notes.add')}
          </Button>
        </form>
      )}
      {notes.error && <p className="wallet-error">{errorText(notes.error)}</p>}
      {notes.data?.length === 0 && <p className="muted">{t('notes.none')}</p>}
      <ol className="player-note-list">
        {notes.data?.map((n) => (
          <li key={n.id}>
            <p className="player-note__meta">
              {n.authorAccount} · {formatTime(n.createdAt, locale)}
            </p>
            <p className="player-note__body">{n.body}</p>
          </li>
        ))}
      </ol>
    </div>
  );
}

/** Wallet and rounds (links to their console pages, pre-filled), promotions, and a message. */
export function ActivityTab({ player, canWrite }: { player: PlayerProfile; canWrite: boolean }) {
  const { t } = useTranslation('players-admin');
  const permissions = useAdminSession((s) => s.permissions);
  const promos = usePlayerPromotions(player.id);
  const account = encodeURIComponent(player.account);
  return (
    <div className="player-activity">
      <ul className="player-links">
        {hasPermission(permissions, 'cashier') && (
          <li>
            <Link to={`/wallets?account=${account}`}>{t('activity.wallet')}</Link>
          </li>
        )}
        {hasPermission(permissions, 'games') && (
          <li>
            <Link to={`/game-rounds?account=${account}`}>{t('activity.rounds')}</Link>
          </li>
        )}
      </ul>
      <h2>{t('activity.promotions')}</h2>
      {promos.error && <p className="muted">{errorText(promos.error)}</p>}
      {promos.data?.rewards.length === 0 && <p className="muted">{t('activity.noPromotions')}</p>}
      <ul className="player-promos">
        {promos.data?.rewards.map((r) => (
          <li key={`${r.promotionId}-${r.updatedAt}`}>
            {r.title} — {r.status}
          </li>
        ))}
      </ul>
      {canWrite && <MessageForm id={player.id} />}
    </div>
  );
}

function MessageForm({ id }: { id: number }) {
  const { t } = useTranslation('players-admin');
  const [form, setForm] = useState({ title: '', body: '' });
  const send = usePlayerAction(id, () => sendMessage(id, form));
  const fields = fieldsOf(send.error);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    send.mutate(undefined, {
      onSuccess: () => {
        setForm({ title: '', body: '' });
        toast.success(t('message.sent'));
      },
    });
  };
  return (
    <form className="admin-form" onSubmit={submit}>
      <h2>{t('message.title')}</h2>
      <TextField
        label={t('message.subject')}
        value={form.title}
        maxLength={100}
        error={fields.title}
        onChange={(e) => setForm({ ...form, title: e.target.value })}
      />
      <FieldShell label={t('message.body')} error={fields.body}>
        {({ inputId, describedBy, invalid }) => (
          <textarea
            id={inputId}
            className="input"
            rows={3}
            maxLength={2000}
            value={form.body}
            aria-describedby={describedBy}
            aria-invalid={invalid || undefined}
            onChange={(e) => setForm({ ...form, body: e.target.value })}
          />
        )}
      </FieldShell>
      {send.error && !Object.keys(fields).length && <p role="alert">{errorText(send.error)}</p>}
      <Button type="submit" size="sm" loading={send.isPending}>
        {t('message.send')}
      </Button>
    </form>
  );
}
