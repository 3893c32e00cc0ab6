import { zodResolver } from '@hookform/resolvers/zod';
import { useCallback, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { CaptchaField } from '../../features/auth/components/captcha-field.tsx';
import { HumanCheckStatusLine } from '../../features/auth/components/human-check-status.tsx';
import { useHumanCheck } from '../../features/auth/hooks/use-human-check.ts';
import { ApiError } from '../../shared/api/client.ts';
import { Button } from '../../shared/ui/button.tsx';
import { TextField } from '../../shared/ui/field.tsx';
import { type AdminLoginInput, adminLoginInput, useAdminLogin } from '../api/login.ts';
import { useAdminSession } from '../session-store.ts';
import { SignInTotpStep } from './sign-in-totp.tsx';
import '../../features/auth/auth.css';

/**
 * Operator sign-in: the same human check as the player login (a solved ALTCHA with every try)
 * and the image captcha once the server asks for it after failures on the account.
 */
export function SignInPage() {
  const { t } = useTranslation('admin');
  const navigate = useNavigate();
  const login = useAdminLogin();
  const human = useHumanCheck();
  const [captchaShown, setCaptchaShown] = useState(false);
  const [captchaGen, setCaptchaGen] = useState(0);
  const [captchaKey, setCaptchaKey] = useState('');
  const [humanError, setHumanError] = useState(false);
  const [challenge, setChallenge] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setValue,
    formState: { errors },
  } = useForm<AdminLoginInput>({
    resolver: zodResolver(adminLoginInput),
    defaultValues: { username: '', password: '', captcha: '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    setHumanError(false);
    let altcha: string | undefined;
    try {
      altcha = await human.take();
    } catch {
      setHumanError(true);
      return;
    }
    const { captcha, captchaKey: _unused, ...rest } = values;
    login.mutate(
      { ...rest, altcha, ...(captchaShown ? { captcha: captcha?.trim(), captchaKey } : {}) },
      {
        onSuccess: (session) => {
          // TOTP enrolled: the code step comes next (sign-in-totp.tsx).
          if (session.totpRequired && session.challenge) {
            setChallenge(session.challenge);
            return;
          }
          if (!session.token) return;
          useAdminSession.getState().signIn({ ...session, token: session.token });
          navigate('/', { replace: true });
        },
        onError: (err) => {
          const wantsCaptcha =
            err instanceof ApiError && (err.value as { captcha?: unknown } | null)?.captcha === true;
          if (wantsCaptcha) setCaptchaShown(true);
          // Right or wrong, the image is used up: the next try needs a new one.
          if (wantsCaptcha || captchaShown) {
            setCaptchaGen((g) => g + 1);
            setValue('captcha', '');
          }
        },
      },
    );
  });

  const onKey = useCallback((k: string) => setCaptchaKey(k), []);
  const serverError = login.error instanceof ApiError ? login.error : null;
  if (challenge) {
    return (
      <div className="admin-signin">
        <SignInTotpStep
          challenge={challenge}
          onBack={() => {
            setChallenge(null);
            login.reset();
          }}
        />
      </div>
    );
  }
  return (
    <div className="admin-signin">
      <form
        className="admin-signin__card"
        onSubmit={onSubmit}
        noValidate
        aria-labelledby="admin-signin-title"
      >
        <h1 id="admin-signin-title">{t('signIn.title')}</h1>
        <p className="muted">{t('signIn.lead')}</p>
        <TextField
          label={t('signIn.username')}
          autoComplete="username"
          error={errors.username ? t('signIn.required') : serverError?.fields.username}
          {...register('username')}
        />
        <TextField
          label={t('signIn.password')}
          type="password"
          autoComplete="current-password"
          error={errors.password ? t('signIn.required') : serverError?.fields.password}
          {...register('password')}
        />
        {captchaShown && (
          <CaptchaField
            captcha={register('captcha')}
            error={serverError?.fields.captcha}
            generation={captchaGen}
            onKey={onKey}
          />
        )}
        <HumanCheckStatusLine status={human.status} retry={human.retry} />
        {(serverError || humanError) && (
          <p className="form-error" role="alert">
            {humanError ? t('signIn.humanCheckFailed') : serverError?.message}
          </p>
        )}
        <Button type="submit" block loading={login.isPending}>
          {t('signIn.submit')}
        </Button>
      </form>
    </div>
  );
}
