import { cx } from '../lib/cx.ts';
import './pagination.css';

/** Page numbers to show: always first and last, a window around the current page, gaps as null. */
export function pageWindow(page: number, totalPages: number, radius = 1): Array<number | null> {
  if (totalPages <= 0) return [];
  const current = Math.min(Math.max(1, page), totalPages);
  const pages = new Set<number>([1, totalPages]);
  for (let p = current - radius; p <= current + radius; p++) if (p >= 1 && p <= totalPages) pages.add(p);
  const sorted = [...pages].sort((a, b) => a - b);
  const out: Array<number | null> = [];
  for (const [i, p] of sorted.entries()) {
    const prev = sorted[i - 1];
    if (prev !== undefined && p - prev > 1) out.push(null);
    out.push(p);
  }
  return out;
}

export interface PaginationProps {
  page: number;
  totalPages: number;
  onChange(page: number): void;
  labels: { nav: string; previous: string; next: string; page(n: number): string };
}

export function Pagination({ page, totalPages, onChange, labels }: PaginationProps) {
  if (totalPages <= 1) return null;
  return (
    <nav className="pagination" aria-label={labels.nav}>
      <button
        type="button"
        className="pagination__btn"
        disabled={page <= 1}
        onClick={() => onChange(page - 1)}
        aria-label={labels.previous}
      >
        ‹
      </button>
      {pageWindow(page, totalPages).map((p, i) =>
        p === null ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: gaps have no identity of their own.
          <span key={`gap-${i}`} className="pagination__gap" aria-hidden="true">
            …
          </span>
        ) : (
          <button
            key={p}
            type="button"
            className={cx('pagination__btn', p === page && 'is-active')}
            aria-current={p === page ? 'page' : undefined}
            aria-label={labels.page(p)}
            onClick={() => onChange(p)}
          >
            {p}
          </button>
        ),
      )}
      <button
        type="button"
        className="pagination__btn"
        disabled={page >= totalPages}
        onClick={() => onChange(page + 1)}
        aria-label={labels.next}
      >
        ›
      </button>
    </nav>
  );
}
