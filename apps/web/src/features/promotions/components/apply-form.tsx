import { SPEC } from '@wps/contract';
import { type ChangeEvent, type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../shared/ui/button.tsx';
import { FieldShell } from '../../../shared/ui/field.tsx';
import { checkImage } from '../../wallet/lib/images.ts';
import { specText } from '../../wallet/lib/money.ts';
import { useLocale } from '../../wallet/lib/use-locale.ts';

/**
 * Apply to join (SPEC §5): a remark of at most 140 characters and up to 3 png/jpg images of at
 * most 5MB each, refused here with the spec's messages before anything is sent.
 */
export function ApplyForm({
  busy,
  onSubmit,
}: {
  busy: boolean;
  onSubmit(remark: string, images: File[]): void;
}) {
  const { t } = useTranslation('promotions');
  const locale = useLocale();
  const [remark, setRemark] = useState('');
  const [images, setImages] = useState<File[]>([]);
  const [error, setError] = useState<string | null>(null);
  const max = SPEC.activityRemarkMaxChars;

  const onFiles = (e: ChangeEvent<HTMLInputElement>) => {
    const picked = Array.from(e.target.files ?? []);
    if (picked.length > SPEC.upload.maxImages) {
      e.target.value = '';
      setImages([]);
      setError(specText('imageTooMany', locale));
      return;
    }
    for (const f of picked) {
      const problem = checkImage(f);
      if (problem) {
        e.target.value = '';
        setImages([]);
        setError(specText(problem, locale));
        return;
      }
    }
    setError(null);
    setImages(picked);
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (remark.length > max) return setError(specText('remarkTooLong', locale));
    onSubmit(remark.trim(), images);
  };
  return (
    <form className="promo-form" onSubmit={submit} noValidate>
      <FieldShell label={t('apply.remark')} aside={`${remark.length}/${max}`}>
        {({ inputId }) => (
          <textarea
            id={inputId}
            className="input"
            value={remark}
            maxLength={max}
            onChange={(e) => setRemark(e.target.value)}
          />
        )}
      </FieldShell>
      <FieldShell label={t('apply.images')} hint={t('apply.imagesHint')} error={error}>
        {({ inputId, describedBy, invalid }) => (
          <input
            id={inputId}
            type="file"
            multiple
            accept="image/png,image/jpeg"
            className="input"
            aria-describedby={describedBy}
            aria-invalid={invalid || undefined}
            onChange={onFiles}
          />
        )}
      </FieldShell>
      <Button type="submit" disabled={busy}>
        {t('apply.submit')}
      </Button>
    </form>
  );
}
