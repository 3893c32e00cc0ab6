import path from 'node:path';
import { artifactsDir, expect, test } from '../fixtures/server.ts';
import { signInPlayer } from './wallet-helpers.ts';
import { takingShots } from '../fixtures/shots.ts';

// The demo world (its promotions, missions and mall items carry Nepali texts), on a 360 px phone.
test.use({ world: 'demo', viewport: { width: 360, height: 780 } });

/**
 * Nepali where money is decided (issue 27): a member who chose Nepali on another device signs in
 * on a browser with nothing stored, reads the site in Nepali again, a promotion's Nepali title
 * and terms, and a system message in Nepali.
 */
test('a Nepali member on a new device reads promotions and system messages in Nepali', async ({
  page,
  server,
}) => {
  test.setTimeout(90_000);
  const s = server.services;
  const m = await s.members.create({
    account: 'nepali27',
    password: 'Nepali@1234',
    type: 0,
    parentId: null,
    paymentPassword: null,
    payeeName: null,
    email: null,
    countryDialingCode: null,
    mobileNum: null,
  });
  // Chosen on another device: saved to the account.
  await s.members.setLanguage(m.id, 'NE');
  // The demo welcome gift (a free bonus for new players): claiming it sends a system message.
  const gift = (await s.promotions.list(m.id, {})).find((p) => p.title === 'Welcome gift NPR 20');
  expect(gift).toBeTruthy();
  await s.promotions.claim(m.id, gift!.id);

  // A new browser: nothing in localStorage, so the site starts in English and signs in in English.
  await signInPlayer(page, 'nepali27', 'Nepali@1234');
  await expect(page.locator('html')).toHaveAttribute('lang', 'ne');

  // The promotion's Nepali title, summary and terms.
  await page.goto('/promotions');
  const title = 'पहिलो जम्मामा 100% बोनस';
  await page.getByRole('button', { name: `${title} को विवरण` }).click();
  const detail = page.getByRole('dialog', { name: title });
  await expect(detail).toContainText('7 दिनभित्र बोनसको 10 गुणा बाजी लगाएपछि त्यो नगद बन्छ।');
  await expect(detail).not.toContainText('First deposit bonus');
  if (takingShots) await page.screenshot({ path: path.join(artifactsDir, 'nepali-promotion-360.png') });
  await page.keyboard.press('Escape');

  // The system message of the claimed bonus, in Nepali with the promotion's Nepali title.
  await page.goto('/member?page=messageV2');
  await expect(page.getByRole('button', { name: /बोनस दिइयो: स्वागत उपहार रु 20/ })).toBeVisible();
  if (takingShots) await page.screenshot({ path: path.join(artifactsDir, 'nepali-message-360.png') });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
});
