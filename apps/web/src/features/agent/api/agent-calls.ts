import type {
  AccountRecord,
  AgentWallet,
  CommissionTransferInput,
  commissionTransferResultSchema,
  Contract,
  ContractOffer,
  DividendRow,
  DownlineRow,
  Page,
  SalaryRow,
  TeamOverview,
} from '@wps/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../shared/api/client.ts';
import { useSessionStore } from '../../../shared/session/store.ts';
import { invalidateMoney } from '../../wallet/api/get-balance.ts';

/** Every agent-centre query lives under this key, so one invalidation refreshes the centre. */
export const AGENT_KEY = ['member', 'agent'] as const;

export type Query = Record<string, string | number | undefined>;

const get =
  <T>(path: string) =>
  (q: Query, signal?: AbortSignal) =>
    api.get<T>(path, { query: q, signal });

export interface TeamBetRow {
  account: string;
  vendor: string;
  gameType: string;
  gameCode: string | null;
  roundId: string;
  stake: string;
  validBet: string;
  payout: string;
  status: string;
  time: string;
}
export interface TeamProfitRow {
  id: number;
  account: string;
  isAgent: boolean;
  validBet: string;
  stake: string;
  payout: string;
  profitLoss: string;
  /** Payouts minus stakes: the sign the member sees on their own profit page. */
  memberWinLoss: string;
  activeMembers: number;
}
export interface Income {
  rows: Array<{ kind: string; received: string; paid: string; net: string; pending: string }>;
  received: string;
  paid: string;
  net: string;
}

/** The list calls of the centre: every one paginates on the server and exports CSV. */
export const AGENT_LISTS = {
  downlines: get<Page<DownlineRow>>('/wps/agent/downlines'),
  teamBets: get<Page<TeamBetRow>>('/wps/agent/team/bets'),
  teamProfit: get<Page<TeamProfitRow>>('/wps/agent/team/profit'),
  transactions: get<Page<AccountRecord>>('/wps/agent/downline/transactions'),
  salaries: get<Page<SalaryRow>>('/wps/agent/salaries'),
  dividends: get<Page<DividendRow>>('/wps/agent/dividends'),
} as const;
export const LIST_PATHS: Record<keyof typeof AGENT_LISTS, string> = {
  downlines: '/wps/agent/downlines',
  teamBets: '/wps/agent/team/bets',
  teamProfit: '/wps/agent/team/profit',
  transactions: '/wps/agent/downline/transactions',
  salaries: '/wps/agent/salaries',
  dividends: '/wps/agent/dividends',
};

export function useAgentList<K extends keyof typeof AGENT_LISTS>(name: K, q: Query, enabled = true) {
  return useQuery({
    queryKey: [...AGENT_KEY, name, q],
    queryFn: ({ signal }): Promise<unknown> => AGENT_LISTS[name](q, signal),
    placeholderData: keepPreviousData,
    enabled,
  });
}

export const useTeamOverview = (q: Query) =>
  useQuery({
    queryKey: [...AGENT_KEY, 'overview', q],
    queryFn: ({ signal }) => api.get<TeamOverview>('/wps/agent/team/overview', { query: q, signal }),
    placeholderData: keepPreviousData,
  });

export const useIncome = (q: Query) =>
  useQuery({
    queryKey: [...AGENT_KEY, 'income', q],
    queryFn: ({ signal }) => api.get<Income>('/wps/agent/income', { query: q, signal }),
    placeholderData: keepPreviousData,
  });

/** The agent's own cash, bonus and commission, apart (salaries and dividends are paid to commission). */
export const useAgentWallet = () =>
  useQuery({
    queryKey: [...AGENT_KEY, 'wallet'],
    queryFn: ({ signal }) => api.get<AgentWallet>('/wps/agent/wallet', { signal }),
  });

export type CommissionTransferResult = z.infer<typeof commissionTransferResultSchema>;
/** Commission to the agent's own cash, with the payment password; refreshes every balance shown. */
export function useCommissionTransfer() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: CommissionTransferInput & { amount: string; requestId: string }) =>
      api.post<CommissionTransferResult>('/wps/agent/commission/transfer', input),
    onSettled: () => {
      void client.invalidateQueries({ queryKey: AGENT_KEY });
      void invalidateMoney(client);
    },
  });
}

export const useContracts = (q: Query = {}, enabled = true) =>
  useQuery({
    queryKey: [...AGENT_KEY, 'contracts', q],
    queryFn: ({ signal }) => api.get<{ content: Contract[] }>('/wps/agent/contracts', { query: q, signal }),
    enabled,
  });

/** Offer, accept, reject, terminate: each refreshes the contracts and the consolidated info. */
export function useContractAction() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (
      a:
        | { action: 'accept' | 'reject' | 'terminate'; id: number }
        | { action: 'offer'; offer: ContractOffer },
    ) =>
      a.action === 'offer'
        ? api.post<{ id: number; status: string }>('/wps/agent/contracts', a.offer)
        : api.post<{ id: number; status: string; request: string | null }>(
            `/wps/agent/contracts/${a.id}/${a.action}`,
          ),
    onSettled: () => {
      void client.invalidateQueries({ queryKey: AGENT_KEY });
      void client.invalidateQueries({ queryKey: ['member', 'consolidated'] });
    },
  });
}

export interface RegisterDownline {
  username: string;
  password: string;
  confirmPassword: string;
  accountType: 'PLAYER' | 'AGENT';
  nickname?: string;
}
export function useRegisterDownline() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: RegisterDownline) =>
      api.put<{ id: number; account: string }>('/wps/agent/register', body),
    onSuccess: () => void client.invalidateQueries({ queryKey: AGENT_KEY }),
  });
}

/**
 * Downloads a list as CSV. The server streams it; the token travels in a header, so the file is
 * fetched here and handed to the browser as a blob rather than opened as a plain link.
 */
export async function downloadCsv(name: keyof typeof AGENT_LISTS, q: Query): Promise<void> {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(q))
    if (v !== undefined && k !== 'pageNo' && k !== 'pageSize') params.set(k, String(v));
  params.set('format', 'csv');
  const token = useSessionStore.getState().token;
  const res = await fetch(`${LIST_PATHS[name]}?${params}`, { headers: token ? { token } : {} });
  if (!res.ok) throw new Error(String(res.status));
  const url = URL.createObjectURL(await res.blob());
  const a = document.createElement('a');
  a.href = url;
  a.download = `${name}.csv`;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
