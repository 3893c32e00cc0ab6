import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../test/helper.ts';
import type { CreatedAccount } from '../../test/members.ts';
import { promotionsTestKit } from './test-kit.ts';

const base = {
  summary: 'Summary',
  body: 'Rules',
  category: 'others',
  kind: 'free_bonus',
  bonusAmount: '10.00',
  startsAt: '2020-01-01T00:00:00Z',
};

/** SPEC §3 Promotion announcementImages (sequence, url): ordered images on the detail. */
describe('promotion announcement images', () => {
  const kit = promotionsTestKit();
  const { api } = kit;
  let t: TestApp;
  let op: CreatedAccount;
  beforeAll(() => {
    ({ t, op } = kit);
  });

  /** One image through the console's upload (decoded and re-encoded by the content pipeline). */
  async function upload(color: string): Promise<string> {
    const png = await sharp({ create: { width: 600, height: 300, channels: 3, background: color } })
      .png()
      .toBuffer();
    const boundary = `----wps${Math.random().toString(16).slice(2)}`;
    const res = await t.app.inject({
      method: 'POST',
      url: '/wps/admin/promotions/images',
      headers: { token: op.token, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`,
        ),
        png,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]),
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().value.id as string;
  }

  it('keeps the operator order, shows it on the detail with sequence and url, and follows a reorder', async () => {
    const [a, b, c] = [await upload('#c33'), await upload('#3c3'), await upload('#33c')];
    const created = await api(op.token, 'POST', '/wps/admin/promotions', {
      ...base,
      title: 'With a gallery',
      announcementImageIds: [b, a, c],
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const id = created.body.value.id as number;
    expect(created.body.value.announcementImageIds).toEqual([b, a, c]);

    const detail = (await api(null, 'GET', `/wps/promotions/${id}`)).body.value;
    expect(
      detail.announcementImages.map((x: { sequence: number; image: { id: string } }) => x.sequence),
    ).toEqual([1, 2, 3]);
    expect(detail.announcementImages.map((x: { image: { id: string } }) => x.image.id)).toEqual([b, a, c]);
    expect(detail.announcementImages[0].url).toBe(`/wps/content/images/${b}/600`);
    const served = await t.app.inject({ method: 'GET', url: detail.announcementImages[0].url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');

    const updated = await api(op.token, 'PUT', `/wps/admin/promotions/${id}`, {
      ...base,
      title: 'With a gallery',
      announcementImageIds: [c, b],
    });
    expect(updated.status, JSON.stringify(updated.body)).toBe(200);
    const list = (await api(null, 'GET', '/wps/promotions')).body.value.find(
      (p: { id: number }) => p.id === id,
    );
    expect(list.announcementImages.map((x: { image: { id: string } }) => x.image.id)).toEqual([c, b]);
  });

  it('refuses images never uploaded, duplicates and more than ten, and answers none by default', async () => {
    const a = await upload('#999');
    for (const ids of [
      ['doesnotexist123'],
      [a, a],
      Array.from({ length: 11 }, (_, i) => `${a.slice(0, 10)}${i}`),
    ]) {
      const res = await api(op.token, 'POST', '/wps/admin/promotions', {
        ...base,
        title: 'Bad gallery',
        announcementImageIds: ids,
      });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ success: false, code: 'VALIDATION' });
    }
    const plain = await api(op.token, 'POST', '/wps/admin/promotions', { ...base, title: 'Plain' });
    expect(plain.status).toBe(200);
    const detail = (await api(null, 'GET', `/wps/promotions/${plain.body.value.id}`)).body.value;
    expect(detail.announcementImages).toEqual([]);
  });
});
