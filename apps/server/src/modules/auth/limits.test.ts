import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { createTestApp, type TestApp } from '../../test/helper.ts';
import { redactTokenInUrl } from './hook.ts';
import { MemoryRateLimiter, type RateLimiter, RedisRateLimiter } from './limiter.ts';

/** Runs when TEST_REDIS_URL (or REDIS_URL) is set, e.g. redis://127.0.0.1:6379 (.ci/run sets it). */
const redisUrl = loadConfig().testRedisUrl ?? loadConfig().redisUrl;

async function windowBehaviour(limiter: RateLimiter) {
  const key = `test:${randomBytes(6).toString('hex')}`;
  const hits = [];
  for (let i = 0; i < 4; i++) hits.push(await limiter.hit(key, 3, 400));
  expect(hits.map((h) => h.allowed)).toEqual([true, true, true, false]);
  expect(hits.map((h) => h.count)).toEqual([1, 2, 3, 4]);
  expect(hits[3]!.retryAfterMs).toBeGreaterThan(0);
  expect(hits[3]!.retryAfterMs).toBeLessThanOrEqual(400);
  await new Promise((r) => setTimeout(r, 450));
  expect((await limiter.hit(key, 3, 400)).allowed).toBe(true);
  // Keys do not interfere.
  expect((await limiter.hit(`${key}:other`, 1, 400)).allowed).toBe(true);
}

describe('rate limiters', () => {
  it('memory: fixed window per key', async () => {
    const limiter = new MemoryRateLimiter();
    await windowBehaviour(limiter);
    await limiter.close();
  });

  it('memory: stays bounded under a flood of distinct keys', async () => {
    const limiter = new MemoryRateLimiter();
    for (let i = 0; i < 120_000; i++) await limiter.hit(`flood:${i}`, 1, 60_000);
    const size = (limiter as unknown as { windows: Map<string, unknown> }).windows.size;
    expect(size).toBeLessThanOrEqual(100_001);
    await limiter.close();
  });

  it.skipIf(!redisUrl)('redis (REDIS_URL): fixed window per key, shared by two clients', async () => {
    const a = new RedisRateLimiter(redisUrl!);
    const b = new RedisRateLimiter(redisUrl!);
    try {
      await windowBehaviour(a);
      const key = `test:shared:${randomBytes(6).toString('hex')}`;
      expect((await a.hit(key, 2, 5_000)).allowed).toBe(true);
      expect((await b.hit(key, 2, 5_000)).allowed).toBe(true);
      expect((await a.hit(key, 2, 5_000)).allowed).toBe(false);
    } finally {
      await a.close();
      await b.close();
    }
  });
});

describe('public identity endpoints', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ trustProxy: true });
  });
  afterAll(async () => {
    await t.close();
  });

  it('cap captcha images per address (60 a minute)', async () => {
    let last = 0;
    for (let i = 0; i < 61; i++) {
      last = (
        await t.app.inject({
          method: 'GET',
          url: '/wps/captcha',
          headers: { 'x-forwarded-for': '192.0.2.77' },
        })
      ).statusCode;
    }
    expect(last).toBe(429);
  });

  it('prune old identity rows but keep live ones and the audit', async () => {
    const { createMember } = await import('../../test/members.ts');
    const live = await createMember(t.app);
    const old = await createMember(t.app);
    await t.database.query(
      `update sessions set expires_at = now() - interval '8 days' where member_id = $1`,
      [old.id],
    );
    await t.database.query(
      `insert into login_audit (portal, login_type, account, ip, result) values ('player', 'username', 'x', '1.1.1.1', 'ok')`,
    );
    await t.app.services.auth.prune();
    const rows = await t.database.query('select member_id from sessions where member_id in ($1, $2)', [
      live.id,
      old.id,
    ]);
    expect(rows.map((r) => r.member_id)).toEqual([live.id]);
    expect((await t.database.query('select count(*)::int as n from login_audit'))[0]!.n).toBeGreaterThan(0);
  });

  it('list country dialing codes with Nepal first', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/wps/country/codes' });
    const list = res.json().value as Array<{
      countryCode: string;
      countryDialingCode: string;
      native: string;
    }>;
    expect(list[0]).toMatchObject({ countryCode: 'NP', countryDialingCode: '977', native: 'नेपाल' });
    expect(list.find((c) => c.countryCode === 'IN')?.countryDialingCode).toBe('91');
    expect(list.length).toBeGreaterThan(200);
  });

  it('describe every identity call in the OpenAPI document', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/docs/json' });
    expect(res.statusCode).toBe(200);
    const paths = Object.keys(res.json().paths);
    for (const p of [
      '/wps/session/login',
      '/wps/session/login/agent',
      '/wps/session/login/freeplay',
      '/wps/session/logout',
      '/wps/member/info',
      '/wps/member/register',
      '/wps/member/register/mobile',
      '/wps/member/password',
      '/wps/member/password/email',
      '/wps/member/password/verification',
      '/wps/verification/sms/noLogin',
      '/wps/verification/sms/register',
      '/wps/verification/sms/login',
      '/wps/captcha',
      '/wps/captcha/altcha',
      '/wps/agent/affiliate',
      '/wps/admin/session/login',
    ]) {
      expect(paths, p).toContain(p);
    }
  });
});

describe('request logs', () => {
  it('never carry a session token from the query string', () => {
    expect(redactTokenInUrl('/?token=abcDEF_-123')).toBe('/?token=[redacted]');
    expect(redactTokenInUrl('/member?lang=ne&token=abc&x=1')).toBe('/member?lang=ne&token=[redacted]&x=1');
    expect(redactTokenInUrl('/wps/member/info?TOKEN=abc#frag')).toBe(
      '/wps/member/info?TOKEN=[redacted]#frag',
    );
    expect(redactTokenInUrl('/wps/captcha?captchaKey=abc')).toBe('/wps/captcha?captchaKey=abc');
  });
});
