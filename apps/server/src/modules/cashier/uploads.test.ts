import { randomBytes } from 'node:crypto';
import { deflateSync } from 'node:zlib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helper.ts';
import { type CreatedAccount, createMember } from '../../test/members.ts';

/** Issue 7 #6: every image decoded and re-encoded, dimensions bounded, per-member caps. */

const create = { width: 32, height: 24, channels: 3 as const, background: '#c33' };
const PNG = await sharp({ create }).png().toBuffer();
const JPEG = await sharp({ create }).jpeg().toBuffer();

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
const crc32 = (buf: Buffer) => {
  let c = 0xffffffff;
  for (const b of buf) c = CRC_TABLE[(c ^ b) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
};
const chunk = (type: string, data: Buffer) => {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
};
/** A valid-looking PNG whose header claims width × height (grey, 8 bit) with one tiny IDAT. */
const pngClaiming = (width: number, height: number) => {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8;
  ihdr[9] = 0;
  return Buffer.concat([
    PNG.subarray(0, 8),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(Buffer.alloc(1024))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
};
/** PNG chunks before IEND, so a text chunk can be slipped in. */
const withChunkBeforeEnd = (png: Buffer, extra: Buffer) =>
  Buffer.concat([png.subarray(0, png.length - 12), extra, png.subarray(png.length - 12)]);
const ZIP = Buffer.concat([
  Buffer.from('PK\x03\x04', 'latin1'),
  Buffer.from('evil.html<script>alert(1)</script>'),
  Buffer.alloc(64, 7),
]);
const HTML = Buffer.from('<html><script>alert(document.cookie)</script></html>');

function multipart(fields: Record<string, string>, file?: Buffer) {
  const boundary = `----wps${randomBytes(8).toString('hex')}`;
  const parts: Buffer[] = [];
  for (const [k, v] of Object.entries(fields)) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  }
  if (file) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="proof"; filename="p.png"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      file,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
}

describe('cashier uploads: re-encoded images and per-member caps', () => {
  let t: TestApp;
  let channelId: number;
  beforeAll(async () => {
    t = await createTestApp({
      depositPendingMax: 3,
      uploadsPerHour: 4,
      uploadQuotaBytes: 400_000,
    });
    await t.app.services.cashier.ensureDemoChannels();
    const channels = await t.app.services.cashier.channels();
    channelId = channels[0]!.id;
  });
  afterAll(async () => {
    await t.close();
  });

  let seq = 0;
  const deposit = async (who: CreatedAccount, file?: Buffer, requestId?: string) => {
    const { payload, contentType } = multipart(
      {
        channelId: String(channelId),
        amount: '500.00',
        reference: `ref-${++seq}`,
        ...(requestId ? { requestId } : {}),
      },
      file,
    );
    const res = await t.app.inject({
      method: 'POST',
      url: '/wps/cashier/deposits',
      headers: { token: who.token, 'content-type': contentType },
      payload,
    });
    return { status: res.statusCode, body: res.json() };
  };
  const stored = async (who: CreatedAccount, url: string) => {
    const res = await t.app.inject({ method: 'GET', url, headers: { token: who.token } });
    expect(res.statusCode).toBe(200);
    return { data: res.rawPayload, type: res.headers['content-type'] };
  };
  const cancelPending = async (who: CreatedAccount) => {
    await t.database.query(`update deposit_requests set status = 'rejected' where member_id = ${who.id}`);
  };

  it('stores polyglots without their payload: appended ZIP or HTML, HTML in a PNG text chunk or a JPEG comment', async () => {
    const jpegWithComment = Buffer.concat([
      JPEG.subarray(0, 2),
      Buffer.from([0xff, 0xfe, 0x00, HTML.length + 2]),
      HTML,
      JPEG.subarray(2),
    ]);
    const cases: Array<[string, Buffer, string]> = [
      ['png+zip', Buffer.concat([PNG, ZIP]), 'image/png'],
      ['png+html', Buffer.concat([PNG, HTML]), 'image/png'],
      [
        'png tEXt',
        withChunkBeforeEnd(PNG, chunk('tEXt', Buffer.concat([Buffer.from('Comment\0'), HTML]))),
        'image/png',
      ],
      ['jpeg+zip', Buffer.concat([JPEG, ZIP]), 'image/jpeg'],
      ['jpeg COM', jpegWithComment, 'image/jpeg'],
    ];
    for (const [name, file, mime] of cases) {
      const who = await createMember(t.app);
      const r = await deposit(who, file);
      expect(r.status, name).toBe(200);
      const img = await stored(who, r.body.value.proofUrl);
      expect(img.type, name).toBe(mime);
      const text = img.data.toString('latin1');
      expect(text, name).not.toContain('PK\x03\x04');
      expect(text, name).not.toContain('<script');
      expect(text, name).not.toContain('<html');
      const meta = await sharp(img.data).metadata();
      expect(meta, name).toMatchObject({ width: 32, height: 24 });
    }
  });

  it('strips EXIF (camera, GPS, comments) and keeps the picture upright', async () => {
    const who = await createMember(t.app);
    const tagged = await sharp({ create })
      .jpeg()
      .withExif({ IFD0: { Copyright: 'SECRET-OWNER', ImageDescription: 'GPS 27.7172,85.3240' } })
      .toBuffer();
    expect((await sharp(tagged).metadata()).exif).toBeDefined();
    const r = await deposit(who, tagged);
    expect(r.status).toBe(200);
    const img = await stored(who, r.body.value.proofUrl);
    const meta = await sharp(img.data).metadata();
    expect(meta.exif).toBeUndefined();
    expect(meta.icc).toBeUndefined();
    expect(img.data.toString('latin1')).not.toContain('SECRET-OWNER');
    expect(img.data.toString('latin1')).not.toContain('27.7172');
  });

  it('refuses huge dimensions from the header (decompression bombs) with 413, and broken or mislabelled images with 415', async () => {
    const who = await createMember(t.app);
    for (const [w, h] of [
      [100_000, 100_000],
      [4097, 1],
      [1, 4097],
      [65_535, 65_535],
    ] as const) {
      const r = await deposit(who, pngClaiming(w, h));
      expect(r.status, `${w}x${h}`).toBe(413);
      expect(r.body).toMatchObject({
        code: 'PAYLOAD_TOO_LARGE',
        message: 'The image must not be larger than 4096 × 4096 pixels.',
      });
    }
    const wide = await sharp({ create: { ...create, width: 4097, height: 2 } })
      .png()
      .toBuffer();
    expect((await deposit(who, wide)).status).toBe(413);
    for (const bad of [
      PNG.subarray(0, PNG.length - 30), // truncated
      Buffer.concat([PNG.subarray(0, 8), JPEG]), // PNG signature, JPEG inside
      Buffer.concat([JPEG.subarray(0, 3), PNG]), // JPEG signature, PNG inside
      Buffer.concat([PNG.subarray(0, 33), randomBytes(2000)]), // header then garbage
      randomBytes(3000),
    ]) {
      const r = await deposit(who, bad);
      expect(r.status).toBe(415);
      expect(r.body.message).toBe('Only PNG or JPG images are accepted.');
    }
    expect(await t.database.query(`select 1 from deposit_requests where member_id = ${who.id}`)).toEqual([]);
    expect(await t.database.query(`select 1 from cashier_uploads where owner_id = ${who.id}`)).toEqual([]);
  });

  it('caps pending deposits per member; a retry of an existing request is still answered', async () => {
    const who = await createMember(t.app);
    const ids: number[] = [];
    for (let i = 0; i < 3; i++) ids.push((await deposit(who, undefined, `cap-request-${i}`)).body.value.id);
    const fourth = await deposit(who, undefined, 'cap-request-3');
    expect(fourth.status).toBe(409);
    expect(fourth.body).toMatchObject({
      code: 'CONFLICT',
      message:
        'You already have 3 deposit requests waiting for review. Please wait until they are processed.',
    });
    expect((await deposit(who, undefined, 'cap-request-1')).body.value.id).toBe(ids[1]);
    // Another member is not affected; once one is reviewed, the member may ask again.
    expect((await deposit(await createMember(t.app))).status).toBe(200);
    await t.app.services.cashier.rejectDeposit({ id: 0, account: 'test' }, ids[0]!, 'not received');
    expect((await deposit(who, undefined, 'cap-request-3')).status).toBe(200);
  });

  it('caps uploads per member per hour, and the stored bytes per member', async () => {
    const who = await createMember(t.app);
    for (let i = 0; i < 4; i++) {
      expect((await deposit(who, PNG)).status).toBe(200);
      await cancelPending(who);
    }
    const fifth = await deposit(who, PNG);
    expect(fifth.status).toBe(429);
    expect(fifth.body).toMatchObject({
      code: 'RATE_LIMITED',
      message: 'Too many images uploaded. Please try again in an hour.',
    });
    // Without an image the member can still ask for a deposit.
    expect((await deposit(who)).status).toBe(200);
    await cancelPending(who);
    // An hour later the hourly cap frees up, but the storage quota (400 kB here) still counts.
    await t.database.query(
      `update cashier_uploads set created_at = now() - interval '2 hours' where owner_id = ${who.id}`,
    );
    const noise = await sharp(randomBytes(200 * 200 * 3), { raw: { width: 200, height: 200, channels: 3 } })
      .png()
      .toBuffer();
    let refused: { status: number; body: { code: string; message: string } } | null = null;
    for (let i = 0; i < 4 && !refused; i++) {
      const r = await deposit(who, noise);
      await cancelPending(who);
      if (r.status !== 200) refused = r;
    }
    expect(refused).toMatchObject({
      status: 413,
      body: {
        code: 'PAYLOAD_TOO_LARGE',
        message: 'Your storage for uploaded images is full. Please contact customer service.',
      },
    });
    const [used] = await t.database.query(
      `select sum(size)::int as total from cashier_uploads where owner_type = 'member' and owner_id = ${who.id}`,
    );
    expect(used!.total).toBeLessThanOrEqual(400_000);
  });
});
