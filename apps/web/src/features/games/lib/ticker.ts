import { SPEC } from '@wps/contract';
import { useSyncExternalStore } from 'react';

/**
 * SPEC §2/§9 game card number: a jackpot-style figure that grows by 165.11 every 3 seconds. Its
 * starting point is drawn from the game id so a tile shows the same figure on every visit, and one
 * shared timer drives every tile on the page (none while no tile is shown).
 */
export function tickerStart(gameId: number): number {
  // A cheap integer hash (xorshift-multiply) → 100,000.00 … 999,999.99.
  let h = Math.imul(gameId, 2654435761) >>> 0;
  h = (h ^ (h >>> 16)) >>> 0;
  h = Math.imul(h, 2246822519) >>> 0;
  h = (h ^ (h >>> 13)) >>> 0;
  return 100_000 + (h % 90_000_000) / 100;
}

export function tickerValue(gameId: number, ticks: number): number {
  return Math.round((tickerStart(gameId) + ticks * SPEC.gameCardTicker.step) * 100) / 100;
}

let ticks = 0;
let timer: ReturnType<typeof setInterval> | null = null;
const listeners = new Set<() => void>();

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  if (!timer) {
    timer = setInterval(() => {
      ticks += 1;
      for (const l of listeners) l();
    }, SPEC.gameCardTicker.intervalMs);
  }
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0 && timer) {
      clearInterval(timer);
      timer = null;
    }
  };
}

/** Ticks of the shared timer since the page loaded. */
export const useTicks = () =>
  useSyncExternalStore(
    subscribe,
    () => ticks,
    () => 0,
  );

export const formatTicker = (value: number, locale: string) =>
  new Intl.NumberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(value);
