import { chromium } from '@playwright/test';
const base = 'http://127.0.0.1:4817';
const path = process.argv[2] ?? '/';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
for (const width of [412]) {
  const ctx = await browser.newContext({ viewport: { width, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true });
  const page = await ctx.newPage();
  const cdp = await ctx.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 150, downloadThroughput: 1.6e6 / 8, uploadThroughput: 750e3 / 8 });
  await page.addInitScript(() => {
    window.__shifts = []; window.__lcp = [];
    new PerformanceObserver((l) => { for (const e of l.getEntries()) if (!e.hadRecentInput) window.__shifts.push({ t: Math.round(e.startTime), v: e.value, src: e.sources.map((s) => { const n = s.node; return (n && n.nodeType === 1 ? n.tagName + '.' + n.className : n?.nodeName ?? '?') + ' ' + JSON.stringify([s.previousRect.y, s.currentRect.y, s.previousRect.height, s.currentRect.height]); }) }); }).observe({ type: 'layout-shift', buffered: true });
    new PerformanceObserver((l) => { for (const e of l.getEntries()) window.__lcp.push({ t: Math.round(e.startTime), size: e.size, el: e.element ? e.element.tagName + '.' + e.element.className + (e.element.alt ? ' ' + e.element.alt : '') : null }); }).observe({ type: 'largest-contentful-paint', buffered: true });
  });
  await page.goto(base + path);
  await page.waitForTimeout(12000);
  const r = await page.evaluate(() => ({ shifts: window.__shifts, lcp: window.__lcp, fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime }));
  console.log(width, 'FCP', Math.round(r.fcp), 'CLS', r.shifts.reduce((a, s) => a + s.v, 0).toFixed(4));
  for (const s of r.shifts) console.log('  shift', s.t, s.v.toFixed(4), s.src.join(' | '));
  for (const l of r.lcp) console.log('  lcp', l.t, l.size, l.el);
  await ctx.close();
}
await browser.close();
