import { createServer as createHttpServer, type IncomingMessage } from 'node:http';
import { createServer as createTcpServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '../../config.ts';
import { createTestApp, type TestApp } from '../../test/helper.ts';
import { lastCode } from '../../test/identity.ts';
import { createMember } from '../../test/members.ts';
import { SMS_PER_IP_PER_5_MIN, SMS_PER_NUMBER_ALL_PER_5_MIN, SMS_PER_NUMBER_PER_5_MIN } from './routes.ts';
import { HttpSmsSender, SmtpMailer } from './senders.ts';

let t: TestApp;
let app: FastifyInstance;
let seq = 0;
const nextIp = () => `198.20.${Math.floor(seq / 250)}.${(seq++ % 250) + 1}`;

beforeAll(async () => {
  t = await createTestApp({ trustProxy: true });
  app = t.app;
});
afterAll(async () => {
  await t.close();
});

const sms = (url: string, payload: Record<string, unknown>, ip = nextIp(), lang = 'en') =>
  app.inject({ method: 'POST', url, payload, headers: { 'x-forwarded-for': ip, lang } });

describe('SMS code calls', () => {
  it('answer missing and malformed numbers with the spec messages', async () => {
    const missing = await sms('/wps/verification/sms/login', {});
    expect(missing.json()).toMatchObject({
      code: 'VALIDATION',
      message: 'Please enter a valid phone number.',
    });
    for (const bad of ['12', 'abcdefghij', '98-ab-12', '9'.repeat(16)]) {
      const res = await sms('/wps/verification/sms/login', { mobileNum: bad });
      expect(res.json().message, bad).toBe('Invalid phone number format.');
    }
    const badCode = await sms('/wps/verification/sms/login', {
      mobileNum: '9800000000',
      countryDialingCode: '+12345',
    });
    expect(badCode.json().message).toBe('Invalid phone number format.');
    const ne = await sms('/wps/verification/sms/login', {}, nextIp(), 'ne');
    expect(ne.json().message).toBe('कृपया मान्य फोन नम्बर लेख्नुहोस्।');
  });

  it(`allow ${SMS_PER_NUMBER_PER_5_MIN} sends per number from one address, ${SMS_PER_NUMBER_ALL_PER_5_MIN} from all, in five minutes`, async () => {
    await createMember(app, { countryDialingCode: '977', mobileNum: '9877770001' });
    const ip = '198.51.100.140';
    const statuses = [];
    for (let i = 0; i <= SMS_PER_NUMBER_PER_5_MIN; i++) {
      statuses.push((await sms('/wps/verification/sms/login', { mobileNum: '9877770001' }, ip)).statusCode);
    }
    expect(statuses).toEqual([...Array(SMS_PER_NUMBER_PER_5_MIN).fill(200), 429]);
    const last = await sms('/wps/verification/sms/noLogin', { mobileNum: '9877770001' }, ip);
    expect(last.json()).toMatchObject({
      code: 'RATE_LIMITED',
      message: 'Too many requests, please try again after 5 minutes.',
    });
    // Another address still gets the player's code, up to the number's limit from everyone.
    const others = [];
    for (let i = SMS_PER_NUMBER_PER_5_MIN; i <= SMS_PER_NUMBER_ALL_PER_5_MIN; i++)
      others.push((await sms('/wps/verification/sms/login', { mobileNum: '9877770001' })).statusCode);
    expect(others).toEqual([
      ...Array(SMS_PER_NUMBER_ALL_PER_5_MIN - SMS_PER_NUMBER_PER_5_MIN).fill(200),
      429,
    ]);
  });

  it(`allow ${SMS_PER_IP_PER_5_MIN} sends per address in five minutes, whatever the number`, async () => {
    const ip = '198.51.100.150';
    const statuses = [];
    for (let i = 0; i <= SMS_PER_IP_PER_5_MIN; i++) {
      statuses.push(
        (await sms('/wps/verification/sms/login', { mobileNum: `98777801${String(i).padStart(2, '0')}` }, ip))
          .statusCode,
      );
    }
    expect(statuses.at(-1)).toBe(429);
    expect(statuses.slice(0, -1).every((s) => s === 200)).toBe(true);
  });

  it('send the SMS login code from /sms/noLogin (SPEC §7), /sms/login staying an alias', async () => {
    await createMember(app, { countryDialingCode: '977', mobileNum: '9877770009' });
    const flags = app.services.system;
    await flags.setFlag('SMSLOGIN3', false);
    try {
      // Without a purpose it is the login code, so it follows SMSLOGIN3, not CHNGPASSVERIF3.
      const off = await sms('/wps/verification/sms/noLogin', { mobileNum: '9877770009' });
      expect(off.json().code).toBe('NOT_ENABLED');
      expect((await sms('/wps/verification/sms/login', { mobileNum: '9877770009' })).json().code).toBe(
        'NOT_ENABLED',
      );
      const reset = await sms('/wps/verification/sms/noLogin', { mobileNum: '9877770009', purpose: 'reset' });
      expect(reset.json().value).toEqual({ expiredMinutes: 5 });
    } finally {
      await flags.setFlag('SMSLOGIN3', true);
    }
    // The alias cannot be talked into sending a reset code.
    await flags.setFlag('CHNGPASSVERIF3', false);
    try {
      const alias = await sms('/wps/verification/sms/login', { mobileNum: '9877770009', purpose: 'reset' });
      expect(alias.json().value).toEqual({ expiredMinutes: 5 });
      const reset = await sms('/wps/verification/sms/noLogin', { mobileNum: '9877770009', purpose: 'reset' });
      expect(reset.json().code).toBe('NOT_ENABLED');
    } finally {
      await flags.setFlag('CHNGPASSVERIF3', true);
    }
    const bad = await sms('/wps/verification/sms/noLogin', { mobileNum: '9877770009', purpose: 'other' });
    expect(bad.statusCode).toBe(400);
  });

  it('register codes need REGMOBVERF3', async () => {
    const res = await sms('/wps/verification/sms/register', { mobileNo: '9877770002' });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('Not enabled function, please contact customer service.');
  });
});

describe('codes', () => {
  it('are six random digits, stored only as an HMAC, sent with the expiry in the text', async () => {
    const { verification } = t.app.services;
    const dest = '+977 9877770010';
    const seen = new Set<string>();
    for (let i = 0; i < 5; i++) {
      await verification.issue({ purpose: 'bindMobile', channel: 'sms', destination: dest, locale: 'en' });
      seen.add(await lastCode(app, dest));
    }
    expect(seen.size).toBeGreaterThan(1);
    const [msg] = await verification.outbox({ recipient: dest, limit: 1 });
    expect(msg!.body).toMatch(/^Your verification code is \d{6}\. It expires in 5 minutes\./);
    const rows = await t.database.query('select code_hash from verification_codes where destination = $1', [
      dest,
    ]);
    for (const r of rows) {
      expect(String(r.code_hash)).toMatch(/^[0-9a-f]{64}$/);
      for (const c of seen) expect(String(r.code_hash)).not.toContain(c);
    }
  });

  it('only the newest code of a purpose and address works, once, and not for another purpose or member', async () => {
    const { verification } = t.app.services;
    const dest = '+977 9877770011';
    await verification.issue({ purpose: 'register', channel: 'sms', destination: dest, locale: 'en' });
    const older = await lastCode(app, dest);
    await verification.issue({ purpose: 'register', channel: 'sms', destination: dest, locale: 'en' });
    const newer = await lastCode(app, dest);
    if (older !== newer) {
      await expect(
        verification.consume({ purpose: 'register', destination: dest, code: older }),
      ).rejects.toMatchObject({
        code: 'CODE_INVALID',
      });
    }
    await expect(
      verification.consume({ purpose: 'login', destination: dest, code: newer }),
    ).rejects.toMatchObject({
      code: 'CODE_INVALID',
    });
    await expect(
      verification.consume({ purpose: 'register', destination: dest, code: newer }),
    ).resolves.toBeUndefined();
    await expect(
      verification.consume({ purpose: 'register', destination: dest, code: newer }),
    ).rejects.toMatchObject({
      code: 'CODE_INVALID',
    });

    await verification.issue({
      purpose: 'bindMobile',
      channel: 'sms',
      destination: dest,
      memberId: 1,
      locale: 'en',
    });
    const mine = await lastCode(app, dest);
    await expect(
      verification.consume({ purpose: 'bindMobile', destination: dest, code: mine, memberId: 2 }),
    ).rejects.toMatchObject({ code: 'CODE_INVALID' });
  });

  it('missing → VALIDATION codeMissing; expired → CODE_EXPIRED', async () => {
    const { verification } = t.app.services;
    await expect(
      verification.consume({ purpose: 'login', destination: 'x', code: '  ' }),
    ).rejects.toMatchObject({
      code: 'VALIDATION',
      messageKey: 'codeMissing',
    });
    const dest = '+977 9877770012';
    await verification.issue({ purpose: 'login', channel: 'sms', destination: dest, locale: 'en' });
    const code = await lastCode(app, dest);
    await t.database.query(`update verification_codes set expires_at = now() where destination = $1`, [dest]);
    await expect(verification.consume({ purpose: 'login', destination: dest, code })).rejects.toMatchObject({
      code: 'CODE_EXPIRED',
    });
  });

  it('a code used twice at the same moment works once', async () => {
    const { verification } = t.app.services;
    const dest = '+977 9877770013';
    await verification.issue({ purpose: 'login', channel: 'sms', destination: dest, locale: 'en' });
    const code = await lastCode(app, dest);
    const results = await Promise.allSettled(
      Array.from({ length: 4 }, () => verification.consume({ purpose: 'login', destination: dest, code })),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
  });
});

describe('providers', () => {
  it('HttpSmsSender posts {to, text} with the bearer token; a non-2xx is an error', async () => {
    const received: Array<{ auth: string | undefined; body: unknown }> = [];
    let fail = false;
    let status = 0;
    const server = createHttpServer(async (req: IncomingMessage, res) => {
      let raw = '';
      for await (const chunk of req) raw += chunk;
      received.push({ auth: req.headers.authorization, body: JSON.parse(raw) });
      res.statusCode = status || (fail ? 503 : 200);
      res.end('{}');
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/sms`;
    try {
      const sender = new HttpSmsSender(url, 'tok-123');
      await sender.send({ to: '+977 9800000000', text: 'hello' });
      expect(received).toEqual([{ auth: 'Bearer tok-123', body: { to: '+977 9800000000', text: 'hello' } }]);
      fail = true;
      await expect(sender.send({ to: '+977 9800000000', text: 'x' })).rejects.toThrow(/503/);

      // Wired from SMS_PROVIDER_URL: the app sends through it and keeps no outbox copy.
      fail = false;
      const wired = await createTestApp({ smsProviderUrl: url, smsProviderToken: 'tok-456' });
      try {
        // The provider's quota answers (402, 429) become SPEC §8 'Quota not sufficient…'.
        await wired.app.services.system.setFlag('REGMOBVERF3', true);
        status = 429;
        const quota = await wired.app.inject({
          method: 'POST',
          url: '/wps/verification/sms/register',
          payload: { mobileNo: '9877770021' },
        });
        expect(quota.statusCode).toBe(503);
        expect(quota.json()).toMatchObject({
          code: 'QUOTA_EXCEEDED',
          message: 'Quota not sufficient, please contact customer service.',
        });
        status = 0;
        await createMember(wired.app, { countryDialingCode: '977', mobileNum: '9877770020' });
        const res = await wired.app.inject({
          method: 'POST',
          url: '/wps/verification/sms/login',
          payload: { mobileNum: '9877770020' },
        });
        expect(res.statusCode).toBe(200);
        await wired.app.services.auth.settle(); // the code is sent after the answer
        expect(received.at(-1)).toMatchObject({ auth: 'Bearer tok-456', body: { to: '+977 9877770020' } });
        expect(await wired.app.services.verification.outbox()).toEqual([]);
      } finally {
        await wired.close();
      }
    } finally {
      server.close();
    }
  });

  it('SmtpMailer delivers over SMTP (SMTP_URL)', async () => {
    const messages: string[] = [];
    const server = createTcpServer((socket) => {
      let data = false;
      let buf = '';
      socket.write('220 sink ESMTP\r\n');
      socket.on('data', (chunk) => {
        buf += chunk.toString();
        let i = buf.indexOf('\r\n');
        while (i >= 0) {
          const line = buf.slice(0, i);
          buf = buf.slice(i + 2);
          if (data) {
            if (line === '.') {
              data = false;
              socket.write('250 queued\r\n');
            } else messages.push(line);
          } else if (/^(EHLO|HELO)/i.test(line)) socket.write('250 sink\r\n');
          else if (/^DATA/i.test(line)) {
            data = true;
            socket.write('354 go\r\n');
          } else if (/^QUIT/i.test(line)) socket.end('221 bye\r\n');
          else socket.write('250 ok\r\n');
          i = buf.indexOf('\r\n');
        }
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const port = (server.address() as AddressInfo).port;
    const mailer = new SmtpMailer(`smtp://127.0.0.1:${port}?ignoreTLS=true`, testConfig().mailFrom);
    try {
      await mailer.send({ to: 'someone@example.com', subject: 'Hello', text: 'Your code is 123456' });
      const all = messages.join('\n');
      expect(all).toContain('Subject: Hello');
      expect(all).toContain('To: someone@example.com');
      expect(all).toContain('Your code is 123456');
    } finally {
      mailer.close();
      server.close();
    }
  });
});
