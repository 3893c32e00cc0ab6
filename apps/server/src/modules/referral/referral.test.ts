import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../test/helper.ts';
import { type CreatedAccount, createMember, createOperator } from '../../test/members.ts';
import { promotionsTestKit } from '../promotions/test-kit.ts';
import { REFERRAL_CONSUMER } from './service.ts';

describe('refer and earn, affiliate application, ranking (issue 14)', () => {
  // In-memory PGlite: the bets consumer waits for every older transaction on the server, and a
  // shared PostgreSQL's other tenants would stall these flows (concurrency.pg.test.ts covers PostgreSQL).
  const kit = promotionsTestKit({
    postgres: 'never',
    channel: { code: 'REFBANK', kind: 'bank', name: 'Bank', min: '1.00' },
  });
  const { api, deposit } = kit;
  let t: TestApp;
  let op: CreatedAccount;
  let agentOp: CreatedAccount;
  beforeAll(async () => {
    ({ t, op } = kit);
    agentOp = await createOperator(t.app, { permissions: ['agents'] });
  });
  /**
   * The consumer only takes bets from transactions older than every running one (a shared
   * PostgreSQL server's other sessions included), so drain until its mark reaches the newest bet.
   */
  const drain = async () => {
    for (let i = 0; i < 300; i++) {
      await t.app.services.referral.catchUp();
      const [r] = await t.database.query(
        `select (select last_id from bet_consumers where name = $1)::text m, (select max(id) from bets)::text x`,
        [REFERRAL_CONSUMER],
      );
      if (r && (r.x === null || r.m === r.x)) return;
      await new Promise((ok) => setTimeout(ok, 100));
    }
  };
  const bet = (memberId: number, stake: bigint, o: { trial?: boolean; payout?: bigint } = {}) =>
    kit.bet(memberId, stake, o);
  /** A player who registered with `referrer`'s code (the register flow sets referrer_id). */
  const referred = async (referrerId: number, joinedDaysAgo = 0) => {
    const m = await createMember(t.app);
    await t.database.query(
      `update members set referrer_id = $1, created_at = now() - make_interval(days => $2) where id = $3`,
      [referrerId, joinedDaysAgo, m.id],
    );
    return m;
  };
  const cash = async (memberId: number) =>
    (await t.app.services.wallet.memberBalances(memberId)).player_cash ?? 0n;
  const setRule = (rule: Record<string, unknown>) =>
    api(op.token, 'PUT', '/wps/admin/referral/settings', {
      enabled: true,
      minDeposit: '500.00',
      minTurnover: '1000.00',
      withinDays: 30,
      rewardKind: 'cash',
      reward: '100.00',
      wageringMultiplier: 0,
      ...rule,
    });

  it('pays the referrer once when the first deposit and the turnover are both met, in either order', async () => {
    expect((await setRule({})).status).toBe(200);
    const referrer = await createMember(t.app);
    const a = await referred(referrer.id);
    const b = await referred(referrer.id);
    // a: turnover first, then the deposit completes the rule (paid in the approval's transaction).
    await bet(a.id, 60_000n);
    await bet(a.id, 40_000n);
    await drain();
    expect(await cash(referrer.id)).toBe(0n);
    await deposit(a.id, '500.00');
    expect(await cash(referrer.id)).toBe(10_000n);
    // b: the deposit first, then the bets record completes it (the consumer pays).
    await deposit(b.id, '800.00');
    await bet(b.id, 100_000n);
    expect(await cash(referrer.id)).toBe(10_000n);
    await drain();
    expect(await cash(referrer.id)).toBe(20_000n);
    // More play and deposits, and re-evaluations, pay nothing more.
    await bet(a.id, 500_000n);
    await deposit(a.id, '900.00');
    await drain();
    for (const id of [a.id, b.id])
      expect(await t.app.database.db.transaction((tx) => t.app.services.referral.evaluate(tx, id))).toBe(
        false,
      );
    expect(await cash(referrer.id)).toBe(20_000n);
    const ov = await api(referrer.token, 'GET', '/wps/referral/overview');
    expect(ov.status).toBe(200);
    expect(ov.body.value).toMatchObject({ invited: 2, qualified: 2, rewardsTotal: '200.00' });
    expect(ov.body.value.list.map((r: { status: string }) => r.status)).toEqual(['qualified', 'qualified']);
    expect(ov.body.value.list[0].account).toMatch(/^.{2}\*\*\*.{2}$/);
    // The referrer's inbox says why.
    const inbox = await t.database.query(`select title from member_messages where member_id = $1`, [
      referrer.id,
    ]);
    expect(inbox.map((r) => r.title)).toEqual(['Referral reward', 'Referral reward']);
    // …in Nepali too (issue 27).
    const [ne] = await t.database.query(
      `select title_ne, body_ne from member_messages where member_id = $1 limit 1`,
      [referrer.id],
    );
    expect(ne?.title_ne).toBe('रेफरल पुरस्कार');
    expect(ne?.body_ne).toMatch(
      /^तपाईंले निम्तो दिनुभएका .{2}\*\*\*.{2} योग्य हुनुभयो: 100\.00 तपाईंको ब्यालेन्समा थपियो।$/,
    );
  });

  it('does not pay for a small first deposit, for trial play, or after the window closed', async () => {
    await setRule({});
    const referrer = await createMember(t.app);
    const small = await referred(referrer.id);
    await deposit(small.id, '100.00');
    await deposit(small.id, '5000.00'); // a later bigger deposit does not make up for the first
    await bet(small.id, 200_000n);
    const late = await referred(referrer.id, 40);
    await deposit(late.id, '600.00');
    await bet(late.id, 200_000n);
    const trialOnly = await referred(referrer.id);
    await deposit(trialOnly.id, '600.00');
    await bet(trialOnly.id, 0n, { trial: true });
    await drain();
    expect(await cash(referrer.id)).toBe(0n);
    const ov = await api(referrer.token, 'GET', '/wps/referral/overview');
    const byStatus = ov.body.value.list.map((r: { status: string; depositPercent: number }) => [
      r.status,
      r.depositPercent,
    ]);
    expect(byStatus).toEqual([
      ['process', 100],
      ['process', 20],
      ['expired', 0],
    ]);
  });

  it('pays a bonus with wagering when the operator chooses it (bonusDetails shows it)', async () => {
    expect((await setRule({ rewardKind: 'bonus', wageringMultiplier: 5, reward: '50.00' })).status).toBe(200);
    const referrer = await createMember(t.app);
    const a = await referred(referrer.id);
    await bet(a.id, 100_000n);
    await deposit(a.id, '500.00');
    const bal = await t.app.services.wallet.memberBalances(referrer.id);
    expect(bal.player_bonus).toBe(5_000n);
    const details = await api(referrer.token, 'GET', '/wps/promotions/bonuses');
    expect(details.body.value.grants[0]).toMatchObject({ amount: '50.00', wageringRequired: '250.00' });
    await setRule({});
  });

  it('pays nothing while the programme is disabled, and validates the rule', async () => {
    await setRule({ enabled: false });
    const referrer = await createMember(t.app);
    const a = await referred(referrer.id);
    await bet(a.id, 100_000n);
    await deposit(a.id, '500.00');
    expect(await cash(referrer.id)).toBe(0n);
    expect((await setRule({ reward: '0.00' })).status).toBe(400);
    expect((await setRule({ withinDays: 0 })).status).toBe(400);
    const player = await createMember(t.app);
    expect((await api(player.token, 'PUT', '/wps/admin/referral/settings', {})).status).toBe(403);
    await setRule({});
    // Re-enabled, the next evaluation pays what qualified meanwhile.
    await bet(a.id, 100n);
    await drain();
    expect(await cash(referrer.id)).toBe(10_000n);
  });

  it('property: any order of deposits, bets and evaluations pays the reward once, exactly when the rule is met', async () => {
    await setRule({ minDeposit: '300.00', minTurnover: '500.00' });
    const step = fc.oneof(
      fc.record({ k: fc.constant('deposit' as const), amount: fc.integer({ min: 100, max: 600 }) }),
      fc.record({ k: fc.constant('bet' as const), stake: fc.integer({ min: 1, max: 40_000 }) }),
      fc.record({ k: fc.constant('evaluate' as const) }),
      fc.record({ k: fc.constant('catchUp' as const) }),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 8 }), async (steps) => {
        const referrer = await createMember(t.app);
        const p = await referred(referrer.id);
        let first: number | null = null;
        let turnover = 0;
        for (const s of steps) {
          if (s.k === 'deposit') {
            first ??= s.amount;
            await deposit(p.id, `${s.amount}.00`);
          } else if (s.k === 'bet') {
            turnover += s.stake;
            await bet(p.id, BigInt(s.stake));
          } else if (s.k === 'evaluate') {
            await t.app.database.db.transaction((tx) => t.app.services.referral.evaluate(tx, p.id));
          } else await drain();
        }
        await drain();
        await t.app.database.db.transaction((tx) => t.app.services.referral.evaluate(tx, p.id));
        const met = first !== null && first >= 300 && turnover >= 50_000;
        expect(await cash(referrer.id)).toBe(met ? 10_000n : 0n);
      }),
      { numRuns: 10 },
    );
    await setRule({});
  });

  it('keeps the consumer mark moving (exactly-once bookkeeping)', async () => {
    await drain();
    const [mark] = await t.database.query(`select last_id from bet_consumers where name = $1`, [
      REFERRAL_CONSUMER,
    ]);
    const [max] = await t.database.query(`select max(id)::text m from bets`);
    expect(String(mark!.last_id)).toBe(max!.m);
  });

  describe('affiliate application', () => {
    const apply = (token: string, body: Record<string, unknown>) =>
      api(token, 'POST', '/wps/referral/affiliate', body);
    const good = {
      contact: '+977 9800000000',
      channel: 'facebook',
      expectedPlayers: 50,
      remark: 'Cricket group',
    };

    it('validates with the spec messages, allows one open application, and the agent manager approves', async () => {
      const p = await createMember(t.app);
      const empty = await apply(p.token, {});
      expect(empty.status).toBe(400);
      expect(empty.body.value.fields).toMatchObject({
        contact: 'Input cannot be empty',
        channel: 'Input cannot be empty',
        expectedPlayers: 'Input cannot be empty',
      });
      const long = await apply(p.token, { ...good, remark: 'x'.repeat(141), expectedPlayers: '0' });
      expect(long.body.value.fields).toMatchObject({
        remark: 'The remark must be at most 140 characters.',
        expectedPlayers: 'Please enter a whole number of players from 1 to 100000.',
      });
      expect((await apply(p.token, { ...good, channel: 'pigeon' })).body.value.fields.channel).toBe(
        'Please choose a channel.',
      );
      const ok = await apply(p.token, { ...good, remark: 'x'.repeat(140) });
      expect(ok.status).toBe(200);
      expect(ok.body.value).toMatchObject({ status: 'pending', expectedPlayers: 50 });
      const twice = await apply(p.token, good);
      expect(twice.status).toBe(409);
      expect(twice.body.message).toBe('You already have an application waiting for review.');

      // Promotions-only operators cannot see the queue; the agent manager can.
      expect((await api(op.token, 'GET', '/wps/admin/affiliate/applications')).status).toBe(403);
      const queue = await api(agentOp.token, 'GET', '/wps/admin/affiliate/applications?status=pending');
      expect(queue.status).toBe(200);
      const row = queue.body.value.content.find((r: { account: string }) => r.account === p.account);
      expect(row).toBeTruthy();
      const approved = await api(
        agentOp.token,
        'POST',
        `/wps/admin/affiliate/applications/${row.id}/approve`,
      );
      expect(approved.status).toBe(200);
      expect(approved.body.value.status).toBe('approved');
      const again = await api(agentOp.token, 'POST', `/wps/admin/affiliate/applications/${row.id}/approve`);
      expect(again.status).toBe(409);
      const m = (await t.app.services.members.getById(p.id))!;
      expect(m.type).toBe(1);
      expect(m.affiliateCode).toMatch(/^[A-Z0-9]{4,}$/);
      expect((await t.app.services.members.agentByAffiliateCode(m.affiliateCode!))?.id).toBe(p.id);
      const inbox = await t.database.query(`select title from member_messages where member_id = $1`, [p.id]);
      expect(inbox.map((r) => r.title)).toContain('Affiliate application approved');
      const ne = await t.database.query(`select title_ne from member_messages where member_id = $1`, [p.id]);
      expect(ne.map((r) => r.title_ne)).toContain('एफिलिएट आवेदन स्वीकृत भयो');
      // The member (now an agent, on a fresh session) sees it; a second application is refused.
      const mine = await api(p.token, 'GET', '/wps/referral/affiliate');
      expect(mine.body.value).toMatchObject({ isAgent: true, application: { status: 'approved' } });
    });

    it('rejects with a reason (required); the member may apply again', async () => {
      const p = await createMember(t.app, { parentId: null });
      const a = await apply(p.token, good);
      const id = a.body.value.id as number;
      const noReason = await api(agentOp.token, 'POST', `/wps/admin/affiliate/applications/${id}/reject`, {});
      expect(noReason.status).toBe(400);
      expect(noReason.body.value.fields.reason).toBe('Please give a reason for the rejection.');
      const rej = await api(agentOp.token, 'POST', `/wps/admin/affiliate/applications/${id}/reject`, {
        reason: 'Not enough detail',
      });
      expect(rej.body.value).toMatchObject({ status: 'rejected', reason: 'Not enough detail' });
      expect((await t.app.services.members.getById(p.id))!.type).toBe(0);
      const [why] = await t.database.query(
        `select body, body_ne from member_messages where member_id = $1 and kind = 'affiliate'`,
        [p.id],
      );
      expect(why).toEqual({
        body: 'Your application to become an agent was not approved. Reason: Not enough detail',
        body_ne: 'एजेन्ट बन्ने तपाईंको आवेदन स्वीकृत भएन। कारण: Not enough detail',
      });
      expect((await api(p.token, 'GET', '/wps/referral/affiliate')).body.value.application.status).toBe(
        'rejected',
      );
      expect((await apply(p.token, good)).status).toBe(200);
      expect(
        (await api(agentOp.token, 'POST', '/wps/admin/affiliate/applications/999999/approve')).status,
      ).toBe(404);
    });

    it('a sub-agent under an upline becomes type 2; agents and trial players cannot apply', async () => {
      const upline = await createMember(t.app, { type: 1 });
      const p = await createMember(t.app, { parentId: upline.id });
      const a = await apply(p.token, good);
      await api(agentOp.token, 'POST', `/wps/admin/affiliate/applications/${a.body.value.id}/approve`);
      expect((await t.app.services.members.getById(p.id))!.type).toBe(2);
      expect((await apply(upline.token, good)).status).toBe(403);
      const trial = await createMember(t.app, { type: 4 });
      expect((await apply(trial.token, good)).status).toBe(403);
      expect((await apply('nope', good)).status).toBe(401);
    });
  });

  describe('ranking and winners', () => {
    it('ranks real turnover of the period (masked), lists big wins, and caches for a minute', async () => {
      const x = await createMember(t.app);
      const y = await createMember(t.app);
      await bet(x.id, 9_000_000n);
      await bet(y.id, 8_000_000n, { payout: 250_000n }); // lost 77,500.00: its valid turnover
      await bet(y.id, 0n, { trial: true, payout: 900_000n });
      const res = await api(null, 'GET', '/wps/referral/ranking?period=day');
      expect(res.status).toBe(200);
      const v = res.body.value;
      expect(v.list.slice(0, 2)).toEqual([
        { rank: 1, account: `${x.account.slice(0, 2)}***${x.account.slice(-2)}`, turnover: '90000.00' },
        { rank: 2, account: `${y.account.slice(0, 2)}***${y.account.slice(-2)}`, turnover: '77500.00' },
      ]);
      expect(v.bigWins[0]).toMatchObject({
        amount: '2500.00',
        account: `${y.account.slice(0, 2)}***${y.account.slice(-2)}`,
      });
      // Cached: a bigger player now does not show until the minute is over.
      const z = await createMember(t.app);
      await bet(z.id, 99_000_000n);
      const again = await api(null, 'GET', '/wps/referral/ranking?period=day');
      expect(again.body.value.asOf).toBe(v.asOf);
      expect(again.body.value.list[0].turnover).toBe('90000.00');
      expect((await api(null, 'GET', '/wps/referral/ranking?period=year')).status).toBe(400);
    });
  });
});
