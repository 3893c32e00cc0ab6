import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { i18n } from '../../../shared/i18n/index.ts';
import { selectIsTrial, useSessionStore } from '../../../shared/session/store.ts';
import { toast } from '../../../shared/ui/toast.tsx';
import { invalidateMoney, WALLET_QUERY_KEY } from '../api/get-balance.ts';
import { getDeposits } from '../api/get-deposits.ts';
import { getWithdrawals } from '../api/get-withdrawals.ts';
import { decisionMessageKey, diffDecisions, type WatchedItem } from '../lib/decisions.ts';
import { formatMoney } from '../lib/money.ts';

/** Modest on purpose: one member, two small lists, and only while something waits for the operator. */
export const WATCH_POLL_MS = 10_000;

async function recentItems(signal?: AbortSignal): Promise<WatchedItem[]> {
  const [deposits, withdrawals] = await Promise.all([
    getDeposits({ pageNo: 1, pageSize: 20 }, signal),
    getWithdrawals({ pageNo: 1, pageSize: 20 }, signal),
  ]);
  return [
    ...deposits.content.map((d) => ({ kind: 'deposit' as const, ...d })),
    ...withdrawals.content.map((w) => ({ kind: 'withdrawal' as const, ...w })),
  ];
}

/**
 * App-wide: while any deposit or withdrawal of the member is pending, look again every few
 * seconds; when one is decided, the header balance refetches and a toast says what happened, on
 * whatever page the member is. Nothing pending, no polling. A new request (any cashier mutation
 * invalidates the wallet keys) restarts the watch.
 */
export function PendingWatch() {
  const token = useSessionStore((s) => s.token);
  const isTrial = useSessionStore(selectIsTrial);
  const known = useSessionStore((s) => Boolean(s.member));
  const queryClient = useQueryClient();
  const pending = useRef<Set<string> | null>(null);
  const recent = useQuery({
    queryKey: [...WALLET_QUERY_KEY, 'pending-watch', token],
    queryFn: ({ signal }) => recentItems(signal),
    enabled: Boolean(token) && known && !isTrial,
    refetchInterval: (q) => (q.state.data?.some((i) => i.status === 'pending') ? WATCH_POLL_MS : false),
    refetchIntervalInBackground: false,
  });

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new token starts a fresh watch.
  useEffect(() => {
    pending.current = null;
  }, [token]);

  useEffect(() => {
    if (!recent.data) return;
    const { decided, pending: next } = diffDecisions(pending.current, recent.data);
    pending.current = next;
    if (decided.length === 0) return;
    void invalidateMoney(queryClient);
    // The wallet catalogue may not be loaded on this page yet; load it, then speak.
    void i18n.loadNamespaces('wallet').then(() => {
      for (const d of decided) {
        const text = i18n.t(`wallet:${decisionMessageKey(d)}`, {
          amount: formatMoney(d.amount),
          note: d.note ?? '',
          reference: d.reference ?? '',
        });
        if (d.outcome === 'rejected') toast.error(text);
        else toast.success(text);
      }
    });
  }, [recent.data, queryClient]);

  return null;
}
