import type { SupportMessage, SupportStatusInfo } from '@wps/contract';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../shared/api/client.ts';
import { useSessionStore } from '../../shared/session/store.ts';
import { supportHoursText } from '../../shared/system/support-hours.ts';
import { Button } from '../../shared/ui/button.tsx';
import { Icon } from '../../shared/ui/icons.tsx';
import { Spinner } from '../../shared/ui/loader.tsx';
import {
  openConversation,
  playerAttachmentUrl,
  sendImage,
  sendText,
  statusKey,
  threadKey,
  useSupportStatus,
  useSupportThread,
  useSupportUi,
} from './api.ts';
import { useSupportSocket } from './socket.ts';
import './support.css';

// Members only, and its own chunk: the push switch (issue 31) stays out of the chat for guests.
const NotifySwitch = lazy(() => import('../push/notify-switch.tsx'));

/** "On duty" or the honest wait: never "24/7" unless the hours are round the clock. */
export function DutyLine({ status }: { status: SupportStatusInfo }) {
  const { t } = useTranslation('support');
  return (
    <div className={status.online ? 'support-duty support-duty--on' : 'support-duty'} role="status">
      <Icon name="clock" size={16} />
      <div>
        <strong>
          {status.online
            ? t('online')
            : t('offline', { count: status.replyWithinHours ?? 1, from: status.hours.from })}
        </strong>
        <p className="small muted">{supportHoursText(status.hours, t)}</p>
      </div>
    </div>
  );
}

/** An attached image, fetched with the caller's credentials (an <img> cannot send them). */
export function AttachmentImage({ id, load }: { id: string; load: (id: string) => Promise<string> }) {
  const { t } = useTranslation('support');
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    let url: string | null = null;
    let gone = false;
    load(id)
      .then((u) => {
        url = u;
        if (!gone) setSrc(u);
      })
      .catch(() => undefined);
    return () => {
      gone = true;
      if (url) URL.revokeObjectURL(url);
    };
  }, [id, load]);
  return src ? (
    <img className="support-msg__image" src={src} alt={t('image')} />
  ) : (
    <span className="small muted">{t('image')}</span>
  );
}

export function MessageList({
  messages,
  mine,
  load,
}: {
  messages: SupportMessage[];
  mine: (m: SupportMessage) => boolean;
  load: (id: string) => Promise<string>;
}) {
  const { t } = useTranslation('support');
  const end = useRef<HTMLDivElement>(null);
  const last = messages.at(-1)?.id;
  // A block, not an expression: Chromium's scrollIntoView now returns a promise, and React would
  // call whatever an effect returns as its clean-up ("is not a function" on the next message).
  // biome-ignore lint/correctness/useExhaustiveDependencies: scroll when a new message arrives.
  useEffect(() => {
    end.current?.scrollIntoView({ block: 'end' });
  }, [last]);
  return (
    <ol className="support-msgs" aria-label={t('messages')} aria-live="polite">
      {messages.map((m) => (
        <li key={m.id} className={mine(m) ? 'support-msg support-msg--mine' : 'support-msg'}>
          {!mine(m) && <span className="support-msg__who">{m.authorName}</span>}
          {m.attachmentId && <AttachmentImage id={m.attachmentId} load={load} />}
          {m.text && <p className="support-msg__text">{m.text}</p>}
          <time className="support-msg__time" dateTime={m.createdAt}>
            {new Date(m.createdAt).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' })}
          </time>
        </li>
      ))}
      <div ref={end} />
    </ol>
  );
}

const errorOf = (e: unknown, fallback: string) => (e instanceof ApiError ? e.message : fallback);

/**
 * The player's chat (issue 31): the duty line, the conversation, and a composer for text and
 * one image at a time. A guest names themself before the first message.
 */
export function SupportChat() {
  const { t } = useTranslation('support');
  const qc = useQueryClient();
  const token = useSessionStore((s) => s.token);
  const guest = useSupportUi((s) => s.guest);
  const setGuest = useSupportUi((s) => s.setGuest);
  const status = useSupportStatus();
  const [fresh, setFresh] = useState(false);
  const id = fresh ? null : token ? (status.data?.conversationId ?? null) : (guest?.id ?? null);
  const thread = useSupportThread(id);
  const [text, setText] = useState('');
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const fileRef = useRef<HTMLInputElement>(null);
  useSupportSocket();

  // A guest conversation this device no longer reaches (removed, another server): start again.
  useEffect(() => {
    if (!token && thread.error instanceof ApiError && thread.error.status === 404) setGuest(null);
  }, [token, thread.error, setGuest]);

  const closed = thread.data?.status === 'closed';
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const body = text.trim();
    if (!body || busy) return;
    setBusy(true);
    setError(null);
    try {
      if (id === null || closed) {
        const opened = await openConversation(body, token ? undefined : name.trim());
        if (opened.guestToken) setGuest({ id: opened.id, token: opened.guestToken });
        setFresh(false);
        await qc.invalidateQueries({ queryKey: statusKey(token) });
      } else {
        const m = await sendText(id, body);
        qc.setQueryData(threadKey(id), (old: typeof thread.data) =>
          old && !old.messages.some((x) => x.id === m.id) ? { ...old, messages: [...old.messages, m] } : old,
        );
      }
      setText('');
    } catch (err) {
      setError(errorOf(err, t('failed')));
    } finally {
      setBusy(false);
    }
  };

  const attach = async (file: File | undefined) => {
    if (!file || id === null) return;
    setBusy(true);
    setError(null);
    try {
      await sendImage(id, file, '');
      await qc.invalidateQueries({ queryKey: threadKey(id) });
    } catch (err) {
      setError(errorOf(err, t('failed')));
    } finally {
      setBusy(false);
      if (fileRef.current) fileRef.current.value = '';
    }
  };

  if (status.isPending) return <Spinner label={t('loading')} />;
  const needsName = !token && (id === null || closed);
  return (
    <div className="support-chat">
      {status.data && <DutyLine status={status.data} />}
      {token && (
        <Suspense fallback={null}>
          <NotifySwitch />
        </Suspense>
      )}
      <div className="support-chat__body">
        {id !== null && thread.data ? (
          <MessageList
            messages={thread.data.messages}
            mine={(m) => m.author !== 'operator'}
            load={playerAttachmentUrl}
          />
        ) : id !== null ? (
          <Spinner label={t('loading')} />
        ) : (
          <p className="support-chat__intro">{t('intro')}</p>
        )}
        {closed && (
          <p className="support-chat__closed" role="status">
            {t('closed')}
          </p>
        )}
      </div>
      <form className="support-compose" onSubmit={submit}>
        {needsName && (
          <input
            className="input"
            value={name}
            onChange={(e) => setName(e.target.value)}
            placeholder={t('yourName')}
            aria-label={t('yourName')}
            maxLength={40}
            required
          />
        )}
        {error && (
          <p className="field__error" role="alert">
            {error}
          </p>
        )}
        <div className="support-compose__row">
          {id !== null && !closed && (
            <>
              <input
                ref={fileRef}
                type="file"
                accept="image/png,image/jpeg,image/webp"
                className="visually-hidden"
                id="support-file"
                onChange={(e) => void attach(e.target.files?.[0])}
              />
              <label htmlFor="support-file" className="support-compose__attach" title={t('attach')}>
                <Icon name="image" size={18} />
                <span className="visually-hidden">{t('attach')}</span>
              </label>
            </>
          )}
          <textarea
            className="input support-compose__text"
            value={text}
            onChange={(e) => setText(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter' && !e.shiftKey) {
                e.preventDefault();
                e.currentTarget.form?.requestSubmit();
              }
            }}
            placeholder={t('placeholder')}
            aria-label={t('placeholder')}
            maxLength={1000}
            rows={2}
          />
          <Button type="submit" loading={busy} disabled={!text.trim() || (needsName && !name.trim())}>
            {id === null || closed ? t('start') : t('send')}
          </Button>
        </div>
      </form>
    </div>
  );
}
