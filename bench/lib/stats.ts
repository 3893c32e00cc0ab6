/** Latency summary of a run: rate over the wall-clock window, median and 99th percentile. */
export interface RunStats {
  rate: number;
  p50: number;
  p99: number;
  count: number;
}

export function percentile(sortedMs: number[], p: number): number {
  if (sortedMs.length === 0) return Number.NaN;
  const i = Math.min(sortedMs.length - 1, Math.max(0, Math.ceil((p / 100) * sortedMs.length) - 1));
  return sortedMs[i]!;
}

export function summarize(latenciesMs: number[], seconds: number): RunStats {
  const sorted = [...latenciesMs].sort((a, b) => a - b);
  return {
    rate: latenciesMs.length / seconds,
    p50: percentile(sorted, 50),
    p99: percentile(sorted, 99),
    count: latenciesMs.length,
  };
}

/** Runs `op` from `clients` concurrent loops for `seconds`, timing each call. */
export async function closedLoop(
  clients: number,
  seconds: number,
  op: (client: number, i: number) => Promise<void>,
): Promise<RunStats> {
  const latencies: number[] = [];
  const end = performance.now() + seconds * 1000;
  let n = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: clients }, async (_, c) => {
      while (performance.now() < end) {
        const t0 = performance.now();
        await op(c, n++);
        latencies.push(performance.now() - t0);
      }
    }),
  );
  return summarize(latencies, (performance.now() - started) / 1000);
}

export const fmt = (s: RunStats) =>
  `${s.rate.toFixed(0).padStart(6)} tx/s  p50 ${s.p50.toFixed(1).padStart(6)} ms  p99 ${s.p99.toFixed(1).padStart(6)} ms`;
