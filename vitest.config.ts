import { defineConfig } from 'vitest/config';

// One runner for every unit and API suite in the workspace; browser journeys run under Playwright.
export default defineConfig({
  test: {
    include: ['packages/*/src/**/*.test.ts', 'apps/*/src/**/*.test.{ts,tsx}', 'apps/*/scripts/**/*.test.ts'],
    environment: 'node',
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
    // CI retries a failed test once: a flake on a loaded 2-core runner should not refuse a whole
    // submission, but it is never hidden: the flaky reporter lists it and `npm test` prints it.
    retry: process.env.CI ? 1 : 0,
    reporters: ['default', 'json', './scripts/vitest-flaky-reporter.mjs'],
    outputFile: { json: './test-results/vitest.json' },
  },
});
