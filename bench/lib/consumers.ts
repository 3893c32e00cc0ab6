import { periodStart } from '@wps/contract';
import type { createServices } from '../../apps/server/src/services.ts';

type Services = ReturnType<typeof createServices>;

/**
 * Every consumer of the bets record (issue 30: "lag under 5 s during bench:wallet"), each drained
 * in its own loop the way a dedicated worker would run it: a batch as soon as the last one is
 * done, a short nap when it found nothing. In production the scheduler's jobs drive the same
 * `catchUp` calls; here they run flat out so the bench measures what they can sustain.
 */
export function betConsumers(services: Services, utcOffsetMinutes: number) {
  return {
    'promotions.wagering': () => services.bonusEngine.catchUp(4),
    'points.accrual': () => services.points.catchUp(4),
    'missions.progress': () => services.missions.catchUp(4),
    'referral.rewards': () => services.referral.catchUp(4),
    jackpot: () => services.jackpot.catchUp(4),
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
 * Runs every consumer in its own loop and samples each one's lag once a second: how old the
 * oldest bet it has not yet taken is (0 when it has taken all). `stop` ends the loops and
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
      if (n === 0) await new Promise((r) => setTimeout(r, 100));
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
