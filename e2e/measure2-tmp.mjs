import { chromium } from '@playwright/test';
const base = 'http://127.0.0.1:4817';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
for (const width of [360, 412, 768, 1023, 1024, 1100, 1280, 1600]) {
  const ctx = await browser.newContext({ viewport: { width, height: 800 } });
  const page = await ctx.newPage();
  await page.addInitScript(() => sessionStorage.setItem('wps.announcement.closed', '1'));
  await page.goto(base + '/');
  await page.locator('.banner-carousel').first().waitFor();
  await page.waitForTimeout(2000);
  const r = await page.evaluate(() => {
    const b = (s) => { const e = document.querySelector(s); if (!e) return null; const r = e.getBoundingClientRect(); return [Math.round(r.x*10)/10, Math.round(r.y*10)/10, Math.round(r.width*10)/10, Math.round(r.height*10)/10]; };
    const cs = getComputedStyle(document.querySelector('.app-main'));
    return { header: b('.header'), nav: b('.main-nav'), main: b('.app-main'), mainPad: cs.padding, notice: b('.notice-bar'), car: b('.banner-carousel'), side: b('.side-menu') };
  });
  console.log(width, JSON.stringify(r));
  await ctx.close();
}
await browser.close();
