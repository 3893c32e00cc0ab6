import { type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { cx } from '../lib/cx.ts';
import { useMediaQuery } from '../lib/use-media-query.ts';
import { type Column, Table } from './table.tsx';
import './record-list.css';

/**
 * Where a column goes on a phone's card. The head, read first, is the amount and the result, then
 * what it was (the game, the kind of record) and when; the rest opens on a tap. `action` stays in
 * view under the head (a button the row needs now, such as confirming a receipt); `hidden` is on
 * the desktop table only (a column that only repeats the head, or an opener the card does not need).
 */
export type CardPart = 'amount' | 'result' | 'title' | 'time' | 'detail' | 'action' | 'hidden';

export interface RecordColumn<Row> extends Column<Row> {
  /** Its place on a phone's card; a column without one is a detail, shown on tap. */
  card?: CardPart;
  /** How the card shows it, where the table's cell does not suit a card. */
  renderCard?(row: Row): ReactNode;
  /** The amount and the result carry their column's name above them unless this is false (a status badge says what it is). */
  cardLabel?: boolean;
  /** On the card only: no desktop column (a figure the table shows elsewhere, such as in its totals). */
  cardOnly?: boolean;
}

/** Phones (below 600 px) get cards; tablets and desktops keep the table. */
export const PHONE_QUERY = '(max-width: 599.98px)';

export type CardLayout = Record<CardPart, number[]>;

/** Which columns (by index) fill each part of a card, in the columns' order. */
export function cardLayout(columns: ReadonlyArray<Pick<RecordColumn<unknown>, 'card'>>): CardLayout {
  const parts: CardLayout = {
    amount: [],
    result: [],
    title: [],
    time: [],
    detail: [],
    action: [],
    hidden: [],
  };
  columns.forEach((c, i) => {
    parts[c.card ?? 'detail'].push(i);
  });
  return parts;
}

export interface RecordListProps<Row> {
  columns: Array<RecordColumn<Row>>;
  rows: Row[];
  rowKey(row: Row): string | number;
  caption: ReactNode;
  /** Shown in place of the rows when there are none. */
  empty: ReactNode;
  captionHidden?: boolean;
  /** Forces one layout (tests, a page that is always narrow); by default the screen's width decides. */
  layout?: 'cards' | 'table';
}

/**
 * A record's rows: a table on a tablet or desktop, and on a phone a card per row with the amount
 * and the result first, the game or kind and the time under them, and the rest on a tap. One
 * definition of the columns serves both (each column says where it goes on a card).
 */
export function RecordList<Row>(props: RecordListProps<Row>) {
  const phone = useMediaQuery(PHONE_QUERY);
  const layout = props.layout ?? (phone ? 'cards' : 'table');
  if (layout === 'table') {
    const { columns, rows, rowKey, caption, empty, captionHidden } = props;
    return (
      <Table
        columns={columns.filter((c) => !c.cardOnly)}
        rows={rows}
        rowKey={rowKey}
        caption={caption}
        empty={empty}
        captionHidden={captionHidden ?? false}
      />
    );
  }
  return <RecordCards {...props} />;
}

function RecordCards<Row>({ columns, rows, rowKey, caption, empty, captionHidden }: RecordListProps<Row>) {
  const captionId = useId();
  const parts = cardLayout(columns);
  return (
    <section className="record-list" aria-labelledby={captionId}>
      <p id={captionId} className={cx('record-list__caption', captionHidden && 'visually-hidden')}>
        {caption}
      </p>
      {rows.length === 0 ? (
        <p className="record-list__empty">{empty}</p>
      ) : (
        <ul className="record-cards">
          {rows.map((row) => (
            <RecordCard key={rowKey(row)} row={row} columns={columns} parts={parts} />
          ))}
        </ul>
      )}
    </section>
  );
}

/** Nothing to show: no value, or the dash a table puts in an empty cell. */
export const isBlank = (v: ReactNode) =>
  v === null || v === undefined || v === false || v === '' || v === '—';

function RecordCard<Row>({
  row,
  columns,
  parts,
}: {
  row: Row;
  columns: Array<RecordColumn<Row>>;
  parts: CardLayout;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const detailsId = useId();
  const show = (i: number) => {
    const c = columns[i];
    if (!c) return null;
    return c.renderCard ? c.renderCard(row) : c.render(row);
  };
  const figure = (i: number, kind: 'amount' | 'result') => {
    const c = columns[i];
    if (!c) return null;
    return (
      <span key={c.key} className={`record-card__${kind}`} data-part={c.key}>
        {c.cardLabel !== false && <span className="record-card__label">{c.header}</span>}
        <span className="record-card__figure">{show(i)}</span>
      </span>
    );
  };
  const head = (
    <>
      <span className="record-card__figures">
        {parts.amount.map((i) => figure(i, 'amount'))}
        {parts.result.map((i) => figure(i, 'result'))}
      </span>
      {parts.title.length > 0 && (
        <span className="record-card__title">
          {parts.title.map((i) => (
            <span key={columns[i]?.key}>{show(i)}</span>
          ))}
        </span>
      )}
      {parts.time.length > 0 && (
        <span className="record-card__time">
          {parts.time.map((i) => (
            <span key={columns[i]?.key}>{show(i)}</span>
          ))}
        </span>
      )}
    </>
  );
  // A detail with nothing to say (no value, or the table's "—") is left off the card, and a card
  // left with no details has nothing to open.
  const details = parts.detail.map((i) => ({ i, value: show(i) })).filter((d) => !isBlank(d.value));
  const hasDetails = details.length > 0;
  return (
    <li className={cx('record-card', open && 'is-open')} data-testid="record-card">
      {hasDetails ? (
        <button
          type="button"
          className="record-card__head"
          aria-expanded={open}
          aria-controls={detailsId}
          onClick={() => setOpen((o) => !o)}
        >
          {head}
          <span className="record-card__more">{open ? t('records.less') : t('records.more')}</span>
        </button>
      ) : (
        <div className="record-card__head">{head}</div>
      )}
      {parts.action.length > 0 && (
        <div className="record-card__actions">
          {parts.action.map((i) => (
            <span key={columns[i]?.key}>{show(i)}</span>
          ))}
        </div>
      )}
      {hasDetails && (
        <dl id={detailsId} className="record-card__details" hidden={!open}>
          {details.map(({ i, value }) => (
            <div key={columns[i]?.key}>
              <dt>{columns[i]?.header}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
      )}
    </li>
  );
}

/**
 * A record's filters. On a phone they fold under one line that says what is chosen, so the rows
 * start near the top of the screen; a tap opens them. Elsewhere they are simply shown.
 */
export function RecordFilters({
  summary,
  children,
  layout,
}: {
  /** What is chosen now, in words ("All providers · 23–29 Nov 2026"). */
  summary: ReactNode;
  children: ReactNode;
  layout?: 'cards' | 'table';
}) {
  const { t } = useTranslation();
  const phone = useMediaQuery(PHONE_QUERY);
  if ((layout ?? (phone ? 'cards' : 'table')) === 'table') return <>{children}</>;
  return (
    <details className="record-filters-box" data-testid="record-filters">
      <summary>
        <span className="record-filters-box__label">{t('records.filters')}</span>
        <span className="record-filters-box__summary">{summary}</span>
      </summary>
      <div className="record-filters-box__body">{children}</div>
    </details>
  );
}
