import { create } from 'zustand';
import { cx } from '../lib/cx.ts';
import './toast.css';

export type ToastKind = 'info' | 'success' | 'error';
export interface Toast {
  id: number;
  kind: ToastKind;
  text: string;
}

interface ToastState {
  toasts: Toast[];
  push(kind: ToastKind, text: string, ttlMs?: number): void;
  dismiss(id: number): void;
}

let nextId = 1;

export const useToastStore = create<ToastState>((set, get) => ({
  toasts: [],
  push(kind, text, ttlMs = 4000) {
    const id = nextId++;
    // The same text twice in a row (a retry storm) shows once.
    if (get().toasts.some((t) => t.text === text)) return;
    set((s) => ({ toasts: [...s.toasts.slice(-3), { id, kind, text }] }));
    if (ttlMs > 0) setTimeout(() => get().dismiss(id), ttlMs);
  },
  dismiss(id) {
    set((s) => ({ toasts: s.toasts.filter((t) => t.id !== id) }));
  },
}));

export const toast = {
  info: (text: string) => useToastStore.getState().push('info', text),
  success: (text: string) => useToastStore.getState().push('success', text),
  error: (text: string) => useToastStore.getState().push('error', text, 6000),
};

/** Announces toasts politely (errors assertively) and lets each be dismissed. */
export function ToastHost({ dismissLabel }: { dismissLabel: string }) {
  const toasts = useToastStore((s) => s.toasts);
  const dismiss = useToastStore((s) => s.dismiss);
  return (
    <div className="toasts" aria-live="polite">
      {toasts.map((t) => (
        <div
          key={t.id}
          className={cx('toast', `toast--${t.kind}`)}
          role={t.kind === 'error' ? 'alert' : 'status'}
        >
          <span className="toast__text">{t.text}</span>
          <button type="button" className="icon-btn" aria-label={dismissLabel} onClick={() => dismiss(t.id)}>
            <span aria-hidden="true">×</span>
          </button>
        </div>
      ))}
    </div>
  );
}
