/**
 * `npm run conformance:aggregator`: starts the server in-process (embedded PGlite, in memory) and
 * listening on a free port, with the local Hub88 simulator (keys generated at start), then runs
 * every documented Wallet API edge case from the simulator over real HTTP with real signatures.
 * Prints each case; exits non-zero unless all pass.
 */
import { CURRENCY } from '@wps/contract';
import { runConformance } from '@wps/sandbox-vendor/hub88-sim';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/client.ts';
import { runMigrations } from '../db/migrate.ts';
import { conformanceFixture } from '../modules/aggregator/fixture.ts';

const database = await openDatabase({});
await runMigrations(database);
const app = await buildApp(
  loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    HUMAN_CHECK: 'off',
    JOBS: 'off',
    CRASH_LOOP: 'off',
    SEED_DEMO: 'false',
    SANDBOX_VENDOR: 'off',
  }),
  { database },
);
let failed = 0;
try {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const sim = app.hub88.simulator;
  if (!sim) throw new Error('the Hub88 simulator is not mounted (HUB88_* keys set?)');
  console.log(`Hub88 wallet API conformance against ${app.listeningOrigin}/aggregator/hub88`);
  const results = await runConformance(sim, conformanceFixture(app), CURRENCY, (r) => {
    console.log(`${r.ok ? 'PASS' : 'FAIL'}  ${r.name}\n      ${r.detail.split('\n')[0]}`);
  });
  failed = results.filter((r) => !r.ok).length;
  console.log(`\n${results.length - failed} passed, ${failed} failed`);
} catch (err) {
  console.error(err);
  failed = 1;
} finally {
  await app.close();
  await database.close();
}
process.exit(failed === 0 ? 0 : 1);
