import { JACKPOT_POLL_MS } from '@wps/contract';
import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { holdPoll, JACKPOT_POOLS_KEY } from './api.ts';

afterEach(() => {
  vi.useRealTimers();
});

describe('jackpot pools poll', () => {
  it('is one timer for the tab however many tiles hold it, and stops with the last', async () => {
    vi.useFakeTimers();
    const qc = new QueryClient();
    let calls = 0;
    const observer = new QueryObserver(qc, {
      queryKey: JACKPOT_POOLS_KEY,
      queryFn: async () => {
        calls++;
        return { pools: [] };
      },
      staleTime: Number.POSITIVE_INFINITY,
    });
    const unsubscribe = observer.subscribe(() => {});
    await vi.advanceTimersByTimeAsync(0);
    expect(calls).toBe(1); // the first read
    const releases = Array.from({ length: 55 }, () => holdPoll(qc));
    await vi.advanceTimersByTimeAsync(JACKPOT_POLL_MS);
    expect(calls).toBe(2);
    await vi.advanceTimersByTimeAsync(JACKPOT_POLL_MS);
    expect(calls).toBe(3);
    for (const release of releases.slice(1)) release();
    releases[0]?.(); // released twice: counted once
    releases[0]?.();
    await vi.advanceTimersByTimeAsync(3 * JACKPOT_POLL_MS);
    expect(calls).toBe(3);
    // Held again after all let go: polling resumes.
    const again = holdPoll(qc);
    await vi.advanceTimersByTimeAsync(JACKPOT_POLL_MS);
    expect(calls).toBe(4);
    again();
    unsubscribe();
  });
});
