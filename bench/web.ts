/**
 * `npm run bench:web`: build the site and the server, serve them as `npm start` does, and run
 * Lighthouse 12 with its default mobile profile (simulated slow 4G, 4× CPU slowdown) on issue 30's
 * routes (PAGES). Prints score, LCP, TBT, CLS and the gzipped JS/CSS the first route loads, each
 * against issue 30's budget, and writes the figures to bench/results/.
 */
import { spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { kib, measure } from '../apps/web/scripts/bundle-size.mjs';
import { npmRun, repoRoot, startBuiltServer } from './lib/built-server.ts';

/**
 * Issue 30's budgets for every listed route. The first route's JS stays at the bundle check's
 * 170 KiB (apps/web/scripts/check-bundle-size.mjs) while the issue's aim of 100 KiB is not reached.
 */
const BUDGET = { score: 90, lcpMs: 2000, tbtMs: 200, cls: 0.05, firstRouteJsGzip: 170 * 1024 } as const;
/**
 * Issue 30's public routes (`--pages=/,/rng` measures some of them). The member and agent pages are
 * measured as a visitor without a session first reaches them: the shell with its sign-in prompt.
 */
const PAGES = (
  process.argv.find((a) => a.startsWith('--pages='))?.slice('--pages='.length) ??
  '/,/promotions,/rng,/member?page=depositv2,/agentHome'
).split(',');
const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/**
 * Lighthouse's simulated throttling scales the CPU time it observes, so other work on a shared
 * machine inflates TBT and LCP. Where the OS allows it, the browser runs at a raised priority
 * (a wrapper script around `nice -n -10`); the printout says whether that happened.
 */
let priorityNote = 'normal priority';
function raisedPriority(binary: string): string | null {
  if (spawnSync('nice', ['-n', '-10', 'true']).status !== 0) return null;
  const wrapper = path.join(mkdtempSync(path.join(tmpdir(), 'wps-bench-chrome-')), 'chromium.sh');
  writeFileSync(wrapper, `#!/bin/sh\nexec nice -n -10 ${JSON.stringify(binary)} "$@"\n`);
  chmodSync(wrapper, 0o755);
  priorityNote = 'browser at raised priority (nice -10)';
  return wrapper;
}

interface PageResult {
  path: string;
  score: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  speedIndexMs: number;
  lcpElement: string | null;
  /** Lighthouse's LCP breakdown (TTFB, load delay, load time, render delay), ms. */
  lcpPhases: Record<string, number>;
  /** Every run's score, when the page was measured more than once. */
  scores?: number[];
}

// The site is built into a private directory, so a rebuild of apps/web/dist by anyone else during
// the run cannot pull assets out from under the server being measured.
const webDist = mkdtempSync(path.join(tmpdir(), 'wps-bench-web-'));
/** Lighthouse varies run to run (more so on a busy machine): each page is measured this many times, median reported. */
const RUNS = Number(process.argv.find((a) => a.startsWith('--runs='))?.slice('--runs='.length) ?? 3);
/** `--lhr-dir=DIR` keeps each run's whole Lighthouse report there (its traces of requests and tasks), to find a cause. */
const LHR_DIR = process.argv.find((a) => a.startsWith('--lhr-dir='))?.slice('--lhr-dir='.length);
npmRun(['run', 'build', '-w', 'apps/web', '--', '--outDir', webDist, '--emptyOutDir']);
npmRun(['run', 'build', '-w', 'apps/server']);
const sizes = measure(webDist);

const server = await startBuiltServer({ WEB_DIST_DIR: webDist });
const chromeBinary = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const chromeWrapper = raisedPriority(chromeBinary);
const chrome = await chromeLauncher.launch({
  chromePath: chromeWrapper ?? chromeBinary,
  chromeFlags: CHROME_FLAGS,
});
const results: PageResult[] = [];
try {
  for (const pagePath of PAGES) {
    const runs: PageResult[] = [];
    for (let attempt = 0; runs.length < RUNS; attempt++) {
      const run = await lighthouse(`${server.baseURL}${pagePath}`, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance'],
      });
      const lhr = run?.lhr;
      if (!lhr || lhr.runtimeError) {
        // Chrome occasionally records no navigation start (NO_NAVSTART); such a run is repeated.
        if (attempt >= RUNS * 2)
          throw new Error(`Lighthouse failed on ${pagePath}: ${lhr?.runtimeError?.message}`);
        continue;
      }
      if (LHR_DIR) {
        mkdirSync(LHR_DIR, { recursive: true });
        const name = `${pagePath.replace(/[^a-z0-9]+/gi, '_')}-${runs.length + 1}.json`;
        writeFileSync(path.join(LHR_DIR, name), JSON.stringify(lhr));
      }
      const audit = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
      const lcpDetails = lhr.audits['largest-contentful-paint-element']?.details as
        | {
            items?: Array<{
              items?: Array<{ node?: { snippet?: string }; phase?: string; timing?: number }>;
            }>;
          }
        | undefined;
      const lcpPhases = Object.fromEntries(
        (lcpDetails?.items?.[1]?.items ?? []).map((p) => [p.phase ?? '?', Math.round(p.timing ?? 0)]),
      );
      runs.push({
        path: pagePath,
        score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
        fcpMs: audit('first-contentful-paint'),
        lcpMs: audit('largest-contentful-paint'),
        tbtMs: audit('total-blocking-time'),
        cls: audit('cumulative-layout-shift'),
        speedIndexMs: audit('speed-index'),
        lcpElement: lcpDetails?.items?.[0]?.items?.[0]?.node?.snippet ?? null,
        lcpPhases,
      });
    }
    // The run with the median score stands for the page (its metrics belong together).
    runs.sort((a, b) => a.score - b.score);
    results.push({ ...runs[Math.floor(runs.length / 2)]!, scores: runs.map((r) => r.score) });
  }
} finally {
  chrome.kill();
  await server.stop();
  rmSync(webDist, { recursive: true, force: true });
  if (chromeWrapper) rmSync(path.dirname(chromeWrapper), { recursive: true, force: true });
}

const ratio = (value: number, budget: number) => `${((value / budget) * 100).toFixed(0)}% of budget`;
const verdict = (ok: boolean) => (ok ? 'ok ' : 'OVER');
console.log(`\nLighthouse 12, mobile profile (simulated slow 4G, 4x CPU slowdown), median of ${RUNS} runs`);
console.log(
  `  ${priorityNote}; machine load average ${loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}`,
);
for (const r of results) {
  console.log(`\n  ${r.path}`);
  console.log(
    `    ${verdict(r.score >= BUDGET.score)} performance score ${r.score} (budget ≥ ${BUDGET.score})`,
  );
  console.log(
    `    ${verdict(r.lcpMs <= BUDGET.lcpMs)} LCP ${(r.lcpMs / 1000).toFixed(2)} s (${ratio(r.lcpMs, BUDGET.lcpMs)})`,
  );
  console.log(
    `    ${verdict(r.tbtMs <= BUDGET.tbtMs)} TBT ${Math.round(r.tbtMs)} ms (budget ≤ ${BUDGET.tbtMs} ms) · FCP ${(r.fcpMs / 1000).toFixed(2)} s · Speed Index ${(r.speedIndexMs / 1000).toFixed(2)} s`,
  );
  console.log(`    ${verdict(r.cls <= BUDGET.cls)} CLS ${r.cls.toFixed(3)} (budget ≤ ${BUDGET.cls})`);
  if (r.lcpElement) console.log(`         LCP element: ${r.lcpElement}`);
  const phases = Object.entries(r.lcpPhases);
  if (phases.length)
    console.log(`         LCP phases: ${phases.map(([k, v]) => `${k} ${v} ms`).join(' · ')}`);
}
console.log('\n  First route (/) transfer, gzipped');
console.log(
  `    ${verdict(sizes.jsGzip <= BUDGET.firstRouteJsGzip)} JS ${kib(sizes.jsGzip)} (${ratio(sizes.jsGzip, BUDGET.firstRouteJsGzip)}; entry + static imports ${kib(sizes.entryStaticGzip)})`,
);
console.log(`         CSS ${kib(sizes.cssGzip)}`);

const outDir = path.join(repoRoot, 'bench', 'results');
mkdirSync(outDir, { recursive: true });
const file = path.join(outDir, `web-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
writeFileSync(
  file,
  JSON.stringify(
    { budget: BUDGET, priority: priorityNote, loadavg: loadavg(), pages: results, firstRoute: sizes },
    null,
    2,
  ),
);
console.log(`\n  written to ${path.relative(repoRoot, file)}`);

const failed =
  results.some(
    (r) => r.score < BUDGET.score || r.lcpMs > BUDGET.lcpMs || r.tbtMs > BUDGET.tbtMs || r.cls > BUDGET.cls,
  ) || sizes.jsGzip > BUDGET.firstRouteJsGzip;
process.exitCode = failed ? 1 : 0;
