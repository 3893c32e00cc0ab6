import { createDecipheriv, createECDH, createHmac, createPublicKey, randomBytes, verify } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { PUSH_SUBSCRIPTIONS_MAX } from '@wps/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { testConfig } from '../../config.ts';
import { createTestApp, type TestApp } from '../../test/helper.ts';
import { type CreatedAccount, createMember, createOperator } from '../../test/members.ts';

/** The origin of the push service the test's devices are subscribed to. */
const PUSH_ORIGIN = 'https://push.example.net';
const SUBJECT = 'https://wps.example.com';

interface Recorded {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/** A stand-in push service: records every request and answers with `status`. */
async function standInPushService() {
  const requests: Recorded[] = [];
  const state = { status: 201 };
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      requests.push({
        method: req.method ?? '',
        url: req.url ?? '',
        headers: req.headers,
        body: Buffer.concat(chunks),
      });
      res.statusCode = state.status;
      res.end();
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { requests, state, origin, close: () => new Promise<void>((r) => server.close(() => r())) };
}

/** A browser's side of a subscription: its P-256 key pair and auth secret. */
function device(path = randomBytes(8).toString('hex')) {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const auth = randomBytes(16);
  return {
    ecdh,
    auth,
    subscription: {
      endpoint: `${PUSH_ORIGIN}/send/${path}`,
      keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') },
    },
  };
}

const hmac = (key: Buffer, data: Buffer) => createHmac('sha256', key).update(data).digest();

/** RFC 8291 decryption of an aes128gcm push body, as the browser does it. */
function decrypt(body: Buffer, d: ReturnType<typeof device>): string {
  const salt = body.subarray(0, 16);
  const idlen = body[20] ?? 0;
  const serverKey = body.subarray(21, 21 + idlen);
  const ciphertext = body.subarray(21 + idlen);
  const ecdhSecret = d.ecdh.computeSecret(serverKey);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), d.ecdh.getPublicKey(), serverKey]);
  const ikm = hmac(hmac(d.auth, ecdhSecret), Buffer.concat([keyInfo, Buffer.from([1])]));
  const prk = hmac(salt, ikm);
  const cek = hmac(prk, Buffer.from('Content-Encoding: aes128gcm\0\x01')).subarray(0, 16);
  const nonce = hmac(prk, Buffer.from('Content-Encoding: nonce\0\x01')).subarray(0, 12);
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(ciphertext.subarray(ciphertext.length - 16));
  const plain = Buffer.concat([
    decipher.update(ciphertext.subarray(0, ciphertext.length - 16)),
    decipher.final(),
  ]);
  // The last record ends with the delimiter 0x02 and optional zero padding.
  return plain.subarray(0, plain.lastIndexOf(2)).toString('utf8');
}

/** Checks `vapid t=<JWT>, k=<key>`: ES256 over the JWT with the key it names. */
function vapidOf(header: string | undefined) {
  const m = /^vapid t=([^,]+), k=([A-Za-z0-9_-]+)$/.exec(header ?? '');
  if (!m?.[1] || !m[2]) throw new Error(`not a vapid header: ${header}`);
  const [h, p, s] = m[1].split('.') as [string, string, string];
  const point = Buffer.from(m[2], 'base64url');
  const key = createPublicKey({
    key: {
      kty: 'EC',
      crv: 'P-256',
      x: point.subarray(1, 33).toString('base64url'),
      y: point.subarray(33, 65).toString('base64url'),
    },
    format: 'jwk',
  });
  const valid = verify(
    'sha256',
    Buffer.from(`${h}.${p}`),
    { key, dsaEncoding: 'ieee-p1363' },
    Buffer.from(s, 'base64url'),
  );
  return {
    valid,
    k: m[2],
    header: JSON.parse(Buffer.from(h, 'base64url').toString()) as { alg: string; typ: string },
    claims: JSON.parse(Buffer.from(p, 'base64url').toString()) as { aud: string; exp: number; sub: string },
  };
}

describe('web push (issue 31)', () => {
  let t: TestApp;
  let push: Awaited<ReturnType<typeof standInPushService>>;
  let player: CreatedAccount;
  let operatorToken: string;
  let supportToken: string;
  const call = (method: 'GET' | 'POST' | 'DELETE', url: string, token?: string | null, payload?: object) =>
    t.app.inject({ method, url, headers: token ? { token } : {}, ...(payload ? { payload } : {}) });

  beforeAll(async () => {
    t = await createTestApp({ webPush: { ...testConfig().webPush, subject: SUBJECT } });
    push = await standInPushService();
    // Devices are subscribed at PUSH_ORIGIN (https, as the API demands); the requests reach the stand-in.
    t.app.services.push.transport = (url, init) => fetch(url.replace(PUSH_ORIGIN, push.origin), init);
    player = await createMember(t.app);
    operatorToken = (await createOperator(t.app, { permissions: ['*'] })).token;
    supportToken = (await createOperator(t.app, { role: 'support' })).token;
  });
  afterAll(async () => {
    await t.close();
    await push.close();
  });

  it('gives anyone the public key, and says when push is off', async () => {
    const res = await call('GET', '/wps/push/key');
    expect(res.statusCode).toBe(200);
    expect(res.json().value).toEqual({ enabled: true, publicKey: t.app.config.webPush.publicKey });
    expect(Buffer.from(res.json().value.publicKey, 'base64url')).toHaveLength(65);

    // No subject configured (no WEB_PUSH_SUBJECT, no https PUBLIC_URL): off, and nothing is stored.
    const off = await createTestApp();
    try {
      expect((await off.app.inject({ url: '/wps/push/key' })).json().value).toEqual({
        enabled: false,
        publicKey: null,
      });
      const member = await createMember(off.app);
      const refused = await off.app.inject({
        method: 'POST',
        url: '/wps/push/subscriptions',
        headers: { token: member.token },
        payload: device().subscription,
      });
      expect(refused.statusCode).toBe(403);
      expect(refused.json().code).toBe('NOT_ENABLED');
    } finally {
      await off.close();
    }
  });

  it('takes subscriptions from members only', async () => {
    const d = device();
    expect((await call('POST', '/wps/push/subscriptions', null, d.subscription)).statusCode).toBe(401);
    expect((await call('POST', '/wps/push/subscriptions', operatorToken, d.subscription)).statusCode).toBe(
      403,
    );
    expect(
      (await call('DELETE', '/wps/push/subscriptions', null, { endpoint: d.subscription.endpoint }))
        .statusCode,
    ).toBe(401);
    const trial = await createMember(t.app, { type: 4 });
    const res = await call('POST', '/wps/push/subscriptions', trial.token, d.subscription);
    expect(res.statusCode).toBe(200);
    expect(res.json().value).toEqual({ subscribed: true });
  });

  it('refuses endpoints it must not post to and keys that are not keys, with the message', async () => {
    const member = await createMember(t.app);
    const good = device().subscription;
    const cases: Array<[string, object]> = [
      ['http', { ...good, endpoint: 'http://push.example.net/send/x' }],
      ['localhost', { ...good, endpoint: 'https://localhost/send/x' }],
      ['an address', { ...good, endpoint: 'https://10.0.0.5/send/x' }],
      ['an IPv6 address', { ...good, endpoint: 'https://[::1]/send/x' }],
      ['an internal name', { ...good, endpoint: 'https://metadata.internal/x' }],
      ['user info', { ...good, endpoint: 'https://a:b@push.example.net/x' }],
      ['too long', { ...good, endpoint: `${PUSH_ORIGIN}/${'x'.repeat(1100)}` }],
      ['not a URL', { ...good, endpoint: 'push.example.net' }],
    ];
    for (const [name, body] of cases) {
      const res = await call('POST', '/wps/push/subscriptions', member.token, body);
      expect(res.statusCode, name).toBe(400);
      expect(res.json().value.fields.endpoint, name).toBe('Invalid URL, please contact customer service');
    }
    const badKey = await call('POST', '/wps/push/subscriptions', member.token, {
      ...good,
      keys: { ...good.keys, p256dh: 'short' },
    });
    expect(badKey.statusCode).toBe(400);
    // 65 bytes of base64url, but no point on the curve.
    const notAPoint = await call('POST', '/wps/push/subscriptions', member.token, {
      ...good,
      keys: { ...good.keys, p256dh: Buffer.alloc(65, 7).toString('base64url') },
    });
    expect(notAPoint.statusCode).toBe(400);
    expect(notAPoint.json().code).toBe('VALIDATION');
    expect(
      (await call('POST', '/wps/push/subscriptions', member.token, { endpoint: good.endpoint })).statusCode,
    ).toBe(400);
    expect(await t.app.services.push.count(member.id)).toBe(0);
  });

  it(`keeps at most ${PUSH_SUBSCRIPTIONS_MAX} devices per member, dropping the oldest, and deletes only the caller's own`, async () => {
    const member = await createMember(t.app);
    const devices = Array.from({ length: PUSH_SUBSCRIPTIONS_MAX + 2 }, () => device());
    for (const d of devices) {
      expect((await call('POST', '/wps/push/subscriptions', member.token, d.subscription)).statusCode).toBe(
        200,
      );
    }
    expect(await t.app.services.push.count(member.id)).toBe(PUSH_SUBSCRIPTIONS_MAX);

    // The same device again is one subscription, not two.
    const last = devices.at(-1)!.subscription;
    await call('POST', '/wps/push/subscriptions', member.token, last);
    expect(await t.app.services.push.count(member.id)).toBe(PUSH_SUBSCRIPTIONS_MAX);

    // Another member cannot remove it; the owner can.
    const other = await createMember(t.app);
    const notTheirs = await call('DELETE', '/wps/push/subscriptions', other.token, {
      endpoint: last.endpoint,
    });
    expect(notTheirs.statusCode).toBe(200);
    expect(await t.app.services.push.count(member.id)).toBe(PUSH_SUBSCRIPTIONS_MAX);
    const mine = await call('DELETE', '/wps/push/subscriptions', member.token, { endpoint: last.endpoint });
    expect(mine.json().value).toEqual({ subscribed: false });
    expect(await t.app.services.push.count(member.id)).toBe(PUSH_SUBSCRIPTIONS_MAX - 1);

    // A device another account subscribed on last belongs to that account now.
    await call('POST', '/wps/push/subscriptions', other.token, devices[5]!.subscription);
    expect(await t.app.services.push.count(member.id)).toBe(PUSH_SUBSCRIPTIONS_MAX - 2);
    expect(await t.app.services.push.count(other.id)).toBe(1);
  });

  it('pushes an operator reply to an away member once, encrypted and signed for the push service', async () => {
    const d = device('reply');
    expect((await call('POST', '/wps/push/subscriptions', player.token, d.subscription)).statusCode).toBe(
      200,
    );
    const id = (
      await call('POST', '/wps/support/conversations', player.token, { message: 'Where is my deposit?' })
    ).json().value.id as number;
    push.requests.length = 0;
    const text = `Your deposit is credited. ${'Thank you for waiting. '.repeat(8)}`;
    const replied = await call('POST', `/wps/admin/support/conversations/${id}/messages`, supportToken, {
      text,
    });
    expect(replied.statusCode).toBe(200);
    await t.app.services.push.settled();

    expect(push.requests).toHaveLength(1);
    const r = push.requests[0]!;
    expect(r.method).toBe('POST');
    expect(r.url).toBe('/send/reply');
    expect(r.headers['content-encoding']).toBe('aes128gcm');
    expect(Number(r.headers.ttl)).toBeGreaterThan(0);
    expect(r.headers.topic).toBe(`support-${id}`);
    const vapid = vapidOf(r.headers.authorization);
    expect(vapid.valid).toBe(true);
    expect(vapid.header.alg).toBe('ES256');
    expect(vapid.k).toBe(t.app.config.webPush.publicKey);
    expect(vapid.claims.aud).toBe(PUSH_ORIGIN);
    expect(vapid.claims.sub).toBe(SUBJECT);
    expect(vapid.claims.exp).toBeGreaterThan(Date.now() / 1000);

    const shown = JSON.parse(decrypt(r.body, d)) as Record<string, string>;
    expect(shown.title).toBe('Support replied');
    expect(shown.tag).toBe(`support-${id}`);
    expect(shown.url).toBe('/help#livechat');
    expect(Array.from(shown.body ?? '')).toHaveLength(100);
    expect(shown.body?.startsWith('Your deposit is credited.')).toBe(true);
  });

  it('pushes nothing while the member has the support socket open, and again once it closes', async () => {
    const member = await createMember(t.app);
    const d = device('present');
    await call('POST', '/wps/push/subscriptions', member.token, d.subscription);
    const id = (await call('POST', '/wps/support/conversations', member.token, { message: 'hello' })).json()
      .value.id as number;
    const addr = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const ws = new WebSocket(`${addr.replace(/^http/, 'ws')}/wps/support/ws?token=${member.token}`);
    await new Promise<void>((res, rej) => {
      ws.once('open', () => res());
      ws.once('error', rej);
    });
    await expect.poll(() => t.app.services.support.presence.here(member.id)).toBe(true);
    push.requests.length = 0;
    await call('POST', `/wps/admin/support/conversations/${id}/messages`, supportToken, {
      text: 'While you are here',
    });
    await t.app.services.push.settled();
    expect(push.requests).toHaveLength(0);

    ws.close();
    await expect.poll(() => t.app.services.support.presence.here(member.id)).toBe(false);
    await call('POST', `/wps/admin/support/conversations/${id}/messages`, supportToken, {
      text: 'Now you are away',
    });
    await t.app.services.push.settled();
    expect(push.requests.map((r) => r.url)).toEqual(['/send/present']);
    expect(JSON.parse(decrypt(push.requests[0]!.body, d)).body).toBe('Now you are away');
  });

  it('forgets a subscription the push service says is gone (410), and logs a refusal without failing the reply', async () => {
    const member = await createMember(t.app);
    const gone = device('gone');
    await call('POST', '/wps/push/subscriptions', member.token, gone.subscription);
    const id = (await call('POST', '/wps/support/conversations', member.token, { message: 'hi' })).json()
      .value.id as number;
    push.state.status = 410;
    try {
      const res = await call('POST', `/wps/admin/support/conversations/${id}/messages`, supportToken, {
        text: 'Hello',
      });
      expect(res.statusCode).toBe(200);
      await t.app.services.push.settled();
    } finally {
      push.state.status = 201;
    }
    expect(push.requests.at(-1)?.url).toBe('/send/gone');
    expect(await t.app.services.push.count(member.id)).toBe(0);

    // A push service that fails (500) or cannot be reached: the reply still stands, the device is kept.
    const flaky = device('flaky');
    await call('POST', '/wps/push/subscriptions', member.token, flaky.subscription);
    push.state.status = 500;
    try {
      const res = await call('POST', `/wps/admin/support/conversations/${id}/messages`, supportToken, {
        text: 'Again',
      });
      expect(res.statusCode).toBe(200);
      await t.app.services.push.settled();
    } finally {
      push.state.status = 201;
    }
    expect(await t.app.services.push.count(member.id)).toBe(1);
    const transport = t.app.services.push.transport;
    t.app.services.push.transport = () => Promise.reject(new Error('unreachable'));
    try {
      const res = await call('POST', `/wps/admin/support/conversations/${id}/messages`, supportToken, {
        text: 'And again',
      });
      expect(res.statusCode).toBe(200);
      await t.app.services.push.settled();
    } finally {
      t.app.services.push.transport = transport;
    }
    expect(await t.app.services.push.count(member.id)).toBe(1);
  });
});
