#!/usr/bin/env node
// `npm run test:size`: fails when the first route's JavaScript outgrows the budget, or when any
// operator-console module is reachable from it. Run after `vite build`.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { kib, measure } from './bundle-size.mjs';

/** Issue 2's budget: first-route JavaScript ≤ 170 KiB gzipped (the aim is 100). */
const BUDGET_JS_GZIP = 170 * 1024;

const dist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'dist');
let m;
try {
  m = measure(dist);
} catch (err) {
  console.error(
    `bundle check: cannot read the build in ${dist} (${err.message}); run \`npm run build -w apps/web\` first`,
  );
  process.exit(1);
}

console.log('First route (/) — gzipped');
for (const j of m.js)
  console.log(
    `  js   ${kib(j.gzip).padStart(10)}  ${j.file}${j.static ? '' : '  (lazy, loaded at start-up)'}`,
  );
for (const c of m.css) console.log(`  css  ${kib(c.gzip).padStart(10)}  ${c.file}`);
console.log(
  `  JS total ${kib(m.jsGzip)} (entry + static imports ${kib(m.entryStaticGzip)}); CSS total ${kib(m.cssGzip)}`,
);
console.log(`  budget: JS ≤ ${kib(BUDGET_JS_GZIP)}`);

let failed = false;
if (m.jsGzip > BUDGET_JS_GZIP) {
  console.error(`FAIL: first-route JavaScript ${kib(m.jsGzip)} exceeds the ${kib(BUDGET_JS_GZIP)} budget`);
  failed = true;
}
if (m.adminLeaks.length > 0) {
  console.error('FAIL: operator-console modules are reachable from the first route:');
  for (const leak of m.adminLeaks) console.error(`  ${leak}`);
  failed = true;
}
if (failed) process.exit(1);
console.log('OK');
