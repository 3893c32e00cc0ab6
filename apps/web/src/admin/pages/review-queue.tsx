import type { UseQueryResult } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../shared/ui/button.tsx';
import { SelectField } from '../../shared/ui/field.tsx';
import { Loader } from '../../shared/ui/loader.tsx';
import { PageHeader } from '../../shared/ui/page-header.tsx';
import { Pagination } from '../../shared/ui/pagination.tsx';
import { type Column, Table } from '../../shared/ui/table.tsx';
import { toast } from '../../shared/ui/toast.tsx';
import { errorText, NoteDialog, useAdminPager } from './cashier-ui.tsx';
import { formatDateTime } from '../../shared/lib/format.ts';

interface Reviewable {
  id: number;
  status: string;
  createdAt: string;
}

/** The words of one queue, from its page's own namespace (the row ones name the row reviewed). */
export interface ReviewQueueTexts<Row> {
  title: string;
  lead: string;
  status: string;
  none: string;
  created: string;
  actions: string;
  approve: string;
  reject: string;
  /** The reject dialog's field: a reason or a note, as the member reads it. */
  noteLabel: string;
  noteRequired?: string;
  approveOne(row: Row): string;
  rejectOne(row: Row): string;
  approved(row: Row): string;
  rejected(row: Row): string;
}

/**
 * A review queue of the console (affiliate applications, activity applications): one status
 * filter, a page of rows with approve and reject on the ones still waiting, and a dialog asking
 * why a rejection is made. The page brings its columns, its hooks and its words.
 */
export function ReviewQueue<Row extends Reviewable>({
  ns,
  texts,
  statuses,
  waitingStatus,
  useQueue,
  review,
  columns,
  settled,
  noteMaxLength,
}: {
  /** The page's i18n namespace, for its loading and pager words. */
  ns: string;
  texts: ReviewQueueTexts<Row>;
  statuses: ReadonlyArray<{ value: string; label: string }>;
  /** The status of a row still to be approved or rejected; the queue opens filtered on it. */
  waitingStatus: string;
  useQueue(q: { pageNo: number; status: string }): UseQueryResult<{ content: Row[]; totalPages: number }>;
  review: {
    pending: boolean;
    approve(row: Row): Promise<unknown>;
    reject(row: Row, note: string): Promise<unknown>;
  };
  /** The page's own columns, between the number and the date of the application. */
  columns: Array<Column<Row>>;
  /** What the actions cell shows once a row is reviewed. */
  settled(row: Row): ReactNode;
  noteMaxLength: number;
}) {
  const { t, i18n } = useTranslation(ns);
  const pager = useAdminPager(ns);
  const [status, setStatus] = useState(waitingStatus);
  const [page, setPage] = useState(1);
  const list = useQueue({ pageNo: page, status });
  const [rejecting, setRejecting] = useState<Row | null>(null);
  const approve = (row: Row) =>
    review.approve(row).then(
      () => toast.success(texts.approved(row)),
      (e: unknown) => toast.error(errorText(e)),
    );
  return (
    <div className="admin-page">
      <PageHeader title={texts.title} lead={texts.lead} />
      <SelectField
        label={texts.status}
        value={status}
        onChange={(e) => {
          setStatus(e.target.value);
          setPage(1);
        }}
      >
        {statuses.map((s) => (
          <option key={s.value} value={s.value}>
            {s.label}
          </option>
        ))}
      </SelectField>
      {list.isPending ? (
        <Loader label={t('loading')} />
      ) : list.error ? (
        <p className="wallet-error">{errorText(list.error)}</p>
      ) : (
        <>
          <Table<Row>
            caption={texts.title}
            captionHidden
            rows={list.data.content}
            rowKey={(a) => a.id}
            empty={texts.none}
            columns={[
              { key: 'id', header: '#', numeric: true, render: (a) => a.id },
              ...columns,
              {
                key: 'created',
                header: texts.created,
                render: (a) => formatDateTime(a.createdAt, i18n.language),
              },
              {
                key: 'actions',
                header: texts.actions,
                render: (a) =>
                  a.status === waitingStatus ? (
                    <span className="chip-row">
                      <Button
                        size="sm"
                        disabled={review.pending}
                        onClick={() => approve(a)}
                        aria-label={texts.approveOne(a)}
                      >
                        {texts.approve}
                      </Button>
                      <Button
                        size="sm"
                        variant="danger"
                        disabled={review.pending}
                        onClick={() => setRejecting(a)}
                        aria-label={texts.rejectOne(a)}
                      >
                        {texts.reject}
                      </Button>
                    </span>
                  ) : (
                    settled(a)
                  ),
              },
            ]}
          />
          <Pagination page={page} totalPages={list.data.totalPages} onChange={setPage} labels={pager} />
        </>
      )}
      {rejecting && (
        <NoteDialog
          title={texts.rejectOne(rejecting)}
          label={texts.noteLabel}
          submitLabel={texts.reject}
          requiredText={texts.noteRequired}
          danger
          maxLength={noteMaxLength}
          pending={review.pending}
          onClose={() => setRejecting(null)}
          // A failed rejection stays in the dialog with its reason (NoteDialog shows the error).
          onSubmit={(note) =>
            review.reject(rejecting, note).then(() => toast.success(texts.rejected(rejecting)))
          }
        />
      )}
    </div>
  );
}
