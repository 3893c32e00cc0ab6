import { type ChangeEvent, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { FieldShell } from '../../../shared/ui/field.tsx';
import { checkImage } from '../lib/images.ts';
import { specText } from '../lib/money.ts';
import { useLocale } from '../lib/use-locale.ts';

/**
 * An optional (or required) png/jpg image of at most 5MB (SPEC §5, §9). A wrong file is refused
 * here, with the spec's words, and never sent.
 */
export function ProofField({
  label,
  hint,
  file,
  onFile,
  error,
  onError,
}: {
  label: string;
  hint?: string;
  file: File | null;
  onFile(file: File | null): void;
  error: string | null | undefined;
  onError(message: string | null): void;
}) {
  const { t } = useTranslation('wallet');
  const locale = useLocale();
  const nameId = useId();
  const onChange = (e: ChangeEvent<HTMLInputElement>) => {
    const picked = e.target.files?.[0] ?? null;
    if (!picked) {
      onFile(null);
      onError(null);
      return;
    }
    const problem = checkImage(picked);
    if (problem) {
      e.target.value = '';
      onFile(null);
      onError(specText(problem, locale));
      return;
    }
    onError(null);
    onFile(picked);
  };
  return (
    <FieldShell label={label} hint={hint ?? t('proof.hint')} error={error}>
      {({ inputId, describedBy, invalid }) => (
        <div className="wallet-proof">
          <input
            id={inputId}
            type="file"
            accept="image/png,image/jpeg"
            className="input wallet-proof__input"
            aria-describedby={[describedBy, file ? nameId : null].filter(Boolean).join(' ') || undefined}
            aria-invalid={invalid || undefined}
            onChange={onChange}
          />
          {file && (
            <span id={nameId} className="muted small">
              {t('proof.chosen', { name: file.name })}
            </span>
          )}
        </div>
      )}
    </FieldShell>
  );
}
