import { readFileSync } from 'node:fs';
import type { BrowserContext, Page } from '@playwright/test';
import { FEATURE_FLAGS, type FeatureFlag, ROUTES } from '@wps/contract';
import { AGENT_MENU } from '../../apps/web/src/features/agent/lib.ts';
import { MEMBER_PAGES } from '../../apps/web/src/features/member/member-pages.ts';
import { consoleSession } from '../fixtures/operators.ts';
import { expect, type TestServer, test } from '../fixtures/server.ts';

/**
 * An operator switches features off (SPEC §6 flags). Every page then asks only for what is on:
 * a call the server refuses with NOT_ENABLED (403) is a page that did not read the flags first,
 * and the browser logs it as an error a player or operator sees in the console (issue 27).
 * One journey over the player site (signed in), the agent centre (as an agent) and the operator
 * console, with every flag off, at phone width.
 */
test.use({ world: 'demo', viewport: { width: 360, height: 780 }, isMobile: true, hasTouch: true });

const CONSOLE_PATHS = [
  ...readFileSync(new URL('../../apps/web/src/admin/sections.ts', import.meta.url), 'utf8').matchAll(
    /^\s+path: '([a-z0-9-]+)',$/gm,
  ),
].map((m) => `/admin/${m[1]}`);
const PLAYER_PATHS = ROUTES.filter((r) => r.key !== 'admin' && !r.path.includes(':')).map((r) => r.path);
const AGENT_PATHS = AGENT_MENU.filter((m) => !('link' in m)).map((m) => `/agentHome?page=${m.key}`);

async function login(server: TestServer, username: string, password: string): Promise<string> {
  const res = await fetch(`${server.baseURL}/wps/session/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  const body = (await res.json()) as { value: { token: string } };
  return body.value.token;
}

/** Records every 403 and every error the page logs, with the path it was on. */
function watch(page: Page, seen: string[]) {
  page.on('response', (res) => {
    if (res.status() === 403)
      seen.push(`${new URL(page.url()).pathname}: 403 from ${new URL(res.url()).pathname}`);
  });
  page.on('console', (msg) => {
    if (msg.type() === 'error') seen.push(`${new URL(page.url()).pathname}: console error ${msg.text()}`);
  });
}

/** Requests in flight: a page's answers are in when none has been for a moment. */
function inFlight(page: Page) {
  let open = 0;
  page.on('request', () => open++);
  page.on('requestfinished', () => open--);
  page.on('requestfailed', () => open--);
  return async () => {
    const until = Date.now() + 8_000;
    for (let quiet = 0; quiet < 3 && Date.now() < until; ) {
      await page.waitForTimeout(100);
      quiet = open <= 0 ? quiet + 1 : 0;
    }
  };
}

async function walk(context: BrowserContext, start: string, paths: string[], seen: string[]) {
  const page = await context.newPage();
  watch(page, seen);
  const settled = inFlight(page);
  await page.goto(start);
  await settled();
  for (const path of paths) {
    // Client-side navigation, as a click would: the route's lazy chunk, then its calls.
    await page.evaluate((to) => {
      window.history.pushState({}, '', to);
      window.dispatchEvent(new PopStateEvent('popstate'));
    }, path);
    await settled();
  }
  await page.close();
}

test('with every feature switched off, no page asks for one (no 403, no logged error)', async ({
  browser,
  server,
}) => {
  test.setTimeout(180_000);
  await server.seedDemo();
  for (const flag of Object.keys(FEATURE_FLAGS) as FeatureFlag[])
    await server.services.system.setFlag(flag, false);
  const seen: string[] = [];
  // One context per person: each signs in afresh, as on their own phone.
  const phone = () =>
    browser.newContext({
      baseURL: server.baseURL,
      viewport: { width: 360, height: 780 },
      isMobile: true,
      hasTouch: true,
      reducedMotion: 'reduce',
    });

  const player = await phone();
  const playerToken = await login(server, 'demo01', 'Demo@1234');
  await walk(
    player,
    `/?token=${playerToken}`,
    [...PLAYER_PATHS, ...MEMBER_PAGES.map((p) => `/member?page=${p}`)],
    seen,
  );
  await player.close();

  const agent = await phone();
  const agentToken = await login(server, 'agent01', 'Agent@1234');
  await walk(agent, `/agentHome?token=${agentToken}`, AGENT_PATHS, seen);
  // A bookmark to a switched-off page says so instead of an error.
  const bookmark = await agent.newPage();
  await bookmark.goto(`/agentHome?page=agentDailyWages2&token=${agentToken}`);
  await expect(bookmark.getByRole('heading', { name: 'This page is switched off' })).toBeVisible();
  await bookmark.close();
  await agent.close();

  const operator = await phone();
  const op = await consoleSession(server, 'admin', 'Admin@1234');
  await operator.addInitScript(
    ({ token, permissions, role }) => {
      sessionStorage.setItem('wps.admin.token', token);
      sessionStorage.setItem('wps.admin.account', 'admin');
      sessionStorage.setItem('wps.admin.permissions', JSON.stringify(permissions));
      sessionStorage.setItem('wps.admin.role', role);
    },
    { token: op.token, permissions: op.permissions, role: op.role },
  );
  await walk(operator, CONSOLE_PATHS[0] ?? '/admin', CONSOLE_PATHS, seen);
  await operator.close();
  expect([...new Set(seen)], [...new Set(seen)].join('\n')).toEqual([]);
});
