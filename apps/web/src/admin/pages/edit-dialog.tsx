import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Modal } from '../../shared/ui/modal.tsx';
import { toast } from '../../shared/ui/toast.tsx';
import { DialogActions, errorText } from './cashier-ui.tsx';

/**
 * The console's settings dialog: the fields, a note on when a change applies, the save's error,
 * and save and cancel. `ns` is the page's namespace, which has its `save`, `cancel` and `close`.
 */
export function EditDialog({
  ns,
  title,
  note,
  error,
  pending,
  saveTestId,
  onSave,
  onClose,
  children,
}: {
  ns: string;
  title: string;
  note?: string;
  error?: string | null | undefined;
  pending: boolean;
  saveTestId?: string;
  onSave(): void;
  onClose(): void;
  children: ReactNode;
}) {
  const { t } = useTranslation(ns);
  return (
    <Modal open onClose={onClose} title={title} closeLabel={t('close')}>
      <form
        className="wallet-form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          onSave();
        }}
      >
        {children}
        {note && <p className="games-admin__muted">{note}</p>}
        {error && <p className="wallet-error">{error}</p>}
        <DialogActions
          submitLabel={t('save')}
          cancelLabel={t('cancel')}
          pending={pending}
          submitTestId={saveTestId}
          onCancel={onClose}
        />
      </form>
    </Modal>
  );
}

/** A save's outcome: `saved` said and the dialog closed, or the error kept for the dialog to show. */
export const saveThenClose = (saved: string, onClose: () => void, onError: (text: string) => void) => ({
  onSuccess: () => {
    toast.success(saved);
    onClose();
  },
  onError: (e: unknown) => onError(errorText(e)),
});
