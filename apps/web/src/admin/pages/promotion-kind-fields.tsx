import { type ContentImage, PROMOTION_PERIODS, TICKET_KINDS } from '@wps/contract';
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
  ticketKind: string;
  ticketCount: string;
}

/** The kinds that pay by a percent, a period or tickets; the others pay a fixed bonus amount. */
export type FieldKind = 'deposit_bonus' | 'reload' | 'cashback' | 'tickets';
export const hasKindFields = (kind: string): kind is FieldKind =>
  kind === 'deposit_bonus' || kind === 'reload' || kind === 'cashback' || kind === 'tickets';

type TextKey = Exclude<keyof KindDraft, 'autoCredit'>;

/**
 * What a promotion of this kind pays by, one group of fields for every kind that has them: the
 * deposit it follows (not cashback), percent and cap (not tickets), the period of a reload or a
 * cashback, the minimum deposit (not cashback), and what only one kind has.
 */
export function KindFields({
  kind,
  d,
  set,
  fields,
}: {
  kind: FieldKind;
  d: KindDraft;
  set(patch: Partial<KindDraft>): void;
  fields: Record<string, string>;
}) {
  const { t } = useTranslation('promotions-admin');
  const { t: tk } = useTranslation('promo-kinds');
  const { t: tt } = useTranslation('tickets-admin');
  const text = (k: TextKey) => (e: { target: { value: string } }) => set({ [k]: e.target.value });
  const field = (k: TextKey, label: string, inputMode: 'numeric' | 'decimal') => (
    <TextField label={label} inputMode={inputMode} value={d[k]} onChange={text(k)} error={fields[k]} />
  );
  const depositNthLabel = {
    deposit_bonus: t('f.depositNth'),
    reload: tk('admin.reloadAfter'),
    tickets: tt('f.depositNth'),
  } as const;
  return (
    <>
      {kind === 'tickets' && (
        <>
          <SelectField label={tt('f.kind')} value={d.ticketKind} onChange={text('ticketKind')}>
            {TICKET_KINDS.map((k) => (
              <option key={k} value={k}>
                {tt(`kind.${k}`)}
              </option>
            ))}
          </SelectField>
          {field('ticketCount', tt('f.count'), 'numeric')}
        </>
      )}
      {kind !== 'cashback' && field('depositNth', depositNthLabel[kind], 'numeric')}
      {kind !== 'tickets' && (
        <>
          {field('percent', kind === 'cashback' ? tk('admin.cashbackPercent') : t('f.percent'), 'numeric')}
          {field('cap', t('f.cap'), 'decimal')}
        </>
      )}
      {(kind === 'reload' || kind === 'cashback') && (
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
      )}
      {kind !== 'cashback' && field('minDeposit', t('f.minDeposit'), 'decimal')}
      {kind === 'reload' && field('claimLimit', tk('admin.claimLimit'), 'numeric')}
      {kind === 'cashback' && (
        <>
          {field('minLoss', tk('admin.minLoss'), 'decimal')}
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
