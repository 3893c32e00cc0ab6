import { defineConfig } from 'vitest/config';

// One runner for every unit and API suite in the workspace; browser journeys run under Playwright.
export default defineConfig({
  test: {
    include: ['packages/*/src/**/*.test.ts', 'apps/*/src/**/*.test.{ts,tsx}', 'apps/*/scripts/**/*.test.ts'],
    environment: 'node',
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
    // Names the run's PostgreSQL copies and drops the ones left at its end (test/global-setup.ts).
    globalSetup: ['apps/server/src/test/global-setup.ts'],
    // Vitest's default is one fork less than the cores: on the 2-core runner that ran every file
    // one after another while a core waited on PostgreSQL. Two forks keep both cores busy.
    maxWorkers: Number(process.env.VITEST_WORKERS) || 2,
    minWorkers: 1,
    // Files share a fork's module cache instead of importing the server's module graph afresh each
    // (that "collect" was 352 of the run's CPU-seconds; 24 without). Safe here because no file
    // mocks a module (no vi.mock), fake timers are restored after each test, and every file builds
    // its own app over its own database. VITEST_ISOLATE=1 isolates again, to rule this out.
    isolate: process.env.VITEST_ISOLATE === '1',
    // CI retries a failed test once: a flake on a loaded 2-core runner should not refuse a whole
    // submission, but it is never hidden: the flaky reporter lists it and `npm test` prints it.
    retry: process.env.CI ? 1 : 0,
    reporters: ['default', 'json', './scripts/vitest-flaky-reporter.mjs'],
    outputFile: { json: './test-results/vitest.json' },
  },
});
