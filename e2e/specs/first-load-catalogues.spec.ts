import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures/server.ts';

test.use({ world: 'demo', viewport: { width: 390, height: 800 }, isMobile: true, hasTouch: true });

/** The boot script's catalogue table: every i18n catalogue chunk it knows, both languages. */
async function knownCatalogues(page: Page): Promise<string[]> {
  const src = await page.locator('script[src*="/assets/boot-"]').getAttribute('src');
  const text = await (await page.request.get(src ?? '')).text();
  const files = JSON.parse(/var f=(\[.*?\]),/.exec(text)?.[1] ?? '[]') as string[];
  const table = JSON.parse(/,c=(\[\[.*?\]\]),/.exec(text)?.[1] ?? '[]') as number[][];
  const languages = [...text.matchAll(/l==='NE'\?(\d+):(\d+)/g)].flatMap((m) => [Number(m[1]), Number(m[2])]);
  return [...new Set([...table.flat(), ...languages].map((i) => files[i] ?? ''))].filter(Boolean);
}

/**
 * Issue 30: a page's text waited on its i18n catalogues, each asked for only when a component
 * needing it rendered: the shell's, then the page's, then its sections' (on /promotions four round
 * trips after the entry had run, the page's lead text painted last). The boot script now preloads
 * every catalogue the page and the shell use while the entry downloads; none is left to a
 * component's first render. (A catalogue chunk has no imports of its own, so only the boot
 * script gives it a modulepreload link; the app's loader imports it bare.)
 */
for (const lang of ['EN', 'NE']) {
  test(`${lang}: the catalogues a page's first screen uses are preloaded, not fetched as it renders`, async ({
    page,
  }) => {
    await page.addInitScript((l) => localStorage.setItem('wps.lang', l), lang);
    for (const path of ['/promotions', '/', '/rng', '/agentHome']) {
      await page.goto(path);
      await expect(page.locator('main h1, main h2').first()).toBeVisible();
      await page.waitForLoadState('networkidle');
      const known = await knownCatalogues(page);
      const fetched = await page.evaluate((urls) => {
        const preloaded = new Set(
          Array.from(document.querySelectorAll('link[rel="modulepreload"]')).map((l) =>
            l.getAttribute('href'),
          ),
        );
        return performance
          .getEntriesByType('resource')
          .map((e) => new URL(e.name).pathname)
          .filter((url) => urls.includes(url))
          .map((url) => ({ url, preloaded: preloaded.has(url) }));
      }, known);
      expect(fetched.length, `${path}: catalogues fetched`).toBeGreaterThan(2);
      expect(
        fetched.filter((e) => !e.preloaded).map((e) => e.url),
        `${path}: catalogues not preloaded`,
      ).toEqual([]);
    }
  });
}
