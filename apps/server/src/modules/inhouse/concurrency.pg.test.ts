import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '../../config.ts';
import { createTestApp, type TestApp } from '../../test/helper.ts';
import { createMember } from '../../test/members.ts';
import { Accounts } from '../wallet/accounts.ts';

const hasPostgres = !!testConfig().testDatabaseUrl;

/**
 * Two tabs playing the same wallet at once, on real PostgreSQL (PGlite runs one statement at a
 * time). Skipped, with this reason, when TEST_DATABASE_URL is unset.
 */
describe.skipIf(!hasPostgres)('in-house play on one wallet from two tabs (needs TEST_DATABASE_URL)', () => {
  let t: TestApp;
  const query = async <T>(text: string, params: unknown[] = []) =>
    (await t.database.query(text, params)) as T[];
  beforeAll(async () => {
    t = await createTestApp({ walletHouseShards: 4 }, { postgres: 'require' });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('every round gets its own nonce, retries apply once, the balance is exact and never below zero', async () => {
    const m = await createMember(t.app);
    const funded = 5_000n;
    await t.app.services.wallet.post({
      key: `fund:${m.id}`,
      reason: 'deposit',
      postings: [
        { account: Accounts.clearing('BANK'), amount: -funded },
        { account: Accounts.cash(m.id), amount: funded },
      ],
    });
    const play = (requestId: string) =>
      t.app.inject({
        method: 'POST',
        url: '/wps/inhouse/dice/play',
        headers: { token: m.token },
        payload: { requestId, amount: '1.00', target: 50, direction: 'over' },
      });
    // Two tabs, each playing 80 rounds as fast as it can, every play double-clicked (sent twice),
    // while a third burst of 40 plays lands at once: the queue refuses what it cannot hold (429).
    const tab = async (name: string) => {
      const out = [];
      for (let i = 0; i < 80; i++) {
        const id = `${name}-play-${i}`;
        out.push(...(await Promise.all([play(id), play(id)])));
      }
      return out;
    };
    const burst = Promise.all(Array.from({ length: 40 }, (_, i) => play(`burst-play-${i}`)));
    const answers = (await Promise.all([tab('a'), tab('b'), burst])).flat();
    expect(answers.filter((a) => a.statusCode >= 500).map((a) => a.body)).toEqual([]);
    const ok = answers.filter((a) => a.statusCode === 200).map((a) => a.json().value);
    const refused = answers.filter((a) => a.statusCode !== 200).map((a) => a.json().code);
    for (const code of refused) expect(['INSUFFICIENT_FUNDS', 'RATE_LIMITED']).toContain(code);
    expect(refused.filter((c) => c === 'RATE_LIMITED').length).toBeGreaterThan(0);
    const rounds = new Map<string, { nonce: number; payout: string }>();
    for (const v of ok) rounds.set(v.roundId, v);
    // Each request id is one round, whichever of its two copies answered.
    const byRequest = await query<{ n: number }>(
      'select count(*)::int as n from inhouse_rounds where member_id = $1',
      [m.id],
    );
    expect(byRequest[0]!.n).toBe(rounds.size);
    const nonces = [...rounds.values()].map((r) => r.nonce).sort((a, b) => a - b);
    expect(nonces).toEqual(Array.from({ length: nonces.length }, (_, i) => i));
    const won = [...rounds.values()].reduce((a, r) => a + BigInt(Math.round(Number(r.payout) * 100)), 0n);
    const balance = await t.app.services.wallet.balance(Accounts.cash(m.id));
    expect(balance).toBe(funded - BigInt(rounds.size) * 100n + won);
    expect(balance >= 0n).toBe(true);
    const bets = await query<{ n: number }>(
      `select count(*)::int as n from bets where member_id = $1 and source = 'inhouse'`,
      [m.id],
    );
    expect(bets[0]!.n).toBe(rounds.size);
    const report = await t.app.services.wallet.reconcile();
    expect(report.ok, JSON.stringify(report.violations)).toBe(true);
  });
});
