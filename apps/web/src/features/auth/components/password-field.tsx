import { type InputHTMLAttributes, type ReactNode, type Ref, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FieldShell } from '../../../shared/ui/field.tsx';

export interface PasswordFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'type'> {
  label: ReactNode;
  error?: string | null | undefined;
  hint?: ReactNode;
  ref?: Ref<HTMLInputElement>;
}

/** A password input with a show/hide toggle that says what it will do. */
export function PasswordField({ label, error, hint, className, ref, ...input }: PasswordFieldProps) {
  const { t } = useTranslation('auth');
  const [shown, setShown] = useState(false);
  return (
    <FieldShell label={label} error={error} hint={hint} className={className}>
      {({ inputId, describedBy, invalid }) => (
        <div className="input-group">
          <input
            ref={ref}
            id={inputId}
            className="input"
            type={shown ? 'text' : 'password'}
            aria-invalid={invalid || undefined}
            aria-describedby={describedBy}
            autoCapitalize="off"
            autoCorrect="off"
            spellCheck={false}
            {...input}
          />
          <button
            type="button"
            className="input-group__btn"
            aria-pressed={shown}
            aria-label={shown ? t('fields.hidePassword') : t('fields.showPassword')}
            onClick={() => setShown((s) => !s)}
          >
            <svg
              width="18"
              height="18"
              viewBox="0 0 24 24"
              fill="none"
              stroke="currentColor"
              strokeWidth="1.8"
              aria-hidden="true"
            >
              <path d="M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12z" />
              <circle cx="12" cy="12" r="3" />
              {shown && <path d="M3 3l18 18" />}
            </svg>
          </button>
        </div>
      )}
    </FieldShell>
  );
}
