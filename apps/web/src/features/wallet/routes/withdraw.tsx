import type { PayoutAccount, RequiredProfileField, Withdrawal } from '@wps/contract';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSessionStore } from '../../../shared/session/store.ts';
import { usePermission } from '../../../shared/system/api/get-permission.ts';
import { Button } from '../../../shared/ui/button.tsx';
import { SelectField, TextField } from '../../../shared/ui/field.tsx';
import { Loader } from '../../../shared/ui/loader.tsx';
import { toast } from '../../../shared/ui/toast.tsx';
import { useUpdateProfile } from '../../auth/api/profile.ts';
import { PaymentPasswordCard } from '../../auth/components/payment-password-card.tsx';
import { type PayoutAccountInput, useAddPayoutAccount } from '../api/add-payout-account.ts';
import { useWalletBalance } from '../api/get-balance.ts';
import { BalanceBreakdown } from '../components/balance-breakdown.tsx';
import { ProfileIncompleteNotice } from '../components/profile-step.tsx';
import { incompleteFields, tidyName, validateProfileStep } from '../lib/profile-needs.ts';
import { useCreateWithdrawal } from '../api/create-withdrawal.ts';
import { usePayoutAccounts } from '../api/get-payout-accounts.ts';
import { useWithdrawSettings, type WithdrawSettings } from '../api/get-withdraw-settings.ts';
import { useWithdrawals } from '../api/get-withdrawals.ts';
import { useRemovePayoutAccount } from '../api/remove-payout-account.ts';
import { Money, StatusBadge } from '../components/money.tsx';
import { PasswordConfirm } from '../components/password-confirm.tsx';
import { usePager } from '../components/pager.tsx';
import { RecordsCard } from '../components/records-card.tsx';
import { useRefreshWhenSettled } from '../components/settled-watch.ts';
import { ReceiptDialog } from '../components/receipt-dialog.tsx';
import { showServerError } from '../lib/form.ts';
import { amountError, formatMoney, newRequestId, specText } from '../lib/money.ts';
import { canConfirmReceipt, RECEIPT_TONE, WITHDRAW_TONE } from '../lib/receipt.ts';
import { RecordTime } from '../components/record-time.tsx';
import { useLocale } from '../lib/use-locale.ts';
import '../wallet.css';
import { BonusWithdrawWarning } from '../../promotions/components/bonus-withdraw-warning.tsx';

export const WALLET_PROVIDERS = ['ESEWA', 'KHALTI', 'IMEPAY'] as const;

/** Member centre › withdraw: payout accounts, the request with the payment password, and receipts. */
export default function WithdrawPage() {
  const { t } = useTranslation('wallet');
  const settings = useWithdrawSettings();
  const accounts = usePayoutAccounts();
  if (settings.isPending || accounts.isPending) return <Loader label={t('loading')} />;
  const error = settings.error ?? accounts.error;
  if (error || !settings.data || !accounts.data)
    return <p className="wallet-error">{error?.message ?? t('loadFailed')}</p>;
  const s = settings.data;
  // Before the first withdrawal: an account in the member's real name, then a payment password.
  // Each is asked here, where it is needed, with why (issue 27): never a note to go elsewhere.
  const setupFirst = accounts.data.length === 0;
  return (
    <div className="wallet">
      <Summary settings={s} />
      <BonusWithdrawWarning />
      {setupFirst && <PayoutAccounts settings={s} accounts={accounts.data} first />}
      {!s.hasPaymentPassword && (
        <PaymentPasswordCard hasOne={false} lead={t('withdraw.paymentPasswordWhy')} />
      )}
      <section className="wallet-card" aria-labelledby="withdraw-form-title">
        <h3 id="withdraw-form-title">{t('withdraw.formTitle')}</h3>
        <p className="muted small wallet-lead">{t('withdraw.lead', { minutes: s.receiptAutoMinutes })}</p>
        {accounts.data.length === 0 ? (
          <p className="wallet-note">{t('withdraw.bindFirst')}</p>
        ) : (
          <WithdrawForm settings={s} accounts={accounts.data} />
        )}
      </section>
      {!setupFirst && <PayoutAccounts settings={s} accounts={accounts.data} />}
      <WithdrawalList />
    </div>
  );
}

function Summary({ settings: s }: { settings: WithdrawSettings }) {
  const { t } = useTranslation('wallet');
  return (
    <section className="wallet-card" aria-labelledby="withdraw-summary-title">
      <h3 id="withdraw-summary-title" className="visually-hidden">
        {t('withdraw.summary')}
      </h3>
      <dl className="wallet-stats">
        <div>
          <dt>{t('withdraw.available')}</dt>
          <dd data-testid="withdraw-balance">
            <Money value={s.balance} />
          </dd>
        </div>
        <div>
          <dt>{t('withdraw.limits')}</dt>
          <dd className="num">
            {formatMoney(s.min)} – {formatMoney(s.max)}
          </dd>
        </div>
        <div>
          <dt>{t('withdraw.today')}</dt>
          <dd className="num">{t('withdraw.todayValue', { used: s.usedToday, count: s.dailyCount })}</dd>
        </div>
      </dl>
      <WithdrawBonusLine />
    </section>
  );
}

/** The bonus is not withdrawable: said beside the cash, with its wagering, when there is one. */
function WithdrawBonusLine() {
  const token = useSessionStore((st) => st.token);
  const bonus = useWalletBalance(token).data?.bonus;
  if (!bonus || !/[1-9]/.test(bonus)) return null;
  return (
    <div className="wallet-summary-bonus">
      <BalanceBreakdown compact />
    </div>
  );
}

function WithdrawForm({ settings, accounts }: { settings: WithdrawSettings; accounts: PayoutAccount[] }) {
  const { t } = useTranslation('wallet');
  const locale = useLocale();
  const create = useCreateWithdrawal();
  const [accountId, setAccountId] = useState(String(accounts[0]?.id ?? ''));
  const [amount, setAmount] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<Record<string, string | null>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [requestId, setRequestId] = useState(newRequestId);
  const [confirming, setConfirming] = useState(false);
  const [incomplete, setIncomplete] = useState<RequiredProfileField[]>([]);
  const target = accounts.find((a) => String(a.id) === accountId);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setFormError(null);
    const next = {
      payoutAccountId: accountId ? null : specText('inputEmpty', locale),
      amount: amountError(
        amount,
        { min: settings.min, max: settings.max, balance: settings.balance },
        locale,
      ),
      paymentPassword: password ? null : specText('inputEmpty', locale),
    };
    setErrors(next);
    if (next.amount || next.paymentPassword || next.payoutAccountId) return;
    // A withdrawal holds money at once: restate where it goes and how much before sending.
    setConfirming(true);
  };

  const send = async () => {
    setIncomplete([]);
    try {
      await create.mutateAsync({
        payoutAccountId: Number(accountId),
        amount: amount.trim(),
        paymentPassword: password,
        requestId,
      });
      toast.success(t('withdraw.sent'));
      setAmount('');
      setPassword('');
      setRequestId(newRequestId());
    } catch (err) {
      // Missing details are named with a link to where they are set, not only a message.
      setIncomplete(incompleteFields(err));
      showServerError(
        err,
        ['amount', 'paymentPassword', 'payoutAccountId'],
        (f, m) => setErrors((old) => ({ ...old, [f]: m })),
        setFormError,
        specText('unknown', locale),
      );
    } finally {
      setConfirming(false);
    }
  };

  return (
    <form className="wallet-form" onSubmit={submit} noValidate>
      <SelectField
        label={t('fields.payoutAccount')}
        value={accountId}
        onChange={(e) => setAccountId(e.target.value)}
        error={errors.payoutAccountId}
      >
        {accounts.map((a) => (
          <option key={a.id} value={a.id}>
            {a.provider} · {a.accountNumber} · {a.accountName}
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
        hint={t('withdraw.amountHint', {
          min: formatMoney(settings.min),
          max: formatMoney(settings.max),
          balance: formatMoney(settings.balance),
        })}
        error={errors.amount}
      />
      <PasswordConfirm
        password={password}
        onPasswordChange={setPassword}
        passwordError={errors.paymentPassword}
        formError={formError}
        submitLabel={t('withdraw.submit')}
        busy={create.isPending}
        confirming={confirming}
        confirmTitle={t('withdraw.confirmTitle')}
        confirmLabel={t('withdraw.confirm')}
        onCancel={() => setConfirming(false)}
        onConfirm={() => void send()}
      >
        {t('withdraw.confirmText', {
          amount: formatMoney(amount.trim()),
          to: target ? `${target.provider} · ${target.accountNumber} · ${target.accountName}` : '',
        })}
      </PasswordConfirm>
      <ProfileIncompleteNotice fields={incomplete} />
    </form>
  );
}

function PayoutAccounts({
  settings,
  accounts,
  first = false,
}: {
  settings: WithdrawSettings;
  accounts: PayoutAccount[];
  /** No account yet: this card comes first, as the first step of the first withdrawal. */
  first?: boolean;
}) {
  const { t } = useTranslation('wallet');
  const locale = useLocale();
  const add = useAddPayoutAccount();
  const saveName = useUpdateProfile();
  const remove = useRemovePayoutAccount();
  const nameRule = usePermission().data?.info.register.find((r) => r.field === 'payeeName');
  const [incomplete, setIncomplete] = useState<RequiredProfileField[]>([]);
  // No real name yet: the holder name typed here becomes it (validated as one), in the same step.
  const settingName = !settings.payeeName;
  const empty: PayoutAccountInput = {
    kind: 'wallet',
    provider: 'ESEWA',
    accountNumber: '',
    accountName: settings.payeeName ?? '',
  };
  const [form, setForm] = useState<PayoutAccountInput>(empty);
  const [errors, setErrors] = useState<Record<string, string | null>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const set = (patch: Partial<PayoutAccountInput>) => setForm((f) => ({ ...f, ...patch }));

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setFormError(null);
    setIncomplete([]);
    const name = tidyName(form.accountName);
    const nameError = settingName
      ? (validateProfileStep(
          { payeeName: name, birthday: '' },
          ['payeeName'],
          { nameRule, ageMin: 0 },
          locale,
        ).payeeName ?? null)
      : !name
        ? specText('inputEmpty', locale)
        : name.toLowerCase() !== tidyName(settings.payeeName ?? '').toLowerCase()
          ? specText('payeeMismatch', locale)
          : null;
    const next = {
      provider: form.provider.trim() ? null : specText('inputEmpty', locale),
      accountNumber: /^[0-9A-Za-z-]{4,40}$/.test(form.accountNumber.trim())
        ? null
        : specText(form.accountNumber.trim() ? 'badRequest' : 'inputEmpty', locale),
      accountName: nameError,
    };
    setErrors(next);
    if (next.provider || next.accountNumber || next.accountName) return;
    try {
      if (settingName) {
        try {
          await saveName.mutateAsync({ payeeName: name });
        } catch (err) {
          showServerError(
            err,
            ['payeeName'],
            (_f, m) => setErrors((old) => ({ ...old, accountName: m })),
            setFormError,
            specText('unknown', locale),
          );
          return;
        }
      }
      await add.mutateAsync({
        kind: form.kind,
        provider: form.provider.trim(),
        accountNumber: form.accountNumber.trim(),
        accountName: name,
      });
      toast.success(t('payout.added'));
      setForm(empty);
    } catch (err) {
      setIncomplete(incompleteFields(err));
      showServerError(
        err,
        ['provider', 'accountNumber', 'accountName'],
        (f, m) => setErrors((old) => ({ ...old, [f]: m })),
        setFormError,
        specText('unknown', locale),
      );
    }
  };

  return (
    <section className="wallet-card" aria-labelledby="payout-title">
      <h3 id="payout-title">{first ? t('payout.firstTitle') : t('payout.title')}</h3>
      <p className="muted small wallet-lead">{first ? t('payout.firstLead') : t('payout.lead')}</p>
      {accounts.length > 0 && (
        <ul className="wallet-list" aria-label={t('payout.bound')}>
          {accounts.map((a) => (
            <li key={a.id}>
              <span>
                <strong>{a.provider}</strong> · <span className="num">{a.accountNumber}</span> ·{' '}
                {a.accountName}
              </span>
              <Button
                size="sm"
                variant="ghost"
                loading={remove.isPending && remove.variables === a.id}
                onClick={() =>
                  remove.mutate(a.id, {
                    onSuccess: () => toast.success(t('payout.removed')),
                    onError: (err) => toast.error(err.message),
                  })
                }
                aria-label={t('payout.remove', { account: `${a.provider} ${a.accountNumber}` })}
              >
                {t('payout.removeShort')}
              </Button>
            </li>
          ))}
        </ul>
      )}
      <form className="wallet-form" onSubmit={submit} noValidate aria-label={t('payout.bind')}>
        <SelectField
          label={t('fields.kind')}
          value={form.kind}
          onChange={(e) => {
            const kind = e.target.value as PayoutAccountInput['kind'];
            set({ kind, provider: kind === 'wallet' ? 'ESEWA' : '' });
          }}
        >
          <option value="wallet">{t('channelKind.wallet')}</option>
          <option value="bank">{t('channelKind.bank')}</option>
        </SelectField>
        {form.kind === 'wallet' ? (
          <SelectField
            label={t('fields.provider')}
            value={form.provider}
            onChange={(e) => set({ provider: e.target.value })}
            error={errors.provider}
          >
            {WALLET_PROVIDERS.map((p) => (
              <option key={p} value={p}>
                {t(`providers.${p}`)}
              </option>
            ))}
          </SelectField>
        ) : (
          <TextField
            label={t('fields.bankName')}
            value={form.provider}
            maxLength={100}
            onChange={(e) => set({ provider: e.target.value })}
            error={errors.provider}
          />
        )}
        <TextField
          label={t('fields.accountNumber')}
          value={form.accountNumber}
          inputMode={form.kind === 'wallet' ? 'numeric' : 'text'}
          maxLength={40}
          autoComplete="off"
          onChange={(e) => set({ accountNumber: e.target.value })}
          error={errors.accountNumber}
        />
        <TextField
          label={t('fields.accountName')}
          value={form.accountName}
          maxLength={100}
          onChange={(e) => set({ accountName: e.target.value })}
          hint={settingName ? t('payout.nameSetsRealName') : t('payout.nameHint')}
          error={errors.accountName}
        />
        <ProfileIncompleteNotice fields={incomplete} />
        {formError && (
          <p className="wallet-error" role="alert">
            {formError}
          </p>
        )}
        <div>
          <Button
            type="submit"
            variant={first ? 'primary' : 'secondary'}
            loading={add.isPending || saveName.isPending}
          >
            {t('payout.bind')}
          </Button>
        </div>
      </form>
    </section>
  );
}

function WithdrawalList() {
  const { t } = useTranslation('wallet');
  const pager = usePager();
  const list = useWithdrawals({ pageNo: pager.page, pageSize: 10 });
  useRefreshWhenSettled(list.data?.content);
  const [open, setOpen] = useState<Withdrawal | null>(null);
  return (
    <RecordsCard<Withdrawal>
      id="withdraw-list-title"
      title={t('withdraw.listTitle')}
      empty={t('withdraw.none')}
      query={list}
      pager={pager}
      rowKey={(r) => r.id}
      columns={[
        { key: 'time', header: t('cols.time'), render: (r) => <RecordTime iso={r.createdAt} /> },
        {
          key: 'account',
          header: t('cols.account'),
          render: (r) => `${r.payout.provider} · ${r.payout.accountNumber}`,
        },
        {
          key: 'amount',
          header: t('cols.amount'),
          numeric: true,
          render: (r) => <Money value={r.amount} />,
        },
        {
          key: 'status',
          header: t('cols.status'),
          render: (r) => (
            <>
              <StatusBadge tone={WITHDRAW_TONE[r.status]}>{t(`withdrawStatus.${r.status}`)}</StatusBadge>
              {r.reviewNote && <span className="muted small"> {r.reviewNote}</span>}
              {r.payoutReference && (
                <span className="small wallet-ref" data-testid={`payout-ref-${r.id}`}>
                  {' '}
                  {t('withdraw.reference')} <span className="num">{r.payoutReference}</span>
                </span>
              )}
            </>
          ),
        },
        {
          key: 'receipt',
          header: t('cols.receipt'),
          render: (r) =>
            r.receiptStatus ? (
              <span data-testid={`receipt-${r.id}`}>
                <StatusBadge tone={RECEIPT_TONE[r.receiptStatus]}>
                  {t(`receiptStatus.${r.receiptStatus}`)}
                </StatusBadge>
                {r.receiptStatus === 'partial' && (
                  <span className="small">
                    {' '}
                    {t('receipt.remainderShort')} <Money value={r.remainder} />
                  </span>
                )}
              </span>
            ) : (
              '—'
            ),
        },
        {
          key: 'actions',
          header: <span className="visually-hidden">{t('cols.actions')}</span>,
          render: (r) =>
            canConfirmReceipt(r) ? (
              <Button size="sm" onClick={() => setOpen(r)}>
                {t('receipt.open')}
              </Button>
            ) : null,
        },
      ]}
    >
      {open && <ReceiptDialog withdrawal={open} onClose={() => setOpen(null)} />}
    </RecordsCard>
  );
}
