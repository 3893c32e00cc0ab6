import { SELECTABLE_LANGUAGES } from '@wps/contract';
import { expect, test } from '../fixtures/server.ts';

test.describe('languages', () => {
  test('switching to Nepali changes the navigation text and the document title, and is remembered', async ({
    page,
  }) => {
    const fontFiles: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('noto-sans-devanagari')) fontFiles.push(r.url());
    });
    await page.goto('/');
    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    await expect(nav.getByRole('link', { name: 'Home' })).toBeVisible();
    await expect(page).toHaveTitle('WPS — Live casino, slots, sports and lottery');
    // English visitors never download the Devanagari face.
    expect(fontFiles).toEqual([]);

    await page.getByRole('combobox', { name: 'Language' }).first().selectOption('NE');

    const neNav = page.getByRole('navigation', { name: 'मुख्य नेभिगेसन' });
    await expect(neNav.getByRole('link', { name: 'गृहपृष्ठ' })).toBeVisible();
    await expect(neNav.getByRole('link', { name: 'प्रमोसन' })).toBeVisible();
    await expect(page).toHaveTitle('WPS — लाइभ क्यासिनो, स्लट, खेलकुद र लटरी');
    await expect(page.locator('html')).toHaveAttribute('lang', 'ne');
    await expect.poll(() => fontFiles.some((u) => u.endsWith('.woff2'))).toBe(true);

    // Remembered locally and sent with every call afterwards.
    const statusCall = page.waitForRequest((r) => r.url().endsWith('/wps/system/status'));
    await page.reload();
    expect((await statusCall).headers().lang).toBe('NE');
    await expect(page.getByRole('navigation', { name: 'मुख्य नेभिगेसन' })).toBeVisible();
    await expect(page).toHaveTitle('WPS — लाइभ क्यासिनो, स्लट, खेलकुद र लटरी');
  });

  test('only the complete languages are offered; a configured one left over from before falls back to English', async ({
    page,
  }) => {
    await page.addInitScript(() => localStorage.setItem('wps.lang', 'JA'));
    await page.goto('/');
    const select = page.getByRole('combobox', { name: 'Language' }).first();
    await expect(select.locator('option')).toHaveCount(SELECTABLE_LANGUAGES.length);
    await expect(select).toHaveValue('EN');
    await expect(
      page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Home' }),
    ).toBeVisible();
  });

  test('a route title follows the language', async ({ page }) => {
    await page.goto('/promotions');
    await expect(page).toHaveTitle('Promotions | WPS');
    await page.getByRole('combobox', { name: 'Language' }).first().selectOption('NE');
    await expect(page).toHaveTitle('प्रमोसन | WPS');
    await expect(page.locator('meta[name="description"]')).toHaveAttribute(
      'content',
      'WPS का स्वागत अफर, रिलोड बोनस, रिबेट र लिडरबोर्ड पुरस्कारहरू।',
    );
  });
});
