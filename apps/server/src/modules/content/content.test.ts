import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helper.ts';
import { type CreatedAccount, createMember, createOperator } from '../../test/members.ts';
import { sanitizeContentHtml } from './html.ts';

const banner = await sharp({ create: { width: 1200, height: 400, channels: 3, background: '#36c' } })
  .png()
  .toBuffer();
const webp = await sharp({ create: { width: 300, height: 100, channels: 3, background: '#c63' } })
  .webp()
  .toBuffer();
const small = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#3c6' } })
  .jpeg()
  .toBuffer();

function multipart(field: string, file: Buffer) {
  const boundary = `----wps${randomBytes(8).toString('hex')}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="x.png"\r\nContent-Type: image/png\r\n\r\n`,
    ),
    file,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

const LONG = 'My deposit of 500 has not arrived after an hour.';

describe('content module', () => {
  let t: TestApp;
  let op: CreatedAccount;
  let player: CreatedAccount;
  let other: CreatedAccount;
  let imageId: string;

  beforeAll(async () => {
    t = await createTestApp({
      liveHosts: [
        {
          id: 'anna',
          name: 'Anna',
          chatUrl: 'https://chat.example.com/r/anna',
          avatarUrl: null,
          online: true,
        },
      ],
    });
    op = await createOperator(t.app, { permissions: ['content'] });
    player = await createMember(t.app);
    other = await createMember(t.app);
  });
  afterAll(async () => {
    await t.close();
  });

  const asOp = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
    t.app.inject({
      method,
      url,
      headers: { token: op.token },
      ...(payload ? { payload: payload as object } : {}),
    });

  describe('images', () => {
    it('stores an uploaded PNG as WebP widths no wider than the original', async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/wps/admin/content/images',
        ...multipart('image', banner),
        headers: { ...multipart('image', banner).headers, token: op.token },
      });
      // Rebuild with one boundary: the helper above makes a new one each call.
      const m = multipart('image', banner);
      const up = await t.app.inject({
        method: 'POST',
        url: '/wps/admin/content/images',
        payload: m.payload,
        headers: { ...m.headers, token: op.token },
      });
      expect(res.statusCode).toBeLessThan(500);
      expect(up.statusCode).toBe(200);
      const v = up.json().value;
      expect(v).toMatchObject({ width: 1200, height: 400 });
      expect(v.variants.map((x: { width: number }) => x.width)).toEqual([480, 960, 1200]);
      expect(v.variants[0]).toMatchObject({ width: 480, height: 160 });
      imageId = v.id;
      const img = await t.app.inject({ method: 'GET', url: v.variants[0].url });
      expect(img.statusCode).toBe(200);
      expect(img.headers['content-type']).toBe('image/webp');
      expect(img.headers['cache-control']).toContain('immutable');
      expect((await sharp(img.rawPayload).metadata()).format).toBe('webp');
    });

    it('stores AVIF beside WebP at the same widths, each served with its own type', async () => {
      const m = multipart('image', banner);
      const up = await t.app.inject({
        method: 'POST',
        url: '/wps/admin/content/images',
        payload: m.payload,
        headers: { ...m.headers, token: op.token },
      });
      const v = up.json().value;
      expect(v.avif.map((x: { width: number; height: number }) => [x.width, x.height])).toEqual([
        [480, 160],
        [960, 320],
        [1200, 400],
      ]);
      expect(v.avif[1].url).toBe(`/wps/content/images/${v.id}/960/avif`);
      const avif = await t.app.inject({ method: 'GET', url: v.avif[1].url });
      expect(avif.statusCode).toBe(200);
      expect(avif.headers['content-type']).toBe('image/avif');
      expect(avif.headers['cache-control']).toContain('immutable');
      const meta = await sharp(avif.rawPayload).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(['heif', 960, 320]);
      // The WebP path at the same width still answers WebP.
      const webpSame = await t.app.inject({ method: 'GET', url: v.variants[1].url });
      expect(webpSame.headers['content-type']).toBe('image/webp');
      const missing = await t.app.inject({ method: 'GET', url: `/wps/content/images/${v.id}/333/avif` });
      expect(missing.statusCode).toBe(404);
    });

    it('accepts WebP for operators, refuses what is not an image by its bytes', async () => {
      const ok = multipart('image', webp);
      const res = await t.app.inject({
        method: 'POST',
        url: '/wps/admin/content/images',
        payload: ok.payload,
        headers: { ...ok.headers, token: op.token },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().value.variants).toHaveLength(1);
      const html = multipart('image', Buffer.from('<html><script>alert(1)</script></html>'));
      const bad = await t.app.inject({
        method: 'POST',
        url: '/wps/admin/content/images',
        payload: html.payload,
        headers: { ...html.headers, token: op.token },
      });
      expect(bad.statusCode).toBe(415);
      expect(bad.json()).toMatchObject({ success: false, code: 'UNSUPPORTED_MEDIA_TYPE' });
    });

    it('keeps uploads to operators with the content permission', async () => {
      const m = multipart('image', small);
      const asPlayer = await t.app.inject({
        method: 'POST',
        url: '/wps/admin/content/images',
        payload: m.payload,
        headers: { ...m.headers, token: player.token },
      });
      expect(asPlayer.statusCode).toBe(403);
      const cashierOp = await createOperator(t.app, { permissions: ['cashier'] });
      const list = await t.app.inject({
        method: 'GET',
        url: '/wps/admin/content/banners',
        headers: { token: cashierOp.token },
      });
      expect(list.statusCode).toBe(403);
      const guest = await t.app.inject({ method: 'GET', url: '/wps/admin/content/notices' });
      expect(guest.statusCode).toBe(401);
    });
  });

  describe('banners', () => {
    it('shows enabled banners in schedule and language, by order, with ETag and 304', async () => {
      const base = { groupName: 'w_home', imageId, linkageType: 'route', link: '/promotions' };
      const hour = 3_600_000;
      const made = [
        await asOp('POST', '/wps/admin/content/banners', { ...base, title: 'second', sort: 2 }),
        await asOp('POST', '/wps/admin/content/banners', { ...base, title: 'first', sort: 1 }),
        await asOp('POST', '/wps/admin/content/banners', {
          ...base,
          title: 'future',
          startsAt: new Date(Date.now() + hour).toISOString(),
        }),
        await asOp('POST', '/wps/admin/content/banners', {
          ...base,
          title: 'past',
          endsAt: new Date(Date.now() - hour).toISOString(),
        }),
        await asOp('POST', '/wps/admin/content/banners', { ...base, title: 'off', enabled: false }),
        await asOp('POST', '/wps/admin/content/banners', {
          ...base,
          title: 'nepali',
          language: 'NE',
          sort: 3,
        }),
        await asOp('POST', '/wps/admin/content/banners', { ...base, groupName: 'w_leftmenu', title: 'side' }),
      ];
      for (const r of made) expect(r.statusCode).toBe(200);

      const res = await t.app.inject({ method: 'GET', url: '/wps/content/banners?group=w_home&language=EN' });
      expect(res.statusCode).toBe(200);
      expect(res.json().value.map((b: { title: string }) => b.title)).toEqual(['first', 'second']);
      expect(res.headers['cache-control']).toBe('public, max-age=60');
      const etag = res.headers.etag as string;
      expect(etag).toMatch(/^W\/"/);
      const again = await t.app.inject({
        method: 'GET',
        url: '/wps/content/banners?group=w_home&language=EN',
        headers: { 'if-none-match': etag },
      });
      expect(again.statusCode).toBe(304);
      expect(again.body).toBe('');

      const ne = await t.app.inject({ method: 'GET', url: '/wps/content/banners?group=w_home&language=NE' });
      expect(ne.json().value.map((b: { title: string }) => b.title)).toEqual(['first', 'second', 'nepali']);
      const all = await t.app.inject({ method: 'GET', url: '/wps/content/banners' });
      expect(all.json().value.map((b: { groupName: string }) => b.groupName)).toContain('w_leftmenu');
    });

    it('refuses unsafe links, unknown images and an end before the start', async () => {
      const base = { groupName: 'w_home', imageId };
      const js = await asOp('POST', '/wps/admin/content/banners', {
        ...base,
        linkageType: 'url',
        link: 'javascript:alert(1)',
      });
      expect(js.statusCode).toBe(400);
      const proto = await asOp('POST', '/wps/admin/content/banners', {
        ...base,
        linkageType: 'route',
        link: '//evil.example',
      });
      expect(proto.statusCode).toBe(400);
      const img = await asOp('POST', '/wps/admin/content/banners', {
        ...base,
        imageId: 'nope-nope-nope-nope',
      });
      expect(img.statusCode).toBe(400);
      const when = await asOp('POST', '/wps/admin/content/banners', {
        ...base,
        startsAt: '2030-01-02T00:00:00Z',
        endsAt: '2030-01-01T00:00:00Z',
      });
      expect(when.statusCode).toBe(400);
      const group = await asOp('POST', '/wps/admin/content/banners', { ...base, groupName: 'w_nope' });
      expect(group.statusCode).toBe(400);
    });
  });

  describe('notices', () => {
    it('sanitises HTML on save: no script, no handlers, links get rel=noopener', () => {
      const out = sanitizeContentHtml(
        '<p onclick="x()">Hi<script>alert(1)</script><img src="javascript:alert(1)" onerror="x()"><a href="https://a.example" onmouseover="y()">go</a><a href="javascript:alert(2)">bad</a><iframe src="https://x"></iframe><style>p{}</style></p>',
      );
      expect(out).not.toMatch(/script|onclick|onerror|onmouseover|javascript:|iframe|style/i);
      expect(out).toContain('<a href="https://a.example" target="_blank" rel="noopener noreferrer">go</a>');
    });

    it('publishes by types, execution, language and schedule; refuses content empty after cleaning', async () => {
      const mk = (body: object) =>
        asOp('POST', '/wps/admin/content/notices', { title: 'T', content: '<p>Text</p>', ...body });
      const ids: Record<string, number> = {};
      for (const [key, body] of Object.entries({
        b: { type: 'B', execution: 'B', title: 'startup' },
        a: { type: 'PL', execution: 'A', title: 'always', content: '<p>x<script>alert(1)</script></p>' },
        f: { type: 'PU', execution: 'F', title: 'first login' },
        h: { type: 'H', execution: 'A', title: 'help type' },
        ne: { type: 'B', execution: 'B', title: 'nepali only', languages: ['NE'] },
        later: {
          type: 'B',
          execution: 'B',
          title: 'later',
          startsAt: new Date(Date.now() + 3_600_000).toISOString(),
        },
      })) {
        const r = await mk(body);
        expect(r.statusCode).toBe(200);
        ids[key] = r.json().value.id;
      }
      const empty = await mk({ type: 'B', content: '<script>alert(1)</script>' });
      expect(empty.statusCode).toBe(400);

      const dialog = await t.app.inject({
        method: 'GET',
        url: '/wps/notice?types=B,PL,PU,PR,H&platform=W&language=EN',
      });
      const titles = dialog.json().value.map((n: { title: string }) => n.title);
      expect(titles).toEqual(expect.arrayContaining(['startup', 'always', 'first login', 'help type']));
      expect(titles).not.toContain('nepali only');
      expect(titles).not.toContain('later');
      const always = dialog.json().value.find((n: { title: string }) => n.title === 'always');
      expect(always.content).toBe('<p>x</p>');
      expect(always.timestamp).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);

      const startup = await t.app.inject({
        method: 'GET',
        url: '/wps/notice?types=B,PL,PU,PR&execution=B&platform=W&language=NE',
      });
      expect(
        startup
          .json()
          .value.map((n: { title: string }) => n.title)
          .sort(),
      ).toEqual(['nepali only', 'startup']);
    });

    it('keeps read state per member and counts unread', async () => {
      const before = await t.app.inject({
        method: 'GET',
        url: '/wps/notice/read?language=EN',
        headers: { token: player.token },
      });
      expect(before.statusCode).toBe(200);
      const { unread } = before.json().value;
      expect(unread).toBeGreaterThan(0);
      const first = (await t.app.inject({ method: 'GET', url: '/wps/notice?language=EN' })).json().value[0]
        .id;
      const mark = await t.app.inject({
        method: 'POST',
        url: `/wps/notice/${first}/read`,
        headers: { token: player.token },
      });
      expect(mark.statusCode).toBe(200);
      await t.app.inject({
        method: 'POST',
        url: `/wps/notice/${first}/read`,
        headers: { token: player.token },
      });
      const after = (
        await t.app.inject({
          method: 'GET',
          url: '/wps/notice/read?language=EN',
          headers: { token: player.token },
        })
      ).json().value;
      expect(after).toEqual({ readIds: [first], unread: unread - 1 });
      const theirs = (
        await t.app.inject({
          method: 'GET',
          url: '/wps/notice/read?language=EN',
          headers: { token: other.token },
        })
      ).json().value;
      expect(theirs.unread).toBe(unread);
      const missing = await t.app.inject({
        method: 'POST',
        url: '/wps/notice/999999/read',
        headers: { token: player.token },
      });
      expect(missing.statusCode).toBe(404);
      const guest = await t.app.inject({ method: 'GET', url: '/wps/notice/read' });
      expect(guest.statusCode).toBe(401);
    });
  });

  describe('help centre', () => {
    it('lists articles by language with English fallback, searches, and refuses a taken anchor', async () => {
      const mk = (body: object) =>
        asOp('POST', '/wps/admin/content/help', { device: 'ALL', title: 'T', content: '<p>x</p>', ...body });
      expect(
        (await mk({ language: 'EN', anchor: 'term', title: 'Terms', content: '<p>Be 18 or older</p>' }))
          .statusCode,
      ).toBe(200);
      expect(
        (await mk({ language: 'EN', anchor: 'deposit', title: 'Deposits', content: '<p>Use eSewa</p>' }))
          .statusCode,
      ).toBe(200);
      expect((await mk({ language: 'EN', anchor: 'app', device: 'WEB', title: 'Web only' })).statusCode).toBe(
        200,
      );
      const clash = await mk({ language: 'EN', anchor: 'term' });
      expect(clash.statusCode).toBe(409);
      expect((await mk({ language: 'EN', anchor: 'Bad Anchor' })).statusCode).toBe(400);

      const web = await t.app.inject({ method: 'GET', url: '/wps/system/helpCenter?lang=EN&device=WEB' });
      expect(web.json().value.map((a: { anchor: string }) => a.anchor)).toEqual(['term', 'deposit', 'app']);
      const ne = await t.app.inject({ method: 'GET', url: '/wps/system/helpCenter?lang=NE&device=WEB' });
      expect(ne.json().value).toHaveLength(3);
      const search = await t.app.inject({
        method: 'GET',
        url: '/wps/system/helpCenter?lang=EN&device=WEB&q=esewa',
      });
      expect(search.json().value.map((a: { anchor: string }) => a.anchor)).toEqual(['deposit']);
      const tag = await t.app.inject({ method: 'GET', url: '/wps/system/helpCenter?lang=EN&q=%3Cp%3E' });
      expect(tag.json().value).toEqual([]);
    });
  });

  describe('feedback', () => {
    const send = (data: object, token?: string) =>
      t.app.inject({
        method: 'PUT',
        url: '/wps/feedback',
        headers: token ? { token } : {},
        payload: { data },
      });

    it('lists empty required fields in one "is empty" message', async () => {
      const res = await send({ content: '  ', type: null }, player.token);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('type, content is empty');
      expect(res.json().value.fields).toMatchObject({
        type: 'Input cannot be empty',
        content: 'Input cannot be empty',
      });
    });

    it('counts 20 to 200 characters after trimming, and checks the type', async () => {
      const short = await send({ content: `   ${'a'.repeat(19)}   `, type: 1 }, player.token);
      expect(short.statusCode).toBe(400);
      expect(short.json().message).toBe('The description must be 20 to 200 characters.');
      const long = await send({ content: 'a'.repeat(201), type: 1 }, player.token);
      expect(long.statusCode).toBe(400);
      const type = await send({ content: LONG, type: 5 }, player.token);
      expect(type.statusCode).toBe(400);
      expect(type.json().value.fields.type).toBe('Please choose a question type.');
      const edge = await send({ content: ` ${'न'.repeat(200)} `, type: 0 }, player.token);
      expect(edge.statusCode).toBe(200);
    });

    it('makes a ticket with the member as sender; replies reach only that member', async () => {
      const res = await send({ content: LONG, type: 1, sender: 'someone-else' }, player.token);
      expect(res.statusCode).toBe(200);
      const id = res.json().value.id;
      const inbox = await asOp('GET', '/wps/admin/content/feedback?status=open');
      const ticket = inbox.json().value.content.find((x: { id: number }) => x.id === id);
      expect(ticket).toMatchObject({
        sender: player.account,
        memberAccount: player.account,
        type: 1,
        status: 'open',
      });
      const reply = await asOp('POST', `/wps/admin/content/feedback/${id}/reply`, {
        body: 'We found it, credited now.',
      });
      expect(reply.statusCode).toBe(200);
      const mine = await t.app.inject({
        method: 'GET',
        url: '/wps/feedback',
        headers: { token: player.token },
      });
      const seen = mine.json().value.content.find((x: { id: number }) => x.id === id);
      expect(seen).toMatchObject({
        status: 'answered',
        replies: [{ author: 'operator', body: 'We found it, credited now.' }],
      });
      const theirs = await t.app.inject({
        method: 'GET',
        url: '/wps/feedback',
        headers: { token: other.token },
      });
      expect(theirs.json().value.content).toEqual([]);
      // The reply is in the player's messages (unread), not in anyone else's.
      const inboxOf = (token: string) =>
        t.app.inject({ method: 'GET', url: '/wps/messages?pageNo=1&pageSize=50', headers: { token } });
      const msgs = (await inboxOf(player.token)).json().value;
      expect(msgs.content.filter((x: { kind: string }) => x.kind === 'feedback')).toEqual([
        expect.objectContaining({
          title: `Reply to your feedback #${id}`,
          body: 'We found it, credited now.',
          read: false,
        }),
      ]);
      expect(msgs.unread).toBeGreaterThanOrEqual(1);
      const otherMsgs = (await inboxOf(other.token)).json().value.content;
      expect(otherMsgs.filter((x: { kind: string }) => x.kind === 'feedback')).toEqual([]);
      const none = await asOp('POST', '/wps/admin/content/feedback/999999/reply', { body: 'x' });
      expect(none.statusCode).toBe(404);
    });

    it("attaches only the member's own private proof", async () => {
      const m = multipart('proof', small);
      const up = await t.app.inject({
        method: 'POST',
        url: '/wps/feedback/proof',
        payload: m.payload,
        headers: { ...m.headers, token: player.token },
      });
      expect(up.statusCode).toBe(200);
      const proofId = up.json().value.id;
      // Private: not on the public image path.
      const pub = await t.app.inject({ method: 'GET', url: `/wps/content/images/${proofId}/40` });
      expect(pub.statusCode).toBe(404);
      const stolen = await send({ content: LONG, type: 2, proofId }, other.token);
      expect(stolen.statusCode).toBe(400);
      const publicImage = await send({ content: LONG, type: 2, proofId: imageId }, player.token);
      expect(publicImage.statusCode).toBe(400);
      const okRes = await send({ content: LONG, type: 2, proofId }, player.token);
      expect(okRes.statusCode).toBe(200);
      const proof = await asOp('GET', `/wps/admin/content/feedback/${okRes.json().value.id}/proof`);
      expect(proof.statusCode).toBe(200);
      expect(proof.headers['content-type']).toBe('image/jpeg');
    });

    it('refuses proofs by the SPEC §8 image rules: PNG/JPG only, 5MB, members only', async () => {
      const up = (file: Buffer, token?: string) => {
        const m = multipart('proof', file);
        return t.app.inject({
          method: 'POST',
          url: '/wps/feedback/proof',
          payload: m.payload,
          headers: { ...m.headers, ...(token ? { token } : {}) },
        });
      };
      const asWebp = await up(webp, player.token);
      expect(asWebp.statusCode).toBe(415);
      expect(asWebp.json()).toMatchObject({
        code: 'UNSUPPORTED_MEDIA_TYPE',
        message: 'Only PNG or JPG images are accepted.',
      });
      const text = await up(Buffer.from('not an image at all'), player.token);
      expect(text.statusCode).toBe(415);
      const huge = Buffer.concat([small, Buffer.alloc(5 * 1024 * 1024 + 1)]);
      const big = await up(huge, player.token);
      expect(big.statusCode).toBe(413);
      expect(big.json().message).toBe('The image must not be larger than 5MB.');
      const guest = await up(small);
      expect(guest.statusCode).toBe(401);
    });

    it('requires the captcha when the human check is on', async () => {
      const strict = await createTestApp({ humanCheck: true });
      try {
        const res = await strict.app.inject({
          method: 'PUT',
          url: '/wps/feedback',
          payload: { data: { content: LONG, type: 1 } },
        });
        expect(res.statusCode).toBe(400);
        expect(res.json().message).toBe('captcha is empty');
        const wrong = await strict.app.inject({
          method: 'PUT',
          url: '/wps/feedback',
          payload: { data: { content: LONG, type: 1, captcha: 'abcd', captchaKey: 'k'.repeat(32) } },
        });
        expect(wrong.statusCode).toBeGreaterThanOrEqual(400);
        expect(wrong.json().code).toBe('CAPTCHA_INVALID');
        const key = 'q'.repeat(32);
        const { text } = await strict.app.services.auth.captcha.create(key);
        const good = await strict.app.inject({
          method: 'PUT',
          url: '/wps/feedback',
          payload: {
            data: { content: LONG, type: 1, captcha: ` ${text} `, captchaKey: key, sender: 'visitor' },
          },
        });
        expect(good.statusCode).toBe(200);
      } finally {
        await strict.close();
      }
    });
  });

  describe('live', () => {
    it('lists configured hosts; launching answers the room in the site, for guests too (issue 31)', async () => {
      const list = await t.app.inject({ method: 'GET', url: '/wps/live/models' });
      expect(list.json().value).toEqual([{ id: 'anna', name: 'Anna', avatarUrl: null, online: true }]);
      const guest = await t.app.inject({ method: 'GET', url: '/wps/live/chat?id=anna' });
      expect(guest.json().value).toEqual({ chatUrl: '/liveStream/room?host=anna' });
      const launch = await t.app.inject({
        method: 'GET',
        url: '/wps/live/chat?id=anna',
        headers: { token: player.token },
      });
      expect(launch.json().value).toEqual({ chatUrl: '/liveStream/room?host=anna' });
      const unknown = await t.app.inject({
        method: 'GET',
        url: '/wps/live/chat?id=bob',
        headers: { token: player.token },
      });
      expect(unknown.statusCode).toBe(404);
    });

    it('tells the site whether live hosts exist (the menu leads to the page only then)', async () => {
      const withHosts = await t.app.inject({ method: 'GET', url: '/wps/system/permission' });
      expect(withHosts.json().value.info.liveStreams).toBe(true);
      const bare = await createTestApp();
      try {
        const none = await bare.app.inject({ method: 'GET', url: '/wps/system/permission' });
        expect(none.json().value.info.liveStreams).toBe(false);
        const list = await bare.app.inject({ method: 'GET', url: '/wps/live/models' });
        expect(list.json().value).toEqual([]);
        const m = await createMember(bare.app);
        const launch = await bare.app.inject({
          method: 'GET',
          url: '/wps/live/chat?id=anna',
          headers: { token: m.token },
        });
        expect(launch.statusCode).toBeGreaterThanOrEqual(400);
        expect(launch.statusCode).toBeLessThan(500);
      } finally {
        await bare.close();
      }
    });
  });
});
