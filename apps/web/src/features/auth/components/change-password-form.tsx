import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { usePermission } from '../../../shared/system/api/get-permission.ts';
import { Button } from '../../../shared/ui/button.tsx';
import { useChangePassword } from '../api/change-password.ts';
import { useLocale } from '../hooks/use-locale.ts';
import { useRulesForm } from '../hooks/use-rules-form.ts';
import { type ChangePasswordValues, specMessage, validateChangePassword } from '../lib/validation.ts';
import { PasswordField } from './password-field.tsx';

/**
 * SPEC §5 Change password. In forced mode (default, expired or temporary password) the old
 * password is already proven, so it is not asked again.
 */
export function ChangePasswordForm({
  forced,
  inline = false,
  onDone,
}: {
  forced: boolean;
  /** In a page section the button sits under the fields instead of spanning the popup. */
  inline?: boolean;
  onDone(): void;
}) {
  const { t } = useTranslation('auth');
  const locale = useLocale();
  const queryClient = useQueryClient();
  const rule = usePermission().data?.info.register.find((r) => r.field === 'password');
  const change = useChangePassword();
  const form = useRulesForm<ChangePasswordValues>(
    (v) => validateChangePassword(v, { forced, rule }, locale),
    {
      defaultValues: { oldPassword: '', newPassword: '', confirmNewPassword: '' },
    },
  );
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = form;

  const onSubmit = handleSubmit(async (v) => {
    form.setFormError(null);
    try {
      await change.mutateAsync({
        ...(forced ? {} : { oldPassword: v.oldPassword }),
        newPassword: v.newPassword,
        confirmNewPassword: v.confirmNewPassword,
      });
      // SPEC §4: reload login info (the forced flag clears with it) before moving on.
      await queryClient.refetchQueries({ queryKey: ['member', 'info'] });
      reset();
      onDone();
    } catch (err) {
      form.showServerError(
        err,
        ['oldPassword', 'newPassword', 'confirmNewPassword'],
        specMessage('unknown', locale),
      );
    }
  });

  return (
    <form className="auth-form" onSubmit={onSubmit} noValidate>
      {!forced && (
        <PasswordField
          label={t('fields.oldPassword')}
          autoComplete="current-password"
          error={errors.oldPassword?.message}
          {...register('oldPassword')}
        />
      )}
      <PasswordField
        label={t('fields.newPassword')}
        autoComplete="new-password"
        hint={rule ? t('fields.passwordHint', { min: rule.minLength, max: rule.maxLength }) : undefined}
        error={errors.newPassword?.message}
        {...register('newPassword')}
      />
      <PasswordField
        label={t('fields.confirmNewPassword')}
        autoComplete="new-password"
        error={errors.confirmNewPassword?.message}
        {...register('confirmNewPassword')}
      />
      {form.formError && (
        <p className="form-error form-error--box" role="alert">
          {form.formError}
        </p>
      )}
      <Button type="submit" block={!inline} loading={isSubmitting}>
        {t('changePassword.submit')}
      </Button>
    </form>
  );
}
