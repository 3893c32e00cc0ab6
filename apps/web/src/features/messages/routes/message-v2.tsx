import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { cx } from '../../../shared/lib/cx.ts';
import { Button } from '../../../shared/ui/button.tsx';
import { EmptyState } from '../../../shared/ui/empty-state.tsx';
import { Loader } from '../../../shared/ui/loader.tsx';
import { Pagination } from '../../../shared/ui/pagination.tsx';
import { MyFeedback } from '../../home/components/my-feedback.tsx';
import { useInbox, useMarkRead } from '../api/inbox.ts';
import { inboxTitle } from '../lib/titles.ts';
import '../../promotions/promotions.css';

/** Member centre › messageV2: platform messages, read and unread; opening one marks it read. */
export default function MessagesPage() {
  const { t } = useTranslation('promotions');
  const [page, setPage] = useState(1);
  const [onlyUnread, setOnlyUnread] = useState(false);
  const [openId, setOpenId] = useState<string | null>(null);
  const inbox = useInbox({ pageNo: page, ...(onlyUnread ? { unread: 'true' as const } : {}) });
  const mark = useMarkRead();
  const toggle = (id: string, read: boolean) => {
    setOpenId((cur) => (cur === id ? null : id));
    if (!read) mark.mutate(id);
  };
  return (
    <div className="stack">
      <div className="promo-row">
        <label>
          <input
            type="checkbox"
            checked={onlyUnread}
            onChange={(e) => {
              setOnlyUnread(e.target.checked);
              setPage(1);
            }}
          />{' '}
          {t('inbox.onlyUnread')}
        </label>
        <Button
          variant="secondary"
          size="sm"
          disabled={!inbox.data?.unread || mark.isPending}
          onClick={() => mark.mutate('all')}
        >
          {t('inbox.markAll')}
        </Button>
      </div>
      {inbox.isPending ? (
        <Loader label={t('loading')} />
      ) : inbox.error ? (
        <p className="wallet-error">{inbox.error.message}</p>
      ) : inbox.data.content.length === 0 ? (
        <EmptyState title={t('inbox.empty')} />
      ) : (
        <>
          <p className="muted small">{t('inbox.unread', { count: inbox.data.unread })}</p>
          <ul className="promo-list" aria-label={t('inbox.list')}>
            {inbox.data.content.map((m) => (
              <li key={m.id} className={cx('card', 'promo-message', !m.read && 'promo-message--unread')}>
                <button
                  type="button"
                  className="promo-row promo-message__toggle"
                  aria-expanded={openId === m.id}
                  onClick={() => toggle(m.id, m.read)}
                >
                  <span className="promo-message__title">
                    {!m.read && <span className="visually-hidden">{t('inbox.new')} </span>}
                    {inboxTitle(m, t)}
                  </span>
                  <span className="muted small">{m.createdAt.slice(0, 16).replace('T', ' ')}</span>
                </button>
                {openId === m.id && <p className="promo-body">{m.body}</p>}
              </li>
            ))}
          </ul>
          <Pagination
            page={page}
            totalPages={inbox.data.totalPages}
            onChange={setPage}
            labels={{
              nav: t('inbox.pager'),
              previous: t('inbox.previous'),
              next: t('inbox.next'),
              page: (n) => t('inbox.page', { n }),
            }}
          />
        </>
      )}
      <section className="stack" aria-labelledby="my-feedback-title">
        <h2 id="my-feedback-title" className="promo-message__title">
          {t('inbox.myFeedback')}
        </h2>
        <MyFeedback />
      </section>
    </div>
  );
}
