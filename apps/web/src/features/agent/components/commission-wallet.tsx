import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TextField } from '../../../shared/ui/field.tsx';
import { toast } from '../../../shared/ui/toast.tsx';
import { Money } from '../../wallet/components/money.tsx';
import { PasswordConfirm } from '../../wallet/components/password-confirm.tsx';
import { showServerError } from '../../wallet/lib/form.ts';
import { amountError, formatMoney, newRequestId, specText } from '../../wallet/lib/money.ts';
import { useLocale } from '../../wallet/lib/use-locale.ts';
import { useAgentWallet, useCommissionTransfer } from '../api/agent-calls.ts';

/**
 * The agent's own money, cash and commission apart (salaries and dividends are paid to
 * commission, which is not cash), and the move of commission to cash with the payment password.
 */
export function CommissionWallet() {
  const { t } = useTranslation('agent');
  const locale = useLocale();
  const wallet = useAgentWallet();
  const move = useCommissionTransfer();
  const [amount, setAmount] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<Record<string, string | null>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [requestId, setRequestId] = useState(newRequestId);
  const [confirming, setConfirming] = useState(false);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setFormError(null);
    const next = {
      amount: amountError(amount, { balance: wallet.data?.commission }, locale),
      paymentPassword: password ? null : specText('inputEmpty', locale),
    };
    setErrors(next);
    if (next.amount || next.paymentPassword) return;
    setConfirming(true);
  };

  const send = async () => {
    try {
      const r = await move.mutateAsync({ amount: amount.trim(), paymentPassword: password, requestId });
      toast.success(t('wallet.done', { amount: formatMoney(r.amount) }));
      setAmount('');
      setPassword('');
      setRequestId(newRequestId());
    } catch (err) {
      showServerError(
        err,
        ['amount', 'paymentPassword'],
        (f, m) => setErrors((old) => ({ ...old, [f]: m })),
        setFormError,
        specText('unknown', locale),
      );
    } finally {
      setConfirming(false);
    }
  };

  return (
    <section className="agent-wallet" aria-labelledby="agent-wallet" data-testid="agent-wallet">
      <h3 id="agent-wallet">{t('wallet.title')}</h3>
      {wallet.isError && <p role="alert">{wallet.error.message}</p>}
      {wallet.data && (
        <dl className="agent-stats">
          <div className="agent-stat">
            <dt>{t('wallet.cash')}</dt>
            <dd data-testid="agent-wallet-cash">
              <Money value={wallet.data.cash} />
            </dd>
          </div>
          <div className="agent-stat">
            <dt>{t('wallet.commission')}</dt>
            <dd data-testid="agent-wallet-commission">
              <Money value={wallet.data.commission} />
            </dd>
          </div>
        </dl>
      )}
      <p className="muted small">{t('wallet.lead')}</p>
      <form className="agent-form" onSubmit={submit} noValidate aria-label={t('wallet.submit')}>
        <TextField
          label={t('wallet.amount')}
          name="amount"
          inputMode="decimal"
          autoComplete="off"
          className="num"
          value={amount}
          onChange={(e) => {
            setAmount(e.target.value);
            // Another amount is another request; a retried submit of the same one moves it once.
            setRequestId(newRequestId());
          }}
          error={errors.amount}
        />
        <PasswordConfirm
          password={password}
          onPasswordChange={setPassword}
          passwordError={errors.paymentPassword}
          formError={formError}
          submitLabel={t('wallet.submit')}
          busy={move.isPending}
          confirming={confirming}
          confirmTitle={t('wallet.confirmTitle')}
          confirmLabel={t('wallet.confirm')}
          onCancel={() => setConfirming(false)}
          onConfirm={() => void send()}
        >
          {t('wallet.confirmText', { amount: formatMoney(amount.trim()) })}
        </PasswordConfirm>
      </form>
    </section>
  );
}
