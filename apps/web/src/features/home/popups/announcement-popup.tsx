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
import { DIALOG_TYPES, markNoticeRead, STARTUP_TYPES, useNoticeReads, useNotices } from '../api/content.ts';
import { pageOf, setHideTodayChoice } from '../lib/announcements.ts';
import { RichText } from '../components/rich-text.tsx';
import '../home.css';

/**
 * SPEC §2 announcement popup (publicModal) and notice dialog: a list 9 per page with a detail
 * pane; a click toggles an item. The start-up popup (execution B, or F after a first login)
 * offers 'hide today'; closing it keeps it away for the rest of the session.
 */
export default function AnnouncementPopup({ name, close, props }: PopupBodyProps) {
  const { t } = useTranslation('content');
  const startup = name === 'publicModal';
  const execution = props.execution === 'F' ? 'F' : props.execution === 'B' ? 'B' : null;
  const query = useNotices(startup ? STARTUP_TYPES : DIALOG_TYPES);
  const items = useMemo(
    () => (query.data ?? []).filter((n) => !execution || n.execution === execution),
    [query.data, execution],
  );
  const hasToken = useSessionStore(selectHasToken);
  const reads = useNoticeReads().data;
  const queryClient = useQueryClient();
  const [page, setPage] = useState(1);
  const [openId, setOpenId] = useState<number | null>(typeof props.id === 'number' ? props.id : null);
  const [hideToday, setHideToday] = useState(false);
  // The start-up watcher records the close (however it happens) with this choice.
  useEffect(() => setHideTodayChoice(hideToday), [hideToday]);

  const size = SPEC.announcementPageSize;
  const { items: shown, totalPages } = pageOf(items, page, size);
  const current = items.find((n) => n.id === openId) ?? null;

  // Opened at a notice from the marquee: show its page (once the list is there).
  // biome-ignore lint/correctness/useExhaustiveDependencies: only the list arriving moves the page, not each toggle.
  useEffect(() => {
    if (openId === null) return;
    const i = items.findIndex((n) => n.id === openId);
    if (i >= 0) setPage(Math.floor(i / size) + 1);
  }, [items]);

  useEffect(() => {
    if (!current || !hasToken || reads?.readIds.includes(current.id)) return;
    markNoticeRead(current.id).then(
      () => queryClient.invalidateQueries({ queryKey: ['content', 'notice-reads'] }),
      () => {},
    );
  }, [current, hasToken, reads, queryClient]);

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
        {startup && (
          <label className="check">
            <input type="checkbox" checked={hideToday} onChange={(e) => setHideToday(e.target.checked)} />
            <span>{t('notices.hideToday')}</span>
          </label>
        )}
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
