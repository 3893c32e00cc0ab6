import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helper.ts';
import { eventually } from '../../test/instances.ts';
import { createMember } from '../../test/members.ts';
import { MEMBER_INFO_CACHE_MS, MemberInfoCache, memberInfoBase } from './info.ts';

/**
 * Member info cached per process (info.ts), on the embedded PGlite by default and on PostgreSQL
 * with TEST_DATABASE_URL: served without reading the member again, and every change to what it
 * shows is served on the next read, whichever path made it.
 */
describe('member info cache', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  const info = async (token: string) => {
    const res = await t.app.inject({ method: 'GET', url: '/wps/member/info', headers: { token } });
    expect(res.statusCode).toBe(200);
    return res.json().value;
  };
  /** A member whose info is cached (read twice). */
  const cached = async () => {
    const m = await createMember(t.app);
    await info(m.token);
    await info(m.token);
    return m;
  };

  it('serves a member without reading the member row again, and each member only their own', async () => {
    const a = await createMember(t.app);
    const b = await createMember(t.app);
    const read = vi.spyOn(t.app.services.members, 'getById');
    expect(await info(a.token)).toMatchObject({ id: a.id, account: a.account });
    expect(await info(b.token)).toMatchObject({ id: b.id, account: b.account });
    expect(await info(a.token)).toMatchObject({ id: a.id, account: a.account });
    expect(await info(b.token)).toMatchObject({ id: b.id, account: b.account });
    expect(read).toHaveBeenCalledTimes(2);
    read.mockRestore();
  });

  it("answers the same as the member's row would", async () => {
    const m = await cached();
    const row = await t.app.services.members.getById(m.id);
    expect(await info(m.token)).toEqual(
      JSON.parse(JSON.stringify({ ...memberInfoBase(row!), mustChangePassword: false })),
    );
  });

  // Every MembersService write that changes what member info shows.
  const changes: Array<[string, (id: number) => Promise<unknown>, (v: Record<string, unknown>) => void]> = [
    [
      'profile fields',
      (id) => t.app.services.members.updateProfile(id, { telegram: '@changed' }),
      (v) => expect((v.profile as Record<string, unknown>).telegram).toBe('@changed'),
    ],
    ['language', (id) => t.app.services.members.setLanguage(id, 'ne'), (v) => expect(v.language).toBe('ne')],
    [
      'avatar',
      (id) => t.app.services.members.setIcon(id, '00000000-0000-4000-8000-000000000001'),
      (v) => expect(v.iconUrl).toBe('/wps/cashier/uploads/00000000-0000-4000-8000-000000000001'),
    ],
    [
      'bound email',
      (id) => t.app.services.members.bindEmail(id, `x${id}@example.com`),
      (v) => expect(v).toMatchObject({ emailVerified: true, email: expect.stringContaining('@example.com') }),
    ],
    [
      'bound mobile',
      (id) => t.app.services.members.bindMobile(id, '977', `98${String(id).padStart(8, '0')}`),
      (v) => expect(v.mobileVerified).toBe(true),
    ],
    [
      'payment password',
      (id) => t.app.services.members.setPaymentPassword(id, '246810'),
      (v) => expect(v.hasPaymentPassword).toBe(true),
    ],
    [
      'last login',
      (id) => t.app.services.members.recordLogin(id, '198.51.100.7'),
      (v) => expect(v.lastLoginAt).not.toBeNull(),
    ],
    [
      'first login done',
      (id) => t.app.services.members.completeFirstLogin(id),
      (v) => expect(v.firstTimeLogin).toBe(false),
    ],
    [
      'made an agent',
      (id) => t.app.services.members.promoteToAgent(id),
      (v) => expect(v).toMatchObject({ isAgent: true, affiliateCode: expect.any(String) }),
    ],
  ];
  for (const [what, change, shows] of changes) {
    it(`serves a changed ${what} on the next read`, async () => {
      const m = await cached();
      await change(m.id);
      shows(await info(m.token));
    });
  }

  // The operator console's player edits write the member row in their own transactions
  // (players/service.ts): they too are served on the next read, without waiting for the
  // asynchronous wps_auth notice (held back here, as on a busy server).
  const consoleChanges: Array<
    [string, (id: number) => Promise<unknown>, (v: Record<string, unknown>) => void]
  > = [
    [
      'real name from the console',
      (id) => t.app.services.players.setIdentity(operator, id, { payeeName: 'Gita Kumari Rai' }),
      (v) => expect(v.payeeName).toBe('Gita Kumari Rai'),
    ],
    [
      'upline from the console',
      async (id) => {
        const up = await createMember(t.app);
        await t.app.services.members.promoteToAgent(up.id);
        await t.app.services.players.move(operator, id, up.account);
        return up;
      },
      (v) => expect(v.parentId).not.toBeNull(),
    ],
  ];
  const operator = { id: 1, account: 'admin' };
  for (const [what, change, shows] of consoleChanges) {
    it(`serves a changed ${what} on the next read, before its notice arrives`, async () => {
      const m = await cached();
      const notices = vi
        .spyOn(t.app.services.members.infoCache, 'forget')
        .mockImplementation(() => undefined);
      try {
        await change(m.id);
        shows(await info(m.token));
      } finally {
        notices.mockRestore();
      }
    });
  }

  it('serves the first-login call of the route on the next read', async () => {
    const m = await cached();
    expect((await info(m.token)).firstTimeLogin).toBe(true);
    const done = await t.app.inject({
      method: 'POST',
      url: '/wps/member/firstLogin',
      headers: { token: m.token },
    });
    expect(done.statusCode).toBe(200);
    expect((await info(m.token)).firstTimeLogin).toBe(false);
  });

  it('serves a change made outside this service (another instance, an operator transaction) once announced', async () => {
    const m = await cached();
    await t.database.query(`update members set nickname = 'renamed', parent_id = null where id = $1`, [m.id]);
    expect(await eventually(async () => (await info(m.token)).nickname === 'renamed')).toBe(true);
  });

  it('still takes mustChangePassword from the session, not the cache', async () => {
    const m = await cached();
    const { token, sessionId } = await t.app.services.auth.sessions.open({
      memberId: m.id,
      role: 'player',
      loginType: 'test',
      mustChangePassword: true,
    });
    expect((await info(token)).mustChangePassword).toBe(true);
    expect((await info(m.token)).mustChangePassword).toBe(false);
    await t.app.services.auth.sessions.clearMustChangePassword(sessionId);
    expect((await info(token)).mustChangePassword).toBe(false);
  });
});

describe('MemberInfoCache', () => {
  const feed = () => {
    const f = {
      active: true,
      followers: [] as MemberInfoCache[],
      follow: (c: MemberInfoCache) => f.followers.push(c),
    };
    return f;
  };
  const base = (id: number) => ({ id }) as unknown as ReturnType<typeof memberInfoBase>;

  it('keeps nothing until attached to a feed, nor while the feed is not hearing every change', () => {
    const cache = new MemberInfoCache();
    cache.set(1, base(1), cache.stamp);
    expect(cache.get(1)).toBeNull();
    const f = feed();
    cache.attach(f);
    cache.set(1, base(1), cache.stamp);
    expect(cache.get(1)).toEqual(base(1));
    f.active = false;
    expect(cache.get(1)).toBeNull();
  });

  it("drops a member on that member's notice, everything when track is lost", () => {
    const cache = new MemberInfoCache();
    cache.attach(feed());
    cache.set(1, base(1), cache.stamp);
    cache.set(2, base(2), cache.stamp);
    cache.forget('s', 1);
    cache.forget('o', 1);
    expect(cache.get(1)).not.toBeNull();
    cache.forget('m', 1);
    expect(cache.get(1)).toBeNull();
    expect(cache.get(2)).not.toBeNull();
    cache.lostTrack();
    expect(cache.get(2)).toBeNull();
  });

  it('does not keep a read that overlapped a change, nor an entry past its age', () => {
    const cache = new MemberInfoCache();
    cache.attach(feed());
    const stamp = cache.stamp;
    cache.drop(1);
    cache.set(1, base(1), stamp);
    expect(cache.get(1)).toBeNull();
    cache.set(1, base(1), cache.stamp);
    const now = Date.now();
    vi.spyOn(Date, 'now').mockReturnValue(now + MEMBER_INFO_CACHE_MS + 1);
    expect(cache.get(1)).toBeNull();
    vi.restoreAllMocks();
  });
});
