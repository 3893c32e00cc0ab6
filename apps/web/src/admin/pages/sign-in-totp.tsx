import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ApiError } from '../../shared/api/client.ts';
import { Button } from '../../shared/ui/button.tsx';
import { TextField } from '../../shared/ui/field.tsx';
import { useAdminLoginTotp } from '../api/totp.ts';
import { useAdminSession } from '../session-store.ts';

/** The second step of the operator sign-in: the authenticator app's code, or a recovery code. */
export function SignInTotpStep({ challenge, onBack }: { challenge: string; onBack(): void }) {
  const { t } = useTranslation('admin');
  const navigate = useNavigate();
  const finish = useAdminLoginTotp();
  const [code, setCode] = useState('');
  const [empty, setEmpty] = useState(false);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const value = code.trim();
    setEmpty(!value);
    if (!value) return;
    finish.mutate(
      { challenge, code: value },
      {
        onSuccess: (session) => {
          if (!session.token) return;
          useAdminSession.getState().signIn({ ...session, token: session.token });
          navigate('/', { replace: true });
        },
      },
    );
  };
  const error = finish.error instanceof ApiError ? finish.error : null;
  const expired = error?.code === 'CODE_EXPIRED';
  return (
    <form className="admin-signin__card" onSubmit={submit} noValidate aria-labelledby="admin-totp-title">
      <h1 id="admin-totp-title">{t('totp.signInTitle')}</h1>
      <p className="muted">{t('totp.signInLead')}</p>
      <TextField
        label={t('totp.code')}
        autoComplete="one-time-code"
        autoFocus
        value={code}
        hint={t('totp.codeHint')}
        error={empty ? t('signIn.required') : undefined}
        onChange={(e) => setCode(e.target.value)}
      />
      {error && (
        <p className="form-error" role="alert">
          {error.message}
        </p>
      )}
      <Button type="submit" block loading={finish.isPending} disabled={expired}>
        {t('totp.verify')}
      </Button>
      <Button type="button" variant="secondary" block onClick={onBack}>
        {t('totp.back')}
      </Button>
    </form>
  );
}
