import { expect, test } from '../fixtures/server.ts';

test.describe('whole-app states (SPEC §2)', () => {
  test('status 1 shows the maintenance page with the customer-service button', async ({ page, server }) => {
    await server.services.system.setMaintenance(
      { enabled: true, message: 'Wallet upgrade, back by 14:00.' },
      'e2e',
    );
    await page.goto('/');

    await expect(page.getByRole('heading', { level: 1, name: 'We are under maintenance' })).toBeVisible();
    await expect(page.getByText('Wallet upgrade, back by 14:00.')).toBeVisible();
    // The demo has no live chat: the first contact that reaches a person (Telegram) is the button;
    // its path arrives base64-encoded and is decoded here. The others are listed under it.
    await expect(page.getByRole('link', { name: 'Customer service' })).toHaveAttribute(
      'href',
      'https://t.me/wps_support',
    );
    await expect(page.getByRole('link', { name: 'WhatsApp' })).toHaveAttribute(
      'href',
      'https://wa.me/9779800000000',
    );
    await expect(page.getByRole('link', { name: /live chat/i })).toHaveCount(0);
    // The rest of the site is closed: no navigation at all.
    await expect(page.getByRole('navigation', { name: 'Main navigation' })).toHaveCount(0);
  });

  test('status 2 shows the region-blocked page with the visitor IP', async ({ page, server }) => {
    await server.services.system.setBlockedCountries(['US']);
    await page.setExtraHTTPHeaders({ 'X-Forwarded-For': '8.8.8.8' });
    await page.goto('/');

    await expect(page.getByRole('heading', { level: 1, name: 'Access restricted' })).toBeVisible();
    await expect(page.getByTestId('visitor-ip')).toHaveText('8.8.8.8');
    await expect(page.getByRole('navigation', { name: 'Main navigation' })).toHaveCount(0);
  });

  test('a visitor from an unblocked country gets the normal app', async ({ page, server }) => {
    await server.services.system.setBlockedCountries(['US']);
    await page.setExtraHTTPHeaders({ 'X-Forwarded-For': '1.1.1.1' }); // AU
    await page.goto('/');
    await expect(page.getByRole('navigation', { name: 'Main navigation' })).toBeVisible();
  });

  test('maintenance wins over a region block', async ({ page, server }) => {
    await server.services.system.setBlockedCountries(['US']);
    await server.services.system.setMaintenance({ enabled: true, message: null }, 'e2e');
    await page.setExtraHTTPHeaders({ 'X-Forwarded-For': '8.8.8.8' });
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: 'We are under maintenance' })).toBeVisible();
  });

  test('the state pages still switch language', async ({ page, server }) => {
    await server.services.system.setMaintenance({ enabled: true, message: null }, 'e2e');
    await page.goto('/');
    await page.getByRole('combobox', { name: 'Language' }).selectOption('NE');
    await expect(page.getByRole('heading', { level: 1, name: 'प्रणाली मर्मत हुँदैछ' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'ग्राहक सेवा' })).toBeVisible();
  });
});
