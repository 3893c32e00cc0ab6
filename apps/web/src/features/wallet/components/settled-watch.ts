import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { invalidateMoney } from '../api/get-balance.ts';

/**
 * Watches a polled list: when a request that was pending is decided (approved, paid, rejected),
 * money moved on the server, so the header balance and the wallet lists refetch.
 */
export function useRefreshWhenSettled(rows: ReadonlyArray<{ id: number; status: string }> | undefined) {
  const queryClient = useQueryClient();
  const pending = useRef<Set<number>>(new Set());
  useEffect(() => {
    if (!rows) return;
    const settled = rows.some((r) => pending.current.has(r.id) && r.status !== 'pending');
    pending.current = new Set(rows.filter((r) => r.status === 'pending').map((r) => r.id));
    if (settled) void invalidateMoney(queryClient);
  }, [rows, queryClient]);
}
