import sharp from 'sharp';
import type { TestApp } from '../../test/helper.ts';
import { Accounts } from '../wallet/accounts.ts';

/* What the cashier's route tests share: real images, the payment password, a multipart body
 * as a browser sends it, and calls through the app's routes. */

// Real images: uploads are decoded and re-encoded (images.test.ts tries the hostile ones).
const create = { width: 16, height: 16, channels: 3 as const, background: '#3a7' };
export const PNG = await sharp({ create }).png().toBuffer();
export const JPEG = await sharp({ create }).jpeg().toBuffer();
export const PAY = 'Pay@1234';

/** A multipart body as a browser sends it. */
export function multipart(
  fields: Record<string, string>,
  files: Record<string, { data: Buffer; name: string; type: string }>,
) {
  const boundary = `----wps${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = [];
  for (const [k, v] of Object.entries(fields)) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  }
  for (const [k, f] of Object.entries(files)) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${k}"; filename="${f.name}"\r\nContent-Type: ${f.type}\r\n\r\n`,
      ),
      f.data,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
}

/** Calls through the app's routes (`app`: the test app, made in a beforeAll), and the ledger reads and funding the tests use. */
export function cashierKit(app: () => TestApp) {
  const api = async (
    token: string | null,
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ) => {
    const res = await app().app.inject({
      method,
      url,
      headers: { ...(token ? { token } : {}), ...headers },
      ...(body !== undefined ? { payload: body as object } : {}),
    });
    const parse = () => {
      try {
        return res.json();
      } catch {
        return null;
      }
    };
    return { status: res.statusCode, body: parse(), raw: res };
  };
  const upload = (
    token: string,
    url: string,
    fields: Record<string, string>,
    files: Parameters<typeof multipart>[1],
  ) => {
    const { payload, contentType } = multipart(fields, files);
    return api(token, 'POST', url, payload, { 'content-type': contentType });
  };
  const cash = async (memberId: number) => app().app.services.wallet.balance(Accounts.cash(memberId));
  const fund = async (memberId: number, amount: bigint) =>
    app().app.services.wallet.post({
      key: `fund:${memberId}:${amount}:${Math.random()}`,
      reason: 'deposit',
      postings: [
        { account: Accounts.clearing('BANK'), amount: -amount },
        { account: Accounts.cash(memberId), amount },
      ],
    });
  return { api, upload, cash, fund };
}
