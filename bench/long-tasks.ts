/**
 * `npm run bench:long-tasks -w bench -- /,/promotions`: the main thread's blocking time on a page's
 * load, at a phone's CPU (4× slowdown), as the browser itself reports it: the sum over long tasks of
 * their time past 50 ms, for 6 s after navigation, over N loads (env N, default 6), median and all.
 * Lighthouse's TBT is simulated from one trace and moves by ±100 ms between runs; this is the
 * observed figure over several loads, to tell whether a change to the first render helped at all
 * (issue 30: deferring a forced layout to the next frame did not: 344 against 340 ms, eight loads each).
 * Serves the built app (`npm run build` first) as `npm start` does, with the demo data.
 */
import { chromium } from 'playwright-core';
import { startBuiltServer } from './lib/built-server.ts';

const LOADS = Number(process.env.N ?? 6);
const PAGES = (process.argv[2] ?? '/').split(',');

const server = await startBuiltServer();
const browser = await chromium.launch({
  executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox'],
});
try {
  for (const path of PAGES) {
    const blocking: number[] = [];
    for (let i = 0; i < LOADS; i++) {
      const context = await browser.newContext({
        viewport: { width: 412, height: 823 },
        isMobile: true,
        hasTouch: true,
      });
      const page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
      // A string, not a function: the page must not see the helpers tsx adds to compiled functions.
      await page.addInitScript({
        content:
          "window.__blocking=0;new PerformanceObserver(function(l){l.getEntries().forEach(function(e){window.__blocking+=Math.max(0,e.duration-50)})}).observe({type:'longtask',buffered:true});",
      });
      await page.goto(`${server.baseURL}${path}`);
      await page.waitForTimeout(6000);
      blocking.push(Math.round(Number(await page.evaluate('window.__blocking'))));
      await context.close();
    }
    blocking.sort((a, b) => a - b);
    console.log(
      `${path}: blocking time ${blocking[Math.floor(LOADS / 2)]} ms median of ${LOADS} loads (${blocking.join(', ')})`,
    );
  }
} finally {
  await browser.close();
  await server.stop();
}
