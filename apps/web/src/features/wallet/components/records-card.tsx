import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Loader } from '../../../shared/ui/loader.tsx';
import { Pagination } from '../../../shared/ui/pagination.tsx';
import { type CardPart, type RecordColumn, RecordList } from '../../../shared/ui/record-list.tsx';
import type { usePager } from './pager.tsx';
import { BsToggle } from './record-time.tsx';

/**
 * Where a cashier record's columns go on a phone's card, by their key, unless a column says so
 * itself: the amount and the status first, the channel or payout account and the time under them,
 * an action in view (confirm receipt), the rest on a tap.
 */
export const CASHIER_CARD_PARTS: Readonly<Record<string, CardPart>> = {
  amount: 'amount',
  status: 'result',
  channel: 'title',
  account: 'title',
  time: 'time',
  actions: 'action',
};

/** A cashier column with its card place filled in from CASHIER_CARD_PARTS. */
export function cashierColumn<Row>(c: RecordColumn<Row>): RecordColumn<Row> {
  const card = c.card ?? CASHIER_CARD_PARTS[c.key];
  return {
    ...c,
    ...(card ? { card } : {}),
    // A status badge says what it is; its column name above it would only repeat that.
    ...(card === 'result' && c.cardLabel === undefined ? { cardLabel: false } : {}),
  };
}

/**
 * A cashier page's own records (deposits, withdrawals): a titled card with the calendar toggle,
 * the page's records once they have loaded (a table, or cards on a phone), and the pager under
 * them. The caller owns the pager, since its query asks for the pager's page.
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
  columns: Array<RecordColumn<Row>>;
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
          <RecordList<Row>
            caption={title}
            captionHidden
            rows={query.data.content}
            rowKey={rowKey}
            empty={empty}
            columns={columns.map(cashierColumn)}
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
