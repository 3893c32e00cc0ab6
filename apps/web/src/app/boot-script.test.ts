import { runInNewContext } from 'node:vm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type BootManifest, bootScript, GAME_MENUS } from '../../build/boot-preloads.ts';
import { getGameMenus } from '../features/games/api/get-game-menus.ts';
import { configureApiClient } from '../shared/api/client.ts';

/**
 * A build's manifest in small: two pages (/promotions public, /member guarded) and /login, each
 * with its chunks and its catalogues; `catalogues` holds each namespace's English and Nepali chunk.
 */
const MANIFEST: BootManifest = {
  files: [
    '/assets/common-en.js',
    '/assets/common-ne.js',
    '/assets/games-en.js',
    '/assets/games-ne.js',
    '/assets/promotions-en.js',
    '/assets/promotions-ne.js',
    '/assets/promotions-page.js',
    '/assets/member-page.js',
    '/assets/home-page.js',
    '/assets/login-popup.js',
    '/assets/auth-en.js',
    '/assets/auth-ne.js',
  ],
  lang: { en: 0, ne: 1 },
  lists: [[6], [1], [7], [], [8, 9], [2]],
  catalogues: [
    [2, 3],
    [4, 5],
    [10, 11],
  ],
  namespaces: ['games', 'promotions', 'auth'],
  shell: [0],
  pages: { '/promotions': [0, 1, 0], '/member': [2, 3, 1], '/login': [4, 5, 0] },
};

/** Runs the boot script as a page at `url` would, and returns what it started. */
function boot(url: string, stored: { token?: string; lang?: string } = {}) {
  const head: Array<{ rel: string; href: string }> = [];
  const fetched: string[] = [];
  const timers: Array<() => void> = [];
  const window: Record<string, unknown> = {};
  const { pathname, search } = new URL(url, 'https://wps.test');
  runInNewContext(bootScript(MANIFEST), {
    window,
    location: { pathname, search },
    localStorage: { getItem: (k: string) => (k === 'wps.lang' ? (stored.lang ?? null) : null) },
    sessionStorage: { getItem: (k: string) => (k === 'token' ? (stored.token ?? null) : null) },
    fetch: (u: string) => {
      fetched.push(u);
      return Promise.resolve();
    },
    document: {
      createElement: () => ({ rel: '', href: '' }),
      head: { appendChild: (el: { rel: string; href: string }) => head.push(el) },
    },
    setTimeout: (fn: () => void) => timers.push(fn),
  });
  while (timers.length) timers.shift()?.();
  return {
    preloaded: head.filter((l) => l.rel === 'modulepreload').map((l) => l.href),
    fetched,
    pageNamespaces: window.__wpsPageNs,
  };
}

describe('boot script (build/boot-preloads.ts)', () => {
  it("starts the start-up calls, preloads the language's catalogues and the page's chunks, and names the page's namespaces for the entry", () => {
    const run = boot('/promotions');
    expect(run.fetched).toEqual([
      '/wps/system/status',
      '/wps/system/permission',
      '/lgw/games/game_menus?platform=html5-desktop',
    ]);
    expect(run.preloaded).toEqual([
      '/assets/common-en.js',
      '/assets/games-en.js',
      '/assets/promotions-en.js',
      '/assets/promotions-page.js',
    ]);
    // main.tsx loads these with the shell's before its first render: the page never suspends on them.
    expect(run.pageNamespaces).toEqual(['promotions']);
  });

  it('takes Nepali catalogues for a Nepali visitor', () => {
    expect(boot('/promotions', { lang: 'NE' }).preloaded).toEqual([
      '/assets/common-ne.js',
      '/assets/games-ne.js',
      '/assets/promotions-ne.js',
      '/assets/promotions-page.js',
    ]);
  });

  it('prepares /login (the home and its popup) for a guarded page opened without a session', () => {
    const guest = boot('/member?page=depositv2');
    expect(guest.preloaded).toEqual([
      '/assets/common-en.js',
      '/assets/games-en.js',
      '/assets/auth-en.js',
      '/assets/home-page.js',
      '/assets/login-popup.js',
    ]);
    expect(guest.pageNamespaces).toEqual(['auth']);
    // A stored session, or one arriving in the address (SPEC §2 ?token=), opens the page itself.
    for (const run of [boot('/member', { token: 'abc' }), boot('/member?token=abc')]) {
      expect(run.preloaded).toEqual([
        '/assets/common-en.js',
        '/assets/games-en.js',
        '/assets/member-page.js',
      ]);
      expect(run.pageNamespaces).toEqual([]);
    }
  });

  it('names no page namespaces for an address with no page of its own', () => {
    const run = boot('/no-such-page');
    expect(run.preloaded).toEqual(['/assets/common-en.js', '/assets/games-en.js']);
    expect(run.pageNamespaces).toEqual([]);
  });

  afterEach(() => configureApiClient(null));

  it('asks for the game menus exactly as the shell does, so the API client adopts the early answer', async () => {
    const fetchMock = vi.fn(
      async (_url: string) =>
        new Response(JSON.stringify({ success: true, code: 'OK', message: '', value: [] }), { status: 200 }),
    );
    configureApiClient({
      fetch: fetchMock as unknown as typeof fetch,
      token: () => null,
      lang: () => 'EN',
      networkMessage: () => 'offline',
    });
    await getGameMenus();
    expect(fetchMock.mock.calls[0]?.[0]).toBe(GAME_MENUS);
  });
});
