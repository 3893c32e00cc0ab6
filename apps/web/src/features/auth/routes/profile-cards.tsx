import { type MemberInfo, PROFILE_FIELDS, type ProfileField, SPEC } from '@wps/contract';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { ApiError } from '../../../shared/api/client.ts';
import { useSessionStore } from '../../../shared/session/store.ts';
import { usePermission } from '../../../shared/system/api/get-permission.ts';
import { Button } from '../../../shared/ui/button.tsx';
import { DateField } from '../../../shared/ui/date-field.tsx';
import { TextField } from '../../../shared/ui/field.tsx';
import { toast } from '../../../shared/ui/toast.tsx';
import { useAuthedImage } from '../../wallet/lib/authed-image.ts';
import { useUpdateProfile, useUploadIcon } from '../api/profile.ts';
import { useLocale } from '../hooks/use-locale.ts';
import { useRulesForm } from '../hooks/use-rules-form.ts';
import { lengthHint } from '../lib/hints.ts';
import { checkValue, specMessage } from '../lib/validation.ts';

/** SPEC §7 `/wps/member/info/icon`: the avatar, uploaded as png/jpg and re-encoded by the server. */
export function AvatarCard({ member }: { member: MemberInfo }) {
  const { t } = useTranslation('auth');
  const locale = useLocale();
  const token = useSessionStore((s) => s.token);
  const image = useAuthedImage(member.iconUrl, token);
  const upload = useUploadIcon();
  const input = useRef<HTMLInputElement>(null);
  const [error, setError] = useState<string | null>(null);
  const onPick = async (file: File | undefined) => {
    if (!file) return;
    setError(null);
    // The same limits the server applies, said before the bytes travel.
    if (!(SPEC.upload.types as readonly string[]).includes(file.type)) {
      setError(specMessage('imageWrongType', locale));
      return;
    }
    if (file.size > SPEC.upload.maxBytes) {
      setError(specMessage('imageTooLarge', locale));
      return;
    }
    try {
      await upload.mutateAsync(file);
      toast.success(t('security.avatar.done'));
    } catch (err) {
      setError(err instanceof ApiError ? (err.fields.file ?? err.message) : specMessage('unknown', locale));
    } finally {
      if (input.current) input.current.value = '';
    }
  };
  const initial = (member.nickname || member.account).slice(0, 1).toUpperCase();
  return (
    <section className="card security__card" aria-labelledby="sec-avatar">
      <h3 id="sec-avatar">{t('security.avatar.title')}</h3>
      <p className="muted small">{t('security.avatar.lead')}</p>
      <div className="security__avatar-row">
        {image.src ? (
          <img className="security__avatar" src={image.src} alt={t('security.avatar.alt')} />
        ) : (
          <span className="security__avatar security__avatar--empty" aria-hidden="true">
            {initial}
          </span>
        )}
        <div>
          <input
            ref={input}
            id="avatar-file"
            type="file"
            accept="image/png,image/jpeg"
            className="visually-hidden"
            onChange={(e) => void onPick(e.target.files?.[0])}
          />
          <Button
            type="button"
            variant="secondary"
            loading={upload.isPending}
            onClick={() => input.current?.click()}
          >
            {member.iconUrl ? t('security.avatar.change') : t('security.avatar.upload')}
          </Button>
        </div>
      </div>
      {error && (
        <p className="form-error form-error--box" role="alert">
          {error}
        </p>
      )}
    </section>
  );
}

type ProfileValues = Record<ProfileField, string> & { payeeName: string };

/** A real name as the server keeps it: one space between words, none around. */
const tidyName = (name: string) => name.trim().replace(/\s+/g, ' ');

/**
 * SPEC §3 profile fields, checked by the register rules of the same names (pattern and length),
 * and the real name (issue 27): withdrawals go only to accounts in that name, so the member sets
 * it here once (the real-name register rule); after that it shows read-only and an operator
 * changes it. The cashier asks for it and the date of birth again in its own forms when missing.
 */
export function ProfileCard({ member }: { member: MemberInfo }) {
  const { t } = useTranslation('auth');
  const locale = useLocale();
  const rules = usePermission().data?.info.register ?? [];
  const ruleOf = (f: ProfileField | 'payeeName') => rules.find((r) => r.field === f);
  const save = useUpdateProfile();
  const nameSet = Boolean(member.payeeName);
  const section = useRef<HTMLElement>(null);
  const { hash } = useLocation();
  // Linked from the cashier ("set it in the security centre"): bring the section into view.
  useEffect(() => {
    if (hash !== '#personal-details') return;
    const id = requestAnimationFrame(() => section.current?.scrollIntoView({ block: 'start' }));
    return () => cancelAnimationFrame(id);
  }, [hash]);
  const initial = {
    ...Object.fromEntries(PROFILE_FIELDS.map((f) => [f, member.profile[f] ?? ''])),
    payeeName: '',
  } as ProfileValues;
  const form = useRulesForm<ProfileValues>(
    (v) => {
      const out: Record<string, string> = {};
      if (!nameSet) {
        const rule = ruleOf('payeeName');
        const m = checkValue(
          tidyName(v.payeeName),
          { required: false, rule: rule && { ...rule, field: 'payeeName' } },
          locale,
        );
        if (m) out.payeeName = m;
      }
      for (const f of PROFILE_FIELDS) {
        const m = checkValue(v[f], { required: false, rule: ruleOf(f) }, locale);
        if (m) out[f] = m;
      }
      return out;
    },
    { defaultValues: initial },
  );
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting, isDirty },
  } = form;
  const onSubmit = handleSubmit(async (v) => {
    form.setFormError(null);
    try {
      const fields = Object.fromEntries(PROFILE_FIELDS.map((f) => [f, v[f].trim()])) as Record<
        ProfileField,
        string
      >;
      const name = tidyName(v.payeeName);
      await save.mutateAsync(!nameSet && name ? { ...fields, payeeName: name } : fields);
      reset({ ...fields, payeeName: '' });
      toast.success(t('security.profile.done'));
    } catch (err) {
      form.showServerError(err, ['payeeName', ...PROFILE_FIELDS], specMessage('unknown', locale));
    }
  });
  const inputProps: Partial<
    Record<ProfileField, { type?: string; inputMode?: 'numeric'; autoComplete?: string }>
  > = {
    nickname: { autoComplete: 'nickname' },
    zalo: { inputMode: 'numeric', autoComplete: 'off' },
    address: { autoComplete: 'street-address' },
    nationality: { autoComplete: 'country-name' },
    occupation: { autoComplete: 'organization-title' },
  };
  const nameRule = ruleOf('payeeName');
  return (
    <section
      className="card security__card"
      aria-labelledby="sec-profile"
      id="personal-details"
      ref={section}
      tabIndex={-1}
    >
      <h3 id="sec-profile">{t('security.profile.title')}</h3>
      <p className="muted small">{t('security.profile.lead')}</p>
      <form onSubmit={onSubmit} noValidate className="auth-form">
        {nameSet ? (
          <div className="field" data-testid="real-name">
            <span className="field__label">{t('security.profile.realName')}</span>
            <p className="security__value">{member.payeeName}</p>
            <p className="field__hint">{t('security.profile.realNameLocked')}</p>
          </div>
        ) : (
          <TextField
            label={t('security.profile.realName')}
            autoComplete="name"
            maxLength={nameRule?.maxLength || 60}
            hint={t('security.profile.realNameHint')}
            error={errors.payeeName?.message}
            {...register('payeeName')}
          />
        )}
        {/* What the cashier needs first (real name above, date of birth), then the optional rest. */}
        {['birthday' as const, ...PROFILE_FIELDS.filter((f) => f !== 'birthday')].map((f) => {
          const rule = ruleOf(f);
          if (f === 'birthday')
            return (
              <DateField
                key={f}
                label={t(`profile.${f}`)}
                value={form.watch('birthday')}
                minYear={1900}
                maxYear={new Date().getFullYear()}
                optional
                hint={member.profile.birthday ? undefined : t('security.profile.birthdayHint')}
                error={errors.birthday?.message}
                onChange={(v) => form.setValue('birthday', v, { shouldDirty: true })}
              />
            );
          return (
            <TextField
              key={f}
              label={t(`profile.${f}`)}
              hint={rule ? lengthHint(t, rule) : undefined}
              error={errors[f]?.message}
              {...(inputProps[f] ?? {})}
              {...register(f)}
            />
          );
        })}
        {form.formError && (
          <p className="form-error form-error--box" role="alert">
            {form.formError}
          </p>
        )}
        <Button type="submit" loading={isSubmitting} disabled={!isDirty}>
          {t('security.profile.submit')}
        </Button>
      </form>
    </section>
  );
}
