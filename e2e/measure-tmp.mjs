import { chromium } from '@playwright/test';
const base = 'http://127.0.0.1:4817';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
for (const width of [360, 375, 412, 768, 1024, 1280]) {
  const out = {};
  for (const js of [false, true]) {
    const ctx = await browser.newContext({ viewport: { width, height: 800 }, javaScriptEnabled: js });
    const page = await ctx.newPage();
    await page.addInitScript(() => sessionStorage.setItem('wps.announcement.closed', '1'));
    await page.goto(base + '/');
    const sel = js ? '.banner-carousel' : '.home-hero__banner';
    await page.locator(sel).first().waitFor();
    await page.waitForTimeout(js ? 2500 : 300);
    out[js ? 'app' : 'hero'] = await page.locator(sel).first().boundingBox();
    if (js) out.heroLeft = await page.locator('#wps-home-hero').count();
    await ctx.close();
  }
  console.log(width, JSON.stringify(out));
}
await browser.close();
