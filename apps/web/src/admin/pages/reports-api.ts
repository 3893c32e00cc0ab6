import type {
  BonusReport,
  CashflowReport,
  Dashboard,
  GgrGrouping,
  GgrReport,
  PlayersReport,
} from '@wps/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../shared/api/client.ts';
import { adminToken } from '../session-store.ts';

/** Operator reports (permission `reports`): one query hook per report, and the CSV download. */

export type ReportName = 'ggr' | 'cashflow' | 'players' | 'bonus' | 'dashboard';
export interface ReportQuery {
  from: string;
  to: string;
  by?: GgrGrouping;
  agentId?: number | undefined;
}

const KEY = ['admin', 'reports'] as const;
const PATH = (name: ReportName) => `/wps/admin/reports/${name}`;

function useReport<T>(name: ReportName, q: ReportQuery, enabled = true) {
  return useQuery(
    queryOptions({
      queryKey: [...KEY, name, q],
      queryFn: ({ signal }) =>
        api.get<T>(PATH(name), {
          signal,
          token: adminToken(),
          query: { ...q } as Record<string, string | number | undefined>,
        }),
      placeholderData: keepPreviousData,
      enabled,
    }),
  );
}

export const useDashboard = (q: ReportQuery, enabled?: boolean) =>
  useReport<Dashboard>('dashboard', q, enabled);
export const useGgrReport = (q: ReportQuery, enabled?: boolean) => useReport<GgrReport>('ggr', q, enabled);
export const useCashflowReport = (q: ReportQuery, enabled?: boolean) =>
  useReport<CashflowReport>('cashflow', q, enabled);
export const usePlayersReport = (q: ReportQuery, enabled?: boolean) =>
  useReport<PlayersReport>('players', q, enabled);
export const useBonusReport = (q: ReportQuery, enabled?: boolean) =>
  useReport<BonusReport>('bonus', q, enabled);

/**
 * Downloads a report as CSV. The server streams it; the operator's token travels in a header, so
 * the file is fetched here and handed to the browser as a blob.
 */
export async function downloadReportCsv(name: ReportName, q: ReportQuery): Promise<void> {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(q)) if (v !== undefined) params.set(k, String(v));
  params.set('format', 'csv');
  const token = adminToken();
  const res = await fetch(`${PATH(name)}?${params}`, { headers: token ? { token } : {} });
  if (!res.ok) throw new Error(String(res.status));
  const file = /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? `${name}.csv`;
  const url = URL.createObjectURL(await res.blob());
  const a = document.createElement('a');
  a.href = url;
  a.download = file;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
