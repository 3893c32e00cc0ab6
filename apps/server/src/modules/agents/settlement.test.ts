import { consumerStates } from '../bets/consumers.ts';
import { REALTIME_CONSUMER } from './realtime-salary.ts';
import { alignedStart } from '@wps/contract';
import { eq, like } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agentPayouts, ledgerTransactions } from '../../db/schema.ts';
import { bet, chain, givenContract, periodCtx, platformContract } from '../../test/agents.ts';
import { createTestApp, type TestApp } from '../../test/helper.ts';
import { createMember } from '../../test/members.ts';
import { agentJobs } from '../../jobs/agents.ts';
import { Scheduler } from '../../jobs/scheduler.ts';
import { Accounts } from '../wallet/accounts.ts';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('agents: settlement (hand-worked, exactly once, pending, property)', () => {
  let t: TestApp;
  const REALTIME_PERIOD_MS = 300_000;
  const commission = (id: number) => t.app.services.wallet.balance(Accounts.commission(id));
  /** A 5-minute period after every bet of the test: all of them accrue to it. */
  const realtimePeriod = () => {
    const start = new Date(
      alignedStart(REALTIME_PERIOD_MS, new Date(), t.app.config.businessUtcOffsetMinutes).getTime() +
        2 * REALTIME_PERIOD_MS,
    );
    return periodCtx(start, new Date(start.getTime() + REALTIME_PERIOD_MS));
  };
  const hour = () => periodCtx(new Date(Date.now() - 3_600_000), new Date(Date.now() + 3_600_000));

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('real-time: 1.50 % to the top, 1.00 % below; the top keeps the difference; trial play never counts', async () => {
    const s = t.app.services.agents.settlement;
    const { agents, player } = await chain(t.app, 2);
    const [top, sub] = agents as [(typeof agents)[0], (typeof agents)[0]];
    await platformContract(t.app, top, { kind: 'REALTIME', rate: '1.50' });
    await givenContract(t.app, top, sub, { kind: 'REALTIME', rate: '1.00' });
    await bet(t.app, player.id, 100_000n, 0n); // 1,000.00
    await bet(t.app, player.id, 33_333n, 50_000n); // 333.33, won 500.00: valid 166.67, what it won
    await bet(t.app, player.id, 0n, 0n, { trial: true });
    const ctx = realtimePeriod();
    await s.settleRealtime(ctx);
    // Team valid bet 1,166.67: top floor(17.50005) = 17.50, sub floor(11.6667) = 11.66.
    expect(await commission(top.id)).toBe(1750n - 1166n);
    expect(await commission(sub.id)).toBe(1166n);
    const again = await s.settleRealtime(ctx);
    expect(again.paid).toBe(0);
    expect(await commission(top.id)).toBe(584n);
    expect(await commission(sub.id)).toBe(1166n);
  });

  it('real-time: the accruals drain through the one consumer runner, which publishes their watermark', async () => {
    const s = t.app.services.agents.settlement;
    const { agents, player } = await chain(t.app, 1);
    await platformContract(t.app, agents[0]!, { kind: 'REALTIME', rate: '1.00' });
    await bet(t.app, player.id, 10_000n, 0n);
    const before = new Date();
    await s.settleRealtime(realtimePeriod());
    // Issue 26: its own drain loop left the watermark unset, so the console and the metrics had
    // no "consumed through" for the real-time salary and nothing could wait on it.
    const states = await consumerStates(t.app.database.db);
    const mine = states.find((c) => c.name === REALTIME_CONSUMER);
    expect(mine?.consumedThrough?.getTime()).toBeGreaterThanOrEqual(before.getTime() - 1_000);
    expect(mine?.lag).toBe(0);
  });

  it('daily salary: the best tier met by the team’s valid bet and active members', async () => {
    const s = t.app.services.agents.settlement;
    const { agents, player } = await chain(t.app, 2);
    const [top, sub] = agents as [(typeof agents)[0], (typeof agents)[0]];
    const direct = await createMember(t.app, { parentId: top.id });
    await platformContract(t.app, top, {
      kind: 'DAILY',
      tiers: [
        { minValidBet: '1000.00', rate: '0.50' },
        { minValidBet: '10000.00', minActiveMembers: 2, rate: '1.00' },
      ],
    });
    await givenContract(t.app, top, sub, {
      kind: 'DAILY',
      tiers: [{ minValidBet: '1000.00', rate: '0.40' }],
    });
    await bet(t.app, player.id, 600_000n, 0n);
    await bet(t.app, direct.id, 500_000n, 900_000n); // won 4,000.00: valid 4,000.00
    await s.settleTiered('DAILY', hour());
    // Top team 10,000.00 with 2 active → 1.00 % = 100.00; sub team 6,000.00 → 0.40 % = 24.00.
    expect(await commission(sub.id)).toBe(2_400n);
    expect(await commission(top.id)).toBe(10_000n - 2_400n);
    const [row] = await t.app.database.db
      .select()
      .from(agentPayouts)
      .where(eq(agentPayouts.memberId, top.id));
    expect(row).toMatchObject({
      validBet: 1_000_000n,
      activeMembers: 2,
      rateBp: 100,
      amount: 10_000n,
      status: 'paid',
    });
  });

  it('dividend: a period the team won pays nothing and carries its deficit into the next', async () => {
    const s = t.app.services.agents.settlement;
    const { agents, player } = await chain(t.app, 1);
    const top = agents[0]!;
    await platformContract(t.app, top, { kind: 'DIVIDEND', payPeriod: 'DAILY', tiers: [{ rate: '10.00' }] });
    const t0 = new Date(Date.now() - 1000);
    await bet(t.app, player.id, 100_000n, 300_000n); // the team won 2,000.00
    await sleep(30);
    const t1 = new Date();
    await sleep(30);
    await bet(t.app, player.id, 500_000n, 0n); // the team lost 5,000.00
    await sleep(30);
    const t2 = new Date(Date.now() + 1000);
    const first = await s.settleTiered('DIVIDEND', periodCtx(t0, t1), 'DAILY');
    expect(first.paid).toBe(0);
    expect(await commission(top.id)).toBe(0n);
    await s.settleTiered('DIVIDEND', periodCtx(t1, t2), 'DAILY');
    // (5,000.00 − 2,000.00 carried) × 10 % = 300.00
    expect(await commission(top.id)).toBe(30_000n);
    const rows = await t.app.database.db.select().from(agentPayouts).where(eq(agentPayouts.memberId, top.id));
    expect(rows.map((r) => [r.netLoss, r.carriedIn, r.carriedOut, r.amount])).toEqual(
      expect.arrayContaining([
        [-200_000n, 0n, 200_000n, 0n],
        [500_000n, 200_000n, 0n, 30_000n],
      ]),
    );
  });

  it('an upline short of funds leaves the payout pending, never negative, and it is paid on a later run', async () => {
    const s = t.app.services.agents.settlement;
    const { agents, player } = await chain(t.app, 2);
    const [top, sub] = agents as [(typeof agents)[0], (typeof agents)[0]];
    const winner = await createMember(t.app, { parentId: top.id });
    // Top is paid weekly and pays sub daily: on sub's day it has not been paid its own share yet.
    await platformContract(t.app, top, { kind: 'DIVIDEND', payPeriod: 'WEEKLY', tiers: [{ rate: '10.00' }] });
    await givenContract(t.app, top, sub, {
      kind: 'DIVIDEND',
      payPeriod: 'DAILY',
      tiers: [{ rate: '10.00' }],
    });
    await bet(t.app, player.id, 1_000_000n, 0n); // sub's team lost 10,000.00
    await bet(t.app, winner.id, 100_000n, 600_000n); // top's own player won 5,000.00
    const result = await s.settleTiered('DIVIDEND', hour(), 'DAILY');
    expect(result.pending).toBe(1);
    // Top earned 10 % of 5,000.00 from sub's branch in the day and owes sub 500.00 (1,000.00 due,
    // capped at what top earned from the branch), but holds nothing yet: nothing moved, nothing negative.
    expect(await commission(top.id)).toBe(0n);
    expect(await commission(sub.id)).toBe(0n);
    const pending = await t.app.services.agents.payouts.pending(1, 50);
    expect(pending.content.find((p) => p.account === sub.account)).toMatchObject({
      amount: '500.00',
      payer: top.account,
    });
    await t.app.services.wallet.post({
      key: `test:fund:${top.id}`,
      reason: 'adjustment',
      postings: [
        { account: Accounts.adjustment(), amount: -50_000n },
        { account: Accounts.commission(top.id), amount: 50_000n },
      ],
    });
    expect((await s.retryPending(['DIVIDEND'])).paid).toBeGreaterThanOrEqual(1);
    expect(await commission(top.id)).toBe(0n);
    expect(await commission(sub.id)).toBe(50_000n);
  });

  it('a run killed midway and run again pays every contract once', async () => {
    const s = t.app.services.agents.settlement;
    const { agents, player } = await chain(t.app, 3);
    await platformContract(t.app, agents[0]!, { kind: 'HOURLY', tiers: [{ rate: '2.00' }] });
    await givenContract(t.app, agents[0]!, agents[1]!, { kind: 'HOURLY', tiers: [{ rate: '1.50' }] });
    await givenContract(t.app, agents[1]!, agents[2]!, { kind: 'HOURLY', tiers: [{ rate: '1.00' }] });
    await bet(t.app, player.id, 1_000_000n, 0n);
    const range = hour();
    s.batchSize = 1;
    let calls = 0;
    const dying = periodCtx(range.periodStart, range.periodEnd, async () => {
      if (++calls === 2) throw new Error('killed');
    });
    await expect(s.settleTiered('HOURLY', dying)).rejects.toThrow('killed');
    expect(await commission(agents[0]!.id)).toBe(20_000n); // only the first was paid
    await s.settleTiered('HOURLY', range);
    await s.settleTiered('HOURLY', range);
    expect(await commission(agents[0]!.id)).toBe(5_000n);
    expect(await commission(agents[1]!.id)).toBe(5_000n);
    expect(await commission(agents[2]!.id)).toBe(10_000n);
    const keys = await t.app.database.db
      .select({ key: ledgerTransactions.idempotencyKey })
      .from(ledgerTransactions)
      .where(like(ledgerTransactions.idempotencyKey, 'contract:%'));
    expect(new Set(keys.map((k) => k.key)).size).toBe(keys.length);
    s.batchSize = 200;
  });

  it('property: down any chain, nobody pays more than it was paid, and nothing is left pending', async () => {
    const s = t.app.services.agents.settlement;
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 4 }),
        fc.array(fc.integer({ min: 1, max: 300 }), { minLength: 4, maxLength: 4 }),
        fc.array(fc.tuple(fc.nat(4), fc.bigInt({ min: 1n, max: 5_000_000n })), {
          minLength: 1,
          maxLength: 6,
        }),
        async (depth, cuts, plays) => {
          const { agents, player } = await chain(t.app, depth);
          // Rates that never rise going down: each a cut below its upline's.
          let rate = 500;
          const rates: number[] = [];
          for (let i = 0; i < depth; i++) {
            rates.push(rate);
            rate = Math.max(1, rate - cuts[i]!);
          }
          const pct = (bp: number) => `${Math.floor(bp / 100)}.${String(bp % 100).padStart(2, '0')}`;
          await platformContract(t.app, agents[0]!, { kind: 'REALTIME', rate: pct(rates[0]!) });
          for (let i = 1; i < depth; i++) {
            await givenContract(t.app, agents[i - 1]!, agents[i]!, {
              kind: 'REALTIME',
              rate: pct(rates[i]!),
            });
          }
          const bettors = [...agents, player];
          for (const [at, stake] of plays) await bet(t.app, bettors[at % bettors.length]!.id, stake, 0n);
          const result = await s.settleRealtime(realtimePeriod());
          expect(result.pending).toBe(0);
          const rows = await t.app.database.db.select().from(agentPayouts);
          const received = (id: number) =>
            rows.filter((r) => r.memberId === id).reduce((a, r) => a + r.amount, 0n);
          const paid = (id: number) =>
            rows.filter((r) => r.payerId === id).reduce((a, r) => a + r.amount, 0n);
          for (const a of agents) {
            expect(paid(a.id)).toBeLessThanOrEqual(received(a.id));
            expect(await commission(a.id)).toBe(received(a.id) - paid(a.id));
          }
          // Everything kept anywhere in the chain is exactly what the platform paid the top.
          const kept = agents.reduce((sum, a) => sum + (received(a.id) - paid(a.id)), 0n);
          expect(kept).toBe(received(agents[0]!.id));
        },
      ),
      { numRuns: 12 },
    );
  });
});

describe('agents: jobs through the scheduler', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('two instances running the same period pay it once; the operator re-run is skipped', async () => {
    const { agents, player } = await chain(t.app, 2);
    await platformContract(t.app, agents[0]!, { kind: 'HOURLY', tiers: [{ rate: '1.00' }] });
    await givenContract(t.app, agents[0]!, agents[1]!, { kind: 'HOURLY', tiers: [{ rate: '0.50' }] });
    await bet(t.app, player.id, 1_000_000n, 0n);
    const other = new Scheduler(t.app.database.db, {
      utcOffsetMinutes: t.app.config.businessUtcOffsetMinutes,
    });
    for (const job of agentJobs(t.app.services.agents, t.app.config.agentRealtimePeriodMs))
      other.register(job);
    const job = t.app.jobs.find('agent-hourly-salary')!;
    // The hour that holds the bet, run as soon as it has ended (the scheduler takes `now` from the test).
    const start = t.app.jobs.periodOf(job, new Date());
    const [a, b] = await Promise.all([
      t.app.jobs.runNow(job, start),
      other.runNow(other.find(job.name)!, start),
    ]);
    expect([a.status, b.status].sort()).toEqual(expect.arrayContaining(['done']));
    expect([a.status, b.status].filter((s) => s === 'done')).toHaveLength(1);
    expect((await t.app.jobs.runNow(job, start)).status).toBe('skipped');
    expect(await t.app.services.wallet.balance(Accounts.commission(agents[0]!.id))).toBe(10_000n - 5_000n);
    expect(await t.app.services.wallet.balance(Accounts.commission(agents[1]!.id))).toBe(5_000n);
  });
});
