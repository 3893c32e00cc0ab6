import { chromium } from '@playwright/test';
const base = 'http://127.0.0.1:4817';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
for (const width of (process.argv[2] ?? '412,1280').split(',').map(Number)) {
  const ctx = await browser.newContext({ viewport: { width, height: 823 } });
  const page = await ctx.newPage();
  await page.addInitScript(() => sessionStorage.setItem('wps.announcement.closed', '1'));
  const held = [];
  let hold = true;
  await page.route('**/wps/**', async (route) => {
    const u = route.request().url();
    if (hold && /relay|notice|game/i.test(u) && !/system|content\/images/.test(u)) { held.push(route); return; }
    await route.continue();
  });
  const snap = () => page.evaluate(() => {
    const out = {};
    const q = (s) => document.querySelector(s);
    const h = (e) => e ? Math.round(e.getBoundingClientRect().height * 10) / 10 : null;
    out.notice = h(q('.notice-bar'));
    out.car = q('.banner-carousel')?.getBoundingClientRect().y;
    out.placeholder = h(q('.games-home-placeholder'));
    const gh = q('.games-home');
    if (gh) out.children = [...gh.children].map((c) => c.className.split(' ')[0] + ':' + h(c));
    return out;
  });
  await page.goto(base + '/');
  await page.waitForTimeout(2500);
  console.log(width, 'held', held.length, held.map((r) => new URL(r.request().url()).pathname).join(' '));
  console.log('  before', JSON.stringify(await snap()));
  hold = false;
  for (const r of held) await r.continue();
  await page.waitForTimeout(3000);
  console.log('  after ', JSON.stringify(await snap()));
  await ctx.close();
}
await browser.close();
