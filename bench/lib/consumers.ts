import { periodStart } from '@wps/contract';
import type { createServices } from '../../apps/server/src/services.ts';

type Services = ReturnType<typeof createServices>;

/**
 * Every consumer of the bets record (issue 30: "lag under 5 s during bench:wallet"), each a call
 * that drains it to the record's horizon. In production the scheduler's jobs make the same calls
 * once a minute; the bench makes them once a second (`runConsumers`), the cadence a lag under 5 s
 * needs, to measure whether the consumers keep up with the wallet's rate and what they cost it.
 */
export function betConsumers(services: Services, utcOffsetMinutes: number) {
  return {
    'promotions.wagering': () => services.bonusEngine.catchUp(),
    'points.accrual': () => services.points.catchUp(),
    'missions.progress': () => services.missions.catchUp(),
    'referral.rewards': () => services.referral.catchUp(),
    jackpot: () => services.jackpot.catchUp(),
    'agent-team-rollup': () => services.bets.rollup.catchUp(utcOffsetMinutes),
    'agent-realtime-salary': () =>
      services.agents.settlement.accrueRealtime(periodStart('5min', new Date(), utcOffsetMinutes)),
  } satisfies Record<string, () => Promise<number>>;
}

export interface LagReport {
  /** Per consumer: the largest lag sampled, seconds, and the rows it took. */
  consumers: Array<{ name: string; maxLagS: number; rows: number }>;
  maxLagS: number;
}

/**
 * Runs every consumer in its own loop, a drain to the horizon and then a second's pause (taking
 * the record in batches, as a worker would: a drain per new row would spend the pool's
 * connections and the event loop on bookkeeping), and samples each one's lag once a second: how
 * old the oldest bet it has not yet taken is (0 when it has taken all). `stop` ends the loops and
 * answers the largest lag each showed.
 */
export function runConsumers(services: Services, utcOffsetMinutes: number) {
  const consumers = Object.entries(betConsumers(services, utcOffsetMinutes));
  const rows = new Map(consumers.map(([name]) => [name, 0]));
  const maxLag = new Map(consumers.map(([name]) => [name, 0]));
  let stopped = false;
  const loops = consumers.map(async ([name, drain]) => {
    while (!stopped) {
      const n = await drain();
      rows.set(name, rows.get(name)! + n);
      if (!stopped) await new Promise((r) => setTimeout(r, 1000));
    }
  });
  const sampler = (async () => {
    while (!stopped) {
      await new Promise((r) => setTimeout(r, 1000));
      const now = Date.now();
      for (const [name] of consumers) {
        const oldest = await services.bets.oldestUnconsumed(name);
        const lag = oldest ? Math.max(0, (now - oldest.getTime()) / 1000) : 0;
        maxLag.set(name, Math.max(maxLag.get(name)!, lag));
      }
    }
  })();
  return {
    async stop(): Promise<LagReport> {
      stopped = true;
      await Promise.all([...loops, sampler]);
      const list = consumers.map(([name]) => ({ name, maxLagS: maxLag.get(name)!, rows: rows.get(name)! }));
      return { consumers: list, maxLagS: Math.max(...list.map((c) => c.maxLagS)) };
    },
  };
}

/** Drains every consumer to the end of the record; answers the seconds it took and the rows. */
export async function drainConsumers(services: Services, utcOffsetMinutes: number) {
  const started = performance.now();
  const counts = await Promise.all(
    Object.values(betConsumers(services, utcOffsetMinutes)).map(async (drain) => {
      let total = 0;
      for (;;) {
        const n = await drain();
        if (n === 0) return total;
        total += n;
      }
    }),
  );
  return { seconds: (performance.now() - started) / 1000, rows: Math.max(...counts) };
}
