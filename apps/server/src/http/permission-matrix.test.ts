import { createECDH } from 'node:crypto';
import {
  hasPermission,
  OPERATOR_ROLES,
  type OperatorRole,
  PERMISSIONS,
  ROLE_PERMISSIONS,
} from '@wps/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/helper.ts';
import { createMember, createOperator } from '../test/members.ts';
import { type RouteEntry, routeTable } from './route-guards.ts';

/**
 * The permission matrix, generated from the route table: every `/wps/admin/*` route names the
 * permission its guard checks, and every role gets exactly what ROLE_PERMISSIONS says — 403
 * FORBIDDEN when the role lacks the permission, never 401/403 FORBIDDEN otherwise (a 400 or 404
 * for the placeholder input is fine). A player is refused everywhere, an anonymous caller asked
 * to sign in.
 */

/** Calls every operator may make whatever the role: sign-in steps, own session and enrolment. */
const SESSION_ROUTES = new Set([
  '/wps/admin/session/login',
  '/wps/admin/session/login/totp',
  '/wps/admin/session/logout',
  '/wps/admin/session/me',
  '/wps/admin/session/totp',
  '/wps/admin/session/totp/enrol',
  '/wps/admin/session/totp/confirm',
]);

let t: TestApp;
let routes: RouteEntry[];
const tokens = new Map<OperatorRole, string>();
let playerToken: string;

/** A concrete URL for a route pattern: ids that exist nowhere, codes no one uses. */
const concrete = (url: string) =>
  url
    .replace(/:([A-Za-z]*[iI]d)\b/g, '999999')
    .replace(/:[A-Za-z_]+/g, 'NOPE_1')
    .replace(/\*$/, 'nothing');

const hit = (r: RouteEntry, token: string | null) =>
  t.app.inject({
    method: r.method as 'GET',
    url: concrete(r.url),
    headers: token ? { token } : {},
    ...(['POST', 'PUT', 'PATCH', 'DELETE'].includes(r.method) ? { payload: {} } : {}),
  });

beforeAll(async () => {
  // One live host, so the host rooms' player calls (issue 31) have a room to answer for.
  t = await createTestApp({ liveHosts: [{ id: 'matrix', name: 'Matrix', avatarUrl: null, online: true }] });
  routes = routeTable(t.app).filter(
    (r) =>
      (r.url === '/wps/admin' || r.url.startsWith('/wps/admin/')) &&
      !SESSION_ROUTES.has(r.url) &&
      r.method !== 'HEAD' &&
      r.method !== 'OPTIONS',
  );
  for (const role of OPERATOR_ROLES) tokens.set(role, (await createOperator(t.app, { role })).token);
  playerToken = (await createMember(t.app)).token;
}, 120_000);
afterAll(() => t.close());

describe('permission matrix (generated from the route table)', () => {
  it('finds the admin routes', () => {
    expect(routes.length).toBeGreaterThan(30);
    expect(routes.map((r) => r.url)).toContain('/wps/admin/operators');
    // The jackpot console (issue 31) is guarded like every console route.
    expect(
      routes.filter((r) => r.url.startsWith('/wps/admin/jackpot/')).map((r) => `${r.method} ${r.url}`),
    ).toEqual(
      expect.arrayContaining([
        'GET /wps/admin/jackpot/pools',
        'PATCH /wps/admin/jackpot/pools/:id',
        'GET /wps/admin/jackpot/pools/:id/history',
        'POST /wps/admin/jackpot/pools/:id/trigger',
      ]),
    );
  });

  it('guards the support console (issue 31) with the support permission', () => {
    const support = Object.fromEntries(
      routes
        .filter((r) => r.url.startsWith('/wps/admin/support/'))
        .map((r) => [`${r.method} ${r.url}`, r.permission]),
    );
    expect(support).toEqual({
      'GET /wps/admin/support/conversations': 'support',
      'GET /wps/admin/support/conversations/:id': 'support',
      'POST /wps/admin/support/conversations/:id/messages': 'support',
      'POST /wps/admin/support/conversations/:id/attachments': 'support',
      'POST /wps/admin/support/conversations/:id/assign': 'support',
      'POST /wps/admin/support/conversations/:id/transfer': 'support',
      'POST /wps/admin/support/conversations/:id/close': 'support',
      'GET /wps/admin/support/operators': 'support',
      'GET /wps/admin/support/attachments/:id': 'support',
      'GET /wps/admin/support/canned': 'support',
      'POST /wps/admin/support/canned': 'support',
      'PUT /wps/admin/support/canned/:id': 'support',
      'DELETE /wps/admin/support/canned/:id': 'support',
    });
  });

  it('guards the host rooms console (issue 31) with the rooms permission', () => {
    const rooms = Object.fromEntries(
      routes
        .filter((r) => r.url === '/wps/admin/rooms' || r.url.startsWith('/wps/admin/rooms/'))
        .map((r) => [`${r.method} ${r.url}`, r.permission]),
    );
    expect(rooms).toEqual({
      'GET /wps/admin/rooms': 'rooms',
      'GET /wps/admin/rooms/words': 'rooms',
      'PUT /wps/admin/rooms/words': 'rooms',
      'GET /wps/admin/rooms/:room/messages': 'rooms',
      'DELETE /wps/admin/rooms/:room/messages/:id': 'rooms',
      'GET /wps/admin/rooms/:room/sanctions': 'rooms',
      'POST /wps/admin/rooms/:room/members/:memberId/mute': 'rooms',
      'POST /wps/admin/rooms/:room/members/:memberId/unmute': 'rooms',
      'POST /wps/admin/rooms/:room/members/:memberId/ban': 'rooms',
      'POST /wps/admin/rooms/:room/members/:memberId/unban': 'rooms',
    });
  });

  it('has no admin route without a permission, and every permission is a known one', () => {
    const missing = routes.filter((r) => !r.permission).map((r) => `${r.method} ${r.url}`);
    expect(missing).toEqual([]);
    const unknown = routes.filter((r) => !(PERMISSIONS as readonly string[]).includes(r.permission ?? ''));
    expect(unknown.map((r) => `${r.method} ${r.url} (${r.permission})`)).toEqual([]);
  });

  for (const role of OPERATOR_ROLES) {
    it(`answers the ${role} role exactly as ROLE_PERMISSIONS says`, async () => {
      const token = tokens.get(role)!;
      const wrong: string[] = [];
      for (const r of routes) {
        const allowed = hasPermission(ROLE_PERMISSIONS[role], r.permission ?? '');
        const res = await hit(r, token);
        const code = res.json().code as string;
        const refused = res.statusCode === 403 && code === 'FORBIDDEN';
        if (allowed ? refused || res.statusCode === 401 || code === 'TOTP_ENROLMENT_REQUIRED' : !refused) {
          wrong.push(`${r.method} ${r.url} [${r.permission}] → ${res.statusCode} ${code}`);
        }
      }
      expect(wrong).toEqual([]);
    }, 120_000);
  }

  it('refuses a player on every admin route and asks an anonymous caller to sign in', async () => {
    const wrong: string[] = [];
    for (const r of routes) {
      const player = await hit(r, playerToken);
      if (player.statusCode !== 403) wrong.push(`player ${r.method} ${r.url} → ${player.statusCode}`);
      const anon = await hit(r, null);
      if (anon.statusCode !== 401) wrong.push(`anonymous ${r.method} ${r.url} → ${anon.statusCode}`);
    }
    expect(wrong).toEqual([]);
  }, 120_000);
});

/**
 * Routes authenticated by a signature instead of a session (the Hub88 wallet API, issue 29): no
 * session of any kind opens them. Unsigned, every caller gets RS_ERROR_INVALID_SIGNATURE (HTTP 200,
 * as the protocol answers every outcome) and nothing else happens; the launch route that sends a
 * player to an aggregator game opens only with a one-time launch token.
 */
describe('signature-authenticated routes (aggregator)', () => {
  it('refuses every unsigned call, whatever session the caller holds', async () => {
    const signed = routeTable(t.app).filter(
      (r) => r.url.startsWith('/aggregator/hub88/') && r.method === 'POST',
    );
    expect(signed.map((r) => r.url).sort()).toEqual(
      [
        '/aggregator/hub88/transaction/bet',
        '/aggregator/hub88/transaction/rollback',
        '/aggregator/hub88/transaction/win',
        '/aggregator/hub88/user/balance',
        '/aggregator/hub88/user/info',
      ].sort(),
    );
    const operatorToken = (await createOperator(t.app, { permissions: ['*'] })).token;
    const wrong: string[] = [];
    for (const r of signed) {
      for (const [who, token] of [
        ['anonymous', null],
        ['player', playerToken],
        ['operator', operatorToken],
      ] as const) {
        const res = await t.app.inject({
          method: 'POST',
          url: r.url,
          headers: token ? { token, authorization: `Bearer ${token}` } : {},
          payload: { user: 'nobody', request_uuid: 'matrix-1' },
        });
        const status = res.json().status;
        if (res.statusCode !== 200 || status !== 'RS_ERROR_INVALID_SIGNATURE')
          wrong.push(`${who} ${r.url} → ${res.statusCode} ${status}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('guards the aggregator console: games for the catalogue and rounds, promotions for free spins', () => {
    const guards = Object.fromEntries(
      routes
        .filter((r) => r.url.startsWith('/wps/admin/aggregator/'))
        .map((r) => [`${r.method} ${r.url}`, r.permission]),
    );
    expect(guards).toEqual({
      'POST /wps/admin/aggregator/hub88/games/import': 'games',
      'GET /wps/admin/aggregator/hub88/rounds/:round': 'games',
      'GET /wps/admin/aggregator/hub88/status': 'games',
      'GET /wps/admin/aggregator/hub88/freebets/prepaids': 'promotions',
      'GET /wps/admin/aggregator/hub88/freebets': 'promotions',
      'POST /wps/admin/aggregator/hub88/freebets': 'promotions',
    });
  });

  it('opens an aggregator game only with a valid one-time launch token, not a session', async () => {
    const res = await t.app.inject({
      url: '/wps/aggregator/hub88/launch?token=not-a-launch-token',
      headers: { token: playerToken },
    });
    expect(res.statusCode).toBe(401);
  });
});

/**
 * Deposits through eSewa and Khalti (issue 29): starting one needs a real account's session (no
 * trial member, no operator, nobody anonymous); the provider returns take no session at all (the
 * browser comes back from the provider without our token) and credit nothing by themselves.
 */
describe('payment routes (issue 29)', () => {
  it('lets only real accounts start a deposit or list the providers', async () => {
    const trial = await createMember(t.app, { type: 4 });
    const agent = await createMember(t.app, { type: 1 });
    const operatorToken = (await createOperator(t.app, { permissions: ['*'] })).token;
    const wrong: string[] = [];
    for (const [method, url, payload] of [
      ['GET', '/wps/payments/channels', undefined],
      ['POST', '/wps/payments/esewa/deposits', { amount: '100', requestId: 'matrix-request-1' }],
      ['POST', '/wps/payments/khalti/deposits', { amount: '100', requestId: 'matrix-request-2' }],
    ] as const) {
      for (const [who, token, want] of [
        ['anonymous', null, 401],
        ['operator', operatorToken, 403],
        ['trial', trial.token, 403],
        ['player', playerToken, 200],
        ['agent', agent.token, 200],
      ] as const) {
        const res = await t.app.inject({
          method,
          url,
          headers: token ? { token } : {},
          ...(payload ? { payload } : {}),
        });
        if (res.statusCode !== want) wrong.push(`${who} ${method} ${url} → ${res.statusCode}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('answers the provider returns the same with or without a session, and credits nothing unproven', async () => {
    const operatorToken = (await createOperator(t.app, { permissions: ['*'] })).token;
    for (const token of [null, playerToken, operatorToken]) {
      for (const url of [
        '/wps/payments/esewa/return?data=e30=',
        '/wps/payments/esewa/return?failed=WPS-NOPE',
        '/wps/payments/khalti/return?pidx=nope&status=Completed&amount=100000',
      ]) {
        const res = await t.app.inject({ url, headers: token ? { token } : {} });
        expect(res.statusCode).toBe(303);
        expect(String(res.headers.location)).toContain('outcome=refused');
      }
    }
  });
});

/**
 * The member's own reads and links (issue 31): the credit report for any member session (a trial
 * account reads its play money), invite links for real accounts only; operators and anonymous
 * callers never. Whose data each answers is tested in credit-report.test.ts and links.test.ts.
 */
describe('member-owned routes (issue 31)', () => {
  it('lets the right sessions in and keeps the others out', async () => {
    const trial = await createMember(t.app, { type: 4 });
    const agent = await createMember(t.app, { type: 1 });
    const operatorToken = (await createOperator(t.app, { permissions: ['*'] })).token;
    const wrong: string[] = [];
    for (const [method, url, payload, trialWant] of [
      ['GET', '/wps/cashier/credit-report', undefined, 200],
      ['GET', '/wps/invite-links', undefined, 403],
      ['POST', '/wps/invite-links', { name: 'Matrix', channel: 'OTHER' }, 403],
      ['PATCH', '/wps/invite-links/999999', { name: 'Matrix' }, 403],
    ] as const) {
      const ownWant = method === 'PATCH' ? 404 : 200;
      for (const [who, token, want] of [
        ['anonymous', null, 401],
        ['operator', operatorToken, 403],
        ['trial', trial.token, trialWant],
        ['player', playerToken, ownWant],
        ['agent', agent.token, ownWant],
      ] as const) {
        const res = await t.app.inject({
          method,
          url,
          headers: token ? { token } : {},
          ...(payload ? { payload } : {}),
        });
        if (res.statusCode !== want) wrong.push(`${who} ${method} ${url} → ${res.statusCode}`);
      }
    }
    expect(wrong).toEqual([]);
  });
});

/**
 * Web Push (issue 31): the VAPID key is public; a device subscription is a member's own (player,
 * trial or agent), never an operator's. This app has push off (no subject), so a member's
 * subscription reaches the handler and is told NOT_ENABLED, where others are stopped by the guard.
 * The routes' own behaviour is tested in modules/push/push.test.ts.
 */
describe('push subscriptions (issue 31)', () => {
  it('gives the key to anyone and takes subscriptions from member sessions only', async () => {
    const trial = await createMember(t.app, { type: 4 });
    const agent = await createMember(t.app, { type: 1 });
    const operatorToken = (await createOperator(t.app, { permissions: ['*'] })).token;
    const browser = createECDH('prime256v1');
    browser.generateKeys();
    const subscription = {
      endpoint: 'https://push.example.net/send/matrix',
      keys: { p256dh: browser.getPublicKey().toString('base64url'), auth: 'AAAAAAAAAAAAAAAAAAAAAA' },
    };
    const wrong: string[] = [];
    for (const [method, url, payload, memberWant] of [
      ['GET', '/wps/push/key', undefined, 'OK'],
      ['POST', '/wps/push/subscriptions', subscription, 'NOT_ENABLED'],
      ['DELETE', '/wps/push/subscriptions', { endpoint: subscription.endpoint }, 'OK'],
    ] as const) {
      const open = method === 'GET';
      for (const [who, token, want] of [
        ['anonymous', null, open ? 'OK' : 'UNAUTHORIZED'],
        ['operator', operatorToken, open ? 'OK' : 'FORBIDDEN'],
        ['trial', trial.token, memberWant],
        ['player', playerToken, memberWant],
        ['agent', agent.token, memberWant],
      ] as const) {
        const res = await t.app.inject({
          method,
          url,
          headers: token ? { token } : {},
          ...(payload ? { payload } : {}),
        });
        if (res.json().code !== want)
          wrong.push(`${who} ${method} ${url} → ${res.statusCode} ${res.json().code}`);
      }
    }
    expect(wrong).toEqual([]);
  });
});

/**
 * Host rooms, the site's side (issue 31): anyone reads a room, a guest too; only a real member's
 * session posts (a trial account reads only, an operator moderates from the console instead).
 */
describe('host room routes (issue 31)', () => {
  it('lets anyone read and only members with a real account post', async () => {
    const trial = await createMember(t.app, { type: 4 });
    const agent = await createMember(t.app, { type: 1 });
    const operatorToken = (await createOperator(t.app, { permissions: ['*'] })).token;
    const wrong: string[] = [];
    for (const [method, url, payload, open] of [
      ['GET', '/wps/rooms/matrix', undefined, true],
      ['GET', '/wps/rooms/matrix/messages', undefined, true],
      ['POST', '/wps/rooms/matrix/messages', { text: 'matrix' }, false],
    ] as const) {
      for (const [who, token, want] of [
        ['anonymous', null, open ? 200 : 401],
        ['operator', operatorToken, open ? 200 : 403],
        ['trial', trial.token, open ? 200 : 403],
        ['player', playerToken, 200],
        ['agent', agent.token, 200],
      ] as const) {
        const res = await t.app.inject({
          method,
          url,
          headers: token ? { token } : {},
          ...(payload ? { payload } : {}),
        });
        if (res.statusCode !== want) wrong.push(`${who} ${method} ${url} → ${res.statusCode}`);
      }
    }
    expect(wrong).toEqual([]);
  });
});
