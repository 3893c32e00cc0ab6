import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { PopupBodyProps } from '../../../app/popup-registry.ts';
import { usePermission } from '../../../shared/system/api/get-permission.ts';
import { Button } from '../../../shared/ui/button.tsx';
import { TextField } from '../../../shared/ui/field.tsx';
import { Tabs } from '../../../shared/ui/tabs.tsx';
import { toast } from '../../../shared/ui/toast.tsx';
import { forgotByEmail, useResetByPhone } from '../api/forgot-password.ts';
import { sendSms } from '../api/send-sms.ts';
import { PasswordField } from '../components/password-field.tsx';
import { DEFAULT_DIAL_CODE, PhoneField } from '../components/phone-field.tsx';
import { SmsCodeField } from '../components/sms-code-field.tsx';
import { HumanCheckStatusLine } from '../components/human-check-status.tsx';
import { useFlags } from '../hooks/use-flags.ts';
import { useHumanCheck } from '../hooks/use-human-check.ts';
import { useLocale } from '../hooks/use-locale.ts';
import { useRulesForm } from '../hooks/use-rules-form.ts';
import { useStoreSession } from '../hooks/use-sign-in.ts';
import {
  mobileTarget,
  type ForgotByPhoneValues,
  normalizeMobile,
  specMessage,
  validateForgotByEmail,
  validateForgotByPhone,
} from '../lib/validation.ts';
import { PopupBanners } from '../../home/components/popup-banners.tsx';
import '../auth.css';

/** forgetPassModal (SPEC §2, §4): by email (a temporary password is mailed) or by phone (ends signed in). */
export default function ForgotPasswordPopup({ close }: PopupBodyProps) {
  const { t } = useTranslation('auth');
  const { flags } = useFlags();
  const phoneOn = flags.CHNGPASSVERIF3 === true;
  const [tab, setTab] = useState<'email' | 'mobile'>('email');
  return (
    <div className="auth-form">
      <PopupBanners group="w_forget" onNavigate={close} />
      {phoneOn ? (
        <Tabs<'email' | 'mobile'>
          label={t('forgot.tabs')}
          value={tab}
          onChange={setTab}
          items={[
            { id: 'email', label: t('forgot.emailTab'), content: <ByEmail close={close} /> },
            { id: 'mobile', label: t('forgot.mobileTab'), content: <ByPhone close={close} /> },
          ]}
        />
      ) : (
        <ByEmail close={close} />
      )}
    </div>
  );
}

function ByEmail({ close }: { close(): void }) {
  const { t } = useTranslation('auth');
  const locale = useLocale();
  const emailRule = usePermission().data?.info.register.find((r) => r.field === 'email');
  const form = useRulesForm<{ username: string; email: string }>(
    (v) => validateForgotByEmail(v, emailRule, locale),
    { defaultValues: { username: '', email: '' } },
  );
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = form;
  const onSubmit = handleSubmit(async (v) => {
    form.setFormError(null);
    try {
      await forgotByEmail({ username: v.username.trim(), email: v.email.trim() });
      // The server's words: the same whether or not the details match an account.
      toast.success(specMessage('resetEmailSent', locale));
      close();
    } catch (err) {
      form.showServerError(err, ['username', 'email'], specMessage('unknown', locale));
    }
  });
  return (
    <form onSubmit={onSubmit} noValidate>
      <p className="muted small">{t('forgot.emailLead')}</p>
      <TextField
        label={t('fields.username')}
        autoComplete="username"
        autoCapitalize="off"
        spellCheck={false}
        error={errors.username?.message}
        {...register('username')}
      />
      <TextField
        label={t('fields.email')}
        type="email"
        inputMode="email"
        autoComplete="email"
        error={errors.email?.message}
        {...register('email')}
      />
      {form.formError && (
        <p className="form-error form-error--box" role="alert">
          {form.formError}
        </p>
      )}
      <Button type="submit" block loading={isSubmitting}>
        {t('forgot.sendMail')}
      </Button>
    </form>
  );
}

function ByPhone({ close }: { close(): void }) {
  const { t } = useTranslation('auth');
  const locale = useLocale();
  const navigate = useNavigate();
  const passwordRule = usePermission().data?.info.register.find((r) => r.field === 'password');
  const human = useHumanCheck();
  const reset = useResetByPhone();
  const storeSession = useStoreSession();
  const form = useRulesForm<ForgotByPhoneValues>((v) => validateForgotByPhone(v, passwordRule, locale), {
    defaultValues: {
      countryDialingCode: DEFAULT_DIAL_CODE,
      mobileNum: '',
      verificationCode: '',
      newPassword: '',
      confirmNewPassword: '',
    },
  });
  const {
    register,
    handleSubmit,
    getValues,
    setError,
    formState: { errors, isSubmitting },
  } = form;

  const send = async () => {
    const target = mobileTarget(getValues(), undefined, locale, (m) =>
      m ? setError('mobileNum', { type: 'validate', message: m }) : form.clearErrors('mobileNum'),
    );
    if (!target) return null;
    return sendSms('reset', { ...target, altcha: await human.take() });
  };

  const onSubmit = handleSubmit(async (v) => {
    form.setFormError(null);
    try {
      const value = await reset.mutateAsync({
        mobileNum: normalizeMobile(v.mobileNum.trim()),
        countryDialingCode: v.countryDialingCode,
        verificationCode: v.verificationCode.trim(),
        newPassword: v.newPassword,
        confirmNewPassword: v.confirmNewPassword,
      });
      // SPEC §4: after setting the password the member is signed in and goes home.
      storeSession(value);
      close();
      toast.success(t('forgot.phoneDone'));
      navigate('/');
    } catch (err) {
      form.showServerError(
        err,
        ['mobileNum', 'verificationCode', 'newPassword', 'confirmNewPassword'],
        specMessage('unknown', locale),
      );
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate>
      <PhoneField
        label={t('fields.mobile')}
        error={errors.mobileNum?.message}
        dialCode={register('countryDialingCode')}
        mobile={register('mobileNum')}
      />
      <SmsCodeField
        label={t('fields.code')}
        error={errors.verificationCode?.message}
        code={register('verificationCode')}
        send={send}
        onFieldError={(fields) => {
          if (fields.mobileNum) setError('mobileNum', { type: 'server', message: fields.mobileNum });
        }}
      />
      <PasswordField
        label={t('fields.newPassword')}
        autoComplete="new-password"
        hint={
          passwordRule
            ? t('fields.passwordHint', { min: passwordRule.minLength, max: passwordRule.maxLength })
            : undefined
        }
        error={errors.newPassword?.message}
        {...register('newPassword')}
      />
      <PasswordField
        label={t('fields.confirmNewPassword')}
        autoComplete="new-password"
        error={errors.confirmNewPassword?.message}
        {...register('confirmNewPassword')}
      />
      <HumanCheckStatusLine status={human.status} retry={human.retry} />
      {form.formError && (
        <p className="form-error form-error--box" role="alert">
          {form.formError}
        </p>
      )}
      <Button type="submit" block loading={isSubmitting}>
        {t('forgot.reset')}
      </Button>
    </form>
  );
}
