import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helper.ts';
import { type CreatedAccount, createMember, createOperator } from '../../test/members.ts';

const JPEG = await sharp({ create: { width: 64, height: 40, channels: 3, background: '#2a6' } })
  .withMetadata({ exif: { IFD0: { Copyright: 'secret-exif' } } })
  .jpeg()
  .toBuffer();
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

function multipart(fields: Record<string, string>, file?: { data: Buffer; type: string }) {
  const boundary = `----wps${randomBytes(8).toString('hex')}`;
  const parts: Buffer[] = [];
  for (const [k, v] of Object.entries(fields)) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  }
  if (file) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="doc"\r\nContent-Type: ${file.type}\r\n\r\n`,
      ),
      file.data,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(parts),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

describe('KYC documents and identity', () => {
  let t: TestApp;
  let kyc: CreatedAccount;
  let writer: CreatedAccount;
  let player: CreatedAccount;
  beforeAll(async () => {
    t = await createTestApp({ uploadLimitBytes: 200_000 });
    kyc = await createOperator(t.app, { permissions: ['players.read', 'players.kyc'] });
    writer = await createOperator(t.app, { permissions: ['players.read', 'players.write'] });
    player = await createMember(t.app);
  });
  afterAll(async () => {
    await t.close();
  });
  const upload = (token: string, fields: Record<string, string>, file?: { data: Buffer; type: string }) => {
    const m = multipart(fields, file);
    return t.app.inject({
      method: 'POST',
      url: `/wps/admin/players/${player.id}/kyc/documents`,
      headers: { ...m.headers, token },
      payload: m.payload,
    });
  };

  it('stores an image re-encoded (metadata gone) and a PDF, and serves them to players.kyc only', async () => {
    const img = await upload(kyc.token, { kind: 'id_front' }, { data: JPEG, type: 'image/jpeg' });
    expect(img.statusCode).toBe(200);
    expect(img.json().value).toMatchObject({ kind: 'id_front', mime: 'image/jpeg', status: 'pending' });
    const file = await t.app.inject({
      method: 'GET',
      url: img.json().value.url,
      headers: { token: kyc.token },
    });
    expect(file.statusCode).toBe(200);
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    expect(file.rawPayload.includes(Buffer.from('secret-exif'))).toBe(false);
    expect(
      (await t.app.inject({ method: 'GET', url: img.json().value.url, headers: { token: writer.token } }))
        .statusCode,
    ).toBe(403);
    expect(
      (await t.app.inject({ method: 'GET', url: img.json().value.url, headers: { token: player.token } }))
        .statusCode,
    ).toBe(403);

    const pdf = await upload(kyc.token, { kind: 'address' }, { data: PDF, type: 'application/pdf' });
    expect(pdf.statusCode).toBe(200);
    const pdfFile = await t.app.inject({
      method: 'GET',
      url: pdf.json().value.url,
      headers: { token: kyc.token },
    });
    expect(pdfFile.headers['content-disposition']).toMatch(/^attachment;/);
  });

  it('refuses wrong types, fake PDFs, empty and oversized files with a 4xx', async () => {
    const html = await upload(
      kyc.token,
      { kind: 'other' },
      { data: Buffer.from('<html><script>1</script>'), type: 'image/png' },
    );
    expect(html.statusCode).toBe(415);
    expect(html.json().message).toBe('Upload a PNG or JPEG image or a PDF.');
    const fakePdf = await upload(
      kyc.token,
      {},
      { data: Buffer.from('%PDF-1.4 <script>'), type: 'application/pdf' },
    );
    expect(fakePdf.statusCode).toBe(415);
    expect((await upload(kyc.token, {})).statusCode).toBe(415);
    const big = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(300_000, 32), Buffer.from('\n%%EOF')]);
    const large = await upload(kyc.token, {}, { data: big, type: 'application/pdf' });
    expect(large.statusCode).toBe(413);
    expect(
      (await upload(kyc.token, { kind: 'passport!' }, { data: PDF, type: 'application/pdf' })).statusCode,
    ).toBe(400);
    expect((await upload(writer.token, {}, { data: PDF, type: 'application/pdf' })).statusCode).toBe(403);
  });

  it('approves, or rejects with a reason, once; the profile shows the KYC status', async () => {
    const doc = (await upload(kyc.token, { kind: 'selfie' }, { data: JPEG, type: 'image/jpeg' })).json()
      .value;
    const review = (body: unknown) =>
      t.app.inject({
        method: 'POST',
        url: `/wps/admin/players/${player.id}/kyc/documents/${doc.id}/review`,
        headers: { token: kyc.token },
        payload: body as object,
      });
    const noReason = await review({ approve: false });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().message).toBe('Please give a reason for the rejection.');
    const rejected = await review({ approve: false, reason: 'Blurred' });
    expect(rejected.json().value).toMatchObject({
      status: 'rejected',
      reason: 'Blurred',
      reviewedBy: kyc.account,
    });
    expect((await review({ approve: true })).statusCode).toBe(409);
    const all = (
      await t.app.inject({
        method: 'GET',
        url: `/wps/admin/players/${player.id}/kyc`,
        headers: { token: kyc.token },
      })
    ).json().value;
    for (const d of all.documents.filter((x: { status: string }) => x.status === 'pending')) {
      await t.app.inject({
        method: 'POST',
        url: `/wps/admin/players/${player.id}/kyc/documents/${d.id}/review`,
        headers: { token: kyc.token },
        payload: { approve: true },
      });
    }
    const profile = (
      await t.app.inject({
        method: 'GET',
        url: `/wps/admin/players/${player.id}`,
        headers: { token: kyc.token },
      })
    ).json().value;
    expect(profile.kyc.status).toBe('approved');
    const audit = await t.app.services.audit.list({ pageNo: 1, pageSize: 20, targetId: String(player.id) });
    expect(audit.content.map((a) => a.action)).toEqual(
      expect.arrayContaining(['player.kyc.upload', 'player.kyc.reject', 'player.kyc.approve']),
    );
  });

  it('edits the ID number and date of birth, validated', async () => {
    const put = (body: unknown) =>
      t.app.inject({
        method: 'PUT',
        url: `/wps/admin/players/${player.id}/kyc/identity`,
        headers: { token: kyc.token },
        payload: body as object,
      });
    expect((await put({ idNumber: '12-34-56789', birthday: '1990-04-01' })).statusCode).toBe(200);
    const profile = (
      await t.app.inject({
        method: 'GET',
        url: `/wps/admin/players/${player.id}`,
        headers: { token: kyc.token },
      })
    ).json().value;
    expect(profile.kyc).toMatchObject({ idNumber: '12-34-56789', birthday: '1990-04-01' });
    expect((await put({ birthday: '1990-13-45' })).statusCode).toBe(400);
    expect((await put({ birthday: '1800-01-01' })).statusCode).toBe(400);
    expect((await put({ idNumber: null })).statusCode).toBe(200);
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: `/wps/admin/players/${player.id}`,
          headers: { token: kyc.token },
        })
      ).json().value.kyc.idNumber,
    ).toBeNull();
  });
});
