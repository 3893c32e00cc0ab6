import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bet } from '../../test/agents.ts';
import { createTestApp, type TestApp } from '../../test/helper.ts';
import { type CreatedAccount, createMember, createOperator } from '../../test/members.ts';
import { Accounts } from '../wallet/accounts.ts';

const SECRET = 'players-test-secret';
let t: TestApp;
let admin: CreatedAccount;
let reader: CreatedAccount;
let ipSeq = 0;
const nextIp = () => `198.51.100.${(ipSeq++ % 250) + 1}`;
let seq = 0;
const acct = (p = 'pl') => `${p}${Date.now().toString(36)}${seq++}`;

beforeAll(async () => {
  t = await createTestApp({ trustProxy: true, sandboxVendorSecret: SECRET });
  admin = await createOperator(t.app, {
    permissions: ['players.read', 'players.write', 'players.kyc', 'agents'],
  });
  reader = await createOperator(t.app, { permissions: ['players.read'] });
});
afterAll(async () => {
  await t.close();
});

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (method: Method, url: string, token: string | null, payload?: unknown) =>
  t.app.inject({
    method,
    url,
    headers: token ? { token } : {},
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
const login = (username: string, password: string, ip = nextIp(), device?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/wps/session/login',
    payload: { username, password },
    headers: {
      'x-forwarded-for': ip,
      'user-agent': 'vitest-browser',
      ...(device ? { 'x-device-id': device } : {}),
    },
  });

describe('authorization', () => {
  it('refuses anonymous callers and players, and lets a players.read operator read but not write', async () => {
    const p = await createMember(t.app);
    expect((await call('GET', `/wps/admin/players/${p.id}`, null)).statusCode).toBe(401);
    expect((await call('GET', `/wps/admin/players/${p.id}`, p.token)).statusCode).toBe(403);
    expect((await call('GET', `/wps/admin/players?q=${p.account}`, p.token)).statusCode).toBe(403);
    const read = await call('GET', `/wps/admin/players/${p.id}`, reader.token);
    expect(read.statusCode).toBe(200);
    expect(read.json().value.kyc).toBeNull(); // KYC data needs players.kyc
    const writes: Array<[Method, string, unknown]> = [
      ['PUT', `/wps/admin/players/${p.id}/status`, { status: 'frozen', reason: 'x' }],
      ['POST', `/wps/admin/players/${p.id}/notes`, { body: 'x' }],
      ['PUT', `/wps/admin/players/${p.id}/labels`, { tags: [], riskFlags: [] }],
      ['PUT', `/wps/admin/players/${p.id}/parent`, { parentAccount: null }],
      ['DELETE', `/wps/admin/players/${p.id}/sessions/1`, undefined],
      ['POST', `/wps/admin/players/${p.id}/messages`, { title: 'a', body: 'b' }],
      ['PUT', `/wps/admin/players/${p.id}/kyc/identity`, { idNumber: '1' }],
      ['GET', `/wps/admin/players/${p.id}/kyc`, undefined],
      ['GET', '/wps/admin/agents/tree', undefined],
    ];
    for (const [method, url, body] of writes) {
      const res = await call(method, url, reader.token, body);
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect((await call(method, url, p.token, body)).statusCode, `${method} ${url} as player`).toBe(403);
    }
    expect((await call('GET', `/wps/admin/players/${p.id}`, admin.token)).json().value.kyc).toMatchObject({
      status: 'none',
    });
  });
});

describe('search', () => {
  it('finds players by account, mobile, email and real name prefixes, and by register or login IP', async () => {
    const mobile = `98${String(Date.now()).slice(-8)}`;
    const p = await createMember(t.app, {
      account: acct('srch'),
      countryDialingCode: '977',
      mobileNum: mobile,
      email: `Srch.${seq}@Example.com`,
      payeeName: 'Ram Bahadur Thapa',
    });
    const find = async (by: string, q: string) => {
      const res = await call('GET', `/wps/admin/players?by=${by}&q=${encodeURIComponent(q)}`, reader.token);
      expect(res.statusCode).toBe(200);
      return (res.json().value.content as Array<{ id: number }>).map((r) => r.id);
    };
    expect(await find('account', p.account.slice(0, 6).toUpperCase())).toContain(p.id);
    expect(await find('mobile', mobile.slice(0, 7))).toContain(p.id);
    expect(await find('email', `srch.${seq}@`)).toContain(p.id);
    expect(await find('name', 'ram bahadur')).toContain(p.id);
    expect(await find('name', 'bahadur')).not.toContain(p.id); // prefix, not substring
    expect(await find('account', '%')).not.toContain(p.id); // wildcards are literal
    const ip = nextIp();
    expect((await login(p.account, p.password, ip, 'device-search-01')).statusCode).toBe(200);
    expect(await find('ip', ip)).toEqual([p.id]);
    expect(await find('device', 'device-search-01')).toEqual([p.id]);
    const bad = await call('GET', '/wps/admin/players?by=nope&q=x', reader.token);
    expect(bad.statusCode).toBe(400);
    expect((await call('GET', '/wps/admin/players?q=', reader.token)).statusCode).toBe(400);
  });
});

describe('status', () => {
  it('freezing refuses login, kills open sessions at once and refuses bets; unfreezing restores; closed is final', async () => {
    const p = await createMember(t.app, { account: acct('frz') });
    await t.app.services.wallet.post({
      key: `seed:${p.id}`,
      reason: 'deposit',
      postings: [
        { account: Accounts.clearing('BANK'), amount: -10_000n },
        { account: Accounts.cash(p.id), amount: 10_000n },
      ],
    });
    // The session is used once, so it sits in the session cache before the freeze.
    expect((await call('GET', '/wps/member/info', p.token)).statusCode).toBe(200);
    const freeze = await call('PUT', `/wps/admin/players/${p.id}/status`, admin.token, {
      status: 'frozen',
      reason: 'chargeback under review',
    });
    expect(freeze.statusCode).toBe(200);
    expect(freeze.json().value).toEqual({ status: 'frozen', previous: 'active' });
    expect((await call('GET', '/wps/member/info', p.token)).statusCode).toBe(401);
    const refused = await login(p.account, p.password);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('This account has been frozen, please contact customer service.');
    const raw = JSON.stringify({
      txId: `frz-${p.id}`,
      roundId: 'r1',
      username: p.account,
      gameCode: 'g',
      amount: '1.00',
    });
    const bet = await t.app.inject({
      method: 'POST',
      url: '/seamless/v1/SANDBOX/bet',
      headers: {
        'content-type': 'application/json',
        'x-signature': createHmac('sha256', SECRET).update(raw).digest('hex'),
      },
      payload: raw,
    });
    expect(bet.statusCode).toBe(403);
    const audit = await t.app.services.audit.list({
      pageNo: 1,
      pageSize: 5,
      action: 'player.status',
      targetId: String(p.id),
    });
    expect(audit.content[0]).toMatchObject({ actorAccount: admin.account, after: { status: 'frozen' } });

    expect(
      (
        await call('PUT', `/wps/admin/players/${p.id}/status`, admin.token, {
          status: 'active',
          reason: 'ok',
        })
      ).statusCode,
    ).toBe(200);
    expect((await login(p.account, p.password)).statusCode).toBe(200);

    expect(
      (
        await call('PUT', `/wps/admin/players/${p.id}/status`, admin.token, {
          status: 'closed',
          reason: 'asked',
        })
      ).statusCode,
    ).toBe(200);
    expect((await login(p.account, p.password)).json().message).toBe('This account has been closed.');
    const reopen = await call('PUT', `/wps/admin/players/${p.id}/status`, admin.token, {
      status: 'active',
      reason: 'x',
    });
    expect(reopen.statusCode).toBe(409);
    expect(reopen.json().message).toBe('A closed account cannot be reopened.');
    const ne = await t.app.inject({
      method: 'PUT',
      url: `/wps/admin/players/${p.id}/status`,
      headers: { token: admin.token, lang: 'ne' },
      payload: { status: 'frozen', reason: 'x' },
    });
    expect(ne.json().message).toBe('बन्द गरिएको खाता फेरि खोल्न सकिँदैन।');
  });
});

describe('notes and labels', () => {
  it('appends notes with their author (never edited) and replaces tags and risk flags', async () => {
    const p = await createMember(t.app);
    const add = await call('POST', `/wps/admin/players/${p.id}/notes`, admin.token, {
      body: '  Called about a deposit  ',
    });
    expect(add.statusCode).toBe(200);
    await call('POST', `/wps/admin/players/${p.id}/notes`, admin.token, { body: 'Second' });
    const notes = (await call('GET', `/wps/admin/players/${p.id}/notes`, reader.token)).json().value;
    expect(notes.map((n: { body: string }) => n.body)).toEqual(['Second', 'Called about a deposit']);
    expect(notes[0].authorAccount).toBe(admin.account);
    await expect(t.database.query('update player_notes set body = $1', ['x'])).rejects.toThrow(/append-only/);
    expect(
      (await call('POST', `/wps/admin/players/${p.id}/notes`, admin.token, { body: '' })).statusCode,
    ).toBe(400);

    const set = await call('PUT', `/wps/admin/players/${p.id}/labels`, admin.token, {
      tags: ['VIP', 'vip', 'high_roller'],
      riskFlags: ['bonus_abuse'],
    });
    expect(set.statusCode).toBe(200);
    expect(set.json().value).toEqual({ tags: ['high_roller', 'vip'], riskFlags: ['bonus_abuse'] });
    expect(
      (await call('PUT', `/wps/admin/players/${p.id}/labels`, admin.token, { tags: ['a b'], riskFlags: [] }))
        .statusCode,
    ).toBe(400);
    expect(
      (await call('PUT', `/wps/admin/players/${p.id}/labels`, admin.token, { tags: [], riskFlags: ['nope'] }))
        .statusCode,
    ).toBe(400);
    const profile = (await call('GET', `/wps/admin/players/${p.id}`, reader.token)).json().value;
    expect(profile).toMatchObject({ tags: ['high_roller', 'vip'], riskFlags: ['bonus_abuse'] });
  });
});

describe('login history, linked accounts and sessions', () => {
  it('records logins with IP, user agent and device, and lists other accounts sharing an IP or device', async () => {
    const a = await createMember(t.app, { account: acct('lnka') });
    const b = await createMember(t.app, { account: acct('lnkb') });
    const c = await createMember(t.app, { account: acct('lnkc') });
    const shared = nextIp();
    expect((await login(a.account, a.password, shared, 'dev-aaaaaaaa')).statusCode).toBe(200);
    expect((await login(b.account, b.password, shared, 'dev-bbbbbbbb')).statusCode).toBe(200);
    expect((await login(c.account, c.password, nextIp(), 'dev-aaaaaaaa')).statusCode).toBe(200);
    expect((await login(a.account, 'Wrong@1234', nextIp())).statusCode).toBe(401);

    const history = (await call('GET', `/wps/admin/players/${a.id}/logins`, reader.token)).json().value;
    expect(history.total).toBe(2);
    expect(history.content[0]).toMatchObject({ result: 'bad_password' });
    expect(history.content[1]).toMatchObject({
      ip: shared,
      userAgent: 'vitest-browser',
      deviceId: 'dev-aaaaaaaa',
      result: 'ok',
    });

    const traces = (await call('GET', `/wps/admin/players/${a.id}/traces`, reader.token)).json().value.traces;
    const byIp = traces.find((x: { kind: string; value: string }) => x.kind === 'ip' && x.value === shared);
    expect(byIp.accounts.map((x: { account: string }) => x.account)).toEqual([b.account]);
    const byDevice = traces.find((x: { kind: string }) => x.kind === 'device');
    expect(byDevice.accounts.map((x: { account: string }) => x.account)).toEqual([c.account]);
  });

  it('lists live sessions and revokes one at once', async () => {
    const p = await createMember(t.app, { account: acct('ses') });
    const second = (await login(p.account, p.password)).json().value.token as string;
    expect((await call('GET', '/wps/member/info', second)).statusCode).toBe(200); // cached now
    const list = (await call('GET', `/wps/admin/players/${p.id}/sessions`, reader.token)).json().value;
    expect(list).toHaveLength(2);
    const newest = list[0].id;
    expect(
      (await call('DELETE', `/wps/admin/players/${p.id}/sessions/${newest}`, admin.token)).statusCode,
    ).toBe(200);
    expect((await call('GET', '/wps/member/info', second)).statusCode).toBe(401);
    expect((await call('GET', '/wps/member/info', p.token)).statusCode).toBe(200);
    const other = await createMember(t.app);
    // A session id of another member is not this member's.
    expect(
      (await call('DELETE', `/wps/admin/players/${other.id}/sessions/${list[1].id}`, admin.token)).statusCode,
    ).toBe(404);
  });
});

describe('moving between agents', () => {
  it('moves the member under another agent: tree and future bets follow, past bets keep their path', async () => {
    const top1 = await createMember(t.app, { type: 1, account: acct('ta') });
    const top2 = await createMember(t.app, { type: 1, account: acct('tb') });
    const sub = await createMember(t.app, { type: 2, parentId: top1.id, account: acct('sa') });
    const p = await createMember(t.app, { parentId: sub.id });
    await bet(t.app, p.id, 100n, 0n);
    const res = await call('PUT', `/wps/admin/players/${sub.id}/parent`, admin.token, {
      parentAccount: top2.account,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().value.uplinePath).toEqual([top2.id]);
    await bet(t.app, p.id, 200n, 0n);
    const rows = await t.database.query('select upline_path from bets where member_id = $1 order by id', [
      p.id,
    ]);
    expect(rows.map((r) => (r.upline_path as number[]).map(Number))).toEqual([
      [top1.id, sub.id],
      [top2.id, sub.id],
    ]);
    const profile = (await call('GET', `/wps/admin/players/${p.id}`, reader.token)).json().value;
    expect(profile.uplines.map((u: { account: string }) => u.account)).toEqual([top2.account, sub.account]);
    const audit = await t.app.services.audit.list({
      pageNo: 1,
      pageSize: 5,
      action: 'player.move',
      targetId: String(sub.id),
    });
    expect(audit.total).toBe(1);
  });

  it('refuses a non-agent target, the member itself and its own downline', async () => {
    const top = await createMember(t.app, { type: 1 });
    const sub = await createMember(t.app, { type: 2, parentId: top.id });
    const player = await createMember(t.app, { parentId: sub.id });
    const other = await createMember(t.app);
    const move = (id: number, parentAccount: string | null) =>
      call('PUT', `/wps/admin/players/${id}/parent`, admin.token, { parentAccount });
    const notAgent = await move(other.id, player.account);
    expect(notAgent.statusCode).toBe(400);
    expect(notAgent.json().message).toBe('A player can only be moved under an agent.');
    expect((await move(top.id, sub.account)).json().message).toBe(
      'An account cannot be moved under itself or its own downline.',
    );
    expect((await move(top.id, top.account)).statusCode).toBe(400);
    expect((await move(other.id, 'nobody-here')).statusCode).toBe(404);
    expect((await move(player.id, null)).statusCode).toBe(200);
    // An agent holding (or offered) a contract keeps its place until the contract ends.
    const { id } = await t.app.services.agents.offer(null, {
      downline: top.account,
      kind: 'REALTIME',
      rate: '0.50',
    });
    const held = await move(top.id, null);
    expect(held.statusCode).toBe(409);
    expect(held.json().message).toBe('This agent holds contracts; end them before moving it.');
    expect(id).toBeGreaterThan(0);
  });
});

describe('agent tree', () => {
  it('browses from the top with downline counts and contracts', async () => {
    const top = await createMember(t.app, { type: 1, account: acct('tree') });
    const sub = await createMember(t.app, { type: 2, parentId: top.id });
    await createMember(t.app, { parentId: sub.id });
    await createMember(t.app, { parentId: top.id });
    const { id } = await t.app.services.agents.offer(null, {
      downline: top.account,
      kind: 'REALTIME',
      rate: '1.50',
    });
    await t.app.services.agents.contracts.accept(top.id, id);
    const root = (await call('GET', '/wps/admin/agents/tree', admin.token)).json().value;
    const node = root.nodes.find((n: { id: number }) => n.id === top.id);
    expect(node).toMatchObject({ directCount: 2, downlineCount: 3, isAgent: true });
    expect(node.contracts).toEqual([expect.objectContaining({ kind: 'REALTIME', status: 'active' })]);
    const level = (await call('GET', `/wps/admin/agents/tree?parentId=${top.id}`, admin.token)).json().value;
    expect(level.nodes.map((n: { id: number }) => n.id)[0]).toBe(sub.id); // agents first
    expect(level.nodes).toHaveLength(2);
  });
});

describe('promotions and messages', () => {
  it('shows what the player took part in and sends the player a message', async () => {
    const p = await createMember(t.app);
    const promos = await call('GET', `/wps/admin/players/${p.id}/promotions`, reader.token);
    expect(promos.statusCode).toBe(200);
    expect(promos.json().value.rewards).toEqual([]);
    const sent = await call('POST', `/wps/admin/players/${p.id}/messages`, admin.token, {
      title: 'Hello',
      body: 'About your KYC',
    });
    expect(sent.statusCode).toBe(200);
    const inbox = await t.app.services.messages.inbox(p.id, { pageNo: 1, pageSize: 10 });
    expect(JSON.stringify(inbox)).toContain('About your KYC');
  });
});
