import { SPEC } from '@wps/contract';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { PopupBodyProps } from '../../../app/popup-registry.ts';
import { usePopupStore } from '../../../shared/popups/store.ts';
import { Button } from '../../../shared/ui/button.tsx';
import { TextField } from '../../../shared/ui/field.tsx';
import { Loader } from '../../../shared/ui/loader.tsx';
import { Tabs } from '../../../shared/ui/tabs.tsx';
import { checkAffiliate } from '../api/check-affiliate.ts';
import { useRegisterSettings } from '../api/get-register-settings.ts';
import { useRegister } from '../api/register.ts';
import { sendSms } from '../api/send-sms.ts';
import { showInfo } from '../components/auth-effects.tsx';
import { CaptchaField } from '../components/captcha-field.tsx';
import { HumanCheckStatusLine } from '../components/human-check-status.tsx';
import { PasswordField } from '../components/password-field.tsx';
import { PhoneField } from '../components/phone-field.tsx';
import { SmsCodeField } from '../components/sms-code-field.tsx';
import { usePermission } from '../../../shared/system/api/get-permission.ts';
import { useFlags } from '../hooks/use-flags.ts';
import { useHumanCheck } from '../hooks/use-human-check.ts';
import { useLocale } from '../hooks/use-locale.ts';
import { useRulesForm } from '../hooks/use-rules-form.ts';
import { useStoreSession } from '../hooks/use-sign-in.ts';
import {
  emptyRegisterValues,
  type RegisterFieldName,
  type RegisterFieldSpec,
  type RegisterTab,
  type RegisterValues,
  registerBody,
  registerFields,
  registerTabs,
  validateRegister,
} from '../lib/register-form.ts';
import { mobileTarget, specMessage } from '../lib/validation.ts';
import { lengthHint } from '../lib/hints.ts';
import { PopupBanners } from '../../home/components/popup-banners.tsx';
import '../auth.css';

/** registerModal (SPEC §2, §4 Register): tabs by flag, fields by the operator's register settings. */
export default function RegisterPopup({ close }: PopupBodyProps) {
  const { t } = useTranslation('auth');
  const { flags, ready } = useFlags();
  const settings = useRegisterSettings();
  const tabs = registerTabs(flags);
  const [tab, setTab] = useState<RegisterTab | null>(null);
  const open = usePopupStore((s) => s.open);
  const active = tab && tabs.includes(tab) ? tab : tabs[0];

  if (!ready || settings.isPending) return <Loader label={t('loading')} />;
  if (settings.isError) {
    return (
      <p className="form-error form-error--box" role="alert">
        {settings.error.message}
      </p>
    );
  }
  if (!active) return <p className="notice-box">{t('register.closed')}</p>;

  const form = (which: RegisterTab) => <RegisterForm key={which} tab={which} rules={settings.data} />;
  return (
    <div className="auth-form">
      <PopupBanners group="w_register" onNavigate={close} />
      {tabs.length > 1 ? (
        <Tabs<RegisterTab>
          label={t('register.tabs')}
          value={active}
          onChange={setTab}
          items={tabs.map((id) => ({ id, label: t(`register.${id}Tab`), content: form(id) }))}
        />
      ) : (
        form(active)
      )}
      <p className="auth-links__switch">
        {t('register.haveAccount')}{' '}
        <button type="button" className="link-btn" onClick={() => open('loginModal')}>
          {t('register.toLogin')}
        </button>
      </p>
    </div>
  );
}

const TEXT_INPUT: Partial<
  Record<RegisterFieldName, { autoComplete: string; type?: string; inputMode?: 'numeric' | 'email' }>
> = {
  username: { autoComplete: 'username' },
  payeeName: { autoComplete: 'name' },
  email: { autoComplete: 'email', type: 'email', inputMode: 'email' },
  qqNum: { autoComplete: 'off', inputMode: 'numeric' },
  whatsapp: { autoComplete: 'tel', inputMode: 'numeric' },
  line: { autoComplete: 'off' },
  facebook: { autoComplete: 'off' },
  wechat: { autoComplete: 'off' },
  idNumber: { autoComplete: 'off' },
  recommenderId: { autoComplete: 'off' },
  affiliateCode: { autoComplete: 'off' },
  birthday: { autoComplete: 'bday', type: 'date' },
};

function RegisterForm({ tab, rules }: { tab: RegisterTab; rules: Parameters<typeof registerFields>[2] }) {
  const { t } = useTranslation('auth');
  const locale = useLocale();
  const [params] = useSearchParams();
  const { flags } = useFlags();
  // SPEC §5: 18 or 21, as the server is configured (AGE_MIN).
  const ageMin = usePermission().data?.info.ageMin ?? SPEC.ageDefault;
  const fields = useMemo(() => registerFields(tab, flags, rules), [tab, flags, rules]);
  const shown = useMemo(() => new Set(fields.map((f) => f.name)), [fields]);
  const human = useHumanCheck();
  const registerCall = useRegister();
  const storeSession = useStoreSession();
  const openPopup = usePopupStore((s) => s.open);
  const [captchaKey, setCaptchaKey] = useState('');
  const [captchaGen, setCaptchaGen] = useState(0);
  const referralCode = params.get('referralCode')?.trim().slice(0, 255) || null;
  // An invite link (`/register?link=`, issue 31): the sign-up counts for that agent's or referrer's link.
  const inviteLink = params.get('link')?.trim().slice(0, 64) || null;
  const form = useRulesForm<RegisterValues>((v) => validateRegister(v, fields, locale, ageMin), {
    defaultValues: {
      ...emptyRegisterValues(),
      // An agent's link may carry its affiliate code too.
      affiliateCode: params.get('affiliateCode')?.trim().slice(0, 255) ?? '',
    },
  });
  const {
    register,
    handleSubmit,
    getValues,
    setError,
    formState: { errors, isSubmitting },
  } = form;
  const placed = [...shown, 'terms', 'ageConfirmed', 'countryDialingCode'];

  const sendCode = async () => {
    const target = mobileTarget(getValues(), fields.find((f) => f.name === 'mobileNum')?.rule, locale, (m) =>
      m ? setError('mobileNum', { type: 'validate', message: m }) : form.clearErrors('mobileNum'),
    );
    if (!target) return null;
    return sendSms('register', { ...target, altcha: await human.take() });
  };

  const onSubmit = handleSubmit(async (v) => {
    form.setFormError(null);
    try {
      if (shown.has('affiliateCode') && v.affiliateCode.trim()) {
        try {
          await checkAffiliate(v.affiliateCode.trim(), window.location.hostname);
        } catch (err) {
          const message = specMessage('invitationInvalid', locale);
          setError('affiliateCode', { type: 'server', message });
          showInfo(err instanceof Error && err.message ? err.message : message, t('register.affiliateTitle'));
          return;
        }
      }
      const altcha = await human.take();
      const body = registerBody(v, fields, {
        referralCode,
        domain: window.location.hostname,
        registerUrl: window.location.href,
      });
      if (altcha) body.altcha = altcha;
      if (inviteLink) body.inviteLink = inviteLink;
      if (shown.has('captcha')) body.captchaKey = captchaKey;
      const value = await registerCall.mutateAsync({ tab, body });
      storeSession(value);
      // The welcome step replaces this popup once, right after the account exists (SPEC §4 then goes
      // home; the welcome step does that when dismissed, or leads to the deposit page).
      openPopup('welcomeModal', { account: value.userName });
    } catch (err) {
      if (shown.has('captcha')) {
        setCaptchaGen((g) => g + 1);
        form.setValue('captcha', '');
      }
      form.showServerError(err, placed, specMessage('unknown', locale));
    }
  });

  const onKey = useCallback((k: string) => setCaptchaKey(k), []);
  // Required fields stay in view; optional ones fold under "more details" so a phone shows the
  // short form first. A folded field with an error unfolds, or the message would be hidden.
  const required = fields.filter((f) => f.required);
  const optional = fields.filter((f) => !f.required);
  const [moreOpen, setMoreOpen] = useState(false);
  const optionalError = optional.some((f) => Boolean(errors[f.name]));
  const renderField = (f: RegisterFieldSpec) => {
    const label = (
      <>
        {t(`fields.${f.name}`)}
        {!f.required && <span className="field__optional"> {t('fields.optional')}</span>}
      </>
    );
    const error = errors[f.name]?.message;
    const hint = f.rule ? lengthHint(t, f.rule) : undefined;
    switch (f.name) {
      case 'mobileNum':
        return (
          <PhoneField
            key={f.name}
            label={label}
            error={error}
            dialCode={register('countryDialingCode')}
            mobile={register('mobileNum')}
          />
        );
      case 'verificationCode':
        return (
          <SmsCodeField
            key={f.name}
            label={t('fields.code')}
            error={error}
            code={register('verificationCode')}
            send={sendCode}
            onFieldError={(fieldErrors) => {
              if (fieldErrors.mobileNum)
                setError('mobileNum', { type: 'server', message: fieldErrors.mobileNum });
            }}
          />
        );
      case 'password':
      case 'confirmPassword':
      case 'paymentPassword':
        return (
          <PasswordField
            key={f.name}
            label={label}
            autoComplete={f.name === 'paymentPassword' ? 'off' : 'new-password'}
            inputMode={f.name === 'paymentPassword' ? 'numeric' : undefined}
            hint={f.name === 'confirmPassword' ? undefined : hint}
            error={error}
            {...register(f.name)}
          />
        );
      case 'captcha':
        return (
          <CaptchaField
            key={f.name}
            captcha={register('captcha')}
            error={error}
            generation={captchaGen}
            onKey={onKey}
          />
        );
      default: {
        const input = TEXT_INPUT[f.name] ?? { autoComplete: 'off' };
        return (
          <TextField
            key={f.name}
            label={label}
            autoComplete={input.autoComplete}
            type={input.type ?? 'text'}
            inputMode={input.inputMode}
            autoCapitalize={f.name === 'payeeName' ? 'words' : 'off'}
            spellCheck={false}
            hint={hint}
            error={error}
            {...register(f.name)}
          />
        );
      }
    }
  };

  return (
    <form onSubmit={onSubmit} noValidate>
      {required.map(renderField)}
      {optional.length > 0 && (
        <details
          className="register-more"
          open={moreOpen || optionalError}
          onToggle={(e) => setMoreOpen(e.currentTarget.open)}
        >
          <summary className="register-more__summary">{t('register.moreDetails')}</summary>
          {optional.map(renderField)}
        </details>
      )}
      <CheckField
        error={errors.ageConfirmed?.message}
        input={register('ageConfirmed')}
        label={t('register.age', { age: ageMin })}
      />
      <CheckField
        error={errors.terms?.message}
        input={register('terms')}
        label={
          <>
            {t('register.termsBefore')} {/* A new tab keeps what was typed in this form. */}
            <a href="/terms" target="_blank" rel="noopener">
              {specMessage('termsName', locale)}
            </a>{' '}
            {t('register.termsAnd')}{' '}
            <a href="/privacy" target="_blank" rel="noopener">
              {t('register.privacyName')}
            </a>
          </>
        }
      />
      {referralCode && <p className="small muted">{t('register.referredBy', { code: referralCode })}</p>}
      <HumanCheckStatusLine status={human.status} retry={human.retry} />
      {form.formError && (
        <p className="form-error form-error--box" role="alert">
          {form.formError}
        </p>
      )}
      <Button type="submit" block loading={isSubmitting}>
        {t('register.submit')}
      </Button>
    </form>
  );
}

function CheckField({
  label,
  error,
  input,
}: {
  label: React.ReactNode;
  error?: string | undefined;
  input: ReturnType<ReturnType<typeof useRulesForm<RegisterValues>>['register']>;
}) {
  const id = `check-${input.name}`;
  return (
    <div className="field field--check">
      <label className="check">
        <input
          type="checkbox"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          {...input}
        />
        <span>{label}</span>
      </label>
      {error && (
        <p className="field__error" id={`${id}-error`} role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
