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
 * Journeys that measure layout shift while a page loads (one of them on a 4× throttled CPU): a
 * second browser beside them delays the frames they measure, so the run gives them the machine to
 * themselves, after the rest (`--project=alone`, scripts/test-all.mjs).
 */
const ALONE = ['**/layout.spec.ts', '**/home-first-paint.spec.ts'];

/**
 * Browser journeys against the real server built in-process (fixtures/server.ts) and the built
 * web app (apps/web/dist). System Chromium only: browsers are never downloaded.
 */
export default defineConfig({
  testDir: './specs',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  // Two workers, each with its own browser, servers and worlds. One journey uses about one of the
  // two cores (a browser renderer and the worker's server take turns), so on 2026-11-29 the set
  // went from 18.3 min with one worker to 11.0 with two, with the same journeys passing. Tried
  // earlier the same day it did not gain: every journey then seeded its worlds again (a config
  // per test), and the layout-shift journeys, which now run alone (ALONE), failed beside a second
  // browser. E2E_WORKERS sets another number.
  workers: Number(process.env.E2E_WORKERS) || 2,
  // In CI a failed journey runs once more: one that then passes is listed under "flaky tests" in the
  // summary (scripts/test-all.mjs), not hidden, and a timing race on a loaded runner does not refuse the run.
  retries: process.env.CI ? 1 : 0,
  // `npm test` runs the two projects as two stages, each with its own report.
  reporter: [['list'], ['json', { outputFile: process.env.E2E_REPORT ?? 'test-results/results.json' }]],
  projects: [
    { name: 'journeys', testIgnore: ALONE, outputDir: 'test-results/output' },
    { name: 'alone', testMatch: ALONE, outputDir: 'test-results/output-alone' },
  ],
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
