// `npm test`: every suite, unit to browser. Runs each stage even when an earlier one fails, so one
// red unit test does not hide the state of the browser journeys, then prints one summary line.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { printSlowest } from './slowest.mjs';

const MINUTE = 60_000;
// Each stage has a time limit, and the whole run one below CI's 90 minutes: a stage that hangs is
// stopped with a message naming it, and the run still ends with its summary line.
const stages = [
  {
    name: 'unit+api (vitest)',
    cmd: 'npm run test:unit --silent',
    report: 'test-results/vitest.json',
    kind: 'vitest',
    limitMs: 25 * MINUTE,
  },
  {
    // One build for the rest of the run: the budget reads apps/web/dist, the journeys serve it.
    name: 'build + bundle budget',
    cmd: 'npm run build --silent && node apps/web/scripts/check-bundle-size.mjs',
    kind: 'single',
    limitMs: 10 * MINUTE,
  },
  {
    // Two workers (e2e/playwright.config.ts); the layout-shift journeys wait for the next stage.
    name: 'browser journeys (playwright)',
    cmd: 'npm run test --silent -w e2e -- --project=journeys',
    report: 'e2e/test-results/results.json',
    kind: 'playwright',
    // Room for a slow runner (a loaded one took 41 min for every stage together, and on 2026-11-29 the journeys
    // alone took 45.6 min beside other work); the run limit below still ends the whole run before CI's 90 minutes.
    limitMs: 65 * MINUTE,
  },
  {
    // The journeys that measure layout shift while a page loads, with the machine to themselves.
    name: 'layout-shift journeys, alone (playwright)',
    cmd: 'E2E_REPORT=test-results/results-alone.json npm run test --silent -w e2e -- --project=alone --workers=1',
    report: 'e2e/test-results/results-alone.json',
    kind: 'playwright',
    limitMs: 10 * MINUTE,
  },
];
const RUN_LIMIT_MS = 85 * MINUTE;

/**
 * Runs a stage's command in its own process group and stops the whole group (test runner,
 * browsers, servers) when the stage's time runs out. Resolves to its exit status (null when stopped).
 */
function run(cmd, limitMs) {
  return new Promise((resolve) => {
    const child = spawn(cmd, { shell: true, stdio: 'inherit', detached: true });
    let stopped = false;
    const timer = setTimeout(() => {
      stopped = true;
      console.error(`\n!!! stopped after ${minutes(limitMs)}: the stage ran past its limit (${cmd})`);
      try {
        process.kill(-child.pid, 'SIGTERM');
      } catch {}
      setTimeout(() => {
        try {
          process.kill(-child.pid, 'SIGKILL');
        } catch {}
      }, 10_000).unref();
    }, limitMs);
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve(stopped ? null : code);
    });
  });
}

// CI passes the run's start (seconds since the epoch) so the duration covers set-up and install too.
const startedAt = Number(process.env.CI_STARTED_AT) * 1000 || Date.now();
let passed = 0;
let failed = 0;
let skipped = 0;
const lines = [];
// The names of failing tests, repeated in the summary: CI keeps only the end of a long log.
const failures = [];
const flaky = [];
/** 3254000 -> "54 min 14 s": each stage's time is printed, so a slower CI run says which stage grew. */
function minutes(ms) {
  const seconds = Math.round(ms / 1000);
  return `${Math.floor(seconds / 60)} min ${seconds % 60} s`;
}
const rel = (f) => String(f).replace(`${process.cwd()}/`, '');
const firstLine = (msg) =>
  String(msg ?? '')
    .split('\n')
    .find((l) => l.trim()) ?? '';
for (const stage of stages) {
  if (stage.report) rmSync(stage.report, { force: true });
  if (stage.kind === 'vitest') rmSync('test-results/vitest-flaky.json', { force: true });
  console.log(`\n=== ${stage.name}: ${stage.cmd}`);
  const stageStarted = Date.now();
  const left = RUN_LIMIT_MS - (stageStarted - startedAt);
  const status = await run(stage.cmd, Math.max(MINUTE, Math.min(stage.limitMs, left)));
  const ok = status === 0;
  let p = 0;
  let f = 0;
  let s = 0;
  if (stage.kind === 'single') {
    if (ok) p = 1;
    else f = 1;
  } else if (stage.report && existsSync(stage.report)) {
    const r = JSON.parse(readFileSync(stage.report, 'utf8'));
    if (stage.kind === 'vitest') {
      const flakyReport = 'test-results/vitest-flaky.json';
      if (existsSync(flakyReport)) {
        for (const t of JSON.parse(readFileSync(flakyReport, 'utf8'))) {
          flaky.push(`${t.file}: ${t.name} (passed on retry ${t.retries})`);
        }
      }
      p = r.numPassedTests ?? 0;
      // A file that fails to load has no failed test but a failed suite: count it once.
      f = r.numFailedTests || r.numFailedTestSuites || 0;
      s = (r.numPendingTests ?? 0) + (r.numTodoTests ?? 0);
      for (const file of r.testResults ?? []) {
        const failedTests = (file.assertionResults ?? []).filter((t) => t.status === 'failed');
        for (const t of failedTests) {
          failures.push(`${rel(file.name)}: ${t.fullName} — ${firstLine(t.failureMessages?.[0])}`);
        }
        if (failedTests.length === 0 && file.status === 'failed') {
          failures.push(`${rel(file.name)}: ${firstLine(file.message)}`);
        }
      }
    } else {
      p = (r.stats?.expected ?? 0) + (r.stats?.flaky ?? 0);
      f = r.stats?.unexpected ?? 0;
      s = r.stats?.skipped ?? 0;
      const walk = (suite, trail) => {
        for (const spec of suite.specs ?? []) {
          for (const test of spec.tests ?? []) {
            if (test.status === 'flaky') {
              flaky.push(
                `${spec.file}:${spec.line} ${[...trail, spec.title].join(' › ')} (passed on a retry)`,
              );
              continue;
            }
            if (test.status !== 'unexpected') continue;
            const last = test.results?.[test.results.length - 1];
            failures.push(
              `${spec.file}:${spec.line} ${[...trail, spec.title].join(' › ')} — ${firstLine(last?.error?.message)}`,
            );
          }
        }
        for (const child of suite.suites ?? []) walk(child, suite.title ? [...trail, suite.title] : trail);
      };
      for (const suite of r.suites ?? []) walk(suite, []);
    }
    // A stage that exited non-zero without a failing test (crash, build error) still counts as a failure.
    if (!ok && f === 0) f = 1;
  } else {
    f = 1;
  }
  passed += p;
  failed += f;
  skipped += s;
  lines.push(
    `${stage.name}: ${p} passed, ${f} failed${s ? `, ${s} skipped` : ''}${ok ? '' : status === null ? ' (stopped at its time limit)' : ' (stage exited non-zero)'}` +
      ` in ${minutes(Date.now() - stageStarted)}`,
  );
}
printSlowest(10);
console.log('\n=== summary');
for (const l of lines) console.log(l);
if (flaky.length) {
  console.log('flaky tests (failed, then passed on a retry):');
  for (const f of flaky) console.log(`  ${f.slice(0, 400)}`);
}
if (failures.length) {
  console.log('failing tests:');
  for (const f of failures.slice(0, 30)) console.log(`  ${f.slice(0, 400)}`);
}
console.log(`duration: ${minutes(Date.now() - startedAt)}`);
console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(failed > 0 ? 1 : 0);
