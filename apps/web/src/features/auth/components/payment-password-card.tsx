import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { usePermission } from '../../../shared/system/api/get-permission.ts';
import { Button } from '../../../shared/ui/button.tsx';
import { toast } from '../../../shared/ui/toast.tsx';
import { useSetPaymentPassword } from '../api/set-payment-password.ts';
import { useLocale } from '../hooks/use-locale.ts';
import { useRulesForm } from '../hooks/use-rules-form.ts';
import { lengthHint } from '../lib/hints.ts';
import { type PaymentPasswordValues, specMessage, validatePaymentPassword } from '../lib/validation.ts';
import { PasswordField } from './password-field.tsx';
import '../auth.css';

/**
 * The payment password (SPEC §2 security centre): the first one confirmed with the login password,
 * a change with the current one. Also on the withdraw page while none is set (issue 27), where a
 * withdrawal asks for it.
 */
export function PaymentPasswordCard({
  hasOne,
  lead,
  onDone,
}: {
  hasOne: boolean;
  /** Why it is asked here (the withdraw page says what it is for); the security centre's own by default. */
  lead?: string;
  onDone?: () => void;
}) {
  const { t } = useTranslation('auth');
  const section = useRef<HTMLElement>(null);
  const { hash } = useLocation();
  // Linked from a refusal that names the payment password: bring the card into view.
  useEffect(() => {
    if (hash !== '#payment-password') return;
    const id = requestAnimationFrame(() => section.current?.scrollIntoView({ block: 'start' }));
    return () => cancelAnimationFrame(id);
  }, [hash]);
  const locale = useLocale();
  const rule = usePermission().data?.info.register.find((r) => r.field === 'paymentPassword');
  const save = useSetPaymentPassword();
  const form = useRulesForm<PaymentPasswordValues>(
    (v) => validatePaymentPassword(v, { hasOne, rule }, locale),
    {
      defaultValues: {
        password: '',
        oldPaymentPassword: '',
        paymentPassword: '',
        confirmPaymentPassword: '',
      },
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
      await save.mutateAsync({
        ...(hasOne ? { oldPaymentPassword: v.oldPaymentPassword } : { password: v.password }),
        paymentPassword: v.paymentPassword,
        confirmPaymentPassword: v.confirmPaymentPassword,
      });
      reset();
      toast.success(t('security.payment.done'));
      onDone?.();
    } catch (err) {
      form.showServerError(
        err,
        ['password', 'oldPaymentPassword', 'paymentPassword', 'confirmPaymentPassword'],
        specMessage('unknown', locale),
      );
    }
  });
  return (
    <section
      className="card security__card"
      aria-labelledby="sec-payment"
      id="payment-password"
      ref={section}
      tabIndex={-1}
    >
      <h3 id="sec-payment">{hasOne ? t('security.payment.change') : t('security.payment.title')}</h3>
      <p className="muted small">{lead ?? t('security.payment.lead')}</p>
      <form onSubmit={onSubmit} noValidate className="auth-form">
        {hasOne ? (
          <PasswordField
            label={t('fields.oldPaymentPassword')}
            autoComplete="off"
            inputMode="numeric"
            error={errors.oldPaymentPassword?.message}
            {...register('oldPaymentPassword')}
          />
        ) : (
          <PasswordField
            label={t('fields.loginPassword')}
            autoComplete="current-password"
            error={errors.password?.message}
            {...register('password')}
          />
        )}
        <PasswordField
          label={t('fields.paymentPassword')}
          autoComplete="off"
          inputMode="numeric"
          hint={rule ? lengthHint(t, rule) : undefined}
          error={errors.paymentPassword?.message}
          {...register('paymentPassword')}
        />
        <PasswordField
          label={t('fields.confirmPaymentPassword')}
          autoComplete="off"
          inputMode="numeric"
          error={errors.confirmPaymentPassword?.message}
          {...register('confirmPaymentPassword')}
        />
        {form.formError && (
          <p className="form-error form-error--box" role="alert">
            {form.formError}
          </p>
        )}
        <Button type="submit" loading={isSubmitting}>
          {t('security.payment.submit')}
        </Button>
      </form>
    </section>
  );
}
