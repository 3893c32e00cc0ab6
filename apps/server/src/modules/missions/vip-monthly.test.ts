import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { members, vipLevelAwards } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../test/helper.ts';
import { type CreatedAccount, createMember, createOperator } from '../../test/members.ts';

/**
 * The VIP monthly bonus (issue 26): a month is paid at the level each member held when that month
 * ended, not the level it holds when the job runs, and never to a frozen or closed account.
 */
describe('VIP monthly bonus', () => {
  let t: TestApp;
  const cash = async (m: CreatedAccount) => (await t.app.services.wallet.memberBalances(m.id)).player_cash;
  const reach = (m: CreatedAccount, turnover: bigint) =>
    t.app.database.db.transaction((tx) =>
      t.app.services.vip.add(tx, new Map([[m.id, { turnover, deposits: 0n }]])),
    );
  /** Dates the member's level-up to `level` (and those below it) at `at`. */
  const reachedAt = (m: CreatedAccount, levels: number[], at: Date) =>
    t.app.database.db
      .update(vipLevelAwards)
      .set({ createdAt: at })
      .where(and(eq(vipLevelAwards.memberId, m.id), inArray(vipLevelAwards.level, levels)));

  beforeAll(async () => {
    t = await createTestApp();
    const op = await createOperator(t.app, { permissions: ['promotions'] });
    const set = await t.app.inject({
      method: 'PUT',
      url: '/wps/admin/vip/levels',
      headers: { token: op.token },
      payload: {
        levels: [
          { name: 'Bronze', minTurnover: '1.00', minDeposits: '0', bonus: '0', monthlyBonus: '10.00' },
          { name: 'Silver', minTurnover: '100.00', minDeposits: '0', bonus: '0', monthlyBonus: '50.00' },
        ],
      },
    });
    expect(set.statusCode).toBe(200);
  });
  afterAll(async () => {
    await t.close();
  });

  it('pays the level held at the end of the month it is for, and never a frozen or closed account', async () => {
    const now = new Date();
    const mid = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 15));
    const month = mid.toISOString().slice(0, 7);
    const [risen, frozen, closed, late, steady] = await Promise.all(
      Array.from({ length: 5 }, () => createMember(t.app)),
    );
    // Bronze last month, Silver only this month.
    await reach(risen!, 20_000n);
    await reachedAt(risen!, [1, 2], new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 10)));
    await t.app.database.db
      .update(vipLevelAwards)
      .set({ createdAt: now })
      .where(and(eq(vipLevelAwards.memberId, risen!.id), eq(vipLevelAwards.level, 2)));
    // Silver all of last month.
    for (const m of [frozen!, closed!, steady!]) {
      await reach(m, 20_000n);
      await reachedAt(m, [1, 2], mid);
    }
    // Bronze, but only since this month began.
    await reach(late!, 100n);
    await t.app.database.db.update(members).set({ status: 'frozen' }).where(eq(members.id, frozen!.id));
    await t.app.database.db.update(members).set({ status: 'closed' }).where(eq(members.id, closed!.id));

    const before = await Promise.all([risen!, frozen!, closed!, late!, steady!].map(cash));
    const run = await t.app.services.vip.payMonthly(month);
    const after = await Promise.all([risen!, frozen!, closed!, late!, steady!].map(cash));
    expect(after.map((v, i) => v - before[i]!)).toEqual([1_000n, 0n, 0n, 0n, 5_000n]);
    expect(run).toEqual({ paid: 2, amount: '60.00' });
    // Run again: nothing twice.
    await t.app.services.vip.payMonthly(month);
    expect(await Promise.all([risen!, frozen!, closed!, late!, steady!].map(cash))).toEqual(after);
  });
});
