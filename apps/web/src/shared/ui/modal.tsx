import { type KeyboardEvent, type ReactNode, useEffect, useId, useRef } from 'react';
import { cx } from '../lib/cx.ts';
import './modal.css';

const FOCUSABLE =
  'a[href],area[href],button:not([disabled]),input:not([disabled]):not([type="hidden"]),select:not([disabled]),textarea:not([disabled]),iframe,[tabindex]:not([tabindex="-1"]),[contenteditable="true"]';
/** The first thing a person would type into: text fields first, then choices. */
const FIRST_FIELD =
  '.modal__body input:not([type="hidden"]):not([disabled]):not([readonly]), .modal__body select:not([disabled]), .modal__body textarea:not([disabled])';

export interface ModalProps {
  open: boolean;
  onClose(): void;
  title: ReactNode;
  children: ReactNode;
  /** Accessible name for the close button (already translated). */
  closeLabel: string;
  /** `game`: full screen on phones, a large frame on desktop (the game popup). */
  size?: 'sm' | 'md' | 'lg' | 'game';
  footer?: ReactNode;
  /** false: no close button, Esc and the backdrop do nothing (e.g. a forced password change). */
  dismissible?: boolean;
}

/**
 * A modal dialog on the native <dialog>: `showModal()` makes the page behind inert, the
 * heading labels it, Esc and the backdrop close it, Tab stays inside, and focus returns to
 * whatever opened it.
 */
export function Modal({
  open,
  onClose,
  title,
  children,
  closeLabel,
  size = 'md',
  footer,
  dismissible = true,
}: ModalProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog || !open) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (!dialog.open) dialog.showModal();
    document.documentElement.classList.add('has-modal');
    // showModal() focuses the close button; a form popup should start in its first field. The
    // body may still be loading its chunk, so wait for the field, unless the person moved on.
    const focusField = () => {
      const field = dialog.querySelector<HTMLElement>(FIRST_FIELD);
      const untouched =
        document.activeElement === dialog ||
        document.activeElement === document.body ||
        (document.activeElement as HTMLElement | null)?.classList.contains('modal__close');
      if (field && untouched) field.focus();
      return Boolean(field) || !untouched;
    };
    const watcher = new MutationObserver(() => {
      if (focusField()) watcher.disconnect();
    });
    if (!focusField()) watcher.observe(dialog, { childList: true, subtree: true });
    const giveUp = setTimeout(() => watcher.disconnect(), 3000);
    return () => {
      watcher.disconnect();
      clearTimeout(giveUp);
      document.documentElement.classList.remove('has-modal');
      if (dialog.open) dialog.close();
      opener?.focus?.();
    };
  }, [open]);

  if (!open) return null;

  const trapTab = (e: KeyboardEvent<HTMLDialogElement>) => {
    if (e.key !== 'Tab') return;
    const items = Array.from(e.currentTarget.querySelectorAll<HTMLElement>(FOCUSABLE)).filter(
      (el) => el.offsetParent !== null || el === document.activeElement,
    );
    const first = items[0];
    const last = items[items.length - 1];
    if (!first || !last) {
      e.preventDefault();
      return;
    }
    if (e.shiftKey && document.activeElement === first) {
      e.preventDefault();
      last.focus();
    } else if (!e.shiftKey && document.activeElement === last) {
      e.preventDefault();
      first.focus();
    }
  };

  return (
    <dialog
      ref={ref}
      className={cx('modal', `modal--${size}`)}
      aria-labelledby={titleId}
      onCancel={(e) => {
        e.preventDefault();
        if (dismissible) onCloseRef.current();
      }}
      onKeyDown={trapTab}
      onClick={(e) => {
        if (dismissible && e.target === e.currentTarget) onCloseRef.current();
      }}
    >
      <div className="modal__panel">
        <header className="modal__header">
          <h2 id={titleId} className="modal__title">
            {title}
          </h2>
          {dismissible && (
            <button type="button" className="icon-btn modal__close" aria-label={closeLabel} onClick={onClose}>
              <span aria-hidden="true">×</span>
            </button>
          )}
        </header>
        <div className="modal__body">{children}</div>
        {footer && <footer className="modal__footer">{footer}</footer>}
      </div>
    </dialog>
  );
}
