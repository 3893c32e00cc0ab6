import type { LoginValue, SecondVerificationMethod } from '@wps/contract';
import { useMutation } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../shared/ui/button.tsx';
import { TextField } from '../../../shared/ui/field.tsx';
import { Tabs } from '../../../shared/ui/tabs.tsx';
import { useLogin } from '../api/login.ts';
import { finishSecondVerification, sendSecondVerificationCode } from '../api/second-verification.ts';
import { sendSms } from '../api/send-sms.ts';
import { useFlags } from '../hooks/use-flags.ts';
import { useHumanCheck } from '../hooks/use-human-check.ts';
import { useLocale } from '../hooks/use-locale.ts';
import { useRulesForm } from '../hooks/use-rules-form.ts';
import { useFinishLogin } from '../hooks/use-sign-in.ts';
import type { LoginType } from '../lib/after-login.ts';
import { forgetRemembered, readRemembered, remember } from '../lib/remember-me.ts';
import {
  mobileTarget,
  normalizeMobile,
  specMessage,
  type SmsLoginValues,
  type UsernameLoginValues,
  validateSmsLogin,
  validateUsernameLogin,
} from '../lib/validation.ts';
import { CaptchaField } from './captcha-field.tsx';
import { HumanCheckStatusLine } from './human-check-status.tsx';
import { PasswordField } from './password-field.tsx';
import { DEFAULT_DIAL_CODE, PhoneField } from './phone-field.tsx';
import { SmsCodeField } from './sms-code-field.tsx';

type Challenge = NonNullable<LoginValue['secondVerification']>;
type OnLogin = (value: LoginValue, type: LoginType) => Challenge | null;
/** A sign-in the server refused (after the form has shown why). */
type OnRefused = (err: unknown) => void;

export interface LoginFormProps {
  portal: 'player' | 'agent';
  /** Where a guest was heading (SPEC §4 guest gate). */
  returnTo?: unknown;
  /** Closes the surrounding popup, if any. */
  close?(): void;
  /** Extra actions under the form (forgot password, register, free play). */
  footer?: React.ReactNode;
  /** Told of every refused sign-in, e.g. so the popup stops offering free play to an excluded player. */
  onRefused?: OnRefused;
}

/** SPEC §4 Login: username or SMS tab, then (from a new address) the second verification. */
export function LoginForm({ portal, returnTo, close, footer, onRefused }: LoginFormProps) {
  const { t } = useTranslation('auth');
  const { flags } = useFlags();
  const [tab, setTab] = useState<'username' | 'sms'>('username');
  const [challenge, setChallenge] = useState<{ value: Challenge; type: LoginType } | null>(null);
  // SPEC §8 "Popup closed": leaving the second verification unfinished is a failed login.
  const [abandoned, setAbandoned] = useState(false);
  const locale = useLocale();
  const finish = useFinishLogin({ portal, returnTo, close });
  const onLogin = useCallback<OnLogin>(
    (value, type) => {
      setAbandoned(false);
      const pending = finish(value, type);
      if (pending) setChallenge({ value: pending, type });
      return pending;
    },
    [finish],
  );

  if (challenge) {
    return (
      <SecondVerification
        challenge={challenge.value}
        onDone={(value) => finish(value, challenge.type)}
        onCancel={() => {
          setChallenge(null);
          setAbandoned(true);
        }}
      />
    );
  }
  const smsOn = flags.SMSLOGIN3 === true;
  return (
    <div className="auth-form">
      {abandoned && (
        <p className="form-error form-error--box" role="alert">
          {specMessage('popupClosed', locale)}
        </p>
      )}
      {smsOn ? (
        <Tabs<'username' | 'sms'>
          label={t('login.tabs')}
          value={tab}
          onChange={setTab}
          items={[
            {
              id: 'username',
              label: t('login.usernameTab'),
              content: <UsernameLogin portal={portal} onLogin={onLogin} onRefused={onRefused} />,
            },
            {
              id: 'sms',
              label: t('login.smsTab'),
              content: <SmsLogin portal={portal} onLogin={onLogin} onRefused={onRefused} />,
            },
          ]}
        />
      ) : (
        <UsernameLogin portal={portal} onLogin={onLogin} onRefused={onRefused} />
      )}
      {footer}
    </div>
  );
}

interface LoginTabProps {
  portal: 'player' | 'agent';
  onLogin: OnLogin;
  onRefused?: OnRefused | undefined;
}

function UsernameLogin({ portal, onLogin, onRefused }: LoginTabProps) {
  const { t } = useTranslation('auth');
  const locale = useLocale();
  const [remembered] = useState(() => readRemembered());
  const [captchaShown, setCaptchaShown] = useState(false);
  const [captchaGen, setCaptchaGen] = useState(0);
  const [captchaKey, setCaptchaKey] = useState('');
  const [keep, setKeep] = useState(Boolean(remembered?.username));
  const human = useHumanCheck();
  const login = useLogin(portal);
  const form = useRulesForm<UsernameLoginValues>((v) => validateUsernameLogin(v, { captchaShown }, locale), {
    defaultValues: { username: remembered?.username ?? '', password: '', captcha: '' },
  });
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = form;

  const onSubmit = handleSubmit(async (v) => {
    form.setFormError(null);
    try {
      const altcha = await human.take();
      const value = await login.mutateAsync({
        type: 'username',
        username: v.username.trim(),
        password: v.password,
        altcha,
        ...(captchaShown ? { captcha: v.captcha.trim(), captchaKey } : {}),
      });
      if (keep) remember({ username: v.username.trim() });
      else forgetRemembered();
      onLogin(value, 'username');
    } catch (err) {
      const wantsCaptcha = (err as { value?: { captcha?: unknown } }).value?.captcha === true;
      if (wantsCaptcha) setCaptchaShown(true);
      // Right or wrong, the image is used up: the next try needs a new one.
      if (wantsCaptcha || captchaShown) {
        setCaptchaGen((g) => g + 1);
        form.setValue('captcha', '');
      }
      form.showServerError(err, ['username', 'password', 'captcha'], specMessage('unknown', locale));
      onRefused?.(err);
    }
  });

  const onKey = useCallback((k: string) => setCaptchaKey(k), []);
  return (
    <form onSubmit={onSubmit} noValidate>
      <TextField
        label={t('fields.username')}
        autoComplete="username"
        autoCapitalize="off"
        spellCheck={false}
        error={errors.username?.message}
        {...register('username')}
      />
      <PasswordField
        label={t('fields.password')}
        autoComplete="current-password"
        error={errors.password?.message}
        {...register('password')}
      />
      {captchaShown && (
        <CaptchaField
          captcha={register('captcha')}
          error={errors.captcha?.message}
          generation={captchaGen}
          onKey={onKey}
        />
      )}
      <label className="check">
        <input type="checkbox" checked={keep} onChange={(e) => setKeep(e.target.checked)} />
        <span>{t('login.remember')}</span>
      </label>
      <HumanCheckStatusLine status={human.status} retry={human.retry} />
      {form.formError && (
        <p className="form-error form-error--box" role="alert">
          {form.formError}
        </p>
      )}
      <Button type="submit" block loading={isSubmitting}>
        {t('login.submit')}
      </Button>
    </form>
  );
}

function SmsLogin({ portal, onLogin, onRefused }: LoginTabProps) {
  const { t } = useTranslation('auth');
  const locale = useLocale();
  const [remembered] = useState(() => readRemembered());
  const human = useHumanCheck();
  const login = useLogin(portal);
  const form = useRulesForm<SmsLoginValues>((v) => validateSmsLogin(v, locale), {
    defaultValues: {
      countryDialingCode: remembered?.countryDialingCode ?? DEFAULT_DIAL_CODE,
      mobileNum: remembered?.mobileNum ?? '',
      verificationCode: '',
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
    return sendSms('login', { ...target, altcha: await human.take() });
  };

  const onSubmit = handleSubmit(async (v) => {
    form.setFormError(null);
    try {
      const mobileNum = normalizeMobile(v.mobileNum.trim());
      // SPEC §4: no human check on the SMS login itself; the code already proves the phone.
      const value = await login.mutateAsync({
        type: 'sms',
        mobileNum,
        countryDialingCode: v.countryDialingCode,
        verificationCode: v.verificationCode.trim(),
      });
      remember({ mobileNum, countryDialingCode: v.countryDialingCode });
      onLogin(value, 'sms');
    } catch (err) {
      form.showServerError(err, ['mobileNum', 'verificationCode'], specMessage('unknown', locale));
      onRefused?.(err);
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
      <HumanCheckStatusLine status={human.status} retry={human.retry} />
      {form.formError && (
        <p className="form-error form-error--box" role="alert">
          {form.formError}
        </p>
      )}
      <Button type="submit" block loading={isSubmitting}>
        {t('login.submit')}
      </Button>
    </form>
  );
}

/** SPEC §4: an unregistered address proves the account by phone code, mail code or real name. */
function SecondVerification({
  challenge,
  onDone,
  onCancel,
}: {
  challenge: Challenge;
  onDone(value: LoginValue): void;
  onCancel(): void;
}) {
  const { t } = useTranslation('auth');
  const locale = useLocale();
  const [method, setMethod] = useState<SecondVerificationMethod>(challenge.methods[0] ?? 'sms');
  const [code, setCode] = useState('');
  const [payeeName, setPayeeName] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const finishCall = useMutation({ mutationFn: finishSecondVerification });

  const where =
    method === 'sms'
      ? t('second.toPhone', { to: challenge.mobileNum ?? '' })
      : method === 'email'
        ? t('second.toEmail', { to: challenge.email ?? '' })
        : t('second.realName');

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    setFormError(null);
    const value = method === 'payeeName' ? payeeName.trim() : code.trim();
    if (!value) {
      setFieldError(
        method === 'payeeName' ? specMessage('inputEmpty', locale) : specMessage('codeEnterValid', locale),
      );
      return;
    }
    setFieldError(null);
    try {
      const result = await finishCall.mutateAsync({
        ticket: challenge.ticket,
        method,
        ...(method === 'payeeName' ? { payeeName: value } : { verificationCode: value }),
      });
      onDone(result);
    } catch (err) {
      const fields = (err as { fields?: Record<string, string> }).fields ?? {};
      const mine = fields.verificationCode ?? fields.payeeName;
      if (mine) setFieldError(mine);
      else setFormError(err instanceof Error ? err.message : specMessage('unknown', locale));
    }
  };

  return (
    <form className="auth-form" onSubmit={submit} noValidate aria-labelledby="second-title">
      <h3 id="second-title" className="auth-form__title">
        {t('second.title')}
      </h3>
      <p className="muted">{specMessage('newLocation', locale)}</p>
      {challenge.methods.length > 1 && (
        <fieldset className="choice-row">
          <legend className="field__label">{t('second.method')}</legend>
          {challenge.methods.map((m) => (
            <label key={m} className="choice">
              <input
                type="radio"
                name="second-method"
                value={m}
                checked={method === m}
                onChange={() => {
                  setMethod(m);
                  setFieldError(null);
                }}
              />
              <span>{t(`second.methods.${m}`)}</span>
            </label>
          ))}
        </fieldset>
      )}
      <p className="small">{where}</p>
      {method === 'payeeName' ? (
        <TextField
          label={t('fields.payeeName')}
          autoComplete="name"
          value={payeeName}
          onChange={(e) => setPayeeName(e.target.value)}
          error={fieldError}
        />
      ) : (
        <SmsCodeField
          key={method}
          label={t('fields.code')}
          error={fieldError}
          code={{
            name: 'verificationCode',
            onChange: async (e) => setCode(e.target.value),
            onBlur: async () => {},
            ref: () => {},
          }}
          send={() => sendSecondVerificationCode({ ticket: challenge.ticket, method })}
        />
      )}
      {formError && (
        <p className="form-error form-error--box" role="alert">
          {formError}
        </p>
      )}
      <Button type="submit" block loading={finishCall.isPending}>
        {t('second.submit')}
      </Button>
      <Button variant="ghost" block onClick={onCancel}>
        {t('second.back')}
      </Button>
    </form>
  );
}
