import { type ContentImage, PROMOTION_PERIODS } from '@wps/contract';
import { useTranslation } from 'react-i18next';
import { Button } from '../../shared/ui/button.tsx';
import { SelectField, TextField } from '../../shared/ui/field.tsx';
import { errorText } from './cashier-ui.tsx';
import { useUploadPromotionImage } from './promo-kinds-api.ts';
import './promo-kinds.css';

export interface KindDraft {
  depositNth: string;
  percent: string;
  cap: string;
  minDeposit: string;
  period: string;
  claimLimit: string;
  minLoss: string;
  autoCredit: boolean;
}

/** What a reload or a cashback pays by: the fields the deposit bonus form does not have. */
export function KindFields({
  kind,
  d,
  set,
  fields,
}: {
  kind: 'reload' | 'cashback';
  d: KindDraft;
  set(patch: Partial<KindDraft>): void;
  fields: Record<string, string>;
}) {
  const { t } = useTranslation('promotions-admin');
  const { t: tk } = useTranslation('promo-kinds');
  const text = (k: keyof KindDraft) => (e: { target: { value: string } }) => set({ [k]: e.target.value });
  return (
    <>
      {kind === 'reload' && (
        <TextField
          label={tk('admin.reloadAfter')}
          inputMode="numeric"
          value={d.depositNth}
          onChange={text('depositNth')}
          error={fields.depositNth}
        />
      )}
      <TextField
        label={kind === 'cashback' ? tk('admin.cashbackPercent') : t('f.percent')}
        inputMode="numeric"
        value={d.percent}
        onChange={text('percent')}
        error={fields.percent}
      />
      <TextField
        label={t('f.cap')}
        inputMode="decimal"
        value={d.cap}
        onChange={text('cap')}
        error={fields.cap}
      />
      <SelectField
        label={tk('admin.period')}
        value={d.period}
        onChange={text('period')}
        error={fields.period}
      >
        {PROMOTION_PERIODS.map((p) => (
          <option key={p} value={p}>
            {tk(`period.${p}`)}
          </option>
        ))}
      </SelectField>
      {kind === 'reload' ? (
        <>
          <TextField
            label={t('f.minDeposit')}
            inputMode="decimal"
            value={d.minDeposit}
            onChange={text('minDeposit')}
          />
          <TextField
            label={tk('admin.claimLimit')}
            inputMode="numeric"
            value={d.claimLimit}
            onChange={text('claimLimit')}
            error={fields.claimLimit}
          />
        </>
      ) : (
        <>
          <TextField
            label={tk('admin.minLoss')}
            inputMode="decimal"
            value={d.minLoss}
            onChange={text('minLoss')}
            error={fields.minLoss}
          />
          <label>
            <input
              type="checkbox"
              checked={d.autoCredit}
              onChange={(e) => set({ autoCredit: e.target.checked })}
            />{' '}
            {tk('admin.autoCredit')}
          </label>
        </>
      )}
    </>
  );
}

/** The promotion's image: uploaded at once (the server checks and resizes it), its id kept in the draft. */
export function ImageField({
  image,
  onChange,
  error,
}: {
  image: ContentImage | null;
  onChange(image: ContentImage | null): void;
  error?: string | undefined;
}) {
  const { t: tk } = useTranslation('promo-kinds');
  const upload = useUploadPromotionImage();
  const preview = image?.variants[0];
  return (
    <div className="promo-image-field">
      <label className="field__label" htmlFor="promo-image">
        {tk('admin.image')}
      </label>
      <input
        id="promo-image"
        type="file"
        accept="image/png,image/jpeg,image/webp"
        onChange={(e) => {
          const file = e.target.files?.[0];
          if (file) upload.mutate(file, { onSuccess: onChange });
          e.target.value = '';
        }}
      />
      <span className="muted small">
        {upload.isPending ? tk('admin.imageUploading') : tk('admin.imageHint')}
      </span>
      {(upload.error || error) && (
        <span className="wallet-error" role="alert">
          {upload.error ? errorText(upload.error) : error}
        </span>
      )}
      {preview && image && (
        <>
          <img
            src={preview.url}
            width={preview.width}
            height={preview.height}
            alt={tk('admin.imagePreview')}
          />
          <Button size="sm" variant="ghost" onClick={() => onChange(null)}>
            {tk('admin.imageRemove')}
          </Button>
        </>
      )}
    </div>
  );
}
