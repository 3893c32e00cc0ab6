import type { ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { TextField } from '../../shared/ui/field.tsx';

/**
 * One operator-authored text in English and Nepali, side by side and labelled (issue 27). The
 * English one is the text every language falls back to; an empty Nepali one shows the English.
 */
export function BilingualField({
  label,
  en,
  ne,
  onEn,
  onNe,
  error,
  errorNe,
  required,
}: {
  label: string;
  en: string;
  ne: string;
  onEn(e: ChangeEvent<HTMLInputElement>): void;
  onNe(e: ChangeEvent<HTMLInputElement>): void;
  error?: string | undefined;
  errorNe?: string | undefined;
  required?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <div className="bilingual">
      <TextField
        label={t('bilingual.en', { label })}
        value={en}
        onChange={onEn}
        error={error}
        required={required}
        lang="en"
      />
      <TextField
        label={t('bilingual.ne', { label })}
        value={ne}
        onChange={onNe}
        hint={t('bilingual.neHint')}
        error={errorNe}
        lang="ne"
      />
    </div>
  );
}
