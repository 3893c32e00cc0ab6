import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/helper.ts';
import { createMember, createOperator } from '../test/members.ts';

/** The operator's alert and lever over scheduled jobs: list, see a failed period, run it again. */
describe('operator jobs API', () => {
  let t: TestApp;
  let op: { token: string };
  let cashierOp: { token: string };
  let broken = true;
  const ran: string[] = [];

  beforeAll(async () => {
    t = await createTestApp();
    op = await createOperator(t.app, { permissions: ['system', 'audit'] });
    cashierOp = await createOperator(t.app, { permissions: ['cashier'] });
    t.app.jobs.register({
      name: 'test-payout',
      period: 'day',
      catchUp: true,
      maxAttempts: 2,
      run: async (c) => {
        if (broken) throw new Error('ledger unavailable');
        ran.push(c.period);
        return { paid: 3 };
      },
    });
  });
  afterAll(async () => {
    await t.close();
  });

  const call = async (token: string, method: 'GET' | 'POST', url: string, payload?: object) => {
    const res = await t.app.inject({ method, url, headers: { token }, ...(payload ? { payload } : {}) });
    return { status: res.statusCode, body: res.json() };
  };

  it('lists jobs; a period that exhausted its attempts shows as failed and blocks the job', async () => {
    // Nepal day 2026-11-22 has ended by 2026-11-23T00:00Z (05:45 on the 23rd in Nepal).
    const when = new Date('2026-11-23T00:00:00Z');
    await t.app.jobs.tick(when);
    // Skip the retry backoff (30 s) rather than wait for it.
    await t.database.query(`update job_runs set retry_at = now() where job = 'test-payout'`);
    await t.app.jobs.tick(when);
    const list = await call(op.token, 'GET', '/wps/admin/jobs');
    expect(list.status).toBe(200);
    const names = list.body.value.jobs.map((j: { name: string }) => j.name);
    expect(names).toEqual(expect.arrayContaining(['withdrawal-auto-receipt', 'test-payout']));
    const job = list.body.value.jobs.find((j: { name: string }) => j.name === 'test-payout');
    expect(job).toMatchObject({ period: 'day', catchUp: true, blocked: true, lastDone: null });
    expect(job.failed).toEqual([
      expect.objectContaining({
        period: '2026-11-21T18:15:00.000Z',
        periodEnd: '2026-11-22T18:15:00.000Z',
        status: 'failed',
        attempts: 2,
        error: 'ledger unavailable',
      }),
    ]);
  });

  it('runs an ended period now by its Nepal day, once (idempotent), audited', async () => {
    broken = false;
    const first = await call(op.token, 'POST', '/wps/admin/jobs/test-payout/run', { period: '2026-11-22' });
    expect(first.status).toBe(200);
    expect(first.body.value).toMatchObject({
      job: 'test-payout',
      period: '2026-11-21T18:15:00.000Z',
      status: 'done',
      attempts: 3,
      result: { paid: 3 },
    });
    const again = await call(op.token, 'POST', '/wps/admin/jobs/test-payout/run', {
      period: '2026-11-22T10:00:00+05:45',
    });
    expect(again.body.value).toMatchObject({ status: 'skipped', result: { paid: 3 } });
    expect(ran).toEqual(['2026-11-21T18:15:00.000Z']);
    const job = (await call(op.token, 'GET', '/wps/admin/jobs')).body.value.jobs.find(
      (j: { name: string }) => j.name === 'test-payout',
    );
    expect(job).toMatchObject({ blocked: false, failed: [], lastDone: '2026-11-21T18:15:00.000Z' });
    const audit = await call(op.token, 'GET', '/wps/admin/audit?action=job.run');
    expect(audit.body.value.content.map((a: { targetId: string }) => a.targetId)).toEqual([
      'test-payout:2026-11-21T18:15:00.000Z',
      'test-payout:2026-11-21T18:15:00.000Z',
    ]);
  });

  it('refuses periods that have not ended, bad periods and unknown jobs', async () => {
    const future = await call(op.token, 'POST', '/wps/admin/jobs/test-payout/run', { period: '2999-01-01' });
    expect(future.status).toBe(400);
    expect(future.body.value.fields.period).toBe('That period has not ended yet.');
    const today = new Date().toISOString();
    expect((await call(op.token, 'POST', '/wps/admin/jobs/test-payout/run', { period: today })).status).toBe(
      400,
    );
    for (const period of ['2026-02-30', 'yesterday', '2026-11-22T10:00', '1970-01-01']) {
      const r = await call(op.token, 'POST', '/wps/admin/jobs/test-payout/run', { period });
      expect(r.status, period).toBe(400);
    }
    expect((await call(op.token, 'POST', '/wps/admin/jobs/nope/run', { period: '2026-11-22' })).status).toBe(
      404,
    );
  });

  it('is for operators with the system permission only', async () => {
    const player = await createMember(t.app);
    expect((await call(player.token, 'GET', '/wps/admin/jobs')).status).toBe(403);
    expect((await call(cashierOp.token, 'GET', '/wps/admin/jobs')).status).toBe(403);
    expect(
      (await call(cashierOp.token, 'POST', '/wps/admin/jobs/test-payout/run', { period: '2026-11-22' }))
        .status,
    ).toBe(403);
    const anon = await t.app.inject({ method: 'GET', url: '/wps/admin/jobs' });
    expect(anon.statusCode).toBe(401);
  });
});
