import { type FormEvent, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAuthedImage } from '../../features/wallet/lib/authed-image.ts';
import { formatMoney } from '../../features/wallet/lib/money.ts';
import { ApiError } from '../../shared/api/client.ts';
import { Button } from '../../shared/ui/button.tsx';
import { FieldShell } from '../../shared/ui/field.tsx';
import { Modal } from '../../shared/ui/modal.tsx';
import { adminToken } from '../session-store.ts';
import '../../features/wallet/wallet.css';

export const errorText = (e: unknown) => (e instanceof ApiError ? e.message : String(e));

/** Two decimals, grouped, tabular. */
export function Amount({ value }: { value: string }) {
  return <span className="num wallet-money">{formatMoney(value)}</span>;
}

/** The pager's labels from a console namespace (each keeps its own `pager.*` wording). */
export function useAdminPager(ns = 'wallet-admin') {
  const { t } = useTranslation(ns);
  return {
    nav: t('pager.nav'),
    previous: t('pager.previous'),
    next: t('pager.next'),
    page: (n: number) => t('pager.page', { n }),
  };
}

/** A console dialog's form buttons: the action (submits the form) and cancel. */
export function DialogActions({
  submitLabel,
  cancelLabel,
  danger,
  pending,
  submitTestId,
  onCancel,
}: {
  submitLabel: string;
  cancelLabel: string;
  danger?: boolean | undefined;
  pending?: boolean;
  submitTestId?: string | undefined;
  onCancel(): void;
}) {
  return (
    <div className="wallet-actions">
      <Button
        type="submit"
        variant={danger ? 'danger' : 'primary'}
        loading={pending}
        data-testid={submitTestId}
      >
        {submitLabel}
      </Button>
      <Button variant="ghost" onClick={onCancel}>
        {cancelLabel}
      </Button>
    </div>
  );
}

/**
 * Asks for the text an action needs (a rejection tells the member why; a payout needs its
 * reference) after restating what is about to happen (`summary`: who and how much), so a money
 * move is never one stray click.
 */
export function NoteDialog({
  title,
  label,
  submitLabel,
  danger,
  summary,
  children,
  onSubmit,
  onClose,
  pending,
  singleLine,
  maxLength = 500,
  requiredText,
}: {
  title: string;
  label: string;
  submitLabel: string;
  danger?: boolean;
  summary?: ReactNode;
  children?: ReactNode;
  onSubmit(note: string): Promise<unknown>;
  onClose(): void;
  pending: boolean;
  singleLine?: boolean;
  maxLength?: number;
  requiredText?: string;
}) {
  const { t } = useTranslation('wallet-admin');
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!note.trim()) {
      setError(requiredText ?? t('noteRequired'));
      return;
    }
    setError(null);
    try {
      await onSubmit(note.trim());
      onClose();
    } catch (err) {
      setError(errorText(err));
    }
  };
  return (
    <Modal open onClose={onClose} title={title} closeLabel={t('close')} size="sm">
      <form className="wallet-form" onSubmit={submit} noValidate>
        {summary && <p className="wallet-confirm">{summary}</p>}
        {children}
        <FieldShell label={label} error={error}>
          {({ inputId, describedBy, invalid }) =>
            singleLine ? (
              <input
                id={inputId}
                className="input"
                maxLength={maxLength}
                value={note}
                onChange={(e) => setNote(e.target.value)}
                aria-describedby={describedBy}
                aria-invalid={invalid || undefined}
                autoComplete="off"
              />
            ) : (
              <textarea
                id={inputId}
                className="input"
                rows={3}
                maxLength={maxLength}
                value={note}
                onChange={(e) => setNote(e.target.value)}
                aria-describedby={describedBy}
                aria-invalid={invalid || undefined}
              />
            )
          }
        </FieldShell>
        <DialogActions
          submitLabel={submitLabel}
          cancelLabel={t('cancel')}
          danger={danger}
          pending={pending}
          onCancel={onClose}
        />
      </form>
    </Modal>
  );
}

/** An uploaded proof, fetched with the operator's token and shown in a dialog. */
export function ProofButton({ url, label }: { url: string; label: string }) {
  const { t } = useTranslation('wallet-admin');
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button size="sm" variant="ghost" onClick={() => setOpen(true)}>
        {t('proof.view')}
      </Button>
      {open && (
        <Modal open onClose={() => setOpen(false)} title={label} closeLabel={t('close')}>
          <ProofImage url={url} alt={label} />
        </Modal>
      )}
    </>
  );
}

function ProofImage({ url, alt }: { url: string; alt: string }) {
  const { t } = useTranslation('wallet-admin');
  const image = useAuthedImage(url, adminToken());
  if (image.failed) return <p className="wallet-error">{t('proof.failed')}</p>;
  if (!image.src) return <p className="muted">{t('loading')}</p>;
  return <img src={image.src} alt={alt} style={{ maxWidth: '100%', height: 'auto' }} />;
}
