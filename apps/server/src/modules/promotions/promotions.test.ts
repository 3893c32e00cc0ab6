import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../test/helper.ts';
import { type CreatedAccount, createMember } from '../../test/members.ts';
import { Accounts } from '../wallet/accounts.ts';
import { promotionsTestKit } from './test-kit.ts';

const PNG = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#3a7' } })
  .png()
  .toBuffer();

function multipart(
  fields: Record<string, string>,
  files: Array<{ data: Buffer; name: string; type: string }>,
) {
  const boundary = `----wps${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = [];
  for (const [k, v] of Object.entries(fields))
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  for (const f of files)
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="images"; filename="${f.name}"\r\nContent-Type: ${f.type}\r\n\r\n`,
      ),
      f.data,
      Buffer.from('\r\n'),
    );
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
}

const base = {
  summary: 'Summary',
  body: 'Rules',
  startsAt: '2020-01-01T00:00:00Z',
};

describe('promotions: deposit bonus with wagering, claims, applications', () => {
  const kit = promotionsTestKit({ config: { depositPendingMax: 100 } });
  const { api, deposit } = kit;
  let t: TestApp;
  let op: CreatedAccount;
  beforeAll(() => {
    ({ t, op } = kit);
  });
  const bet = (memberId: number, gameType: string, stake: bigint, roundId?: string) =>
    kit.bet(memberId, stake, { gameType, ...(roundId ? { roundId } : {}) });

  const balances = (memberId: number) => t.app.services.wallet.memberBalances(memberId);

  it('first deposit bonus: join, deposit, wager by game-type contributions, convert once', async () => {
    const created = await api(op.token, 'POST', '/wps/admin/promotions', {
      ...base,
      title: 'First deposit 100%',
      category: 'deposit',
      labels: ['NEWBIE'],
      kind: 'deposit_bonus',
      depositNth: 1,
      percent: 100,
      cap: '500.00',
      minDeposit: '100.00',
      wageringMultiplier: 10,
      contributions: { RNG: 100, LIVE: 10 },
    });
    expect(created.status).toBe(200);
    const promoId = created.body.value.id as number;
    const player = await createMember(t.app);

    const before = await api(player.token, 'GET', '/wps/promotions?category=deposit');
    expect(before.body.value.find((p: { id: number }) => p.id === promoId).status).toBe('join');
    expect((await api(null, 'GET', `/wps/promotions/${promoId}`)).body.value.status).toBeNull();

    expect((await api(player.token, 'POST', `/wps/promotions/${promoId}/join`)).body.value.status).toBe(
      'joined',
    );
    expect((await api(player.token, 'POST', `/wps/promotions/${promoId}/join`)).status).toBe(409);

    await deposit(player.id, '1000.00');
    expect((await balances(player.id)).player_bonus).toBe(50_000n);
    let bonus = await api(player.token, 'GET', '/wps/promotions/bonuses');
    expect(bonus.body.value.grants[0]).toMatchObject({
      amount: '500.00',
      wageringRequired: '5000.00',
      wagered: '0.00',
      status: 'active',
    });
    expect((await api(player.token, 'GET', `/wps/promotions/${promoId}`)).body.value.status).toBe('process');

    // Live counts 10 %: a 1000.00 stake moves wagering by 100.00.
    await bet(player.id, 'LIVE', 100_000n);
    bonus = await api(player.token, 'GET', '/wps/promotions/bonuses');
    expect(bonus.body.value.grants[0]).toMatchObject({ wagered: '100.00', progress: 2, status: 'active' });

    // 4899.99 of slots: still one paisa short, nothing converts.
    await bet(player.id, 'RNG', 489_999n);
    bonus = await api(player.token, 'GET', '/wps/promotions/bonuses');
    expect(bonus.body.value.grants[0]).toMatchObject({ wagered: '4999.99', status: 'active' });
    expect((await balances(player.id)).player_bonus).toBe(50_000n);

    const cashBefore = (await balances(player.id)).player_cash;
    await bet(player.id, 'RNG', 1n);
    await bet(player.id, 'RNG', 10_000n);
    bonus = await api(player.token, 'GET', '/wps/promotions/bonuses');
    expect(bonus.body.value).toMatchObject({ bonusBalance: '0.00' });
    expect(bonus.body.value.grants[0]).toMatchObject({ status: 'converted', progress: 100 });
    expect((await balances(player.id)).player_cash - cashBefore).toBe(50_000n);
    expect((await api(player.token, 'GET', `/wps/promotions/${promoId}`)).body.value.status).toBe('issued');
    const inbox = await api(player.token, 'GET', '/wps/messages');
    expect(inbox.body.value.content.map((m: { title: string }) => m.title)).toContain(
      'Bonus converted to cash',
    );

    // A second deposit does not earn the first-deposit bonus again.
    await deposit(player.id, '1000.00');
    expect((await api(player.token, 'GET', '/wps/promotions/bonuses')).body.value.grants).toHaveLength(1);
    const report = await api(op.token, 'GET', '/wps/admin/promotions/report');
    expect(report.body.value.find((r: { promotionId: number }) => r.promotionId === promoId)).toMatchObject({
      granted: '500.00',
      converted: '500.00',
    });
  });

  it('a deposit bonus for the 1st deposit closes for a player who already deposited', async () => {
    const p = await api(op.token, 'POST', '/wps/admin/promotions', {
      ...base,
      title: 'Welcome',
      category: 'newbie',
      kind: 'deposit_bonus',
      depositNth: 1,
      percent: 50,
      cap: '100.00',
    });
    const player = await createMember(t.app);
    await deposit(player.id, '200.00');
    const got = await api(player.token, 'GET', `/wps/promotions/${p.body.value.id}`);
    expect(got.body.value.status).toBe('closed');
    expect((await api(player.token, 'POST', `/wps/promotions/${p.body.value.id}/join`)).status).toBe(409);
  });

  it('expiry forfeits an open bonus back to the promotion account', async () => {
    const p = await api(op.token, 'POST', '/wps/admin/promotions', {
      ...base,
      title: 'Free 50',
      category: 'others',
      kind: 'free_bonus',
      bonusAmount: '50.00',
      wageringMultiplier: 5,
      expiryDays: 1,
    });
    const player = await createMember(t.app);
    const store = await api(player.token, 'GET', '/wps/member/info/store');
    expect(store.body.value.availablePromoCount).toBeGreaterThanOrEqual(1);
    expect(
      (await api(player.token, 'POST', `/wps/promotions/${p.body.value.id}/claim`)).body.value.status,
    ).toBe('process');
    expect((await api(player.token, 'POST', `/wps/promotions/${p.body.value.id}/claim`)).status).toBe(409);
    expect((await balances(player.id)).player_bonus).toBe(5_000n);
    const promoBefore = await t.app.services.wallet.balance(Accounts.promotion());
    // The day runs out (expiry is judged only up to the wagering consumer's watermark, which is
    // never in the future: the grant's deadline is moved into the past instead of the clock on).
    await t.database.query(
      `update bonus_grants set expires_at = now() - interval '1 second' where member_id = $1`,
      [player.id],
    );
    expect(await t.app.services.bonusEngine.expire(new Date())).toBeGreaterThanOrEqual(1);
    expect((await balances(player.id)).player_bonus).toBe(0n);
    expect((await t.app.services.wallet.balance(Accounts.promotion())) - promoBefore).toBe(5_000n);
    const bonus = await api(player.token, 'GET', '/wps/promotions/bonuses');
    expect(bonus.body.value.grants[0].status).toBe('forfeited');
    expect((await api(player.token, 'GET', `/wps/promotions/${p.body.value.id}`)).body.value.status).toBe(
      'closed',
    );
    // Bets after expiry change nothing.
    await bet(player.id, 'RNG', 100_000n);
    await t.app.services.bonusEngine.catchUp();
    expect((await balances(player.id)).player_bonus).toBe(0n);
  });

  it('apply to join: §5 checks, approval queue, claim, and images only for their owner', async () => {
    const p = await api(op.token, 'POST', '/wps/admin/promotions', {
      ...base,
      title: 'Share and win',
      category: 'others',
      kind: 'apply',
      bonusAmount: '20.00',
      wageringMultiplier: 0,
    });
    const id = p.body.value.id as number;
    const player = await createMember(t.app);
    const other = await createMember(t.app);
    const send = (
      token: string,
      fields: Record<string, string>,
      files: Array<{ data: Buffer; name: string; type: string }>,
    ) => {
      const mp = multipart(fields, files);
      return t.app
        .inject({
          method: 'POST',
          url: `/wps/promotions/${id}/apply`,
          headers: { token, 'content-type': mp.contentType },
          payload: mp.payload,
        })
        .then((r) => ({ status: r.statusCode, body: r.json() }));
    };
    const img = { data: PNG, name: 'a.png', type: 'image/png' };

    const long = await send(player.token, { remark: 'x'.repeat(141) }, []);
    expect(long.status).toBe(400);
    const four = await send(player.token, { remark: 'hi' }, [img, img, img, img]);
    expect(four.status).toBe(400);
    expect(four.body.message).toBe('You can upload at most 3 images.');
    const wrong = await send(player.token, { remark: 'hi' }, [
      { data: Buffer.from('GIF89a....'), name: 'a.gif', type: 'image/gif' },
    ]);
    expect(wrong.status).toBe(415);
    expect(wrong.body.message).toBe('Only PNG or JPG images are accepted.');

    const ok = await send(player.token, { remark: 'My post link' }, [img, img]);
    expect(ok.status).toBe(200);
    expect(ok.body.value.status).toBe('applying');
    expect((await send(player.token, { remark: 'again' }, [])).status).toBe(409);

    const queue = await api(op.token, 'GET', '/wps/admin/promotions/applications?status=applying');
    const app = queue.body.value.content.find((a: { memberId: number }) => a.memberId === player.id);
    expect(app.images).toHaveLength(2);
    const imageUrl = app.images[0] as string;
    expect(
      (await t.app.inject({ method: 'GET', url: imageUrl, headers: { token: player.token } })).statusCode,
    ).toBe(200);
    expect(
      (await t.app.inject({ method: 'GET', url: imageUrl, headers: { token: other.token } })).statusCode,
    ).toBe(404);
    expect(
      (await t.app.inject({ method: 'GET', url: imageUrl, headers: { token: op.token } })).statusCode,
    ).toBe(200);

    // A player cannot review; the operator approves once.
    expect(
      (await api(player.token, 'POST', `/wps/admin/promotions/applications/${app.id}/approve`)).status,
    ).toBe(403);
    expect(
      (await api(op.token, 'POST', `/wps/admin/promotions/applications/${app.id}/approve`, {})).body.value
        .status,
    ).toBe('claim');
    expect(
      (await api(op.token, 'POST', `/wps/admin/promotions/applications/${app.id}/reject`, { note: 'x' }))
        .status,
    ).toBe(409);

    const rewards = await api(player.token, 'GET', '/wps/promotions/rewards');
    expect(rewards.body.value.claimable).toBeGreaterThanOrEqual(1);
    expect(rewards.body.value.rewards.find((r: { promotionId: number }) => r.promotionId === id).status).toBe(
      'claim',
    );
    expect((await api(other.token, 'POST', `/wps/promotions/${id}/claim`)).status).toBe(409);
    const cash = (await balances(player.id)).player_cash;
    expect((await api(player.token, 'POST', `/wps/promotions/${id}/claim`)).body.value.status).toBe(
      'claimed',
    );
    expect((await balances(player.id)).player_cash - cash).toBe(2_000n);

    // Rejection, and sending again after it.
    const sent = await send(other.token, { remark: 'me too' }, []);
    expect(sent.body.value.status).toBe('applying');
    const q2 = await api(op.token, 'GET', '/wps/admin/promotions/applications?status=applying');
    const a2 = q2.body.value.content.find((a: { memberId: number }) => a.memberId === other.id);
    await api(op.token, 'POST', `/wps/admin/promotions/applications/${a2.id}/reject`, { note: 'No link' });
    expect((await api(other.token, 'GET', `/wps/promotions/${id}`)).body.value.status).toBe('rejected');
    expect((await send(other.token, { remark: 'with link' }, [img])).body.value.status).toBe('applying');
  });

  it('guards: visitors and trial members cannot act, players cannot manage promotions', async () => {
    const trial = await createMember(t.app, { type: 4 });
    const player = await createMember(t.app);
    expect((await api(null, 'POST', '/wps/promotions/1/claim')).status).toBe(401);
    expect((await api(trial.token, 'POST', '/wps/promotions/1/claim')).status).toBe(403);
    expect((await api(trial.token, 'GET', '/wps/promotions/bonuses')).status).toBe(403);
    expect((await api(player.token, 'GET', '/wps/admin/promotions')).status).toBe(403);
    expect(
      (
        await api(player.token, 'POST', '/wps/admin/promotions', {
          ...base,
          title: 'x',
          category: 'others',
          kind: 'free_bonus',
        })
      ).status,
    ).toBe(403);
    expect((await api(player.token, 'GET', '/wps/promotions/999999')).status).toBe(404);
    const bad = await api(op.token, 'POST', '/wps/admin/promotions', {
      ...base,
      title: 'x',
      category: 'deposit',
      kind: 'deposit_bonus',
    });
    expect(bad.status).toBe(400);
  });

  it('referral: my code and how many registered with it; only my own', async () => {
    const referrer = await createMember(t.app);
    const other = await createMember(t.app);
    for (const account of ['refa1', 'refb2'])
      await t.app.services.members.create({
        account,
        password: 'Test@1234',
        type: 0,
        parentId: null,
        referrerId: referrer.id,
        paymentPassword: null,
        payeeName: null,
        email: null,
        countryDialingCode: null,
        mobileNum: null,
      });
    const mine = await api(referrer.token, 'GET', '/wps/promotions/referral');
    expect(mine.body.value.invited).toBe(2);
    expect(mine.body.value.referralCode).toMatch(/^\w+$/);
    const theirs = await api(other.token, 'GET', '/wps/promotions/referral');
    expect(theirs.body.value.invited).toBe(0);
    expect(theirs.body.value.referralCode).not.toBe(mine.body.value.referralCode);
    expect((await api(null, 'GET', '/wps/promotions/referral')).status).toBe(401);
  });

  it('a withdrawal while wagering is open forfeits the open bonus, in the same transaction', async () => {
    const p = await api(op.token, 'POST', '/wps/admin/promotions', {
      ...base,
      title: 'Free 30',
      category: 'others',
      kind: 'free_bonus',
      bonusAmount: '30.00',
      wageringMultiplier: 5,
    });
    const player = await createMember(t.app, { payeeName: 'Sita Rai', paymentPassword: 'Pay@1234' });
    await t.app.services.wallet.post({
      key: `fund:${player.id}`,
      reason: 'adjustment',
      postings: [
        { account: Accounts.adjustment(), amount: -100_000n },
        { account: Accounts.cash(player.id), amount: 100_000n },
      ],
    });
    await api(player.token, 'POST', `/wps/promotions/${p.body.value.id}/claim`);
    expect((await balances(player.id)).player_bonus).toBe(3_000n);
    const payout = await t.app.services.cashier.addPayoutAccount(player.id, {
      kind: 'wallet',
      provider: 'ESEWA',
      accountNumber: '9800001234',
      accountName: 'Sita Rai',
    });
    await t.app.services.cashier.requestWithdrawal(player.id, {
      payoutAccountId: payout.id,
      amount: '500.00',
      paymentPassword: 'Pay@1234',
    });
    const after = await balances(player.id);
    expect(after.player_bonus).toBe(0n);
    expect(after.player_hold).toBe(50_000n);
    const bonus = await api(player.token, 'GET', '/wps/promotions/bonuses');
    expect(bonus.body.value.grants[0].status).toBe('forfeited');
    const inbox = await api(player.token, 'GET', '/wps/messages');
    expect(inbox.body.value.content.map((m: { title: string }) => m.title)).toContain('Bonus forfeited');
  });
});
