import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helper.ts';

const png = await sharp({ create: { width: 1200, height: 400, channels: 3, background: '#36c' } })
  .png()
  .toBuffer();

/**
 * The home page's HTML names its first banner in <head> (best format, every width), so the
 * largest paint loads beside the scripts instead of after them and the banners call.
 */
describe('content: the home page preloads its first banner', () => {
  let t: TestApp;
  beforeAll(async () => {
    const dist = mkdtempSync(path.join(tmpdir(), 'wps-web-'));
    writeFileSync(path.join(dist, 'index.html'), '<!doctype html><html><head></head><body></body></html>');
    t = await createTestApp({ webDistDir: dist });
  });
  afterAll(async () => {
    await t.close();
  });

  it('serves the page as built while there is no banner, then with the banner’s AVIF preload', async () => {
    const bare = await t.app.inject({ method: 'GET', url: '/' });
    expect(bare.statusCode).toBe(200);
    expect(bare.body).not.toContain('rel="preload"');

    const actor = { id: 1, account: 'op' };
    const img = await t.app.services.content.uploadImage(png, actor);
    await t.app.services.content.saveBanner(
      null,
      { groupName: 'w_home', title: 'Welcome', imageId: img.id, linkageType: 'none', sort: 0, enabled: true },
      actor,
    );
    const page = await t.app.inject({ method: 'GET', url: '/' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['cache-control']).toBe('no-cache');
    const link = /<link rel="preload" as="image" type="image\/avif"[^>]*>/.exec(page.body)?.[0];
    expect(link).toBeDefined();
    for (const v of img.avif) expect(link).toContain(`${v.url} ${v.width}w`);
    expect(link).toContain('fetchpriority="high"');
    expect(page.body.indexOf(link!)).toBeLessThan(page.body.indexOf('</head>'));
  });
});
