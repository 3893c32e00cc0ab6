import type { RoomFrame, RoomHistory, RoomMessage } from '@wps/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { ApiError } from '../../../shared/api/client.ts';
import type { PageProps } from '../../../shared/lib/page.ts';
import { useSessionStore } from '../../../shared/session/store.ts';
import { buttonClass } from '../../../shared/ui/button.tsx';
import { EmptyState } from '../../../shared/ui/empty-state.tsx';
import { Loader } from '../../../shared/ui/loader.tsx';
import { toast } from '../../../shared/ui/toast.tsx';
import { useSupportUi } from '../../support/api.ts';
import { useRoomSocket } from '../../support/socket.ts';
import { latestKey, mergeMessages, olderThan, postToRoom, roomKey, useLatest, useRoom } from '../api.ts';
import { RoomComposer, RoomMessages, StandingNotice } from '../room-chat.tsx';
import { RoomStage } from '../room-stage.tsx';
import '../rooms.css';

const ROOM_ID = /^[A-Za-z0-9_-]{1,64}$/;

/**
 * A live host's room (issue 31, SPEC §2 chat room and live streaming): the host and the stream,
 * the chat (newest at the bottom, older on demand), and a composer for members. Frames come over
 * the live-support socket once it has joined the room; until then, and whenever it drops, the
 * page reads the history every few seconds. A guest reads; posting asks them to log in.
 */
export default function RoomPage(_: PageProps) {
  const { t } = useTranslation('rooms');
  const [params] = useSearchParams();
  const raw = params.get('host');
  const room = raw && ROOM_ID.test(raw) ? raw : null;
  const qc = useQueryClient();
  const token = useSessionStore((s) => s.token);
  const socketUp = useSupportUi((s) => s.live);
  const [joined, setJoined] = useState(false);
  const live = socketUp && joined;
  const info = useRoom(room);
  const latest = useLatest(room, live);
  const [older, setOlder] = useState<RoomMessage[]>([]);
  const [olderMore, setOlderMore] = useState<boolean | null>(null);
  const [loadingOlder, setLoadingOlder] = useState(false);
  const [deleted, setDeleted] = useState<ReadonlySet<number>>(new Set());

  // A new room starts afresh; a dropped socket is no longer following the room.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset when the room changes.
  useEffect(() => {
    setOlder([]);
    setOlderMore(null);
    setDeleted(new Set());
  }, [room]);
  useEffect(() => {
    if (!socketUp) setJoined(false);
  }, [socketUp]);

  useRoomSocket(room, (f: RoomFrame) => {
    if (!room) return;
    if (f.t === 'room.joined') {
      setJoined(true);
      // Whatever was said while the socket was away.
      void qc.invalidateQueries({ queryKey: latestKey(room) });
    } else if (f.t === 'room.message') {
      qc.setQueryData<RoomHistory>(latestKey(room), (old) =>
        old ? { ...old, messages: mergeMessages(old.messages, [f.message]) } : old,
      );
    } else if (f.t === 'room.deleted') {
      setDeleted((d) => new Set(d).add(f.id));
      qc.setQueryData<RoomHistory>(latestKey(room), (old) =>
        old ? { ...old, messages: old.messages.filter((m) => m.id !== f.id) } : old,
      );
    } else if (f.t === 'room.sanction') {
      void qc.invalidateQueries({ queryKey: roomKey(room, token) });
    }
  });

  if (!room) {
    return (
      <div className="page room-page">
        <EmptyState
          title={t('pick')}
          description={t('pickText')}
          headingLevel={1}
          action={
            <Link className={buttonClass('primary')} to="/liveStream">
              {t('toHosts')}
            </Link>
          }
        />
      </div>
    );
  }
  if (info.isPending) return <Loader label={t('loading')} />;
  if (info.error) {
    const gone = info.error instanceof ApiError && info.error.status === 404;
    return (
      <div className="page room-page">
        <EmptyState
          title={gone ? t('notFound') : info.error.message}
          headingLevel={1}
          action={
            <Link className={buttonClass('primary')} to="/liveStream">
              {t('toHosts')}
            </Link>
          }
        />
      </div>
    );
  }

  const { host, standing } = info.data;
  const messages = mergeMessages(older, latest.data?.messages ?? []).filter((m) => !deleted.has(m.id));
  const more = olderMore ?? latest.data?.hasMore ?? false;
  const loadOlder = async () => {
    const first = messages[0];
    if (!first || loadingOlder) return;
    setLoadingOlder(true);
    try {
      const page = await olderThan(room, first.id);
      setOlder((o) => mergeMessages(o, page.messages));
      setOlderMore(page.hasMore);
    } catch (err) {
      toast.error(err instanceof Error ? err.message : t('failed'));
    } finally {
      setLoadingOlder(false);
    }
  };
  const send = async (text: string) => {
    const m = await postToRoom(room, text).catch((err: unknown) => {
      // Refused (muted or banned meanwhile): the notice replaces the composer.
      if (err instanceof ApiError && err.status === 403)
        void qc.invalidateQueries({ queryKey: ['rooms', room] });
      throw err;
    });
    qc.setQueryData<RoomHistory>(latestKey(room), (old) =>
      old ? { ...old, messages: mergeMessages(old.messages, [m]) } : old,
    );
  };

  return (
    <div className="page room-page">
      <Link className="room-page__back" to="/liveStream">
        {t('toHosts')}
      </Link>
      <div className="room-layout">
        <RoomStage host={host} />
        <section className="room-chat" aria-label={t('chat', { name: host.name })}>
          <p className="room-chat__state small muted">{live ? t('live') : t('polling')}</p>
          {latest.isPending ? (
            <Loader label={t('loading')} />
          ) : (
            <RoomMessages
              messages={messages}
              mine={standing.name}
              older={{ more, loading: loadingOlder, load: () => void loadOlder() }}
            />
          )}
          <StandingNotice standing={standing} />
          <RoomComposer standing={standing} send={send} />
        </section>
      </div>
    </div>
  );
}
