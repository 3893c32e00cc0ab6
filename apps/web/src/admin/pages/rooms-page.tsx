import { ROOM_MUTE_MINUTES_MAX, ROOM_REASON_MAX, type RoomAdminMessage } from '@wps/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../shared/lib/format.ts';
import { Button } from '../../shared/ui/button.tsx';
import { EmptyState } from '../../shared/ui/empty-state.tsx';
import { Loader } from '../../shared/ui/loader.tsx';
import { PageHeader } from '../../shared/ui/page-header.tsx';
import { toast } from '../../shared/ui/toast.tsx';
import { errorText } from './cashier-ui.tsx';
import {
  type SanctionAction,
  useDeleteMessage,
  useRoomMessages,
  useRooms,
  useSanction,
  useSanctions,
} from './rooms-admin-api.ts';
import { RoomWordsEditor } from './rooms-words.tsx';
import { useSupportDeskSocket } from './support-admin-api.ts';
import './rooms-admin.css';

function Messages({
  room,
  live,
  act,
}: {
  room: string;
  live: boolean;
  act(m: RoomAdminMessage, action: 'delete' | 'mute' | 'ban'): void;
}) {
  const { t, i18n } = useTranslation('rooms-admin');
  const messages = useRoomMessages(room, live);
  if (messages.isPending) return <Loader label={t('loading')} />;
  const list = messages.data?.messages ?? [];
  if (!list.length) return <EmptyState title={t('noMessages')} compact />;
  return (
    <ol className="rooms-desk__messages" aria-label={t('messages')}>
      {[...list].reverse().map((m) => (
        <li key={m.id} className="rooms-desk__message">
          <div className="rooms-desk__who">
            <strong>{m.authorName}</strong>
            <span className="small muted">
              {m.account} · {formatDateTime(m.createdAt, i18n.language)}
            </span>
          </div>
          <p className="rooms-desk__text">{m.text}</p>
          {m.filtered && <p className="small muted">{t('filtered')}</p>}
          <div className="rooms-desk__row">
            <Button size="sm" variant="danger" onClick={() => act(m, 'delete')}>
              {t('delete')}
            </Button>
            <Button size="sm" variant="secondary" onClick={() => act(m, 'mute')}>
              {t('mute')}
            </Button>
            <Button size="sm" variant="secondary" onClick={() => act(m, 'ban')}>
              {t('ban')}
            </Button>
          </div>
        </li>
      ))}
    </ol>
  );
}

function Sanctions({ room, live }: { room: string; live: boolean }) {
  const { t, i18n } = useTranslation('rooms-admin');
  const sanctions = useSanctions(room, live);
  const sanction = useSanction();
  const lift = (memberId: number, action: SanctionAction) =>
    sanction.mutate({ room, memberId, action }, { onError: (e) => toast.error(errorText(e)) });
  return (
    <section className="rooms-desk__panel" aria-label={t('sanctions')}>
      <h2 className="rooms-desk__heading">{t('sanctions')}</h2>
      {(sanctions.data ?? []).length === 0 ? (
        <p className="small muted">{t('noSanctions')}</p>
      ) : (
        <ul className="rooms-desk__sanctions">
          {sanctions.data?.map((s) => (
            <li key={s.memberId} className="rooms-desk__sanction">
              <strong>{s.account}</strong>
              <span className="small">
                {s.banned
                  ? t('bannedNow')
                  : t('mutedUntil', { until: formatDateTime(s.mutedUntil, i18n.language) })}
                {s.reason ? ` · ${s.reason}` : ''} · {t('by', { account: s.operatorAccount })}
              </span>
              <div className="rooms-desk__row">
                {s.banned && (
                  <Button size="sm" variant="secondary" onClick={() => lift(s.memberId, 'unban')}>
                    {t('unban')}
                  </Button>
                )}
                {s.mutedUntil && Date.parse(s.mutedUntil) > Date.now() && (
                  <Button size="sm" variant="secondary" onClick={() => lift(s.memberId, 'unmute')}>
                    {t('unmute')}
                  </Button>
                )}
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/**
 * Console "Host rooms" (issue 31): pick a room, watch its messages live, delete one, mute its author
 * for some minutes or ban them (with a reason), lift sanctions, and keep the word filter. Every
 * action is audited on the server.
 */
export default function RoomsPage() {
  const { t } = useTranslation('rooms-admin');
  const rooms = useRooms();
  const [picked, setPicked] = useState<string | null>(null);
  const room = picked ?? rooms.data?.[0]?.id ?? null;
  const live = useSupportDeskSocket(room);
  const [minutes, setMinutes] = useState('10');
  const [reason, setReason] = useState('');
  const remove = useDeleteMessage();
  const sanction = useSanction();
  const fail = (e: unknown) => toast.error(errorText(e));

  const act = (m: RoomAdminMessage, action: 'delete' | 'mute' | 'ban') => {
    if (!room) return;
    if (action === 'delete') {
      remove.mutate({ room, id: m.id }, { onSuccess: () => toast.success(t('deleted')), onError: fail });
      return;
    }
    const n = Number(minutes);
    if (action === 'mute' && !(Number.isInteger(n) && n >= 1 && n <= ROOM_MUTE_MINUTES_MAX)) {
      toast.error(t('minutesRange', { max: ROOM_MUTE_MINUTES_MAX }));
      return;
    }
    sanction.mutate(
      { room, memberId: m.memberId, action, minutes: n, reason: reason.trim() },
      {
        onSuccess: () =>
          toast.success(
            action === 'mute'
              ? t('mutedDone', { account: m.account })
              : t('bannedDone', { account: m.account }),
          ),
        onError: fail,
      },
    );
  };

  return (
    <div className="rooms-desk">
      <PageHeader title={t('title')} lead={room ? (live ? t('live') : t('polling')) : undefined} />
      {rooms.isPending ? (
        <Loader label={t('loading')} />
      ) : !rooms.data?.length || !room ? (
        <EmptyState title={t('none')} description={t('noneText')} compact />
      ) : (
        <>
          <div className="rooms-desk__controls">
            <label className="rooms-desk__field">
              <span>{t('room')}</span>
              <select className="input" value={room} onChange={(e) => setPicked(e.target.value)}>
                {rooms.data.map((r) => (
                  <option key={r.id} value={r.id}>
                    {r.name}
                  </option>
                ))}
              </select>
            </label>
            <label className="rooms-desk__field">
              <span>{t('minutes')}</span>
              <input
                className="input"
                type="number"
                inputMode="numeric"
                min={1}
                max={ROOM_MUTE_MINUTES_MAX}
                value={minutes}
                onChange={(e) => setMinutes(e.target.value)}
              />
            </label>
            <label className="rooms-desk__field rooms-desk__field--wide">
              <span>{t('reason')}</span>
              <input
                className="input"
                maxLength={ROOM_REASON_MAX}
                value={reason}
                onChange={(e) => setReason(e.target.value)}
              />
            </label>
          </div>
          <div className="rooms-desk__grid">
            <section className="rooms-desk__panel" aria-label={t('messages')}>
              <h2 className="rooms-desk__heading">{t('messages')}</h2>
              <Messages room={room} live={live} act={act} />
            </section>
            <div className="rooms-desk__side">
              <Sanctions room={room} live={live} />
              <RoomWordsEditor />
            </div>
          </div>
        </>
      )}
    </div>
  );
}
