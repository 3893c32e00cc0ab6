import { defineConfig } from '@playwright/test';

/**
 * Browser journeys against the real server built in-process (fixtures/server.ts) and the built
 * web app (apps/web/dist). System Chromium only: browsers are never downloaded.
 */
export default defineConfig({
  testDir: './specs',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  // Each test builds its own server and database; one worker keeps a shared 2-core box responsive.
  workers: 1,
  // In CI a failed journey runs once more: one that then passes is listed under "flaky tests" in the
  // summary (scripts/test-all.mjs), not hidden, and a timing race on a loaded runner does not refuse the run.
  retries: process.env.CI ? 1 : 0,
  reporter: [['list'], ['json', { outputFile: 'test-results/results.json' }]],
  outputDir: 'test-results/output',
  use: {
    browserName: 'chromium',
    headless: true,
    viewport: { width: 1280, height: 800 },
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
    // Journeys judge what a page shows, not how it moves; an idle page then costs the 2-core runner
    // no animation frames. Service workers are blocked for the same reason, except in the journey
    // about installing the app (content.spec.ts), which opens its own context.
    reducedMotion: 'reduce',
    serviceWorkers: 'block',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
});
