import { alignedStart } from '@wps/contract';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agentPayouts } from '../../db/schema.ts';
import { bet, chain, givenContract, periodCtx, platformContract } from '../../test/agents.ts';
import { createTestApp, type TestApp } from '../../test/helper.ts';
import { Accounts } from '../wallet/accounts.ts';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * What carries from one period to the next (issue 26): a dividend deficit stays with the upline
 * and downline across renewed and replaced contracts, and a real-time salary's sub-paisa remainder
 * is carried so that the periods together pay the floor of their total.
 */
describe('agents: carry across periods and contracts', () => {
  let t: TestApp;
  const REALTIME_PERIOD_MS = 300_000;
  const commission = (id: number) => t.app.services.wallet.balance(Accounts.commission(id));
  const rows = (memberId: number, kind: string) =>
    t.app.database.db
      .select()
      .from(agentPayouts)
      .where(and(eq(agentPayouts.memberId, memberId), eq(agentPayouts.kind, kind)))
      .orderBy(asc(agentPayouts.periodStart));

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('dividend: a deficit is not forgiven when the contract is replaced, nor when it is renewed after ending', async () => {
    const s = t.app.services.agents.settlement;
    const { agents, player } = await chain(t.app, 2);
    const [top, sub] = agents as [(typeof agents)[0], (typeof agents)[0]];
    const terms = { kind: 'DIVIDEND' as const, payPeriod: 'DAILY' as const };
    await platformContract(t.app, top, { ...terms, tiers: [{ rate: '20.00' }] });
    const first = await givenContract(t.app, top, sub, { ...terms, tiers: [{ rate: '10.00' }] });
    const t0 = new Date(Date.now() - 1000);
    await bet(t.app, player.id, 100_000n, 300_000n); // sub's team won 2,000.00
    await sleep(30);
    const t1 = new Date();
    await s.settleTiered('DIVIDEND', periodCtx(t0, t1), 'DAILY');
    // Replaced: top offers new terms and sub accepts them.
    await givenContract(t.app, top, sub, { ...terms, tiers: [{ rate: '12.00' }] });
    await bet(t.app, player.id, 300_000n, 0n); // sub's team lost 3,000.00
    await sleep(30);
    const t2 = new Date();
    await s.settleTiered('DIVIDEND', periodCtx(t1, t2), 'DAILY');
    // (3,000.00 − 2,000.00 carried) × 12 % = 120.00, not 3,000.00 × 12 % = 360.00.
    expect(await commission(sub.id)).toBe(12_000n);
    // The deficit is used up. Now a new one, then the contract ends and a new one is agreed:
    // the deficit stays with top and sub.
    await sleep(30);
    await bet(t.app, player.id, 100_000n, 600_000n); // sub's team won 5,000.00
    await sleep(30);
    const t3 = new Date();
    await s.settleTiered('DIVIDEND', periodCtx(t2, t3), 'DAILY');
    const current = (await rows(sub.id, 'DIVIDEND')).at(-1)!.contractId;
    expect(current).not.toBe(first);
    const c = t.app.services.agents.contracts;
    await c.terminate(top.id, current);
    await c.terminate(sub.id, current);
    await givenContract(t.app, top, sub, { ...terms, tiers: [{ rate: '10.00' }] });
    await bet(t.app, player.id, 800_000n, 0n); // sub's team lost 8,000.00
    await sleep(30);
    const t4 = new Date(Date.now() + 1000);
    await s.settleTiered('DIVIDEND', periodCtx(t3, t4), 'DAILY');
    // (8,000.00 − 5,000.00 carried) × 10 % = 300.00.
    expect(await commission(sub.id)).toBe(12_000n + 30_000n);
    expect((await rows(sub.id, 'DIVIDEND')).map((r) => [r.carriedIn, r.carriedOut])).toEqual([
      [0n, 200_000n],
      [200_000n, 0n],
      [0n, 500_000n],
      [500_000n, 0n],
    ]);
  });

  it('real-time: the sub-paisa remainder carries, so the periods pay the floor of their total', async () => {
    const s = t.app.services.agents.settlement;
    const { agents, player } = await chain(t.app, 1);
    const top = agents[0]!;
    await platformContract(t.app, top, { kind: 'REALTIME', rate: '0.30' });
    const first = new Date(
      alignedStart(REALTIME_PERIOD_MS, new Date(), t.app.config.businessUtcOffsetMinutes).getTime() +
        2 * REALTIME_PERIOD_MS,
    );
    const paid: bigint[] = [];
    for (let k = 0; k < 7; k++) {
      if (k === 3) await platformContract(t.app, top, { kind: 'REALTIME', rate: '0.30' }); // renewed
      // 1.00 valid bet a period at 0.30 %: 0.30 paisa each.
      await bet(t.app, player.id, 100n, 0n);
      const start = new Date(first.getTime() + k * REALTIME_PERIOD_MS);
      await s.settleRealtime(periodCtx(start, new Date(start.getTime() + REALTIME_PERIOD_MS)));
      paid.push(await commission(top.id));
    }
    // 0.3, 0.6, 0.9, 1.2, 1.5, 1.8, 2.1 paisa in total: floors 0, 0, 0, 1, 1, 1, 2.
    expect(paid).toEqual([0n, 0n, 0n, 1n, 1n, 1n, 2n]);
    expect((await rows(top.id, 'REALTIME')).map((r) => r.remainder)).toEqual([
      3000n,
      6000n,
      9000n,
      2000n,
      5000n,
      8000n,
      1000n,
    ]);
  });
});
