import { randomBytes } from 'node:crypto';
import { dropDatabasesLike } from './databases.ts';

/**
 * Vitest's global set-up: names this run, so every fork's database copies share a prefix
 * (`wps_test_<run>_…`, databases.ts), and at the run's end drops what the forks' drop queues had
 * not reached when the forks stopped (drops run behind the tests: each forces a checkpoint).
 */
export default function setup() {
  const run = randomBytes(3).toString('hex');
  process.env.WPS_TEST_RUN = run;
  return async () => {
    const base = process.env.TEST_DATABASE_URL;
    if (base) await dropDatabasesLike(base, `wps_test_${run}_`);
  };
}
