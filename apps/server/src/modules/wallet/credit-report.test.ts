import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helper.ts';
import { createMember, createOperator } from '../../test/members.ts';
import { Accounts } from './accounts.ts';
import { ledgerPostings } from './schema.ts';

/**
 * GET /wps/cashier/credit-report: the member's own cash account only, credit and debit by type
 * and by business day, week or month, amounts as money strings.
 */
describe('credit report', () => {
  let t: TestApp;
  let player: { id: number; token: string };
  let other: { id: number; token: string };

  const get = async (token: string | null, query = '') => {
    const res = await t.app.inject({
      url: `/wps/cashier/credit-report${query}`,
      headers: token ? { token } : {},
    });
    return { status: res.statusCode, body: res.json() };
  };

  /** One transaction on the member's cash account against a house account, at a chosen time. */
  const post = async (
    memberId: number,
    reason: 'deposit' | 'bet' | 'win' | 'bonus',
    minor: bigint,
    at: string,
  ) => {
    const house = Accounts.clearing('BANK');
    const r = await t.app.services.wallet.post({
      key: `cr:${memberId}:${reason}:${minor}:${at}`,
      reason,
      postings: [
        { account: house, amount: -minor },
        { account: Accounts.cash(memberId), amount: minor },
      ],
    });
    // Postings are append-only; only this test moves one in time, with the guard off for one statement.
    await t.database.query('alter table ledger_postings disable trigger ledger_postings_append_only');
    await t.database.db
      .update(ledgerPostings)
      .set({ createdAt: new Date(at) })
      .where(eq(ledgerPostings.transactionId, r.transactionId));
    await t.database.query('alter table ledger_postings enable trigger ledger_postings_append_only');
  };

  beforeAll(async () => {
    t = await createTestApp();
    player = await createMember(t.app);
    other = await createMember(t.app);
    // Times in UTC; the business day is Nepal's (+05:45).
    await post(player.id, 'deposit', 100_000n, '2026-03-02T04:00:00Z'); // Mon 2 Mar: +1000.00
    await post(player.id, 'bet', -25_050n, '2026-03-02T05:00:00Z'); // Mon 2 Mar: -250.50
    await post(player.id, 'win', 10_000n, '2026-03-04T10:00:00Z'); // Wed 4 Mar: +100.00
    // 20:00 UTC on 8 Mar is already Monday 9 Mar in Nepal: the next week.
    await post(player.id, 'bet', -5_000n, '2026-03-08T20:00:00Z'); // -50.00
    await post(player.id, 'bonus', 2_000n, '2026-04-01T06:00:00Z'); // Wed 1 Apr: +20.00
    await post(other.id, 'deposit', 999_900n, '2026-03-02T04:00:00Z');
  });
  afterAll(() => t.close());

  it('sums the member’s own credit and debit by type and by day', async () => {
    const { status, body } = await get(player.token, '?from=2026-03-01&to=2026-03-31');
    expect(status, JSON.stringify(body)).toBe(200);
    const r = body.value;
    expect(r.interval).toBe('day');
    // The other member's 9,999.00 is nowhere; April is outside the range.
    expect(r.totals).toEqual({ credit: '1100.00', debit: '300.50', net: '799.50', count: 4 });
    expect(r.byType).toEqual([
      { type: 'deposit', credit: '1000.00', debit: '0.00', net: '1000.00', count: 1 },
      { type: 'game', credit: '100.00', debit: '300.50', net: '-200.50', count: 3 },
    ]);
    expect(r.periods).toEqual([
      { start: '2026-03-09', credit: '0.00', debit: '50.00', net: '-50.00', count: 1 },
      { start: '2026-03-04', credit: '100.00', debit: '0.00', net: '100.00', count: 1 },
      { start: '2026-03-02', credit: '1000.00', debit: '250.50', net: '749.50', count: 2 },
    ]);
  });

  it('cuts by week (from Monday) and by month', async () => {
    const weeks = (await get(player.token, '?interval=week')).body.value;
    expect(weeks.periods.map((p: { start: string; net: string }) => [p.start, p.net])).toEqual([
      ['2026-03-30', '20.00'],
      ['2026-03-09', '-50.00'],
      ['2026-03-02', '849.50'],
    ]);
    const months = (await get(player.token, '?interval=month')).body.value;
    expect(
      months.periods.map((p: { start: string; credit: string; debit: string }) => [
        p.start,
        p.credit,
        p.debit,
      ]),
    ).toEqual([
      ['2026-04-01', '20.00', '0.00'],
      ['2026-03-01', '1100.00', '300.50'],
    ]);
    expect(months.byType.map((b: { type: string }) => b.type)).toEqual(['bonus', 'deposit', 'game']);
  });

  it('answers an empty report for a member with no postings, and for an empty range', async () => {
    const fresh = await createMember(t.app);
    const empty = (await get(fresh.token)).body.value;
    expect(empty.totals).toEqual({ credit: '0.00', debit: '0.00', net: '0.00', count: 0 });
    expect(empty.byType).toEqual([]);
    expect(empty.periods).toEqual([]);
    expect((await get(player.token, '?from=2027-01-01&to=2027-01-31')).body.value.totals.count).toBe(0);
  });

  it('is for signed-in members only, and refuses bad input with a 400', async () => {
    expect((await get(null)).status).toBe(401);
    const operator = await createOperator(t.app, { permissions: ['*'] });
    expect((await get(operator.token)).status).toBeGreaterThanOrEqual(401);
    expect((await get(operator.token)).status).toBeLessThan(500);
    for (const q of ['?interval=year', '?from=yesterday', '?to=2026-02-30', '?interval=']) {
      const res = await get(player.token, q);
      expect(res.status, q).toBe(400);
      expect(res.body.success, q).toBe(false);
    }
  });
});
