import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../shared/ui/button.tsx';
import { ConfirmDialog } from '../../../shared/ui/confirm-dialog.tsx';
import { TextField } from '../../../shared/ui/field.tsx';

/**
 * The end of a form that sends money out (a withdrawal, a transfer): the payment password, the
 * form's own error, the submit button, and the dialog that repeats what will be sent before it is.
 * The form submits to open the dialog; `onConfirm` sends.
 */
export function PasswordConfirm({
  password,
  onPasswordChange,
  passwordError,
  formError,
  submitLabel,
  busy,
  confirming,
  confirmTitle,
  confirmLabel,
  onCancel,
  onConfirm,
  children,
}: {
  password: string;
  onPasswordChange: (value: string) => void;
  passwordError: string | null | undefined;
  formError: string | null;
  submitLabel: string;
  busy: boolean;
  confirming: boolean;
  confirmTitle: string;
  confirmLabel: string;
  onCancel: () => void;
  onConfirm: () => void;
  /** What the dialog says will be sent. */
  children: ReactNode;
}) {
  const { t } = useTranslation('wallet');
  return (
    <>
      <TextField
        label={t('fields.paymentPassword')}
        type="password"
        autoComplete="off"
        inputMode="numeric"
        value={password}
        onChange={(e) => onPasswordChange(e.target.value)}
        error={passwordError}
      />
      {formError && (
        <p className="wallet-error" role="alert">
          {formError}
        </p>
      )}
      <div>
        <Button type="submit" loading={busy}>
          {submitLabel}
        </Button>
      </div>
      <ConfirmDialog
        open={confirming}
        title={confirmTitle}
        confirmLabel={confirmLabel}
        cancelLabel={t('cancel')}
        closeLabel={t('close')}
        busy={busy}
        onCancel={onCancel}
        onConfirm={onConfirm}
      >
        <p className="wallet-confirm">{children}</p>
      </ConfirmDialog>
    </>
  );
}
