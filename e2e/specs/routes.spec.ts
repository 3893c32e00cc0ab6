import { createMember } from '../../apps/server/src/test/members.ts';
import { expect, test } from '../fixtures/server.ts';

test.describe('routes (SPEC §2)', () => {
  test('a deep link to /promotions loads the page in the real layout', async ({ page }) => {
    // Scripts run under the server's CSP: our own origin plus the pre-paint script's hash.
    const cspViolations: string[] = [];
    page.on('console', (m) => {
      if (m.text().includes('Content Security Policy')) cspViolations.push(m.text());
    });
    // The boot script starts the start-up calls early; the app adopts them instead of asking twice.
    const statusCalls: string[] = [];
    page.on('request', (r) => {
      if (r.url().endsWith('/wps/system/status')) statusCalls.push(r.url());
    });
    const response = await page.goto('/promotions');
    expect(response?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1, name: 'Promotions' })).toBeVisible();
    await expect(page).toHaveTitle('Promotions | WPS');
    // The real page (issue 14): its category filter, not a placeholder.
    await expect(page.getByRole('heading', { name: /not available yet/ })).toHaveCount(0);
    await expect(
      page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Promotions' }),
    ).toHaveAttribute('aria-current', 'page');
    await expect(page.getByRole('complementary', { name: 'Side menu' })).toBeVisible();
    expect(cspViolations).toEqual([]);
    expect(statusCalls).toHaveLength(1);
    expect(response?.headers()['content-security-policy']).toMatch(
      // One inline script only (the pre-paint theme picker), allowed by its hash.
      /script-src 'self' 'sha256-[^']+';/,
    );
  });

  test('/login opens the login popup over home; closing it leaves for /', async ({ page }) => {
    await page.goto('/login');
    const dialog = page.getByRole('dialog', { name: 'Log in' });
    await expect(dialog).toBeVisible();
    // Home is behind it.
    await expect(
      page.getByRole('heading', { level: 1, name: 'Every game you love, in one place' }),
    ).toBeAttached();
    await dialog.getByRole('button', { name: 'Close' }).first().click();
    await expect(dialog).toHaveCount(0);
    await expect(page).toHaveURL(/\/$/);
  });

  test('/register opens the register popup and /help#term the help centre', async ({ page }) => {
    await page.goto('/register');
    await expect(page.getByRole('dialog', { name: 'Register' })).toBeVisible();
    await page.goto('/help#terms');
    await expect(page.getByRole('dialog', { name: 'Help centre' })).toBeVisible();
  });

  test('an unknown path shows the not-found view with a 404', async ({ page }) => {
    const response = await page.goto('/no/such/page');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
    await expect(page).toHaveTitle('Page not found | WPS');
    await page.getByRole('link', { name: 'Back to home' }).click();
    await expect(
      page.getByRole('heading', { level: 1, name: 'Every game you love, in one place' }),
    ).toBeVisible();
  });

  test('a login-guarded route sends a guest to the login popup', async ({ page }) => {
    await page.goto('/lottery?gameCode=VN1');
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('dialog', { name: 'Log in' })).toBeVisible();
  });

  test('a token from ?token= signs the player in; game pages hide the side menu; sign-out keeps the merchant', async ({
    page,
    server,
  }) => {
    const player = await createMember(server.app, { account: 'eplayer01' });
    await page.goto('/');
    await page.evaluate(() => sessionStorage.setItem('merchant', 'WPS'));
    await page.goto(`/?token=${player.token}`);
    await expect(page.getByRole('button', { name: 'eplayer01' })).toBeVisible();
    await expect(page).toHaveURL(/\/$/); // the token left the address bar
    expect(await page.evaluate(() => sessionStorage.getItem('token'))).toBe(player.token);

    await page.goto('/lottery?gameCode=VN1');
    await expect(page.getByRole('heading', { level: 1, name: 'Lottery' })).toBeVisible();
    await expect(page.getByRole('complementary', { name: 'Side menu' })).toHaveCount(0);

    await page.getByRole('button', { name: 'eplayer01' }).click();
    await page.getByRole('button', { name: 'Sign out' }).click();
    const confirm = page.getByRole('dialog', { name: 'Sign out?' });
    await confirm.getByRole('button', { name: 'Sign out' }).click();
    await expect(page.getByRole('button', { name: 'Log in' })).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
    expect(
      await page.evaluate(() => [sessionStorage.getItem('token'), sessionStorage.getItem('merchant')]),
    ).toEqual([null, 'WPS']);
  });

  test('/agentHome is for agents only', async ({ page, server }) => {
    const player = await createMember(server.app, { account: 'eplayer02' });
    await page.goto(`/agentHome?token=${player.token}`);
    await expect(page).toHaveURL(/\/agent$/);
    await expect(page.getByRole('heading', { level: 1, name: 'WPS agent programme' })).toBeVisible();

    const agent = await createMember(server.app, { account: 'eagent01', type: 1 });
    await page.goto(`/agentHome?token=${agent.token}`);
    // The agent centre's own layout (issue 12): its header and menu, not the player shell.
    await expect(page.getByRole('navigation', { name: 'Agent menu' })).toBeVisible();
    await expect(page.getByRole('banner').getByRole('link', { name: 'Agent centre' })).toBeVisible();
  });

  test('each navigation scrolls back to the top', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('contentinfo')).toBeVisible();
    // Scrolled again on each poll: the home page's game rows arrive after the footer shows, and a
    // scroll made before they did stops short of where the page ends.
    await expect
      .poll(() =>
        page.evaluate(() => {
          window.scrollTo(0, document.body.scrollHeight);
          return window.scrollY;
        }),
      )
      .toBeGreaterThan(500);
    await page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: 'Promotions' })
      .click();
    await expect(page.getByRole('heading', { level: 1, name: 'Promotions' })).toBeVisible();
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
  });

  test('a page chunk that fails to load says so and retries', async ({ page }) => {
    await page.goto('/');
    await page.route(/promotions-page-[^/]+\.js$/, (route) => route.abort());
    await page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: 'Promotions' })
      .click();
    await expect(page.getByRole('heading', { name: 'Loading chunk promotions failed' })).toBeVisible();

    await page.unroute(/promotions-page-[^/]+\.js$/);
    await page.getByRole('button', { name: 'Try again' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Promotions' })).toBeVisible();
  });

  test('a page still loading after a while offers a network check (SPEC §8)', async ({ page }) => {
    await page.clock.install();
    // A cold load whose page chunk never arrives (the request stays open). A click from another
    // page keeps that page on screen while the chunk loads (navigations are transitions), with
    // the top bar; the prompt is for a page that has nothing to show yet.
    await page.route(/promotions-page-[^/]+\.js$/, () => {});
    await page.goto('/promotions');
    const prompt = page.getByRole('alert').filter({ hasText: 'taking longer than usual' });
    await expect(prompt).toHaveCount(0);
    // The page's loading state is up (its timer set on the page's clock) before the clock moves:
    // on a loaded runner the click's render can come after an early fast-forward, whose time it then misses.
    await expect(page.locator('main .loader')).toBeVisible();
    await page.clock.fastForward(11_000);
    await expect(prompt).toBeVisible();
    // The site unreachable: the spec's network message.
    await page.route('**/healthz*', (route) => route.abort());
    await prompt.getByRole('button', { name: 'Check network' }).click();
    await expect(prompt.getByRole('status')).toHaveText('Network link is abnormal, please try again');
    // Reachable again: the page itself is what is slow.
    await page.unroute('**/healthz*');
    await prompt.getByRole('button', { name: 'Check network' }).click();
    await expect(prompt.getByRole('status')).toHaveText(/Your network and our site are working/);
  });
});
