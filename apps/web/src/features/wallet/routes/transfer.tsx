import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSessionStore } from '../../../shared/session/store.ts';
import { SelectField, TextField } from '../../../shared/ui/field.tsx';
import { Loader } from '../../../shared/ui/loader.tsx';
import { toast } from '../../../shared/ui/toast.tsx';
import { useWalletBalance } from '../api/get-balance.ts';
import { type TransferDirection, useTransferTargets } from '../api/get-transfer-targets.ts';
import { useTransfer } from '../api/transfer.ts';
import { Money } from '../components/money.tsx';
import { PasswordConfirm } from '../components/password-confirm.tsx';
import { showServerError } from '../lib/form.ts';
import { amountError, formatMoney, newRequestId, specText } from '../lib/money.ts';
import { useLocale } from '../lib/use-locale.ts';
import '../wallet.css';

/**
 * transferFund (agent → a member of the own downline) and transferUpline (→ an upline): the
 * recipient is picked from the sender's own tree, never typed, and the payment password confirms.
 */
export function TransferView({ direction }: { direction: TransferDirection }) {
  const { t } = useTranslation('wallet');
  const locale = useLocale();
  const token = useSessionStore((s) => s.token);
  const balance = useWalletBalance(token);
  const targets = useTransferTargets(direction);
  const send = useTransfer();
  const [account, setAccount] = useState('');
  const [amount, setAmount] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<Record<string, string | null>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [requestId, setRequestId] = useState(newRequestId);
  const [confirming, setConfirming] = useState(false);
  const copy = direction === 'downline' ? 'transferFund' : 'transferUpline';

  if (targets.isPending) return <Loader label={t('loading')} />;
  if (targets.error) return <p className="wallet-error">{targets.error.message}</p>;
  const list = targets.data;
  const chosen = account || list[0]?.account || '';

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setFormError(null);
    const next = {
      account: chosen ? null : specText('inputEmpty', locale),
      amount: amountError(amount, { balance: balance.data?.balance }, locale),
      paymentPassword: password ? null : specText('inputEmpty', locale),
    };
    setErrors(next);
    if (next.account || next.amount || next.paymentPassword) return;
    // Money leaves at once and cannot be pulled back: restate who and how much first.
    setConfirming(true);
  };

  const transfer = async () => {
    try {
      const r = await send.mutateAsync({
        direction,
        account: chosen,
        amount: amount.trim(),
        paymentPassword: password,
        requestId,
      });
      toast.success(t('transfer.done', { amount: formatMoney(r.amount), to: r.to }));
      setAmount('');
      setPassword('');
      setRequestId(newRequestId());
    } catch (err) {
      showServerError(
        err,
        ['account', 'amount', 'paymentPassword'],
        (f, m) => setErrors((old) => ({ ...old, [f]: m })),
        setFormError,
        specText('unknown', locale),
      );
    } finally {
      setConfirming(false);
    }
  };

  return (
    <div className="wallet">
      <section className="wallet-card" aria-labelledby="transfer-title">
        <h3 id="transfer-title">{t(`${copy}.title`)}</h3>
        <p className="muted small wallet-lead">{t(`${copy}.lead`)}</p>
        {balance.data && (
          <p className="small">
            {t('transfer.available')} <Money value={balance.data.balance} />
          </p>
        )}
        {list.length === 0 ? (
          <p className="wallet-note">{t(`${copy}.none`)}</p>
        ) : (
          <form className="wallet-form" onSubmit={submit} noValidate>
            <SelectField
              label={t('fields.recipient')}
              value={chosen}
              onChange={(e) => setAccount(e.target.value)}
              error={errors.account}
            >
              {list.map((m) => (
                <option key={m.id} value={m.account}>
                  {`${'· '.repeat(Math.max(0, m.depth - 1))}${m.account}`}
                </option>
              ))}
            </SelectField>
            <TextField
              label={t('fields.amount')}
              inputMode="decimal"
              autoComplete="off"
              className="num"
              value={amount}
              onChange={(e) => {
                setAmount(e.target.value);
                setRequestId(newRequestId());
              }}
              error={errors.amount}
            />
            <PasswordConfirm
              password={password}
              onPasswordChange={setPassword}
              passwordError={errors.paymentPassword}
              formError={formError}
              submitLabel={t('transfer.submit')}
              busy={send.isPending}
              confirming={confirming}
              confirmTitle={t('transfer.confirmTitle')}
              confirmLabel={t('transfer.confirm')}
              onCancel={() => setConfirming(false)}
              onConfirm={() => void transfer()}
            >
              {t(`${copy}.confirmText`, { amount: formatMoney(amount.trim()), to: chosen })}
            </PasswordConfirm>
          </form>
        )}
      </section>
    </div>
  );
}
