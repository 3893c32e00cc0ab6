import { memberRole } from '@wps/contract';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/helper.ts';
import { createMember, createOperator } from '../test/members.ts';
import { isNonCanonicalPath } from './route-guards.ts';

// 8.8.8.8 is in the US in the GeoLite2 data the system module reads.
const US_IP = '8.8.8.8';

const hex = (c: string, lower: boolean) => {
  const h = c.charCodeAt(0).toString(16).padStart(2, '0');
  return `%${lower ? h : h.toUpperCase()}`;
};

/**
 * Every other way to write `path` a client could try: each character percent-encoded (upper and
 * lower hex), doubled slashes, dot segments, case changes and trailing characters.
 */
export function spellings(path: string): string[] {
  const out = new Set<string>();
  for (let i = 0; i < path.length; i++) {
    for (const lower of [false, true]) out.add(path.slice(0, i) + hex(path[i]!, lower) + path.slice(i + 1));
  }
  const segments = path.split('/').slice(1);
  for (let i = 0; i <= segments.length; i++) {
    const head = `/${segments.slice(0, i).join('/')}`;
    const tail = segments.slice(i).join('/');
    const join = (mid: string) => `${head === '/' ? '' : head}${mid}${tail ? `/${tail}` : ''}`;
    out.add(join('/'));
    out.add(join('/.'));
    out.add(join('/x/..'));
    out.add(join('/%2e'));
    out.add(join('/%2E%2E/wps'));
  }
  out.add(`/${path}`);
  out.add(path.toUpperCase());
  out.add(path.replace(/\/(\w)/g, (_m, c: string) => `/${c.toUpperCase()}`));
  out.add(path.replace('wps', 'WPS'));
  for (const t of [
    ';',
    ';x=1',
    '%00',
    '/',
    '//',
    '/.',
    '.',
    '%20',
    '%2F',
    '%3B',
    '#',
    '?',
    '?x=%00',
    '%23',
    '%3F',
    '\\',
  ]) {
    out.add(path + t);
  }
  out.add(path.replace(/\//g, '\\'));
  out.delete(path);
  return [...out];
}

interface Case {
  method: 'GET' | 'POST';
  path: string;
  headers: Record<string, string>;
  payload?: unknown;
}

/** Sends every spelling; each must be refused exactly like `expected`, or answer the 404 envelope. */
async function expectGuarded(t: TestApp, c: Case, expected: { status: number; code: string }) {
  const send = (url: string) =>
    t.app.inject({ method: c.method, url, headers: c.headers, ...(c.payload ? { payload: c.payload } : {}) });
  const canonical = await send(c.path);
  expect(canonical.statusCode, `${c.method} ${c.path}`).toBe(expected.status);
  expect(canonical.json().code).toBe(expected.code);
  const leaks: string[] = [];
  for (const url of spellings(c.path)) {
    let res: LightMyRequestResponse;
    try {
      res = await send(url);
    } catch {
      continue; // light-my-request refuses to even send some spellings: nothing reached us
    }
    const body = String(res.headers['content-type'] ?? '').includes('json') ? res.json() : null;
    const same = res.statusCode === expected.status && body?.code === expected.code;
    // With the web app built, an unknown page is the SPA's own not-found view (HTML, 404): no handler ran.
    const spaNotFound =
      res.statusCode === 404 && String(res.headers['content-type'] ?? '').startsWith('text/html');
    const notFound = (res.statusCode === 404 && body?.code === 'NOT_FOUND') || spaNotFound;
    // A NUL byte in the path is refused before routing, whatever the method.
    const unreadable =
      res.statusCode === 400 && body?.code === 'VALIDATION' && (c.method !== 'GET' || url.includes('%00'));
    if (!same && !notFound && !unreadable) leaks.push(`${url} → ${res.statusCode} ${body?.code}`);
  }
  expect(leaks, `${c.method} ${c.path}`).toEqual([]);
}

describe('path guards decide on the matched route, whatever the spelling', () => {
  let t: TestApp;
  let player: { token: string };
  beforeAll(async () => {
    t = await createTestApp({ trustProxy: true });
    player = await createMember(t.app);
  });
  afterAll(async () => {
    await t.close();
  });

  it('knows which raw paths are non-canonical', () => {
    expect(isNonCanonicalPath('/%77ps/member/info')).toBe(true);
    expect(isNonCanonicalPath('/wps//member/info')).toBe(true);
    expect(isNonCanonicalPath('/wps/./member/info')).toBe(true);
    expect(isNonCanonicalPath('/wps/x/../member/info')).toBe(true);
    expect(isNonCanonicalPath('/wps/member/info?next=//x&a=%77')).toBe(false);
    expect(isNonCanonicalPath('/wps/member/info')).toBe(false);
    expect(isNonCanonicalPath('/promo/%E0%A4%A8')).toBe(false);
  });

  it('maintenance refuses every spelling of member and cashier calls', async () => {
    await t.app.services.system.setMaintenance({ enabled: true, message: null }, 'test');
    try {
      const maintenance = { status: 503, code: 'MAINTENANCE' };
      await expectGuarded(
        t,
        { method: 'GET', path: '/wps/member/info', headers: { token: player.token } },
        maintenance,
      );
      await expectGuarded(
        t,
        {
          method: 'POST',
          path: '/wps/cashier/withdrawals',
          headers: { token: player.token },
          payload: { payoutAccountId: 1, amount: '100.00', paymentPassword: 'x' },
        },
        maintenance,
      );
      // The game and lottery gateways too (issue 28: they answered through maintenance).
      for (const url of [
        '/lgw/games/game_menus',
        '/lgw/vn/games/game_menu',
        '/lotto/lgw/games/opened/numero',
      ]) {
        const res = await t.app.inject({ method: 'GET', url, headers: { token: player.token } });
        expect(res.statusCode, url).toBe(503);
        expect(res.json(), url).toMatchObject({ success: false, code: 'MAINTENANCE' });
      }
      // The always-open list follows the route too: state pages still answer.
      const open = await t.app.inject({ method: 'GET', url: '/wps/system/status' });
      expect(open.statusCode).toBe(200);
      // Vendors still settle rounds in play: their wallet calls are not refused for maintenance.
      const vendor = await t.app.inject({
        method: 'POST',
        url: '/seamless/v1/SANDBOX/balance',
        payload: { username: 'nobody' },
      });
      expect(vendor.json().code).not.toBe('MAINTENANCE');
    } finally {
      await t.app.services.system.setMaintenance({ enabled: false, message: null }, 'test');
    }
  });

  it('a region block refuses every spelling of login', async () => {
    await t.app.services.system.setBlockedCountries(['US']);
    try {
      await expectGuarded(
        t,
        {
          method: 'POST',
          path: '/wps/session/login',
          headers: { 'x-forwarded-for': US_IP },
          payload: { username: 'demo01', password: 'Demo@1234' },
        },
        { status: 403, code: 'REGION_BLOCKED' },
      );
    } finally {
      await t.app.services.system.setBlockedCountries([]);
    }
  });

  it('a forced password change refuses every spelling of other writes', async () => {
    const member = await createMember(t.app);
    const { token } = await t.app.services.auth.sessions.open({
      memberId: member.id,
      role: memberRole(0),
      loginType: 'test',
      mustChangePassword: true,
    });
    await expectGuarded(
      t,
      {
        method: 'POST',
        path: '/wps/cashier/withdrawals',
        headers: { token },
        payload: { payoutAccountId: 1, amount: '100.00', paymentPassword: 'x' },
      },
      { status: 403, code: 'FORBIDDEN' },
    );
    // Reads that start play are refused too (issue 28); other reads still answer.
    for (const url of ['/wps/game/launchGame?gameId=1', '/lgw/vn/games/launch?gameCode=VN_NORTH']) {
      const res = await t.app.inject({ method: 'GET', url, headers: { token } });
      expect(res.statusCode, url).toBe(403);
      expect(res.json().message, url).toMatch(/change your password/i);
    }
    expect(
      (await t.app.inject({ method: 'GET', url: '/wps/member/info', headers: { token } })).statusCode,
    ).toBe(200);
  });

  it('the operator area refuses players and anonymous callers under every spelling', async () => {
    await expectGuarded(
      t,
      { method: 'GET', path: '/wps/admin/audit', headers: { token: player.token } },
      { status: 403, code: 'FORBIDDEN' },
    );
    await expectGuarded(
      t,
      { method: 'GET', path: '/wps/admin/cashier/withdrawals', headers: {} },
      { status: 401, code: 'UNAUTHORIZED' },
    );
    const operator = await createOperator(t.app, { permissions: ['*'] });
    const res = await t.app.inject({
      method: 'GET',
      url: '/wps/admin/audit',
      headers: { token: operator.token },
    });
    expect(res.statusCode).toBe(200);
  });
});
