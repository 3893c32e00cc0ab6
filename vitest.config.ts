import { defineConfig } from 'vitest/config';

// One runner for every unit and API suite in the workspace; browser journeys run under Playwright.
export default defineConfig({
  test: {
    include: ['packages/*/src/**/*.test.ts', 'apps/*/src/**/*.test.{ts,tsx}', 'apps/*/scripts/**/*.test.ts'],
    environment: 'node',
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
    reporters: ['default', 'json'],
    outputFile: { json: './test-results/vitest.json' },
  },
});
