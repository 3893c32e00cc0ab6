import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Loader } from '../../../shared/ui/loader.tsx';
import { Pagination } from '../../../shared/ui/pagination.tsx';
import { type Column, Table } from '../../../shared/ui/table.tsx';
import type { usePager } from './pager.tsx';
import { BsToggle } from './record-time.tsx';

/**
 * A cashier page's own records (deposits, withdrawals): a titled card with the calendar toggle,
 * the page's table once it has loaded, and the pager under it. The caller owns the pager, since
 * its query asks for the pager's page.
 */
export function RecordsCard<Row>({
  id,
  title,
  empty,
  query,
  pager,
  columns,
  rowKey,
  children,
}: {
  /** The heading's id, which labels the card. */
  id: string;
  title: string;
  empty: string;
  query: {
    isPending: boolean;
    error: Error | null;
    data?: { content: Row[]; totalPages: number } | undefined;
  };
  pager: ReturnType<typeof usePager>;
  columns: Array<Column<Row>>;
  rowKey: (row: Row) => string | number;
  /** Shown after the table: a dialog opened from a row. */
  children?: ReactNode;
}) {
  const { t } = useTranslation('wallet');
  return (
    <section className="wallet-card" aria-labelledby={id}>
      <h3 id={id}>{title}</h3>
      <BsToggle />
      {query.error ? (
        <p className="wallet-error">{query.error.message}</p>
      ) : query.isPending || !query.data ? (
        <Loader label={t('loading')} />
      ) : (
        <>
          <Table<Row>
            caption={title}
            captionHidden
            rows={query.data.content}
            rowKey={rowKey}
            empty={empty}
            columns={columns}
          />
          <Pagination
            page={pager.page}
            totalPages={query.data.totalPages}
            onChange={pager.setPage}
            labels={pager.labels}
          />
        </>
      )}
      {children}
    </section>
  );
}
