import type { ContractKind, ContractOffer, Page, PayPeriod } from '@wps/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, api } from '../../shared/api/client.ts';
import { Button } from '../../shared/ui/button.tsx';
import { SelectField, TextField } from '../../shared/ui/field.tsx';
import { PageHeader } from '../../shared/ui/page-header.tsx';
import { Pagination } from '../../shared/ui/pagination.tsx';
import { Table } from '../../shared/ui/table.tsx';
import { adminToken } from '../session-store.ts';
import { formatDateTime } from '../../shared/lib/format.ts';

interface PendingPayout {
  id: number;
  contractId: number;
  kind: ContractKind;
  period: string;
  account: string;
  payer: string | null;
  amount: string;
  attempts: number;
  createdAt: string;
}

const KINDS: ContractKind[] = ['REALTIME', 'DAILY', 'HOURLY', 'DIVIDEND'];
const PERIODS: PayPeriod[] = ['DAILY', 'WEEKLY', 'SEMIMONTHLY', 'MONTHLY'];

/**
 * Agents: payouts waiting for the paying upline's funds (retried on every run of their job), and
 * platform contracts offered to top-level agents (the agent accepts them in its centre).
 */
export default function AgentsPage() {
  const { t, i18n } = useTranslation('admin');
  const [page, setPage] = useState(1);
  const client = useQueryClient();
  const pending = useQuery({
    queryKey: ['admin', 'agents', 'pending', page],
    queryFn: ({ signal }) =>
      api.get<Page<PendingPayout>>('/wps/admin/agents/payouts/pending', {
        query: { pageNo: page, pageSize: 20 },
        signal,
        token: adminToken(),
      }),
    placeholderData: keepPreviousData,
  });
  const [form, setForm] = useState({
    downline: '',
    kind: 'REALTIME' as ContractKind,
    rate: '',
    payPeriod: 'MONTHLY' as PayPeriod,
    // Whether the agent's own bets count toward its pay (issue 26): off unless the operator says so,
    // as in the agent centre's own offer form.
    ownPlay: false,
  });
  const offer = useMutation({
    mutationFn: () => {
      const { downline, kind, rate, payPeriod, ownPlay } = form;
      const body: ContractOffer =
        kind === 'REALTIME'
          ? { downline, kind, rate, ownPlay }
          : { downline, kind, tiers: [{ rate }], ownPlay, ...(kind === 'DIVIDEND' ? { payPeriod } : {}) };
      return api.post<{ id: number; status: string }>('/wps/admin/agents/contracts', body, {
        token: adminToken(),
      });
    },
    onSuccess: () => client.invalidateQueries({ queryKey: ['admin', 'agents'] }),
  });
  const fields = offer.error instanceof ApiError ? offer.error.fields : {};
  const submit = (e: FormEvent) => {
    e.preventDefault();
    offer.mutate();
  };
  return (
    <div className="admin-page">
      <PageHeader title={t('agents.title')} lead={t('agents.lead')} />
      <h2>{t('agents.pending')}</h2>
      <Table<PendingPayout>
        caption={t('agents.pending')}
        captionHidden
        rows={pending.data?.content ?? []}
        rowKey={(r) => r.id}
        empty={pending.error ? pending.error.message : t('agents.nonePending')}
        columns={[
          {
            key: 'period',
            header: t('agents.period'),
            render: (r) => formatDateTime(r.period, i18n.language),
          },
          { key: 'kind', header: t('agents.kind'), render: (r) => r.kind },
          { key: 'account', header: t('agents.account'), render: (r) => r.account },
          { key: 'payer', header: t('agents.payer'), render: (r) => r.payer ?? t('agents.platform') },
          { key: 'amount', header: t('agents.amount'), render: (r) => r.amount, numeric: true },
          { key: 'attempts', header: t('agents.attempts'), render: (r) => r.attempts, numeric: true },
        ]}
      />
      <Pagination
        page={page}
        totalPages={pending.data?.totalPages ?? 0}
        onChange={setPage}
        labels={{
          nav: t('agents.pages'),
          previous: t('agents.previous'),
          next: t('agents.next'),
          page: (n) => t('agents.page', { n }),
        }}
      />
      <h2>{t('agents.offer')}</h2>
      <form className="admin-form" onSubmit={submit} noValidate>
        <TextField
          label={t('agents.agentAccount')}
          value={form.downline}
          error={fields.downline}
          onChange={(e) => setForm({ ...form, downline: e.target.value })}
        />
        <SelectField
          label={t('agents.kind')}
          value={form.kind}
          onChange={(e) => setForm({ ...form, kind: e.target.value as ContractKind })}
        >
          {KINDS.map((k) => (
            <option key={k} value={k}>
              {k}
            </option>
          ))}
        </SelectField>
        <TextField
          label={t('agents.rate')}
          inputMode="decimal"
          value={form.rate}
          error={fields.rate ?? fields.tiers}
          onChange={(e) => setForm({ ...form, rate: e.target.value })}
        />
        {form.kind === 'DIVIDEND' && (
          <SelectField
            label={t('agents.payPeriod')}
            value={form.payPeriod}
            error={fields.payPeriod}
            onChange={(e) => setForm({ ...form, payPeriod: e.target.value as PayPeriod })}
          >
            {PERIODS.map((p) => (
              <option key={p} value={p}>
                {t(`agents.periods.${p}`)}
              </option>
            ))}
          </SelectField>
        )}
        <label className="chip-row">
          <input
            type="checkbox"
            name="ownPlay"
            checked={form.ownPlay}
            onChange={(e) => setForm({ ...form, ownPlay: e.target.checked })}
          />{' '}
          {t('agents.ownPlay')}
        </label>
        {offer.error && !Object.keys(fields).length && <p role="alert">{offer.error.message}</p>}
        {offer.data && <p role="status">{t('agents.offered', { id: offer.data.id })}</p>}
        <Button type="submit" disabled={offer.isPending}>
          {t('agents.offer')}
        </Button>
      </form>
    </div>
  );
}
