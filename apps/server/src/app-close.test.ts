import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { type Config, testConfig } from './config.ts';
import { createTestApp } from './test/helper.ts';

/**
 * A closed app is garbage. The journey worker builds about two hundred apps in one process, one per
 * journey, and each test file here several: anything process-wide that keeps a reference to an app
 * (an observer, a monitor, a registry, a listener on `process`) keeps its services, caches and pool
 * alive. prom-client's default metrics did (a GC PerformanceObserver per app, never disconnected,
 * holding the app's registry and through the consumers' gauges the app): the worker's memory grew
 * by about 100 MB a minute and the run slowed as it went.
 */
setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

async function collected(ref: WeakRef<object>): Promise<boolean> {
  for (let i = 0; i < 20 && ref.deref(); i++) {
    // Let closing work settle (queued promises, immediate callbacks) between collections.
    await new Promise((r) => setTimeout(r, 50));
    gc();
  }
  return ref.deref() === undefined;
}

/** In its own function, so no local variable of the test's keeps the app. */
async function buildAndClose(
  config: Partial<Config> = {},
  postgres: 'require' | 'never' = 'never',
): Promise<WeakRef<object>> {
  const t = await createTestApp(config, { postgres });
  const ref = new WeakRef(t.app.services);
  await t.close();
  return ref;
}

describe('closing an app', () => {
  it('leaves nothing behind that holds the app', async () => {
    // Two apps: something shared that only the first one sets up must not hold it either.
    const refs = [await buildAndClose(), await buildAndClose()];
    const held = [];
    for (const [i, ref] of refs.entries()) if (!(await collected(ref))) held.push(i);
    expect(held, 'apps still reachable after close').toEqual([]);
  });

  // On PostgreSQL with everything that runs by itself on: the scheduler, the crash game's loop and
  // leader lease, the LISTEN connections of the session cache and live support.
  it.skipIf(!testConfig().testDatabaseUrl)(
    'on PostgreSQL with the jobs and the crash loop on too (needs TEST_DATABASE_URL)',
    async () => {
      const config = { jobs: true, crashLoop: true };
      const refs = [await buildAndClose(config, 'require'), await buildAndClose(config, 'require')];
      const held = [];
      for (const [i, ref] of refs.entries()) if (!(await collected(ref))) held.push(i);
      expect(held, 'apps still reachable after close').toEqual([]);
    },
  );
});
