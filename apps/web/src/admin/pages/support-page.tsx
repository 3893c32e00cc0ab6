import type { SupportConversation } from '@wps/contract';
import { type FormEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MessageList } from '../../features/support/support-chat.tsx';
import { Button } from '../../shared/ui/button.tsx';
import { EmptyState } from '../../shared/ui/empty-state.tsx';
import { Loader } from '../../shared/ui/loader.tsx';
import { PageHeader } from '../../shared/ui/page-header.tsx';
import { toast } from '../../shared/ui/toast.tsx';
import { Amount, errorText } from './cashier-ui.tsx';
import {
  consoleAttachmentUrl,
  type QueueFilter,
  useAction,
  useCanned,
  useReply,
  useReplyImage,
  useSupportConversation,
  useSupportDeskSocket,
  useSupportOperators,
  useSupportQueue,
} from './support-admin-api.ts';
import { CannedManager } from './support-canned.tsx';
import './support-admin.css';

const FILTERS: QueueFilter[] = ['active', 'open', 'assigned', 'closed'];

/** The player beside the chat: account, status and balances (members only; a guest has none). */
function AccountCard({ c }: { c: SupportConversation }) {
  const { t } = useTranslation('support-admin');
  if (!c.account) return <p className="small muted">{t('guest', { name: c.guestName ?? '' })}</p>;
  const a = c.account;
  return (
    <dl className="support-desk__account" aria-label={t('account.title')}>
      <dt>{t('account.account')}</dt>
      <dd>{a.account}</dd>
      <dt>{t('account.nickname')}</dt>
      <dd>{a.nickname ?? '—'}</dd>
      <dt>{t('account.status')}</dt>
      <dd>{a.status}</dd>
      <dt>{t('account.cash')}</dt>
      <dd>
        <Amount value={a.cash} />
      </dd>
      <dt>{t('account.bonus')}</dt>
      <dd>
        <Amount value={a.bonus} />
      </dd>
      <dt>{t('account.registered')}</dt>
      <dd>{new Date(a.registeredAt).toLocaleDateString()}</dd>
    </dl>
  );
}

function Conversation({ id, live, onBack }: { id: number; live: boolean; onBack(): void }) {
  const { t, i18n } = useTranslation('support-admin');
  const conv = useSupportConversation(id, live);
  const operators = useSupportOperators();
  const canned = useCanned();
  const reply = useReply();
  const image = useReplyImage();
  const action = useAction();
  const [text, setText] = useState('');
  const [target, setTarget] = useState('');
  const [lang, setLang] = useState<'en' | 'ne'>(i18n.language === 'ne' ? 'ne' : 'en');
  const fileRef = useRef<HTMLInputElement>(null);
  if (!conv.data) return <Loader label={t('loading')} />;
  const c = conv.data;
  const closed = c.status === 'closed';
  const fail = (err: unknown) => toast.error(errorText(err));
  const send = (e: FormEvent) => {
    e.preventDefault();
    if (!text.trim()) return;
    reply.mutate({ id, text: text.trim() }, { onSuccess: () => setText(''), onError: fail });
  };
  const who = c.memberAccount ?? t('guest', { name: c.guestName ?? '' });
  return (
    <section className="support-desk__conversation" aria-label={who}>
      <div className="support-desk__row">
        <Button size="sm" variant="ghost" className="support-desk__back" onClick={onBack}>
          {t('back')}
        </Button>
        <h2 className="support-desk__who">{who}</h2>
        <span className={`support-desk__status support-desk__status--${c.status}`}>
          {t(`status.${c.status}`)}
        </span>
      </div>
      <p className="small muted">
        {c.assignedTo ? t('assignedTo', { account: c.assignedTo.account }) : t('unassigned')}
      </p>
      <AccountCard c={c} />
      {!closed && (
        <div className="support-desk__row">
          <Button
            size="sm"
            variant="secondary"
            onClick={() => action.mutate({ id, action: 'assign' }, { onError: fail })}
          >
            {t('assignMe')}
          </Button>
          <select
            className="input support-desk__select"
            aria-label={t('transferTo')}
            value={target}
            onChange={(e) => setTarget(e.target.value)}
          >
            <option value="">{t('transferTo')}</option>
            {(operators.data ?? []).map((o) => (
              <option key={o.id} value={o.id}>
                {o.account}
              </option>
            ))}
          </select>
          <Button
            size="sm"
            variant="secondary"
            disabled={!target}
            onClick={() =>
              action.mutate(
                { id, action: 'transfer', operatorId: Number(target) },
                { onSuccess: () => setTarget(''), onError: fail },
              )
            }
          >
            {t('transfer')}
          </Button>
          <Button
            size="sm"
            variant="danger"
            onClick={() => action.mutate({ id, action: 'close' }, { onError: fail })}
          >
            {t('close')}
          </Button>
        </div>
      )}
      <div className="support-desk__messages">
        <MessageList
          messages={c.messages}
          mine={(m) => m.author === 'operator'}
          load={consoleAttachmentUrl}
        />
      </div>
      {!closed && (
        <form className="support-desk__compose" onSubmit={send}>
          <div className="support-desk__row">
            <select
              className="input support-desk__select"
              aria-label={t('canned.insert')}
              value=""
              onChange={(e) => {
                const a = canned.data?.find((x) => String(x.id) === e.target.value);
                if (a) setText(lang === 'ne' ? a.textNe : a.textEn);
              }}
            >
              <option value="">{t('canned.insert')}</option>
              {(canned.data ?? []).map((a) => (
                <option key={a.id} value={a.id}>
                  {a.title}
                </option>
              ))}
            </select>
            <select
              className="input support-desk__select"
              aria-label={t('canned.language')}
              value={lang}
              onChange={(e) => setLang(e.target.value === 'ne' ? 'ne' : 'en')}
            >
              <option value="en">English</option>
              <option value="ne">नेपाली</option>
            </select>
          </div>
          <textarea
            className="input"
            rows={3}
            maxLength={1000}
            value={text}
            aria-label={t('answer')}
            placeholder={t('answer')}
            onChange={(e) => setText(e.target.value)}
          />
          <div className="support-desk__row">
            <Button type="submit" loading={reply.isPending} disabled={!text.trim()}>
              {t('send')}
            </Button>
            <input
              ref={fileRef}
              type="file"
              accept="image/png,image/jpeg,image/webp"
              aria-label={t('attach')}
              onChange={(e) => {
                const file = e.target.files?.[0];
                if (file)
                  image.mutate(
                    { id, file },
                    {
                      onError: fail,
                      onSettled: () => {
                        if (fileRef.current) fileRef.current.value = '';
                      },
                    },
                  );
              }}
            />
          </div>
        </form>
      )}
    </section>
  );
}

/** Console "Support" (issue 31): the queue with unread counts, one conversation, canned answers. */
export default function SupportPage() {
  const { t } = useTranslation('support-admin');
  const live = useSupportDeskSocket();
  const [filter, setFilter] = useState<QueueFilter>('active');
  const [selected, setSelected] = useState<number | null>(null);
  const queue = useSupportQueue(filter, live);
  const counts = queue.data?.counts;
  const countOf = (f: QueueFilter) =>
    !counts ? '' : f === 'active' ? counts.open + counts.assigned : counts[f as keyof typeof counts];
  return (
    <div className="support-desk">
      <PageHeader title={t('title')} lead={live ? t('live') : t('polling')} />
      <div className={selected === null ? 'support-desk__grid' : 'support-desk__grid is-reading'}>
        <section className="support-desk__queue" aria-label={t('queue')}>
          <div className="support-desk__filters">
            {FILTERS.map((f) => (
              <Button
                key={f}
                size="sm"
                variant={f === filter ? 'primary' : 'ghost'}
                aria-pressed={f === filter}
                onClick={() => setFilter(f)}
              >
                {t(`filter.${f}`)} {countOf(f)}
              </Button>
            ))}
          </div>
          {queue.isPending ? (
            <Loader label={t('loading')} />
          ) : (queue.data?.items.length ?? 0) === 0 ? (
            <EmptyState title={t('empty')} compact />
          ) : (
            <ul className="support-desk__items">
              {queue.data?.items.map((i) => (
                <li key={i.id}>
                  <button
                    type="button"
                    className={i.id === selected ? 'support-desk__item is-current' : 'support-desk__item'}
                    onClick={() => setSelected(i.id)}
                  >
                    <span className="support-desk__item-top">
                      <strong>{i.memberAccount ?? t('guest', { name: i.guestName ?? '' })}</strong>
                      {i.unread > 0 && (
                        <span className="badge badge--count">
                          <span aria-hidden="true">{i.unread}</span>
                          <span className="visually-hidden">{t('unread', { count: i.unread })}</span>
                        </span>
                      )}
                    </span>
                    <span className="support-desk__preview">{i.lastMessage}</span>
                    <span className="small muted">
                      {t(`status.${i.status}`)}
                      {i.assignedTo ? ` · ${i.assignedTo.account}` : ''}
                    </span>
                  </button>
                </li>
              ))}
            </ul>
          )}
        </section>
        {selected !== null ? (
          <Conversation id={selected} live={live} onBack={() => setSelected(null)} />
        ) : (
          <p className="support-desk__hint muted">{t('pick')}</p>
        )}
      </div>
      <CannedManager />
    </div>
  );
}
