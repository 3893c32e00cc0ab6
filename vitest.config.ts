import { defineConfig } from 'vitest/config';

// One runner for every unit and API suite in the workspace; e2e runs under Playwright instead.
export default defineConfig({
  test: {
    include: ['packages/*/src/**/*.test.ts', 'apps/*/src/**/*.test.{ts,tsx}'],
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
  },
});
