// The slowest test files (Vitest) and journeys (Playwright) of the last run, read from the JSON
// reports `npm test` writes: `node scripts/slowest.mjs [N]`. `npm test` prints the top 10 of each
// at the end, so a CI log says which suite grew; docs/testing.md holds a full table.
//
// A journey's set-up (copying its world's database, building the app, listening) is read from the
// annotations the server fixture leaves on each test (e2e/fixtures/server.ts), so a slow journey
// says whether its time went to its servers or to the browser.
import { existsSync, readFileSync } from 'node:fs';
import { relative } from 'node:path';

const VITEST = 'test-results/vitest.json';
// The journeys' two stages (two workers, then the layout-shift ones alone) write a report each.
const PLAYWRIGHT = ['e2e/test-results/results.json', 'e2e/test-results/results-alone.json'];

const seconds = (ms) => (ms / 1000).toFixed(1);

/** Per file: wall time (first test's start to end, including its set-up hooks) and test count. */
export function vitestFiles(report) {
  return (report.testResults ?? []).map((file) => ({
    name: relative(process.cwd(), file.name),
    ms: (file.endTime ?? 0) - (file.startTime ?? 0),
    tests: (file.assertionResults ?? []).length,
  }));
}

/** Per journey: the final attempt's duration and the fixture's set-up figures. */
export function journeys(report) {
  const out = [];
  const walk = (suite, trail) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        const results = test.results ?? [];
        const last = results[results.length - 1];
        if (!last) continue;
        // The attempt's own annotations (Playwright copies them to the test as well).
        const note = (type) =>
          (last.annotations ?? test.annotations ?? [])
            .filter((a) => a.type === type)
            .reduce((sum, a) => sum + Number(a.description || 0), 0);
        out.push({
          name: `${spec.file} › ${[...trail, spec.title].join(' › ')}`,
          ms: last.duration ?? 0,
          setupMs: note('server-setup-ms'),
          servers: (last.annotations ?? test.annotations ?? []).filter((a) => a.type === 'server-setup-ms')
            .length,
        });
      }
    }
    for (const child of suite.suites ?? [])
      walk(child, suite.title && !suite.title.endsWith('.ts') ? [...trail, suite.title] : trail);
  };
  for (const suite of report.suites ?? []) walk(suite, []);
  return out;
}

export function printSlowest(n = 20) {
  if (existsSync(VITEST)) {
    const files = vitestFiles(JSON.parse(readFileSync(VITEST, 'utf8'))).sort((a, b) => b.ms - a.ms);
    const total = files.reduce((s, f) => s + f.ms, 0);
    console.log(
      `\nslowest ${Math.min(n, files.length)} of ${files.length} vitest files (sum of file times ${seconds(total)} s):`,
    );
    console.log('| file | tests | s |\n|---|---|---|');
    for (const f of files.slice(0, n)) console.log(`| ${f.name} | ${f.tests} | ${seconds(f.ms)} |`);
  }
  const reports = PLAYWRIGHT.filter((f) => existsSync(f));
  if (reports.length) {
    const all = reports
      .flatMap((f) => journeys(JSON.parse(readFileSync(f, 'utf8'))))
      .sort((a, b) => b.ms - a.ms);
    const total = all.reduce((s, j) => s + j.ms, 0);
    const setup = all.reduce((s, j) => s + j.setupMs, 0);
    console.log(
      `\nslowest ${Math.min(n, all.length)} of ${all.length} journeys (sum ${seconds(total)} s, of which server set-up ${seconds(setup)} s):`,
    );
    console.log('| journey | s | servers | their set-up s |\n|---|---|---|---|');
    for (const j of all.slice(0, n)) {
      console.log(`| ${j.name.slice(0, 140)} | ${seconds(j.ms)} | ${j.servers} | ${seconds(j.setupMs)} |`);
    }
  }
}

if (import.meta.url === `file://${process.argv[1]}`) printSlowest(Number(process.argv[2]) || 20);
