import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helper.ts';
import { banners } from './schema.ts';

const png = await sharp({ create: { width: 1200, height: 400, channels: 3, background: '#36c' } })
  .png()
  .toBuffer();

const INDEX =
  '<!doctype html><html><head></head><body><div id="root"><div class="boot-loader"></div></div></body></html>';
const actor = { id: 1, account: 'op' };

/**
 * The home page's HTML paints its first banner itself (before the scripts run) and carries the
 * banners for the app to start from; both come from the cached public banners.
 */
describe('content: the home page renders its first banner on the server', () => {
  let t: TestApp;
  let imageId: string;
  beforeAll(async () => {
    const dist = mkdtempSync(path.join(tmpdir(), 'wps-web-'));
    writeFileSync(path.join(dist, 'index.html'), INDEX);
    t = await createTestApp({ webDistDir: dist });
    imageId = (await t.app.services.content.uploadImage(png, actor)).id;
  });
  afterAll(async () => {
    await t.close();
  });

  const save = (title: string, extra: Record<string, unknown> = {}) =>
    t.app.services.content.saveBanner(
      null,
      { groupName: 'w_home', title, imageId, linkageType: 'none', sort: 0, enabled: true, ...extra },
      actor,
    );
  const home = async () => {
    const res = await t.app.inject({ method: 'GET', url: '/' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
    return res.body;
  };
  const heroTitle = (html: string) => /<img [^>]*alt="([^"]*)"/.exec(html)?.[1] ?? null;

  it('serves the page as built while no home banner shows, then the first banner before the root', async () => {
    expect(await home()).toBe(INDEX);

    await t.app.services.content.saveBanner(
      null,
      { groupName: 'w_leftmenu', title: 'Side', imageId, linkageType: 'none', sort: 0, enabled: true },
      actor,
    );
    expect(await home()).toBe(INDEX);

    await save('Welcome <b>&</b> "win"');
    const html = await home();
    const img = (await t.app.services.content.imageInfo(imageId)).avif;
    const hero = /<div class="home-hero" id="wps-home-hero">[\s\S]*?<\/picture><\/div><\/div>/.exec(
      html,
    )?.[0];
    expect(hero).toBeDefined();
    // Before the root (React replaces the root's content on its first render), after <body>.
    expect(html.indexOf(hero!)).toBeLessThan(html.indexOf('<div id="root">'));
    expect(hero).toContain('<source type="image/avif"');
    for (const v of img) expect(hero).toContain(`${v.url} ${v.width}w`);
    expect(hero).toContain('sizes="(min-width: 1024px) 960px, 100vw"');
    expect(hero).toMatch(/<img src="\/wps\/content\/images\/[^"]+" width="1200" height="400"/);
    expect(hero).toContain('fetchpriority="high"');
    // The title is an attribute value: escaped, never markup.
    expect(heroTitle(hero!)).toBe('Welcome &lt;b&gt;&amp;&lt;/b&gt; &quot;win&quot;');

    const data = /<script type="application\/json" id="wps-home-banners">([\s\S]*?)<\/script>/.exec(
      html,
    )?.[1];
    expect(data).toBeDefined();
    expect(data).not.toContain('<');
    const parsed = JSON.parse(data!) as {
      language: string;
      banners: Array<{ title: string; groupName: string }>;
    };
    expect(parsed.language).toBe('EN');
    // Every group (the side menu reads the same list), the same as the public API answers.
    const api = await t.app.inject({ method: 'GET', url: '/wps/content/banners?language=EN' });
    expect(parsed.banners).toEqual(api.json().value);
    expect(parsed.banners.map((b) => b.title)).toContain('Side');
  });

  it("paints it wherever the home is the first screen: for everyone on the home's addresses, for a guest only on a guarded page", async () => {
    const page = async (url: string) => {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('no-cache');
      return res.body;
    };
    const heroClass = (html: string) =>
      /<div class="(home-hero[^"]*)" id="wps-home-hero">/.exec(html)?.[1] ?? null;
    // /login, /register and /help open their popup over the home; /home is one of its aliases.
    for (const url of ['/', '/home', '/login', '/register', '/help?x=1']) {
      const html = await page(url);
      expect(heroClass(html), url).toBe('home-hero');
      expect(html, url).toContain('id="wps-home-banners"');
    }
    // A guarded page shows a guest /login over the home; index.html's pre-paint script hides a
    // guest-only hero in a tab with a session (home-shell.css), which is about to show the page.
    for (const url of ['/member?page=depositv2', '/agentHome']) {
      expect(heroClass(await page(url)), url).toBe('home-hero home-hero--guest');
    }
    // Any other page paints its own first screen.
    for (const url of ['/promotions', '/rng', '/agent']) expect(await page(url), url).toBe(INDEX);
    // A page that does not exist gets the page as built, as a 404.
    const missing = await t.app.inject({ method: 'GET', url: '/no-such-page' });
    expect(missing.statusCode).toBe(404);
    expect(missing.body).toBe(INDEX);
  });

  it('reads the banners from the cache, which every banner write through the service clears', async () => {
    const before = heroTitle(await home());
    // A row written behind the service's back (as another instance would) is not read per request...
    await t.database.db.insert(banners).values({
      groupName: 'w_home',
      title: 'Behind',
      imageId,
      linkageType: 'none',
      sort: -10,
      enabled: true,
    });
    expect(heroTitle(await home())).toBe(before);
    const api = await t.app.inject({ method: 'GET', url: '/wps/content/banners?group=w_home' });
    expect(api.json().value.map((b: { title: string }) => b.title)).not.toContain('Behind');

    // ...and a write through the service is seen by the very next page.
    const id = await save('Top', { sort: -20 });
    expect(heroTitle(await home())).toBe('Top');
    await t.app.services.content.deleteBanner(id, actor);
    expect(heroTitle(await home())).toBe('Behind');
  });

  it('honours a schedule to the second although the list is cached', async () => {
    const startsAt = new Date(Date.now() + 1500).toISOString();
    await save('Soon', { sort: -30, startsAt });
    expect(heroTitle(await home())).toBe('Behind');
    await new Promise((r) => setTimeout(r, 1700));
    expect(heroTitle(await home())).toBe('Soon');
  });
});
