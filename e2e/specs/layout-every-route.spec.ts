import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Browser, Page } from '@playwright/test';
import { ROUTES } from '@wps/contract';
import { AGENT_MENU } from '../../apps/web/src/features/agent/lib.ts';
import { MEMBER_PAGES } from '../../apps/web/src/features/member/member-pages.ts';
import { consoleSession } from '../fixtures/operators.ts';
import { COMBOS, type Lang, type Theme } from '../fixtures/shots.ts';
import { expect, type TestServer, test } from '../fixtures/server.ts';
import { seedWalletDemo } from './wallet-helpers.ts';

// Every journey here starts in the demo world, as its first step would seed it (fixtures/server.ts).
test.use({ world: 'demo' });

/**
 * Every route of the contract's table and every member-centre page, logged out and logged in,
 * plus the operator console, at phone (360: dark and light EN, dark NE) and tablet (768: dark EN, light NE) widths:
 * the page never scrolls sideways, no visible button lies under something else, and on a phone
 * no table is wider than the screen (the player site's records are cards there). At 360 px
 * axe-core runs on every page of both themes (0 critical, 0 serious): every rule in dark, the
 * colour rules in light.
 *
 * Speed: one browser context per theme, language and part (guest, player, console), the parts run
 * in parallel on both workers, and pages are reached by the router's own history navigation (no
 * reload), so hundreds of pages take a few minutes.
 */
// 360 px is the narrowest phone we serve (what fits there fits at 390), 768 the tablet; the
// 390 px pass added a third of this spec's time to CI and found nothing 360 did not.
const WIDTHS = [360, 768] as const;
const AXE_WIDTH = 360;
/**
 * Which theme and language combinations each width runs. A theme changes colours, not boxes, and
 * each combination cost CI about a minute on the 2-core machine. Phones get English in both themes
 * (axe's colour rules run in each) and Nepali in dark; the tablet gets one per language, one in
 * each theme, so Nepali is laid out in light too. Every combination still runs at some width.
 */
const COMBOS_AT: Record<(typeof WIDTHS)[number], typeof COMBOS> = {
  360: COMBOS.filter((c) => c.lang === 'EN' || c.theme === 'dark'),
  768: COMBOS.filter((c) => (c.lang === 'EN') === (c.theme === 'dark')),
};
// The page needs the file's text, not the module node would load.
const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

const PLAYER_ROUTES = ROUTES.filter((r) => r.key !== 'admin');
const PLAYER_PATHS = PLAYER_ROUTES.map((r) => r.path);
// Aliases (/index, /home, /lottert …) render the page of the first path with the same key and kind:
// visited in one combination per width, the first, to keep the run short.
const ALIASES = new Set(['/index', '/index.html', '/home', '/lottert', '/vnlottery', '/sealottery']);
const FIRST_PATHS = PLAYER_PATHS.filter((p) => !ALIASES.has(p));
const MEMBER_PATHS = MEMBER_PAGES.map((p) => `/member?page=${p}`);
// Every section of apps/web/src/admin/sections.ts, read from its text (the module imports the
// pages' JSX, which this project does not compile), so a new console page is visited the day it lands.
const CONSOLE_PATHS = [
  ...readFileSync(new URL('../../apps/web/src/admin/sections.ts', import.meta.url), 'utf8').matchAll(
    /^\s+path: '([a-z0-9-]+)',$/gm,
  ),
].map((m) => `/admin/${m[1]}`);
if (CONSOLE_PATHS.length < 10) throw new Error('layout spec: console sections not found in sections.ts');

interface Problem {
  where: string;
  what: string;
}

/** Client-side navigation through react-router's history listener: no reload, no new bundle parse. */
async function visit(page: Page, path: string) {
  const t0 = Date.now();
  await page.evaluate((to) => {
    window.history.pushState({}, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
    window.scrollTo(0, 0);
  }, path);
  await settle(page);
  if (process.env.LAYOUT_TIMING) console.log('visit', path, Date.now() - t0);
}

/** Lazy chunks and first answers arrive: no loader on screen, no request in flight for a moment. */
async function settle(page: Page) {
  await page
    .waitForFunction(
      () => document.querySelector('main, .admin-signin') && !document.querySelector('.loader, .boot-loader'),
      undefined,
      { timeout: 3_000, polling: 50 },
    )
    .catch(() => undefined);
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
}

/**
 * Sideways overflow and covered buttons, measured in the page. `stale`: a button left the page
 * while it was being looked at: the route's lazy page replaced the previous one (the router keeps
 * the old page on screen, with no loader, until the new chunk arrives) or its data re-rendered
 * a list. A detached button measures 0×0 at the top-left corner, under the console header.
 */
async function inspect(page: Page, width: number): Promise<string[]> {
  for (let attempt = 0; ; attempt++) {
    const { found, stale } = await inspectOnce(page, width);
    if (!stale) return found;
    if (attempt === 2) return ['the page kept re-rendering its buttons while it was inspected'];
    await settle(page);
  }
}

function inspectOnce(page: Page, screenWidth: number) {
  return page.evaluate(async (screenWidth) => {
    const found: string[] = [];
    let stale = false;
    const doc = document.documentElement;
    const name = (el: Element) => `${el.tagName.toLowerCase()}.${Array.from(el.classList).join('.')}`;
    // Measured against the phone's own width, not innerWidth: a phone (isMobile) shows a page
    // wider than itself zoomed out, and its layout viewport, innerWidth, grows to the page's width.
    const past = (el: Element) => el.getBoundingClientRect().right > screenWidth + 1;
    if (doc.scrollWidth > screenWidth) {
      // Name the widest culprits so a failure says where to look.
      const wide = Array.from(document.querySelectorAll<HTMLElement>('body *'))
        .filter((el) => past(el) && !(el.parentElement && past(el.parentElement)))
        .slice(0, 3)
        .map(name);
      found.push(`page is ${doc.scrollWidth}px wide on a ${screenWidth}px screen (${wide.join(', ')})`);
    } else {
      // Cut off: the page does not scroll sideways, yet something shown reaches past the screen's
      // edge with no scroller to bring it in: an ancestor's overflow clips it (the console's
      // /admin/system cards once did). Only the outermost such element is named.
      const inScroller = (el: Element) => {
        for (let a = el.parentElement; a; a = a.parentElement) {
          const o = getComputedStyle(a).overflowX;
          if (o === 'auto' || o === 'scroll') return true;
        }
        return false;
      };
      const cut = Array.from(document.querySelectorAll<HTMLElement>('body *'))
        .filter((el) => {
          const r = el.getBoundingClientRect();
          // Wholly beyond the edge is off-canvas (a drawer, a carousel's next slide), not cut.
          if (r.width < 2 || r.height < 2 || !past(el) || r.left >= screenWidth) return false;
          if (el.parentElement && past(el.parentElement)) return false;
          // A carousel's peeking next slide is brought in by swiping.
          if (el.closest('[aria-roledescription="carousel"]')) return false;
          // A progress bar's stripe slides through its clipped track by design (the global loader
          // shown while a request is in flight; a slow CI run caught it mid-route on /verify).
          if (el.closest('[role="progressbar"]')) return false;
          return el.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true }) && !inScroller(el);
        })
        .slice(0, 3)
        .map(name);
      if (cut.length) found.push(`cut off at the screen's edge: ${cut.join(', ')}`);
    }
    // Records are cards on a phone (shared/ui/record-list.tsx): a table wider than the screen is
    // a record left as a desktop table, read by scrolling it sideways. The console is for desks.
    if (screenWidth < 600 && !location.pathname.startsWith('/admin')) {
      for (const table of Array.from(document.querySelectorAll<HTMLElement>('table'))) {
        if (!table.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true })) continue;
        const wide = Math.round(table.getBoundingClientRect().width);
        if (wide > screenWidth)
          found.push(`a ${name(table)} is ${wide}px wide on a ${screenWidth}px screen (a record as a table)`);
      }
    }
    // With a dialog open only its buttons can be pressed; the page behind is covered on purpose.
    const dialogs = Array.from(document.querySelectorAll<HTMLElement>('[role="dialog"], dialog[open]'));
    const scope: ParentNode = dialogs.at(-1) ?? document;
    /**
     * After scrolling a button into view: the next frames are painted (a `content-visibility: auto`
     * section, the footer, paints what scrolled in only then; until then a hit test finds the
     * section, not its button). False when the page is no longer to be judged: a popup opened
     * meanwhile (a guarded route's login covers the page on purpose), or the button left the page
     * or was hidden (then the whole look is taken again, `stale`).
     */
    const afterScroll = async (button: HTMLElement) => {
      await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
      if (scope === document && document.querySelector('[role="dialog"], dialog[open]')) return false;
      // Gone, or hidden meanwhile: the popup in the dialog was replaced (a CI run under load went on
      // from /register to /help while the register form was still being looked at; the form, hidden
      // by Suspense while the help chunk came, measured 0×0 and "was covered" by the backdrop).
      const shown =
        button.isConnected && button.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true });
      if (!shown) stale = true;
      return shown;
    };
    const label = (b: HTMLElement) =>
      (b.getAttribute('aria-label') || b.textContent || b.className).trim().replace(/\s+/g, ' ').slice(0, 40);
    for (const button of Array.from(scope.querySelectorAll<HTMLElement>('button, [role="button"]'))) {
      if (!button.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true })) continue;
      let box = button.getBoundingClientRect();
      if (box.width < 1 || box.height < 1) continue;
      let scrolled = false;
      // Bring it to the middle of the screen, clear of the sticky header and the tab bar.
      if (box.top < 80 || box.bottom > window.innerHeight - 90) {
        window.scrollBy(0, box.top - window.innerHeight / 2);
        scrolled = true;
        if (!(await afterScroll(button))) break;
        box = button.getBoundingClientRect();
      }
      // A popup that opens by itself once the page is up (/help's help centre, a guarded route's
      // login) covers the page on purpose: the page's buttons are judged only while none is open.
      if (scope === document && document.querySelector('[role="dialog"], dialog[open]')) break;
      const x = box.left + box.width / 2;
      const y = box.top + box.height / 2;
      // Beside the screen means inside a sideways scroller (chips, tables): reached by scrolling it.
      if (x < 0 || x > window.innerWidth || y < 0 || y > window.innerHeight) continue;
      // Likewise beside the visible part of its sideways scroller (a table narrower than the screen).
      const scroller = (() => {
        for (let el = button.parentElement; el; el = el.parentElement) {
          const o = getComputedStyle(el).overflowX;
          if ((o === 'auto' || o === 'scroll') && el.scrollWidth > el.clientWidth) return el;
        }
        return null;
      })();
      if (scroller) {
        // Its visible box: inside the borders, without the scrollbar.
        const left = scroller.getBoundingClientRect().left + scroller.clientLeft;
        if (x < left || x > left + scroller.clientWidth) continue;
      }
      let hit = document.elementFromPoint(x, y);
      // Scrolled but found under the fixed chrome: the page moved after the scroll (content still
      // arriving above it: a CI run saw a console list's button land under the console header).
      // Centre it once more and look again; a button the chrome really covers is still covered.
      const covered = !hit || !(button === hit || button.contains(hit));
      if (scrolled && covered && hit?.closest('.header__bar, .tab-bar, .admin__header')) {
        window.scrollBy(0, button.getBoundingClientRect().top - window.innerHeight / 2);
        if (!(await afterScroll(button))) break;
        const again = button.getBoundingClientRect();
        hit = document.elementFromPoint(again.left + again.width / 2, again.top + again.height / 2);
      }
      // Still under the sticky header or the tab bar: the page could not move it clear (a popup
      // opening by itself holds the page); the player site's fixed chrome is not covering it for good.
      if (scrolled && hit?.closest('.header__bar, .tab-bar')) continue;
      if (!hit || !(button === hit || button.contains(hit))) {
        const over = hit ? name(hit) : 'nothing';
        found.push(`button "${label(button)}" is covered by ${over}`);
      }
    }
    window.scrollTo(0, 0);
    return { found: stale ? [] : found, stale };
  }, screenWidth);
}

/**
 * axe-core's rules whose verdict depends on colours: all a theme changes. The first theme runs
 * every rule; the other runs these (the structure, names and roles it would check again are the
 * same boxes in other colours). About half the axe time of a combination.
 */
const COLOUR_RULES = ['color-contrast', 'link-in-text-block'];

async function runAxe(page: Page, rules: 'all' | 'colour'): Promise<string[]> {
  // Evaluated through the debugger protocol: the site's CSP (rightly) refuses inline scripts.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  return page.evaluate(
    async (only) => {
      const axe = (window as unknown as { axe: { run(ctx: unknown, opts: unknown): Promise<AxeResults> } })
        .axe;
      interface AxeResults {
        violations: Array<{ id: string; impact: string | null; nodes: Array<{ target: unknown[] }> }>;
      }
      const result = await axe.run(document, {
        resultTypes: ['violations'],
        // Experimental in axe 4, on here: a button whose accessible name is not its visible text
        // cannot be clicked by voice ("click Save"), and the console had 19 (issue 27).
        rules: { 'label-content-name-mismatch': { enabled: true } },
        ...(only ? { runOnly: { type: 'rule', values: only } } : {}),
      });
      return result.violations
        .filter((v) => v.impact === 'critical' || v.impact === 'serious')
        .map(
          (v) =>
            `axe ${v.impact} ${v.id}: ${v.nodes
              .map((n) => String(n.target[0]))
              .slice(0, 3)
              .join(' | ')}`,
        );
    },
    rules === 'colour' ? COLOUR_RULES : null,
  );
}

async function apiLogin(server: TestServer, path: string, username: string, password: string) {
  const res = await fetch(`${server.baseURL}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  const body = (await res.json()) as { success: boolean; value: { token: string; permissions?: string[] } };
  if (!body.success) throw new Error(`login to ${path} failed`);
  return body.value;
}

/** What one test of a combination visits: split so each part has its own time limit and the two workers share them. */
type Part = 'guest' | 'player' | 'console';
const PARTS: Part[] = ['guest', 'player', 'console'];

async function checkPart(
  browser: Browser,
  server: TestServer,
  width: number,
  theme: Theme,
  lang: Lang,
  axe: 'all' | 'colour' | null,
  allAliases: boolean,
  part: Part,
): Promise<Problem[]> {
  const paths = allAliases ? PLAYER_PATHS : FIRST_PATHS;
  const problems: Problem[] = [];
  const context = await browser.newContext({
    baseURL: server.baseURL,
    viewport: { width, height: 800 },
    isMobile: width < 700,
    hasTouch: width < 700,
    reducedMotion: 'reduce',
  });
  await context.addInitScript(
    ([t, l]) => {
      localStorage.setItem('wps.theme', t);
      localStorage.setItem('wps.lang', l);
    },
    [theme, lang] as const,
  );
  const page = await context.newPage();
  // A page that asks for a feature the site has switched off gets a 403, and the browser logs it
  // as an error: a page asks only for what is on (issue 27). Guests' 401s are expected, 403s not.
  let refused: string[] = [];
  page.on('response', (res) => {
    if (res.status() === 403) refused.push(new URL(res.url()).pathname);
  });
  const check = async (where: string) => {
    const started = Date.now();
    for (const url of refused) problems.push({ where, what: `403 from ${url}` });
    refused = [];
    for (const what of await inspect(page, width)) problems.push({ where, what });
    if (axe) for (const what of await runAxe(page, axe)) problems.push({ where, what });
    if (process.env.LAYOUT_TIMING) console.log(where, Date.now() - started, problems.length);
  };

  if (part === 'guest') {
    // Logged out: every route (guarded ones end on home with the login popup, which is checked too).
    await page.goto('/');
    await settle(page);
    for (const path of paths) {
      await visit(page, path);
      await check(`guest ${path}`);
    }
  }

  if (part === 'player') {
    // Logged in (demo01, real money): every route again and every member-centre page.
    const { token } = await apiLogin(server, '/wps/session/login', 'demo01', 'Demo@1234');
    await page.goto(`/?token=${token}`);
    await expect(page.getByTestId('header-balance')).toBeVisible();
    for (const path of [...paths, ...MEMBER_PATHS]) {
      await visit(page, path);
      await check(`demo01 ${path}`);
    }

    // The agent centre, signed in as an agent: every page of its menu, where axe runs (its pages
    // share the player site's components; one pass per theme at phone width is enough).
    if (axe) {
      const agent = await apiLogin(server, '/wps/session/login', 'agent01', 'Agent@1234');
      await page.goto(`/agentHome?token=${agent.token}`);
      await settle(page);
      for (const m of AGENT_MENU) {
        if ('link' in m) continue;
        await visit(page, `/agentHome?page=${m.key}`);
        await check(`agent01 /agentHome?page=${m.key}`);
      }
    }
  }

  if (part === 'console') {
    await page.goto('/admin/login');
    await settle(page);
    await check('console sign-in');

    // The operator console, signed in.
    // The owner signs in with a second factor (enrolled through the API on first use).
    const op = await consoleSession(server, 'admin', 'Admin@1234');
    await page.evaluate(
      ({ token: t, permissions, role }) => {
        sessionStorage.setItem('wps.admin.token', t);
        sessionStorage.setItem('wps.admin.account', 'admin');
        sessionStorage.setItem('wps.admin.permissions', JSON.stringify(permissions));
        sessionStorage.setItem('wps.admin.role', role);
      },
      { token: op.token, permissions: op.permissions, role: op.role },
    );
    await page.goto(CONSOLE_PATHS[0] ?? '/admin');
    await settle(page);
    for (const path of CONSOLE_PATHS) {
      await visit(page, path);
      await check(`console ${path}`);
    }
  }
  await context.close();
  return problems;
}

test.describe('layout on every route', () => {
  // The file's parts spread over both workers instead of queuing on one.
  test.describe.configure({ mode: 'parallel' });
  for (const width of WIDTHS) {
    for (const { theme, lang } of COMBOS_AT[width]) {
      // axe in both themes; its rules do not depend on the language, English is enough. Every
      // rule in the first combination (aliases included), the colour rules in the other theme.
      const first = theme === COMBOS[0]?.theme && lang === COMBOS[0]?.lang;
      const axe = width === AXE_WIDTH && lang === 'EN' ? (first ? 'all' : 'colour') : null;
      const axeTitle = axe === 'all' ? ', axe clean' : axe === 'colour' ? ', axe colour rules clean' : '';
      for (const part of PARTS) {
        test(`${width}px ${theme} ${lang} ${part}: no sideways scroll, no covered button${axeTitle}`, async ({
          browser,
          server,
        }) => {
          // The logged-in part (every route, every member page and, with axe, the agent centre) is
          // the longest: about a minute on a quiet 2-core runner, three on a slow one.
          test.setTimeout(300_000);
          await seedWalletDemo(server);
          const problems = await checkPart(browser, server, width, theme, lang, axe, first, part);
          const report = [...new Set(problems.map((p) => `${p.where}: ${p.what}`))];
          expect(report, report.join('\n')).toEqual([]);
        });
      }
    }
  }
});
