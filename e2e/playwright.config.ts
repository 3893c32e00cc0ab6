import { existsSync } from 'node:fs';
import { defineConfig } from '@playwright/test';

/**
 * Debian's Chromium headless shell when it is installed (`.ci/run` installs it): the same Blink,
 * V8 and Skia, at the same version, as /usr/bin/chromium, without the full browser's UI
 * processes, and what Playwright itself runs for headless by default. Measured on the 2-core
 * runner: six cold page loads with a screenshot took 17.5 s against 25.5 s in the full browser.
 * `E2E_CHROMIUM=/usr/bin/chromium` runs the journeys in the full browser.
 */
const chromium =
  process.env.E2E_CHROMIUM ??
  (existsSync('/usr/bin/chromium-headless-shell') ? '/usr/bin/chromium-headless-shell' : '/usr/bin/chromium');

/**
 * Browser journeys against the real server built in-process (fixtures/server.ts) and the built
 * web app (apps/web/dist). System Chromium only: browsers are never downloaded.
 */
export default defineConfig({
  testDir: './specs',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  // One worker. Tried again on 2026-11-29 (docs/testing.md): 46 journeys of 11 files took 424 s with
  // two workers against 532 s with one, but the whole set did not gain: journeys that walk many pages
  // ran more than twice as long beside a second browser (wallet pages 29 s alone, 60–78 s), and the
  // CPU-throttled layout-shift checks failed, each failure costing a retry and a new worker that
  // seeds its worlds again. E2E_WORKERS sets more on a bigger machine.
  workers: Number(process.env.E2E_WORKERS) || 1,
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
      executablePath: chromium,
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
    // A trace records a DOM snapshot at every action and a screencast frame at every paint: with
    // `retain-on-failure` every journey paid for one and a green run threw them all away. In CI a
    // failed journey runs once more (retries above) and that retry is traced, so a failure still
    // comes with its trace; run alone (no retries) the failing run itself is kept.
    trace: process.env.CI ? 'on-first-retry' : 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
});
