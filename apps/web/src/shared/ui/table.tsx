import { type ReactNode, useId } from 'react';
import { cx } from '../lib/cx.ts';
import './table.css';

export interface Column<Row> {
  key: string;
  header: ReactNode;
  render(row: Row): ReactNode;
  /** Right-aligned with tabular figures (money, counts). */
  numeric?: boolean;
}

export interface TableProps<Row> {
  columns: Array<Column<Row>>;
  rows: Row[];
  rowKey(row: Row): string | number;
  caption: ReactNode;
  /** Shown in place of the body when there are no rows. */
  empty: ReactNode;
  captionHidden?: boolean;
}

/** A plain data table that scrolls sideways on small screens instead of squashing columns. */
export function Table<Row>({ columns, rows, rowKey, caption, empty, captionHidden }: TableProps<Row>) {
  const captionId = useId();
  return (
    // A region that may scroll sideways must be reachable by keyboard, named by its caption.
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region is scrolled with the arrow keys once focused.
    <section className="table-wrap" aria-labelledby={captionId} tabIndex={0}>
      <table className="table">
        <caption id={captionId} className={cx(captionHidden && 'visually-hidden')}>
          {caption}
        </caption>
        <thead>
          <tr>
            {columns.map((c) => (
              <th key={c.key} scope="col" className={cx(c.numeric && 'num')}>
                {c.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={rowKey(row)}>
              {columns.map((c) => (
                <td key={c.key} className={cx(c.numeric && 'num')}>
                  {c.render(row)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      {/*
        Below the table, not in a row spanning it: a spanning cell is as wide as every column
        together, so on a phone its centred text sat beyond the visible part of the scroller.
      */}
      {rows.length === 0 && <p className="table__empty">{empty}</p>}
    </section>
  );
}
