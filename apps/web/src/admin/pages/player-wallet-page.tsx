import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { amountError, newRequestId } from '../../features/wallet/lib/money.ts';
import { formatTime } from '../../features/wallet/lib/time.ts';
import { useLocale } from '../../features/wallet/lib/use-locale.ts';
import { ApiError } from '../../shared/api/client.ts';
import { Button } from '../../shared/ui/button.tsx';
import { FieldShell, SelectField, TextField } from '../../shared/ui/field.tsx';
import { Loader } from '../../shared/ui/loader.tsx';
import { PageHeader } from '../../shared/ui/page-header.tsx';
import { Pagination } from '../../shared/ui/pagination.tsx';
import { Table } from '../../shared/ui/table.tsx';
import { toast } from '../../shared/ui/toast.tsx';
import {
  type AdjustmentInput,
  type AdminPosting,
  adjustWallet,
  type PlayerWallet,
  useCashierAction,
  usePlayerWallet,
} from './cashier-api.ts';
import { Amount, errorText, useAdminPager } from './cashier-ui.tsx';

/** A player's wallet: accounts with balances, the postings behind them, and manual adjustment. */
export default function PlayerWalletPage() {
  const { t } = useTranslation('wallet-admin');
  // `?account=` opens that player's wallet (the console's player profile links here).
  const [search, setSearch] = useState(() => new URLSearchParams(location.search).get('account') ?? '');
  const [account, setAccount] = useState(search);
  const [page, setPage] = useState(1);
  const wallet = usePlayerWallet(account, page);
  return (
    <div className="admin-page wallet-admin-page">
      <PageHeader title={t('wallets.title')} lead={t('wallets.lead')} />
      <form
        className="wallet-toolbar"
        onSubmit={(e) => {
          e.preventDefault();
          setAccount(search.trim());
          setPage(1);
        }}
      >
        <TextField
          label={t('wallets.account')}
          value={search}
          autoComplete="off"
          onChange={(e) => setSearch(e.target.value)}
        />
        <Button type="submit">{t('wallets.open')}</Button>
      </form>
      {account === '' ? null : wallet.isPending ? (
        <Loader label={t('loading')} />
      ) : wallet.error ? (
        <p className="wallet-error">{errorText(wallet.error)}</p>
      ) : (
        <WalletView wallet={wallet.data} page={page} onPage={setPage} />
      )}
    </div>
  );
}

function WalletView({
  wallet,
  page,
  onPage,
}: {
  wallet: PlayerWallet;
  page: number;
  onPage(n: number): void;
}) {
  const { t, i18n } = useTranslation('wallet-admin');
  const pager = useAdminPager();
  return (
    <div className="wallet">
      <section className="wallet-card" aria-labelledby="wallet-member">
        <h2 id="wallet-member">
          {wallet.member.account}{' '}
          <span className="muted small">
            #{wallet.member.id} · {wallet.member.status}
          </span>
        </h2>
        <dl className="wallet-stats">
          {wallet.accounts.map((a) => (
            <div key={a.id}>
              <dt>{t(`accountType.${a.type}`, { defaultValue: a.type })}</dt>
              <dd data-testid={`wallet-${a.type}`}>
                <Amount value={a.balance} />
              </dd>
            </div>
          ))}
        </dl>
      </section>
      <Adjustment account={wallet.member.account} />
      <section className="wallet-card" aria-labelledby="wallet-postings">
        <h2 id="wallet-postings">{t('wallets.postings')}</h2>
        <Table<AdminPosting>
          caption={t('wallets.postings')}
          captionHidden
          rows={wallet.postings.content}
          rowKey={(r) => r.id}
          empty={t('wallets.noPostings')}
          columns={[
            {
              key: 'tx',
              header: t('cols.transaction'),
              render: (r) => <span className="num">{r.transactionId}</span>,
            },
            { key: 'time', header: t('cols.time'), render: (r) => formatTime(r.createdAt, i18n.language) },
            {
              key: 'account',
              header: t('cols.accountType'),
              render: (r) => t(`accountType.${r.accountType}`, { defaultValue: r.accountType }),
            },
            { key: 'reason', header: t('cols.reason'), render: (r) => r.reason },
            {
              key: 'amount',
              header: t('cols.amount'),
              numeric: true,
              render: (r) => <Amount value={r.amount} />,
            },
            {
              key: 'before',
              header: t('cols.before'),
              numeric: true,
              render: (r) => <Amount value={r.balanceBefore} />,
            },
            {
              key: 'after',
              header: t('cols.after'),
              numeric: true,
              render: (r) => <Amount value={r.balanceAfter} />,
            },
            {
              key: 'key',
              header: t('cols.key'),
              render: (r) => (
                <span className="muted small" style={{ overflowWrap: 'anywhere' }}>
                  {r.idempotencyKey}
                  {typeof r.metadata.reason === 'string' && ` · ${r.metadata.reason}`}
                </span>
              ),
            },
          ]}
        />
        <Pagination page={page} totalPages={wallet.postings.totalPages} onChange={onPage} labels={pager} />
      </section>
    </div>
  );
}

function Adjustment({ account }: { account: string }) {
  const { t } = useTranslation('wallet-admin');
  const locale = useLocale();
  const adjust = useCashierAction<AdjustmentInput, Awaited<ReturnType<typeof adjustWallet>>>(adjustWallet);
  const [form, setForm] = useState<Omit<AdjustmentInput, 'account'>>({
    direction: 'credit',
    amount: '',
    reason: '',
    requestId: newRequestId(),
  });
  const [errors, setErrors] = useState<Record<string, string | null>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const set = (patch: Partial<typeof form>) =>
    setForm((f) => ({ ...f, ...patch, requestId: newRequestId() }));

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setFormError(null);
    const next = {
      amount: amountError(form.amount, {}, locale),
      reason: form.reason.trim() ? null : t('reasonRequired'),
    };
    setErrors(next);
    if (next.amount || next.reason) return;
    try {
      const r = await adjust.mutateAsync({
        account,
        ...form,
        amount: form.amount.trim(),
        reason: form.reason.trim(),
      });
      toast.success(t('wallets.adjusted', { balance: r.balance }));
      setForm({ direction: form.direction, amount: '', reason: '', requestId: newRequestId() });
    } catch (err) {
      if (err instanceof ApiError && (err.fields.amount || err.fields.reason)) {
        setErrors({ amount: err.fields.amount ?? null, reason: err.fields.reason ?? null });
      } else setFormError(errorText(err));
    }
  };

  return (
    <section className="wallet-card" aria-labelledby="wallet-adjust">
      <h2 id="wallet-adjust">{t('wallets.adjust')}</h2>
      <p className="muted small wallet-lead">{t('wallets.adjustLead')}</p>
      <form className="wallet-form" onSubmit={submit} noValidate>
        <SelectField
          label={t('wallets.direction')}
          value={form.direction}
          onChange={(e) => set({ direction: e.target.value as 'credit' | 'debit' })}
        >
          <option value="credit">{t('wallets.credit')}</option>
          <option value="debit">{t('wallets.debit')}</option>
        </SelectField>
        <TextField
          label={t('cols.amount')}
          inputMode="decimal"
          className="num"
          autoComplete="off"
          value={form.amount}
          onChange={(e) => set({ amount: e.target.value })}
          error={errors.amount}
        />
        <FieldShell label={t('wallets.reason')} error={errors.reason}>
          {({ inputId, describedBy, invalid }) => (
            <textarea
              id={inputId}
              className="input"
              rows={2}
              maxLength={500}
              value={form.reason}
              onChange={(e) => set({ reason: e.target.value })}
              aria-describedby={describedBy}
              aria-invalid={invalid || undefined}
            />
          )}
        </FieldShell>
        {formError && (
          <p className="wallet-error" role="alert">
            {formError}
          </p>
        )}
        <div>
          <Button type="submit" loading={adjust.isPending}>
            {t('wallets.apply')}
          </Button>
        </div>
      </form>
    </section>
  );
}
