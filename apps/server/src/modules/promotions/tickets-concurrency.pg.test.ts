import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '../../config.ts';
import { createTestApp, type TestApp } from '../../test/helper.ts';
import { createMember, createOperator } from '../../test/members.ts';

const hasPostgres = !!testConfig().testDatabaseUrl;

/**
 * The same ticket opened from several tabs at once, on real PostgreSQL (PGlite runs one
 * statement at a time). Skipped, with this reason, when TEST_DATABASE_URL is unset.
 */
describe.skipIf(!hasPostgres)('reward tickets under concurrency (needs TEST_DATABASE_URL)', () => {
  let t: TestApp;
  let op: { id: number; account: string; token: string };
  beforeAll(async () => {
    t = await createTestApp({}, { postgres: 'require' });
    op = await createOperator(t.app, { permissions: ['promotions'] });
    const res = await t.app.inject({
      method: 'PUT',
      url: '/wps/admin/promotions/tickets/tables/WHEEL',
      headers: { token: op.token },
      // Every prize pays money, so a double payment would show in the balances.
      payload: {
        prizes: [
          { type: 'cash', amount: '7.00', weight: 1 },
          { type: 'bonus', amount: '11.00', wageringMultiplier: 2, weight: 1 },
        ],
      },
    });
    expect(res.statusCode).toBe(200);
  });
  afterAll(async () => {
    await t?.close();
  });

  const grant = async (account: string, count: number): Promise<number[]> => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/wps/admin/promotions/tickets/grant',
      headers: { token: op.token },
      payload: { account, kind: 'WHEEL', count },
    });
    return res.json().value.ticketIds;
  };
  const open = (token: string, id: number) =>
    t.app.inject({ method: 'POST', url: `/wps/promotions/tickets/${id}/open`, headers: { token } });

  it('eight simultaneous opens of one ticket pay once and all answer the same prize', async () => {
    const m = await createMember(t.app);
    const [id] = await grant(m.account, 1);
    const answers = await Promise.all(Array.from({ length: 8 }, () => open(m.token, id!)));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(8).fill(200));
    const results = answers.map((a) => JSON.stringify(a.json().value.result));
    expect(new Set(results).size).toBe(1);
    const bal = await t.app.services.wallet.memberBalances(m.id);
    expect(bal.player_cash + bal.player_bonus).toBeOneOf([700n, 1_100n]);
    // One payment: the cash posting or the bonus grant named by the ticket, not both, not twice.
    const rows = await t.database.query(
      `select (select count(*) from ledger_transactions where idempotency_key = $1)
            + (select count(*) from bonus_grants where source_key = $1) as n`,
      [`ticket:${id}`],
    );
    expect(Number(rows[0]!.n)).toBe(1);
  });

  it('several tickets opened at once each take their own nonce and pay once each', async () => {
    const m = await createMember(t.app);
    const ids = await grant(m.account, 6);
    const answers = await Promise.all([...ids, ...ids].map((id) => open(m.token, id)));
    expect(answers.every((a) => a.statusCode === 200)).toBe(true);
    const byId = new Map<number, { nonce: number; paid: string }>();
    for (const a of answers) {
      const v = a.json().value;
      byId.set(v.id, { nonce: v.proof.nonce, paid: v.result.amount });
    }
    expect(new Set([...byId.values()].map((v) => v.nonce)).size).toBe(6);
    const sum = [...byId.values()].reduce((s, v) => s + Math.round(Number(v.paid) * 100), 0);
    const bal = await t.app.services.wallet.memberBalances(m.id);
    expect(Number(bal.player_cash + bal.player_bonus)).toBe(sum);
  });
});
