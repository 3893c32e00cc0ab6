import { type Notice, SPEC } from '@wps/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PopupBodyProps } from '../../../app/popup-registry.ts';
import { cx } from '../../../shared/lib/cx.ts';
import { selectHasToken, useSessionStore } from '../../../shared/session/store.ts';
import { Button } from '../../../shared/ui/button.tsx';
import { EmptyState } from '../../../shared/ui/empty-state.tsx';
import { Spinner } from '../../../shared/ui/loader.tsx';
import { Pagination } from '../../../shared/ui/pagination.tsx';
import {
  DIALOG_TYPES,
  markNoticeRead,
  useNoticeReads,
  useNotices,
  useStartupNotices,
} from '../api/content.ts';
import { pageOf, rememberSeen, setHideTodayChoice } from '../lib/announcements.ts';
import { RichText } from '../components/rich-text.tsx';
import '../home.css';

/**
 * Opening an announcement reads it: for a member on the server (the unread count), for anyone in
 * this browser, so the start-up popup never opens on it again.
 */
function useMarkRead(notice: Notice | null) {
  const hasToken = useSessionStore(selectHasToken);
  const reads = useNoticeReads().data;
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!notice) return;
    rememberSeen(notice.id);
    if (!hasToken || reads?.readIds.includes(notice.id)) return;
    markNoticeRead(notice.id).then(
      () => queryClient.invalidateQueries({ queryKey: ['content', 'notice-reads'] }),
      () => {},
    );
  }, [notice, hasToken, reads, queryClient]);
}

/**
 * SPEC §2 announcement popup (publicModal) at start-up: opened only on unread announcements
 * (`props.ids`, chosen by AnnouncementStartup), it shows the first in full, then the others one
 * by one; 'hide today' and closing keep it away as SPEC §4 says. Never an empty list to choose
 * from (issue 27).
 */
function StartupAnnouncement({ close, props }: PopupBodyProps) {
  const { t } = useTranslation('content');
  const query = useStartupNotices(props.execution === 'F' ? 'F' : 'B');
  const ids = useMemo(
    () => (Array.isArray(props.ids) ? props.ids.filter((x): x is number => Number.isInteger(x)) : []),
    [props.ids],
  );
  const items = useMemo(
    () => ids.flatMap((id) => query.data?.find((n) => n.id === id) ?? []),
    [ids, query.data],
  );
  const [index, setIndex] = useState(0);
  const [hideToday, setHideToday] = useState(false);
  // The start-up watcher records the close (however it happens) with this choice.
  useEffect(() => setHideTodayChoice(hideToday), [hideToday]);
  const current = items[Math.min(index, items.length - 1)] ?? null;
  useMarkRead(current);
  // Withdrawn meanwhile: nothing to show, so no popup.
  useEffect(() => {
    if (!query.isPending && !current) close();
  }, [query.isPending, current, close]);

  if (!current) return <Spinner label={t('loading')} />;
  const left = items.length - 1 - index;
  return (
    <div className="announcements announcements--one">
      <article className="announcements__detail" aria-live="polite">
        <span className="announcements__tag">{t(`types.${current.type}`)}</span>
        <h3 className="announcements__title">{current.title}</h3>
        <p className="small muted">{current.timestamp}</p>
        <RichText html={current.content} />
      </article>
      <div className="announcements__actions">
        <label className="check">
          <input type="checkbox" checked={hideToday} onChange={(e) => setHideToday(e.target.checked)} />
          <span>{t('notices.hideToday')}</span>
        </label>
        <span className="announcements__buttons">
          {left > 0 && (
            <Button variant="secondary" onClick={() => setIndex((i) => i + 1)}>
              {t('notices.nextUnread', { count: left })}
            </Button>
          )}
          <Button variant={left > 0 ? 'secondary' : 'primary'} onClick={close}>
            {t('notices.close')}
          </Button>
        </span>
      </div>
    </div>
  );
}

export default function AnnouncementPopup(props: PopupBodyProps) {
  return props.name === 'publicModal' ? <StartupAnnouncement {...props} /> : <NoticeDialog {...props} />;
}

/**
 * SPEC §2 notice dialog (the marquee opens it at a notice): a list 9 per page with a detail
 * pane; a click toggles an item.
 */
function NoticeDialog({ close, props }: PopupBodyProps) {
  const { t } = useTranslation('content');
  const query = useNotices(DIALOG_TYPES);
  const items = query.data ?? [];
  const hasToken = useSessionStore(selectHasToken);
  const reads = useNoticeReads().data;
  const [page, setPage] = useState(1);
  const [openId, setOpenId] = useState<number | null>(typeof props.id === 'number' ? props.id : null);

  const size = SPEC.announcementPageSize;
  const { items: shown, totalPages } = pageOf(items, page, size);
  const current = items.find((n) => n.id === openId) ?? null;
  useMarkRead(current);

  // Opened at a notice from the marquee: show its page (once the list is there).
  // biome-ignore lint/correctness/useExhaustiveDependencies: only the list arriving moves the page, not each toggle.
  useEffect(() => {
    if (openId === null) return;
    const i = items.findIndex((n) => n.id === openId);
    if (i >= 0) setPage(Math.floor(i / size) + 1);
  }, [items]);

  if (query.isPending) return <Spinner label={t('loading')} />;
  if (items.length === 0) {
    return <EmptyState title={t('notices.empty')} description={t('notices.emptyText')} compact />;
  }

  return (
    <div className="announcements">
      <div className="announcements__body">
        <ul className="announcements__list">
          {shown.map((n) => (
            <NoticeItem
              key={n.id}
              notice={n}
              open={n.id === openId}
              unread={hasToken && reads !== undefined && !reads.readIds.includes(n.id)}
              onToggle={() => setOpenId((id) => (id === n.id ? null : n.id))}
              label={t(`types.${n.type}`)}
              unreadLabel={t('notices.unread')}
            />
          ))}
        </ul>
        <article className="announcements__detail" aria-live="polite">
          {current ? (
            <>
              <h3 className="announcements__title">{current.title}</h3>
              <p className="small muted">{current.timestamp}</p>
              <RichText html={current.content} />
            </>
          ) : (
            <p className="muted">{t('notices.pick')}</p>
          )}
        </article>
      </div>
      {totalPages > 1 && (
        <Pagination
          page={page}
          totalPages={totalPages}
          onChange={setPage}
          labels={{
            nav: t('notices.pages'),
            previous: t('notices.previous'),
            next: t('notices.next'),
            page: (n) => t('notices.page', { n }),
          }}
        />
      )}
      <div className="announcements__actions">
        <Button variant="secondary" onClick={close}>
          {t('notices.close')}
        </Button>
      </div>
    </div>
  );
}

function NoticeItem({
  notice,
  open,
  unread,
  onToggle,
  label,
  unreadLabel,
}: {
  notice: Notice;
  open: boolean;
  unread: boolean;
  onToggle(): void;
  label: string;
  unreadLabel: string;
}) {
  return (
    <li>
      <button
        type="button"
        className={cx('announcements__item', open && 'is-open')}
        aria-expanded={open}
        onClick={onToggle}
      >
        <span className="announcements__tag">{label}</span>
        <span className="announcements__item-title">{notice.title}</span>
        {unread && <span className="announcements__dot" role="img" aria-label={unreadLabel} />}
      </button>
    </li>
  );
}
