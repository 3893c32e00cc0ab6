import { INVITE_LINKS_MAX } from '@wps/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helper.ts';
import { createMember, createOperator } from '../../test/members.ts';

/**
 * Link management (issue 31): an agent's or a referrer's several invite links, each with a name
 * and a channel; registration through a link records it and counts; only the owner sees or edits.
 */
describe('invite links', () => {
  let t: TestApp;
  let agent: { id: number; token: string };
  let referrer: { id: number; account: string; token: string };
  let stranger: { id: number; token: string };
  let seq = 0;

  const call = async (token: string | null, method: 'GET' | 'POST' | 'PATCH', url: string, body?: object) => {
    const res = await t.app.inject({
      method,
      url,
      headers: token ? { token } : {},
      ...(body ? { payload: body } : {}),
    });
    return { status: res.statusCode, body: res.json() };
  };
  const register = (link: string, over: Record<string, unknown> = {}) => {
    seq++;
    return t.app.inject({
      method: 'PUT',
      url: '/wps/member/register',
      headers: { 'x-forwarded-for': `198.19.${seq}.1`, lang: 'en' },
      payload: {
        username: `lnk${Date.now().toString(36).slice(-5)}${seq}`,
        password: 'Passw0rd1',
        confirmPassword: 'Passw0rd1',
        terms: true,
        ageConfirmed: true,
        inviteLink: link,
        ...over,
      },
    });
  };
  const accountOf = async (res: Awaited<ReturnType<typeof register>>) => {
    expect(res.statusCode, res.body).toBe(200);
    const m = await t.app.services.members.getByAccount(res.json().value.userName);
    if (!m) throw new Error('not registered');
    return m;
  };

  beforeAll(async () => {
    t = await createTestApp({ trustProxy: true });
    agent = await createMember(t.app, { type: 1 });
    referrer = await createMember(t.app);
    stranger = await createMember(t.app, { type: 1 });
  });
  afterAll(() => t.close());

  it('creates several named links per channel; registrations through each are counted and attributed', async () => {
    const fb = await call(agent.token, 'POST', '/wps/invite-links', {
      name: '  Facebook page ',
      channel: 'FACEBOOK',
    });
    expect(fb.status).toBe(200);
    expect(fb.body.value).toMatchObject({
      name: 'Facebook page',
      channel: 'FACEBOOK',
      enabled: true,
      registrations: 0,
    });
    expect(fb.body.value.code).toMatch(/^[A-Z2-9]{10}$/);
    const tiktok = (
      await call(agent.token, 'POST', '/wps/invite-links', { name: 'TikTok bio', channel: 'TIKTOK' })
    ).body.value;

    // Two through Facebook, one through TikTok: each lands in the agent's team.
    const a = await accountOf(await register(fb.body.value.code));
    const b = await accountOf(await register(fb.body.value.code.toLowerCase()));
    const c = await accountOf(await register(tiktok.code));
    for (const m of [a, b, c]) expect(m.parentId).toBe(agent.id);

    const list = (await call(agent.token, 'GET', '/wps/invite-links')).body.value;
    expect(list.max).toBe(INVITE_LINKS_MAX);
    expect(
      list.content.map((l: { name: string; registrations: number }) => [l.name, l.registrations]),
    ).toEqual([
      ['Facebook page', 2],
      ['TikTok bio', 1],
    ]);
  });

  it('a referrer’s link makes it the referrer, not the upline; an invitation code given too wins the team', async () => {
    const link = (
      await call(referrer.token, 'POST', '/wps/invite-links', { name: 'WhatsApp group', channel: 'WHATSAPP' })
    ).body.value;
    const m = await accountOf(await register(link.code));
    expect(m.parentId).toBeNull();
    expect(m.referrerId).toBe(referrer.id);

    const agentLink = (await call(agent.token, 'GET', '/wps/invite-links')).body.value.content[0];
    const strangerCode = (await t.app.services.members.getById(stranger.id))?.affiliateCode;
    await t.app.services.system.updateRegisterRule({
      ...(await t.app.services.system.registerSettings()).find((r) => r.field === 'affiliateCode')!,
      enabled: true,
      required: false,
    });
    const both = await accountOf(await register(agentLink.code, { affiliateCode: strangerCode }));
    expect(both.parentId).toBe(stranger.id);
    // The sign-up still came through the agent's link and counts there.
    const after = (await call(agent.token, 'GET', '/wps/invite-links')).body.value.content[0];
    expect(after.registrations).toBe(agentLink.registrations + 1);
  });

  it('renames, changes channel, disables: a disabled link attributes and counts no new sign-up', async () => {
    const [first] = (await call(agent.token, 'GET', '/wps/invite-links')).body.value.content;
    const renamed = await call(agent.token, 'PATCH', `/wps/invite-links/${first.id}`, {
      name: 'FB ads',
      channel: 'INSTAGRAM',
    });
    expect(renamed.body.value).toMatchObject({
      name: 'FB ads',
      channel: 'INSTAGRAM',
      registrations: first.registrations,
    });
    const off = await call(agent.token, 'PATCH', `/wps/invite-links/${first.id}`, { enabled: false });
    expect(off.body.value.enabled).toBe(false);
    const m = await accountOf(await register(first.code));
    expect(m.parentId).toBeNull();
    const again = (await call(agent.token, 'GET', '/wps/invite-links')).body.value.content[0];
    expect(again.registrations).toBe(first.registrations);
    // An unknown link never blocks a sign-up either.
    await accountOf(await register('NOSUCHLINK'));
  });

  it('shows and edits only the owner’s links; others get 404, guests 401, trial accounts and operators 403', async () => {
    const own = (await call(agent.token, 'GET', '/wps/invite-links')).body.value.content[0];
    expect((await call(stranger.token, 'GET', '/wps/invite-links')).body.value.content).toEqual([]);
    const theirs = await call(stranger.token, 'PATCH', `/wps/invite-links/${own.id}`, { name: 'Mine now' });
    expect(theirs.status).toBe(404);
    expect(theirs.body.success).toBe(false);
    expect((await call(agent.token, 'GET', '/wps/invite-links')).body.value.content[0].name).toBe(own.name);
    expect((await call(null, 'GET', '/wps/invite-links')).status).toBe(401);
    const trial = await createMember(t.app, { type: 4 });
    expect((await call(trial.token, 'POST', '/wps/invite-links', { name: 'x', channel: 'SMS' })).status).toBe(
      403,
    );
    const op = await createOperator(t.app, { permissions: ['*'] });
    expect((await call(op.token, 'GET', '/wps/invite-links')).status).toBe(403);
  });

  it('refuses bad input with a 400 and stops at the cap with its message', async () => {
    for (const body of [
      { name: '', channel: 'SMS' },
      { name: '   ', channel: 'SMS' },
      { name: 'x'.repeat(61), channel: 'SMS' },
      { name: 'ok', channel: 'CARRIER_PIGEON' },
      { channel: 'SMS' },
    ]) {
      const res = await call(referrer.token, 'POST', '/wps/invite-links', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    expect((await call(referrer.token, 'PATCH', '/wps/invite-links/1', {})).status).toBe(400);
    expect((await call(referrer.token, 'PATCH', '/wps/invite-links/abc', { name: 'x' })).status).toBe(400);

    const owner = await createMember(t.app);
    for (let i = 0; i < INVITE_LINKS_MAX; i++)
      expect(
        (await call(owner.token, 'POST', '/wps/invite-links', { name: `L${i}`, channel: 'OTHER' })).status,
      ).toBe(200);
    const over = await call(owner.token, 'POST', '/wps/invite-links', { name: 'one more', channel: 'OTHER' });
    expect(over.status).toBe(403);
    expect(over.body.message).toBe(`You can keep at most ${INVITE_LINKS_MAX} invite links.`);
  });
});
