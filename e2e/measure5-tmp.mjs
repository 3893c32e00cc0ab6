import { chromium } from '@playwright/test';
const base = 'http://127.0.0.1:4817';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
for (const width of [360, 412, 768, 1280]) {
  const ctx = await browser.newContext({ viewport: { width, height: 823 } });
  const page = await ctx.newPage();
  await page.addInitScript(() => sessionStorage.setItem('wps.announcement.closed', '1'));
  await page.goto(base + '/');
  await page.waitForTimeout(4000);
  const r = await page.evaluate(() => {
    const h = (e) => e ? Math.round(e.getBoundingClientRect().height * 10) / 10 : null;
    return [...document.querySelectorAll('.games-home > .home-section')].slice(0, 6).map((s) => ({
      id: s.getAttribute('aria-labelledby'), h: h(s), head: h(s.querySelector('.games-home-section__head')), arrows: h(s.querySelector('.carousel__arrows')), strip: h(s.querySelector('.vendor-strip')),
      tracks: [...s.querySelectorAll('.carousel__track')].map((t) => h(t)),
      tile: h(s.querySelector('.game-tile')), art: h(s.querySelector('.game-tile__art')),
      bodies: [...new Set([...s.querySelectorAll('.game-tile__body')].map((b) => [...b.children].map((c) => c.className + ':' + h(c)).join(',')))].slice(0, 3),
    }));
  });
  console.log(width, JSON.stringify(r, null, 0));
  await ctx.close();
}
await browser.close();
