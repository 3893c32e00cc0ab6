import { AFFILIATE_CHANNELS, SPEC } from '@wps/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../shared/api/client.ts';
import { Button } from '../../../shared/ui/button.tsx';
import { FieldShell, SelectField, TextField } from '../../../shared/ui/field.tsx';
import { Loader } from '../../../shared/ui/loader.tsx';
import { toast } from '../../../shared/ui/toast.tsx';
import { useApplyAffiliate, useMyAffiliate } from '../api/referral-api.ts';

type Fields = 'contact' | 'channel' | 'expectedPlayers' | 'remark';

/**
 * Affiliate application (becoming an agent): contact, channel, expected players, remark. The
 * server checks every field with the spec's messages; the form shows them under each field.
 * While one is waiting, or once the member is an agent, the form gives way to its status.
 */
export function AffiliateSection() {
  const { t } = useTranslation('referral');
  const mine = useMyAffiliate();
  const apply = useApplyAffiliate();
  const [form, setForm] = useState<Record<Fields, string>>({
    contact: '',
    channel: '',
    expectedPlayers: '',
    remark: '',
  });
  const [errors, setErrors] = useState<Partial<Record<Fields, string>>>({});
  const set = (k: Fields) => (e: { target: { value: string } }) =>
    setForm((f) => ({ ...f, [k]: e.target.value }));

  if (mine.isPending) return <Loader label={t('loading')} />;
  if (mine.error) return <p className="wallet-error">{mine.error.message}</p>;
  const { isAgent, application } = mine.data;
  const status = application?.status;

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    setErrors({});
    apply.mutate(form, {
      onSuccess: () => toast.success(t('affiliate.sent')),
      onError: (err) => {
        if (err instanceof ApiError && Object.keys(err.fields).length) setErrors(err.fields as typeof errors);
        else toast.error(err.message);
      },
    });
  };

  return (
    <section className="card stack" aria-labelledby="affiliate-title" data-testid="affiliate-section">
      <h2 id="affiliate-title" className="referral__h2">
        {t('affiliate.title')}
      </h2>
      {isAgent ? (
        <p data-testid="affiliate-status">{t('affiliate.isAgent')}</p>
      ) : status === 'pending' ? (
        <p data-testid="affiliate-status">{t('affiliate.pending')}</p>
      ) : (
        <>
          <p className="muted small">{t('affiliate.lead')}</p>
          {status === 'rejected' && (
            <p className="wallet-error" data-testid="affiliate-status">
              {t('affiliate.rejected', { reason: application?.reason ?? '' })}
            </p>
          )}
          <form className="stack" onSubmit={submit} noValidate>
            <TextField
              label={t('affiliate.contact')}
              hint={t('affiliate.contactHint')}
              value={form.contact}
              onChange={set('contact')}
              error={errors.contact}
              maxLength={100}
              autoComplete="tel"
            />
            <SelectField
              label={t('affiliate.channel')}
              value={form.channel}
              onChange={set('channel')}
              error={errors.channel}
            >
              <option value="">{t('affiliate.choose')}</option>
              {AFFILIATE_CHANNELS.map((c) => (
                <option key={c} value={c}>
                  {t(`affiliate.channels.${c}`)}
                </option>
              ))}
            </SelectField>
            <TextField
              label={t('affiliate.expectedPlayers')}
              value={form.expectedPlayers}
              onChange={set('expectedPlayers')}
              error={errors.expectedPlayers}
              inputMode="numeric"
              maxLength={6}
            />
            <FieldShell
              label={t('affiliate.remark')}
              error={errors.remark}
              hint={t('affiliate.remarkHint', {
                n: [...form.remark].length,
                max: SPEC.activityRemarkMaxChars,
              })}
            >
              {({ inputId, describedBy, invalid }) => (
                <textarea
                  id={inputId}
                  className="input"
                  rows={3}
                  value={form.remark}
                  onChange={set('remark')}
                  aria-invalid={invalid || undefined}
                  aria-describedby={describedBy}
                />
              )}
            </FieldShell>
            <Button type="submit" disabled={apply.isPending}>
              {t('affiliate.submit')}
            </Button>
          </form>
        </>
      )}
    </section>
  );
}
