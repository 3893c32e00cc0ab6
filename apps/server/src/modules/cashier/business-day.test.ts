import { businessDayStart } from '@wps/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helper.ts';
import { createMember, depositCash } from '../../test/members.ts';

const PAY = 'Pay@1234';

/**
 * One business day (Nepal, UTC+05:45) for the account record, profit and loss, and the daily
 * withdrawal limit: a `YYYY-MM-DD` filter and "today" cut at Nepal midnight, 18:15 UTC.
 */
describe('business day in the cashier', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ withdrawDailyCount: 1, withdrawMinMinor: 10_000n });
  });
  afterAll(async () => {
    await t.close();
  });

  const get = async (token: string, url: string) => (await t.app.inject({ url, headers: { token } })).json();
  const post = async (token: string, url: string, payload: object) =>
    t.app.inject({ method: 'POST', url, headers: { token }, payload });
  const fund = (memberId: number, amount: bigint, key: string) => depositCash(t.app, memberId, amount, key);
  /** History is append-only; a test moves one transaction in time with the guard briefly off. */
  const backdate = async (key: string, at: string) => {
    await t.database.query('alter table ledger_postings disable trigger ledger_postings_append_only');
    await t.database.query(
      `update ledger_postings set created_at = $2
        where transaction_id = (select id from ledger_transactions where idempotency_key = $1)`,
      [key, at],
    );
    await t.database.query('alter table ledger_postings enable trigger ledger_postings_append_only');
  };

  it('shows a transaction at 18:20 UTC on the 22nd under the Nepal date the 23rd', async () => {
    const m = await createMember(t.app);
    await fund(m.id, 500n, `bd:${m.id}`);
    await backdate(`bd:${m.id}`, '2026-11-22T18:20:00Z');
    const day23 = await get(m.token, '/wps/cashier/records?from=2026-11-23&to=2026-11-23');
    expect(
      day23.value.content.map((r: { amount: string; createdAt: string }) => [r.amount, r.createdAt]),
    ).toEqual([['5.00', '2026-11-22T18:20:00.000Z']]);
    expect((await get(m.token, '/wps/cashier/records?from=2026-11-22&to=2026-11-22')).value.total).toBe(0);
    expect((await get(m.token, '/wps/cashier/profit?from=2026-11-23&to=2026-11-23')).value).toMatchObject({
      deposit: '5.00',
      from: '2026-11-22T18:15:00.000Z',
      to: '2026-11-23T18:15:00.000Z',
    });
    expect((await get(m.token, '/wps/cashier/profit?from=2026-11-22&to=2026-11-22')).value.deposit).toBe(
      '0.00',
    );
    // One minute before Nepal midnight still belongs to the 22nd.
    await fund(m.id, 700n, `bd2:${m.id}`);
    await backdate(`bd2:${m.id}`, '2026-11-22T18:14:00Z');
    const day22 = await get(m.token, '/wps/cashier/records?from=2026-11-22&to=2026-11-22');
    expect(day22.value.content.map((r: { amount: string }) => r.amount)).toEqual(['7.00']);
    // Not a day at all: the spec's 400, not a shifted range.
    const bad = await t.app.inject({
      url: '/wps/cashier/records?from=2026-02-30',
      headers: { token: m.token },
    });
    expect(bad.statusCode).toBe(400);
  });

  it('counts the daily withdrawal limit from Nepal midnight on the database clock', async () => {
    const m = await createMember(t.app, { payeeName: 'Sita Rai', paymentPassword: PAY });
    await fund(m.id, 100_000n, `bdw:${m.id}`);
    const acct = await post(m.token, '/wps/cashier/payout-accounts', {
      kind: 'bank',
      provider: 'Nabil Bank',
      accountNumber: '01010999',
      accountName: 'Sita Rai',
    });
    const payoutAccountId = acct.json().value.id;
    const withdraw = () =>
      post(m.token, '/wps/cashier/withdrawals', { payoutAccountId, amount: '100.00', paymentPassword: PAY });
    const first = await withdraw();
    expect(first.statusCode).toBe(200);
    expect((await withdraw()).statusCode).toBe(400);
    const [{ now }] = (await t.database.query('select now() as now')) as [{ now: Date }];
    const midnight = businessDayStart(new Date(now));
    // Made at Nepal midnight exactly: today's, still counted.
    await t.database.query('update withdrawal_requests set created_at = $2 where id = $1', [
      first.json().value.id,
      midnight.toISOString(),
    ]);
    expect((await withdraw()).statusCode).toBe(400);
    // A millisecond before Nepal midnight: yesterday's, today is free again.
    await t.database.query('update withdrawal_requests set created_at = $2 where id = $1', [
      first.json().value.id,
      new Date(midnight.getTime() - 1).toISOString(),
    ]);
    expect((await withdraw()).statusCode).toBe(200);
    const settings = await get(m.token, '/wps/cashier/withdraw/settings');
    expect(settings.value.usedToday).toBe(1);
  });
});
