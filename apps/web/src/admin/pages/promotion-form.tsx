import {
  type ContentImage,
  PROMOTION_AUDIENCES,
  PROMOTION_CATEGORIES,
  PROMOTION_KINDS,
  PROMOTION_LABELS,
  type PromotionInput,
} from '@wps/contract';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../shared/ui/button.tsx';
import { SelectField, TextField } from '../../shared/ui/field.tsx';
import { BilingualField } from './bilingual-field.tsx';
import { errorText } from './cashier-ui.tsx';
import { toLocalInput } from './content-api.ts';
import { GalleryField } from './promotion-gallery-field.tsx';
import { hasKindFields, ImageField, KindFields } from './promotion-kind-fields.tsx';
import { type AdminPromotion, useSavePromotion } from './promotions-api.ts';

type Draft = Record<
  | 'title'
  | 'summary'
  | 'body'
  | 'titleNe'
  | 'summaryNe'
  | 'bodyNe'
  | 'category'
  | 'kind'
  | 'audience'
  | 'startsAt'
  | 'endsAt'
  | 'depositNth'
  | 'percent'
  | 'cap'
  | 'minDeposit'
  | 'bonusAmount'
  | 'wageringMultiplier'
  | 'expiryDays'
  | 'contributions'
  | 'period'
  | 'claimLimit'
  | 'minLoss'
  | 'ticketKind'
  | 'ticketCount',
  string
> & {
  labels: string[];
  enabled: boolean;
  autoCredit: boolean;
  image: ContentImage | null;
  announcementImages: ContentImage[];
};

const toDraft = (p: AdminPromotion | null): Draft => ({
  title: p?.title ?? '',
  summary: p?.summary ?? '',
  body: p?.body ?? '',
  titleNe: p?.titleNe ?? '',
  summaryNe: p?.summaryNe ?? '',
  bodyNe: p?.bodyNe ?? '',
  category: p?.category ?? 'deposit',
  kind: p?.kind ?? 'deposit_bonus',
  audience: p?.audience ?? 'all',
  // The form's datetime-local fields are the operator's local time, as submit reads them back.
  startsAt: toLocalInput(p?.startsAt ?? new Date().toISOString()),
  endsAt: toLocalInput(p?.endsAt ?? null),
  depositNth: String(p?.depositNth ?? 1),
  percent: String(p?.percent ?? 100),
  cap: p?.cap ?? '',
  minDeposit: p?.minDeposit ?? '',
  bonusAmount: p?.bonusAmount ?? '',
  wageringMultiplier: String(p?.wageringMultiplier ?? 10),
  expiryDays: String(p?.expiryDays ?? 7),
  contributions: Object.entries(p?.contributions ?? { RNG: 100, INHOUSE: 100, LIVE: 10 })
    .map(([k, v]) => `${k}=${v}`)
    .join(', '),
  ticketKind: p?.ticketKind ?? 'WHEEL',
  ticketCount: String(p?.ticketCount ?? 1),
  labels: p?.labels ?? [],
  enabled: p?.enabled ?? true,
  period: p?.period ?? 'day',
  claimLimit: p?.claimLimit ? String(p.claimLimit) : '',
  minLoss: p?.minLoss ?? '',
  autoCredit: p?.autoCredit ?? false,
  image: p?.image ?? null,
  announcementImages: (p?.announcementImages ?? []).map((a) => a.image),
});

/** `RNG=100, LIVE=10` → { RNG: 100, LIVE: 10 } (the server checks types and range). */
function parseContributions(text: string): Record<string, number> {
  const out: Record<string, number> = {};
  for (const part of text.split(',')) {
    const [k, v] = part.split('=').map((s) => s.trim());
    if (k && v !== undefined) out[k.toUpperCase()] = Number(v);
  }
  return out;
}

/** Create or change a promotion: what earns it, how much, wagering and contributions. */
export function PromotionForm({ promo, onDone }: { promo: AdminPromotion | null; onDone(): void }) {
  const { t } = useTranslation('promotions-admin');
  const { t: tc } = useTranslation();
  const [d, setD] = useState<Draft>(() => toDraft(promo));
  const save = useSavePromotion();
  const set = (k: keyof Draft) => (e: { target: { value: string } }) => setD({ ...d, [k]: e.target.value });
  const fields = (save.error as { fields?: Record<string, string> } | null)?.fields ?? {};
  const deposit = d.kind === 'deposit_bonus';
  // Reload and cashback pay a percent up to a cap, like the deposit bonus; the rest a fixed amount.
  const paysPercent = deposit || d.kind === 'reload' || d.kind === 'cashback';
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const num = (s: string) => (s.trim() === '' ? null : Number(s));
    const money = (s: string) => (s.trim() === '' ? null : s.trim());
    const input: PromotionInput = {
      title: d.title,
      summary: d.summary,
      body: d.body,
      titleNe: d.titleNe,
      summaryNe: d.summaryNe,
      bodyNe: d.bodyNe,
      category: d.category as PromotionInput['category'],
      labels: d.labels as PromotionInput['labels'],
      languages: [],
      imageUrl: d.image ? null : promo?.imageId ? null : (promo?.imageUrl ?? null),
      imageId: d.image?.id ?? null,
      announcementImageIds: d.announcementImages.map((i) => i.id),
      kind: d.kind as PromotionInput['kind'],
      audience: d.audience as PromotionInput['audience'],
      startsAt: new Date(d.startsAt).toISOString(),
      endsAt: d.endsAt ? new Date(d.endsAt).toISOString() : null,
      enabled: d.enabled,
      // Tickets: a deposit number makes that deposit earn them; empty means claimed for free.
      depositNth: deposit || d.kind === 'reload' || d.kind === 'tickets' ? num(d.depositNth) : null,
      percent: paysPercent ? num(d.percent) : null,
      cap: paysPercent ? money(d.cap) : null,
      minDeposit: deposit || d.kind === 'reload' || d.kind === 'tickets' ? money(d.minDeposit) : null,
      bonusAmount: paysPercent || d.kind === 'tickets' ? null : money(d.bonusAmount),
      period: d.kind === 'reload' || d.kind === 'cashback' ? (d.period as 'day' | 'week') : null,
      claimLimit: d.kind === 'reload' ? num(d.claimLimit) : null,
      minLoss: d.kind === 'cashback' ? money(d.minLoss) : null,
      autoCredit: d.kind === 'cashback' && d.autoCredit,
      ticketKind: d.kind === 'tickets' ? (d.ticketKind as PromotionInput['ticketKind']) : null,
      ticketCount: d.kind === 'tickets' ? num(d.ticketCount) : null,
      wageringMultiplier: num(d.wageringMultiplier) ?? 0,
      expiryDays: num(d.expiryDays) ?? 7,
      contributions: parseContributions(d.contributions),
      sort: promo?.sort ?? 0,
    };
    save.mutate({ id: promo?.id ?? null, input }, { onSuccess: onDone });
  };
  return (
    <form className="stack" onSubmit={submit} noValidate>
      <BilingualField
        label={t('f.title')}
        en={d.title}
        ne={d.titleNe}
        onEn={set('title')}
        onNe={set('titleNe')}
        errorNe={fields.titleNe}
        error={fields.title}
        required
      />
      <BilingualField
        label={t('f.summary')}
        en={d.summary}
        ne={d.summaryNe}
        onEn={set('summary')}
        onNe={set('summaryNe')}
        errorNe={fields.summaryNe}
      />
      <BilingualField
        label={t('f.body')}
        en={d.body}
        ne={d.bodyNe}
        onEn={set('body')}
        onNe={set('bodyNe')}
        errorNe={fields.bodyNe}
      />
      <SelectField label={t('f.kind')} value={d.kind} onChange={set('kind')}>
        {PROMOTION_KINDS.map((k) => (
          <option key={k} value={k}>
            {t(`kind.${k}`)}
          </option>
        ))}
      </SelectField>
      <SelectField label={t('f.category')} value={d.category} onChange={set('category')}>
        {PROMOTION_CATEGORIES.map((c) => (
          <option key={c} value={c}>
            {tc(`pages.promotions.categories.${c}`)}
          </option>
        ))}
      </SelectField>
      <SelectField label={t('f.audience')} value={d.audience} onChange={set('audience')}>
        {PROMOTION_AUDIENCES.map((a) => (
          <option key={a} value={a}>
            {t(`audience.${a}`)}
          </option>
        ))}
      </SelectField>
      <fieldset className="chip-row">
        <legend>{t('f.labels')}</legend>
        {PROMOTION_LABELS.map((l) => (
          <label key={l} className="chip">
            <input
              type="checkbox"
              checked={d.labels.includes(l)}
              onChange={(e) =>
                setD({ ...d, labels: e.target.checked ? [...d.labels, l] : d.labels.filter((x) => x !== l) })
              }
            />{' '}
            {l}
          </label>
        ))}
      </fieldset>
      <TextField
        label={t('f.startsAt')}
        type="datetime-local"
        value={d.startsAt}
        onChange={set('startsAt')}
      />
      <TextField label={t('f.endsAt')} type="datetime-local" value={d.endsAt} onChange={set('endsAt')} />
      {hasKindFields(d.kind) ? (
        <KindFields kind={d.kind} d={d} set={(patch) => setD({ ...d, ...patch })} fields={fields} />
      ) : (
        <TextField
          label={t('f.bonusAmount')}
          inputMode="decimal"
          value={d.bonusAmount}
          onChange={set('bonusAmount')}
        />
      )}
      <TextField
        label={t('f.wagering')}
        inputMode="numeric"
        value={d.wageringMultiplier}
        onChange={set('wageringMultiplier')}
      />
      <TextField
        label={t('f.expiryDays')}
        inputMode="numeric"
        value={d.expiryDays}
        onChange={set('expiryDays')}
      />
      <TextField
        label={t('f.contributions')}
        hint={t('f.contributionsHint')}
        value={d.contributions}
        onChange={set('contributions')}
      />
      <ImageField image={d.image} onChange={(image) => setD({ ...d, image })} error={fields.imageId} />
      <GalleryField
        images={d.announcementImages}
        onChange={(announcementImages) => setD({ ...d, announcementImages })}
        error={fields.announcementImageIds}
      />
      <label>
        <input
          type="checkbox"
          checked={d.enabled}
          onChange={(e) => setD({ ...d, enabled: e.target.checked })}
        />{' '}
        {t('f.enabled')}
      </label>
      {save.error && <p className="wallet-error">{errorText(save.error)}</p>}
      <Button type="submit" disabled={save.isPending}>
        {t('save')}
      </Button>
    </form>
  );
}
