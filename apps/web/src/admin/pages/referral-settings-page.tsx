import type { ReferralSettings } from '@wps/contract';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../shared/api/client.ts';
import { Button } from '../../shared/ui/button.tsx';
import { SelectField, TextField } from '../../shared/ui/field.tsx';
import { Loader } from '../../shared/ui/loader.tsx';
import { PageHeader } from '../../shared/ui/page-header.tsx';
import { toast } from '../../shared/ui/toast.tsx';
import { errorText } from './cashier-ui.tsx';
import { useReferralSettings, useSaveReferralSettings } from './referral-api.ts';

/** The refer-and-earn rule: first deposit X and turnover Y within N days pays the referrer once. */
export default function ReferralSettingsPage() {
  const { t } = useTranslation('referral-admin');
  const current = useReferralSettings();
  const save = useSaveReferralSettings();
  const [form, setForm] = useState<ReferralSettings | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  useEffect(() => {
    if (current.data) setForm(current.data);
  }, [current.data]);
  if (current.isPending || !form)
    return current.error ? (
      <p className="wallet-error">{errorText(current.error)}</p>
    ) : (
      <Loader label={t('loading')} />
    );
  const set = <K extends keyof ReferralSettings>(k: K, v: ReferralSettings[K]) =>
    setForm({ ...form, [k]: v });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setErrors({});
    save.mutate(form, {
      onSuccess: () => toast.success(t('settings.saved')),
      onError: (err) => {
        if (err instanceof ApiError) setErrors(err.fields);
        toast.error(errorText(err));
      },
    });
  };
  return (
    <div className="admin-page">
      <PageHeader title={t('settings.title')} lead={t('settings.lead')} />
      <form className="wallet-form" onSubmit={submit} noValidate>
        <label className="chip-row">
          <input type="checkbox" checked={form.enabled} onChange={(e) => set('enabled', e.target.checked)} />{' '}
          {t('settings.enabled')}
        </label>
        <TextField
          label={t('settings.minDeposit')}
          value={form.minDeposit}
          inputMode="decimal"
          onChange={(e) => set('minDeposit', e.target.value)}
          error={errors.minDeposit}
        />
        <TextField
          label={t('settings.minTurnover')}
          value={form.minTurnover}
          inputMode="decimal"
          onChange={(e) => set('minTurnover', e.target.value)}
          error={errors.minTurnover}
        />
        <TextField
          label={t('settings.withinDays')}
          value={String(form.withinDays)}
          inputMode="numeric"
          onChange={(e) => set('withinDays', Number(e.target.value.replace(/\D/g, '')) || 0)}
          error={errors.withinDays}
        />
        <SelectField
          label={t('settings.kind')}
          value={form.rewardKind}
          onChange={(e) => set('rewardKind', e.target.value as ReferralSettings['rewardKind'])}
        >
          <option value="cash">{t('settings.cash')}</option>
          <option value="bonus">{t('settings.bonus')}</option>
        </SelectField>
        <TextField
          label={t('settings.reward')}
          value={form.reward}
          inputMode="decimal"
          onChange={(e) => set('reward', e.target.value)}
          error={errors.reward}
        />
        {form.rewardKind === 'bonus' && (
          <TextField
            label={t('settings.wagering')}
            value={String(form.wageringMultiplier)}
            inputMode="numeric"
            onChange={(e) => set('wageringMultiplier', Number(e.target.value.replace(/\D/g, '')) || 0)}
            error={errors.wageringMultiplier}
          />
        )}
        <Button type="submit" disabled={save.isPending}>
          {t('settings.save')}
        </Button>
      </form>
    </div>
  );
}
