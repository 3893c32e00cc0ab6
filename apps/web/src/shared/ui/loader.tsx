import { create } from 'zustand';
import { cx } from '../lib/cx.ts';
import './loader.css';

interface LoaderState {
  /** Reasons the global loader is up (a navigation, a logout…); it shows while any remain. */
  reasons: ReadonlySet<string>;
  show(reason: string): void;
  hide(reason?: string): void;
}

export const useLoaderStore = create<LoaderState>((set) => ({
  reasons: new Set(),
  show(reason) {
    set((s) => ({ reasons: new Set(s.reasons).add(reason) }));
  },
  hide(reason) {
    set((s) => {
      if (reason === undefined) return { reasons: new Set() };
      const next = new Set(s.reasons);
      next.delete(reason);
      return { reasons: next };
    });
  },
}));

export function Spinner({ label, className }: { label: string; className?: string }) {
  return (
    <span className={cx('spinner', className)} role="status" aria-label={label}>
      <span className="visually-hidden">{label}</span>
    </span>
  );
}

/** Block-level loading state for a page or panel. */
export function Loader({ label }: { label: string }) {
  return (
    <div className="loader">
      <Spinner label={label} />
    </div>
  );
}

/** The thin bar at the top of the viewport while the global loader has a reason to show. */
export function GlobalLoader({ label }: { label: string }) {
  const visible = useLoaderStore((s) => s.reasons.size > 0);
  if (!visible) return null;
  return (
    <div className="global-loader" role="progressbar" aria-label={label}>
      <span className="global-loader__bar" />
    </div>
  );
}
