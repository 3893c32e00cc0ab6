import type {
  adminDepositSchema,
  adminPostingSchema,
  adminWithdrawalSchema,
  auditRecordSchema,
  Page,
  playerWalletSchema,
} from '@wps/contract';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../shared/api/client.ts';
import { adminToken } from '../session-store.ts';

/**
 * The console's cashier calls (operator token, never the player's): deposit and withdrawal
 * queues, a player's wallet, manual adjustment and the audit log. Each mutation refetches the
 * lists it changes.
 */
export type AdminDeposit = z.infer<typeof adminDepositSchema>;
export type AdminWithdrawal = z.infer<typeof adminWithdrawalSchema>;
export type PlayerWallet = z.infer<typeof playerWalletSchema>;
export type AdminPosting = z.infer<typeof adminPostingSchema>;
export type AuditRecord = z.infer<typeof auditRecordSchema>;

const KEY = ['admin', 'cashier'] as const;
const opts = (signal?: AbortSignal) => ({ signal, token: adminToken() });
type Query = Record<string, string | number | undefined>;

// ------------------------------------------------------------------ deposits

/** GET /wps/admin/cashier/deposits (status=pending: oldest first). */
export const getDepositQueue = (q: Query, signal?: AbortSignal) =>
  api.get<Page<AdminDeposit>>('/wps/admin/cashier/deposits', { ...opts(signal), query: q });
export const useDepositQueue = (q: Query) =>
  useQuery(
    queryOptions({
      queryKey: [...KEY, 'deposits', q],
      queryFn: ({ signal }) => getDepositQueue(q, signal),
      placeholderData: keepPreviousData,
    }),
  );

/** POST /wps/admin/cashier/deposits/:id/approve — credits the member's cash. */
export const approveDeposit = (id: number) =>
  api.post<unknown>(`/wps/admin/cashier/deposits/${id}/approve`, {}, opts());
/** POST /wps/admin/cashier/deposits/:id/reject {note}. */
export const rejectDeposit = ({ id, note }: { id: number; note: string }) =>
  api.post<unknown>(`/wps/admin/cashier/deposits/${id}/reject`, { note }, opts());

/**
 * POST /wps/admin/payments/deposits/:id/check — asks eSewa / Khalti about a provider deposit now
 * and settles it by the answer (issue 29); a provider deposit is never approved by hand.
 */
export const checkProviderDeposit = (id: number) =>
  api.post<{ outcome: string }>(`/wps/admin/payments/deposits/${id}/check`, {}, opts());

// ------------------------------------------------------------------ withdrawals

/** GET /wps/admin/cashier/withdrawals (status=pending, or receiptStatus=not_received). */
export const getWithdrawalQueue = (q: Query, signal?: AbortSignal) =>
  api.get<Page<AdminWithdrawal>>('/wps/admin/cashier/withdrawals', { ...opts(signal), query: q });
export const useWithdrawalQueue = (q: Query) =>
  useQuery(
    queryOptions({
      queryKey: [...KEY, 'withdrawals', q],
      queryFn: ({ signal }) => getWithdrawalQueue(q, signal),
      placeholderData: keepPreviousData,
    }),
  );

/** POST /wps/admin/cashier/withdrawals/:id/pay {reference} — approve and mark paid; the member sees the reference. */
export const payWithdrawal = ({ id, reference }: { id: number; reference: string }) =>
  api.post<unknown>(`/wps/admin/cashier/withdrawals/${id}/pay`, { reference }, opts());
/** POST /wps/admin/cashier/withdrawals/:id/reject {note} — the hold returns to the member. */
export const rejectWithdrawal = ({ id, note }: { id: number; note: string }) =>
  api.post<unknown>(`/wps/admin/cashier/withdrawals/${id}/reject`, { note }, opts());
/** POST /wps/admin/cashier/withdrawals/:id/resolve {outcome, note} — closes an investigation. */
export const resolveWithdrawal = ({
  id,
  outcome,
  note,
}: {
  id: number;
  outcome: 'paid_again' | 'refunded';
  note: string;
}) => api.post<unknown>(`/wps/admin/cashier/withdrawals/${id}/resolve`, { outcome, note }, opts());

// ------------------------------------------------------------------ wallets

/** GET /wps/admin/cashier/players/:account/wallet — accounts and postings, newest first. */
export const getPlayerWallet = (account: string, pageNo: number, signal?: AbortSignal) =>
  api.get<PlayerWallet>(`/wps/admin/cashier/players/${encodeURIComponent(account)}/wallet`, {
    ...opts(signal),
    query: { pageNo, pageSize: 20 },
  });
export const usePlayerWallet = (account: string, pageNo: number) =>
  useQuery(
    queryOptions({
      queryKey: [...KEY, 'wallet', account, pageNo],
      queryFn: ({ signal }) => getPlayerWallet(account, pageNo, signal),
      enabled: account !== '',
      placeholderData: keepPreviousData,
    }),
  );

export interface AdjustmentInput {
  account: string;
  direction: 'credit' | 'debit';
  amount: string;
  reason: string;
  requestId: string;
}
/** POST /wps/admin/cashier/players/:account/adjust — manual credit/debit with a mandatory reason. */
export const adjustWallet = ({ account, ...body }: AdjustmentInput) =>
  api.post<{ transactionId: number; balance: string; replayed: boolean }>(
    `/wps/admin/cashier/players/${encodeURIComponent(account)}/adjust`,
    body,
    opts(),
  );

// ------------------------------------------------------------------ audit

/** GET /wps/admin/audit — operator actions, newest first. */
export const getAudit = (q: Query, signal?: AbortSignal) =>
  api.get<Page<AuditRecord>>('/wps/admin/audit', { ...opts(signal), query: q });
export const useAudit = (q: Query) =>
  useQuery(
    queryOptions({
      queryKey: ['admin', 'audit', q],
      queryFn: ({ signal }) => getAudit(q, signal),
      placeholderData: keepPreviousData,
    }),
  );

/** One hook per console action; every one refetches the cashier lists and the audit log. */
export function useCashierAction<I, O = unknown>(fn: (input: I) => Promise<O>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: KEY }),
        queryClient.invalidateQueries({ queryKey: ['admin', 'audit'] }),
      ]),
  });
}
