import type { CrashServerFrame } from '@wps/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '../../config.ts';
import { createServices } from '../../services.ts';
import { freshDatabase } from '../../test/helper.ts';
import { CrashDriver } from './crash-leader.ts';

const until = async (ok: () => boolean, ms = 8000) => {
  const end = Date.now() + ms;
  while (!ok()) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 20));
  }
};

/** Two instances on one PostgreSQL database: one leads by the advisory lock, the other relays. */
describe.skipIf(!testConfig().testDatabaseUrl)('crash leader (PostgreSQL)', () => {
  let database: Awaited<ReturnType<typeof freshDatabase>>;
  beforeAll(async () => {
    database = await freshDatabase({ postgres: 'require' });
  });
  afterAll(async () => {
    await database?.drop();
  });

  it('one instance leads; the other relays its frames and takes over when the leader dies', async () => {
    const config = testConfig();
    const a = createServices(config, database).crash;
    const b = createServices(config, database).crash;
    for (const s of [a, b]) s.timing = { bettingMs: 300, pauseMs: 100, chainLength: 500 };
    const seenByB: CrashServerFrame[] = [];
    b.on((f) => seenByB.push(f));
    const da = new CrashDriver(a, database, { tickMs: 20, retryMs: 100 });
    await da.start();
    const db = new CrashDriver(b, database, { tickMs: 20, retryMs: 100 });
    await db.start();
    try {
      expect(a.leader).toBe(true);
      expect(b.leader).toBe(false);
      // B hears A's rounds through LISTEN/NOTIFY and knows the live round.
      await until(() => seenByB.some((f) => f.t === 'round'));
      await until(() => seenByB.some((f) => f.t === 'tick'));
      await until(() => b.state() !== null);
      const rounds = await database.query('select count(*)::int as n from crash_rounds');
      expect(rounds[0]!.n).toBeGreaterThan(0);
      // A dies (its session, and with it the lock, ends): B takes over and drives new rounds.
      await da.stop();
      await until(() => b.leader);
      // Its own loop now drives the round (ticks of the flight, or the next round).
      seenByB.length = 0;
      await until(() => seenByB.length > 0);
      expect(['tick', 'round', 'crash']).toContain(seenByB[0]!.t);
    } finally {
      await da.stop();
      await db.stop();
    }
  }, 30_000);
});
