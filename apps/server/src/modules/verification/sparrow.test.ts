import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helper.ts';
import { SparrowSmsSender, sparrowNumber } from './sparrow.ts';
import { startSparrowStub } from './sparrow-stub.ts';

let stub: Awaited<ReturnType<typeof startSparrowStub>>;
let t: TestApp;
const logged: string[] = [];
const log = {
  info: (_o: Record<string, unknown>, m: string) => logged.push(m),
  warn: (_o: Record<string, unknown>, m: string) => logged.push(m),
};

beforeAll(async () => {
  stub = await startSparrowStub({ token: 'tok-test', from: 'WPS_Alert' });
  t = await createTestApp({ sparrowSms: { token: 'tok-test', from: 'WPS_Alert', url: stub.url } });
}, 60_000);
afterAll(async () => {
  await t.close();
  await stub.close();
});

const outboxMeta = async (to: string) =>
  (await t.app.services.verification.outbox({ recipient: to })).map((e) => e.body);

describe('Sparrow SMS adapter', () => {
  it('is chosen by configuration and delivers a login code through the stub, once', async () => {
    const v = t.app.services.verification;
    expect(v.sms.name).toBe('sparrow');
    const to = '+977 9812345678';
    await v.issue({ purpose: 'login', channel: 'sms', destination: to, locale: 'en' });
    expect(stub.received).toHaveLength(1);
    expect(stub.received[0]).toMatchObject({ from: 'WPS_Alert', to: '9812345678' });
    const code = /\d{6}/.exec(stub.received[0]!.text)![0];
    // The console's SMS list shows the message, never the code.
    const bodies = await outboxMeta(to);
    expect(bodies[0]).not.toContain(code);
    // A retry of the very same message is not sent again.
    await v.sms.send({ to, text: stub.received[0]!.text });
    expect(stub.received).toHaveLength(1);
    await v.consume({ purpose: 'login', destination: to, code });
  });

  it('logs and records a delivery failure (credits) where the console lists SMS, and answers QUOTA_EXCEEDED', async () => {
    stub.state.credits = 0;
    const db = t.app.database.db;
    const sender = new SparrowSmsSender(db, log, { token: 'tok-test', from: 'WPS_Alert', url: stub.url });
    await expect(sender.send({ to: '+977 9800000001', text: 'Your code is 123456' })).rejects.toMatchObject({
      code: 'QUOTA_EXCEEDED',
    });
    const rows = (await t.database.query(
      `select meta from outbox_messages where recipient = '+977 9800000001' order by id desc`,
    )) as Array<{ meta: Record<string, unknown> }>;
    expect(rows[0]!.meta).toMatchObject({ provider: 'sparrow', status: 'failed', responseCode: 1012 });
    expect(logged).toContain('sms delivery failed');
    // The console's SMS list (GET /wps/admin/outbox) shows the failure.
    const [entry] = await t.app.services.verification.outbox({ recipient: '+977 9800000001' });
    expect(entry!.delivery).toEqual({
      provider: 'sparrow',
      status: 'failed',
      responseCode: 1012,
      response: 'No Credits Available',
    });
    // A definite refusal may be retried (nothing went out); it goes out once credit is back.
    stub.state.credits = 10;
    await sender.send({ to: '+977 9800000001', text: 'Your code is 123456' });
    await sender.send({ to: '+977 9800000001', text: 'Your code is 123456' });
    expect(stub.received.filter((r) => r.to === '9800000001')).toHaveLength(1);
  });

  it('never resends a message whose delivery is unknown (no answer)', async () => {
    stub.state.silent = true;
    const sender = new SparrowSmsSender(t.app.database.db, log, {
      token: 'tok-test',
      from: 'WPS_Alert',
      url: stub.url,
      timeoutMs: 200,
    });
    await expect(sender.send({ to: '+977 9800000002', text: 'code 654321' })).rejects.toThrow();
    stub.state.silent = false;
    await sender.send({ to: '+977 9800000002', text: 'code 654321' });
    expect(stub.received.filter((r) => r.to === '9800000002')).toHaveLength(0);
    expect(sparrowNumber('+977 98-1234-5678')).toBe('9812345678');
  });
});
