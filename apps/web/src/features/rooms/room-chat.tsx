import { ROOM_TEXT_MAX, type RoomMessage, type RoomStanding } from '@wps/contract';
import { type FormEvent, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../shared/api/client.ts';
import { formatDateTime } from '../../shared/lib/format.ts';
import { usePopupStore } from '../../shared/popups/store.ts';
import { Button } from '../../shared/ui/button.tsx';

const clock = (iso: string) =>
  new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(
    new Date(iso),
  );

/**
 * The room's messages, newest at the bottom: the list keeps to the bottom when a message arrives
 * (not when older ones are put on top), scrolling inside itself, never the page.
 */
export function RoomMessages({
  messages,
  mine,
  older,
}: {
  messages: RoomMessage[];
  mine: string | null;
  older: { more: boolean; loading: boolean; load(): void };
}) {
  const { t } = useTranslation('rooms');
  const box = useRef<HTMLDivElement>(null);
  const last = messages.at(-1)?.id;
  // biome-ignore lint/correctness/useExhaustiveDependencies: follow the newest message only.
  useLayoutEffect(() => {
    const el = box.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, [last]);
  return (
    <div className="room-chat__body" ref={box}>
      {older.more && (
        <Button
          size="sm"
          variant="ghost"
          className="room-chat__older"
          loading={older.loading}
          onClick={older.load}
        >
          {t('older')}
        </Button>
      )}
      {messages.length === 0 ? (
        <p className="room-chat__empty">{t('empty')}</p>
      ) : (
        <ol className="room-msgs" aria-label={t('messages')} aria-live="polite">
          {messages.map((m) => (
            <li key={m.id} className={m.authorName === mine ? 'room-msg room-msg--mine' : 'room-msg'}>
              <span className="room-msg__who">{m.authorName}</span>
              <p className="room-msg__text">{m.text}</p>
              <time className="room-msg__time" dateTime={m.createdAt}>
                {clock(m.createdAt)}
              </time>
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}

/** Why the caller cannot post, if they cannot: a running mute (until when), a ban, a trial account. */
export function StandingNotice({ standing }: { standing: RoomStanding }) {
  const { t, i18n } = useTranslation('rooms');
  const text =
    standing.status === 'muted'
      ? t('muted', { until: formatDateTime(standing.mutedUntil, i18n.language) })
      : standing.status === 'banned'
        ? t('banned')
        : standing.status === 'trial'
          ? t('trial')
          : null;
  if (!text) return null;
  return (
    <div className="room-notice" role="status">
      <strong>{text}</strong>
      {standing.reason && <p className="small">{t('reason', { reason: standing.reason })}</p>}
    </div>
  );
}

/** The composer: a guest who tries to post is asked to log in (and comes back here after it). */
export function RoomComposer({
  standing,
  send,
}: {
  standing: RoomStanding;
  send(text: string): Promise<void>;
}) {
  const { t } = useTranslation('rooms');
  const open = usePopupStore((s) => s.open);
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  if (standing.status !== 'ok' && standing.status !== 'guest') return null;
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (standing.status === 'guest') {
      open('loginModal', {
        message: t('loginToChat'),
        returnTo: `${location.pathname}${location.search}`,
      });
      return;
    }
    const body = text.trim();
    if (!body || busy) return;
    setBusy(true);
    setError(null);
    try {
      await send(body);
      setText('');
    } catch (err) {
      setError(err instanceof ApiError ? err.message : t('failed'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <form className="room-compose" onSubmit={submit}>
      {error && (
        <p className="feedback__warning" role="alert">
          {error}
        </p>
      )}
      <div className="room-compose__row">
        <input
          className="input room-compose__text"
          value={text}
          maxLength={ROOM_TEXT_MAX}
          onChange={(e) => setText(e.target.value)}
          placeholder={t('placeholder')}
          aria-label={t('message')}
          enterKeyHint="send"
        />
        <Button type="submit" loading={busy}>
          {t('send')}
        </Button>
      </div>
    </form>
  );
}
