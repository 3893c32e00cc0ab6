import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { TestApp } from '../../test/helper.ts';
import { createMember } from '../../test/members.ts';
import { promotionsTestKit } from '../promotions/test-kit.ts';

/**
 * The referral page lists up to a hundred invited players with their first deposit and turnover:
 * it must read them in grouped queries (not two per invitee), and still show each one right.
 */
describe('referral page over many invitees', () => {
  // PGlite: its client is the one place every statement passes, so the page's statements are counted there.
  const kit = promotionsTestKit({ postgres: 'never' });
  let t: TestApp;
  beforeAll(() => {
    t = kit.t;
  });
  let seq = 0;

  /** `n` players invited by `referrerId`, joined one minute apart (the newest `minutesAgo` ago). */
  const invite = (referrerId: number, n: number, minutesAgo: number) =>
    t.database.query(
      `insert into members (account, password_hash, referral_code, referrer_id, created_at)
       select 'inv' || $2 || '_' || g, 'x', 'RC' || $2 || '_' || g, $1, now() - make_interval(mins => $3 + g)
       from generate_series(1, $4) g`,
      [referrerId, ++seq, minutesAgo, n],
    );
  const approvedDeposit = (memberId: number, amount: bigint) =>
    t.database.query(
      `insert into deposit_requests (member_id, request_key, channel_id, channel_code, amount, reference, status, reviewed_at)
       values ($1, $2, 0, 'BULK', $3, 'r', 'approved', now())`,
      [memberId, `bulk-${++seq}`, amount.toString()],
    );
  const bet = (memberId: number, stake: bigint) => kit.bet(memberId, stake);
  const invitees = async (referrerId: number) =>
    (await t.database.query(
      `select id from members where referrer_id = $1 order by created_at desc, id desc`,
      [referrerId],
    )) as Array<{ id: number }>;
  /** The page as the referrer sees it, and how many statements it took (after one warm-up view). */
  const page = async (token: string) => {
    // The first view also opens the session's caches: only the repeat view is the page's own cost.
    await t.app.inject({ method: 'GET', url: '/wps/referral/overview', headers: { token } });
    const spy = vi.spyOn(t.database.client!, 'query');
    try {
      const res = await t.app.inject({ method: 'GET', url: '/wps/referral/overview', headers: { token } });
      expect(res.statusCode).toBe(200);
      return { value: res.json().value, statements: spy.mock.calls.length };
    } finally {
      spy.mockRestore();
    }
  };

  it('takes as many statements for 120 invitees as for 2, and shows each one right', async () => {
    const few = await createMember(t.app);
    await invite(few.id, 2, 0);
    const [a] = await invitees(few.id);
    await approvedDeposit(a!.id, 60_000n);
    await bet(a!.id, 30_000n);
    const small = await page(few.token);
    expect(small.value.list).toHaveLength(2);

    const many = await createMember(t.app);
    await invite(many.id, 120, 0);
    const listed = (await invitees(many.id)).slice(0, 100);
    // Some of the listed invitees deposited and played, one more than once (the first deposit counts).
    for (const [i, { id }] of listed.entries()) {
      if (i % 7 === 0) await approvedDeposit(id, BigInt(10_000 + i));
      if (i % 11 === 0) await bet(id, BigInt(5_000 + i));
    }
    await approvedDeposit(listed[0]!.id, 999_999n);
    const big = await page(many.token);
    expect(big.statements).toBe(small.statements);

    expect(big.value.invited).toBe(120);
    expect(big.value.list).toHaveLength(100);
    const cashier = t.app.services.cashier;
    const rules = big.value.rules as { withinDays: number };
    for (const [i, { id }] of listed.entries()) {
      const row = big.value.list[i] as { firstDeposit: string; turnover: string; deadline: string };
      // What the one-member reads answer, invitee by invitee.
      const first = await cashier.firstApprovedDeposit(id);
      const [joined] = await t.database.query(`select created_at from members where id = $1`, [id]);
      const from = new Date(joined!.created_at as string);
      const deadline = new Date(from.getTime() + rules.withinDays * 86_400_000);
      const turnover = await t.app.services.bets.validStakeOf(id, from, deadline);
      expect(row.deadline).toBe(deadline.toISOString());
      expect(row.firstDeposit).toBe((Number(first?.amount ?? 0n) / 100).toFixed(2));
      expect(row.turnover).toBe((Number(turnover) / 100).toFixed(2));
    }
    expect(big.value.list[0].firstDeposit).toBe('100.00');
    expect(big.value.list[11].turnover).toBe('50.11');
  });
});
