import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ApiError } from '../../shared/api/client.ts';
import { Button } from '../../shared/ui/button.tsx';
import { TextField } from '../../shared/ui/field.tsx';
import { type AdminLoginInput, adminLoginInput, useAdminLogin } from '../api/login.ts';
import { useAdminSession } from '../session-store.ts';

export function SignInPage() {
  const { t } = useTranslation('admin');
  const navigate = useNavigate();
  const login = useAdminLogin();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<AdminLoginInput>({
    resolver: zodResolver(adminLoginInput),
    defaultValues: { username: '', password: '' },
  });

  const onSubmit = handleSubmit((values) =>
    login.mutate(values, {
      onSuccess: (session) => {
        useAdminSession.getState().signIn(session);
        navigate('/', { replace: true });
      },
    }),
  );

  const serverError = login.error instanceof ApiError ? login.error : null;
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
        {serverError && (
          <p className="form-error" role="alert">
            {serverError.message}
          </p>
        )}
        <Button type="submit" block loading={login.isPending}>
          {t('signIn.submit')}
        </Button>
      </form>
    </div>
  );
}
