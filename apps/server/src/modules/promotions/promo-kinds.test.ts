import { businessDayOf } from '@wps/contract';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../test/helper.ts';
import { type CreatedAccount, createMember } from '../../test/members.ts';
import { cashbackOf } from './wagering-math.ts';
import { createPromotion, promotionsTestKit } from './test-kit.ts';

const base = { summary: 'Summary', body: 'Rules', startsAt: '2020-01-01T00:00:00Z' };

/** A one-file multipart body under `image`. */
function imageUpload(data: Buffer, type = 'image/png') {
  const boundary = `----wps${Math.random().toString(16).slice(2)}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="promo.png"\r\nContent-Type: ${type}\r\n\r\n`,
    ),
    data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

describe('cashback arithmetic, worked by hand', () => {
  const rule = { percent: 10, cap: 10_000n, minLoss: 10_000n };
  it('pays percent of the net loss, capped, nothing on a win or under the minimum', () => {
    // Stake 1,000.00, won back 300.00: loss 700.00, 10 % = 70.00.
    expect(cashbackOf(100_000n, 30_000n, rule)).toBe(7_000n);
    // Loss 1,500.00: 150.00 capped at 100.00.
    expect(cashbackOf(150_000n, 0n, rule)).toBe(10_000n);
    // Loss 80.00 under the 100.00 minimum; exactly 100.00 qualifies (10.00).
    expect(cashbackOf(50_000n, 42_000n, rule)).toBe(0n);
    expect(cashbackOf(10_000n, 0n, rule)).toBe(1_000n);
    // A net win and a break-even pay nothing.
    expect(cashbackOf(20_000n, 90_000n, rule)).toBe(0n);
    expect(cashbackOf(20_000n, 20_000n, rule)).toBe(0n);
    // Rounded down to the paisa: 10 % of 12.39 is 1.23.
    expect(cashbackOf(1_239n, 0n, { percent: 10, cap: 10_000n, minLoss: 0n })).toBe(123n);
  });
});

describe('promotion kinds: reload, cashback, VIP monthly, images', () => {
  const kit = promotionsTestKit({ config: { depositPendingMax: 100 } });
  const { api, deposit } = kit;
  let t: TestApp;
  let op: CreatedAccount;
  beforeAll(() => {
    ({ t, op } = kit);
  });
  const create = (payload: Record<string, unknown>) =>
    createPromotion(t.app, op.token, { ...base, category: 'rebate', ...payload });
  const bet = (memberId: number, stake: bigint, payout: bigint, trial = false) =>
    kit.bet(memberId, stake, { payout, trial });
  const balances = (memberId: number) => t.app.services.wallet.memberBalances(memberId);
  const statusOf = async (token: string, id: number) =>
    (await api(token, 'GET', `/wps/promotions/${id}`)).body.value;

  it('reload: deposits after the nth earn percent up to the cap, at most the limit per day', async () => {
    const id = await create({
      title: 'Reload 50%',
      category: 'deposit',
      kind: 'reload',
      depositNth: 1,
      percent: 50,
      cap: '200.00',
      minDeposit: '200.00',
      claimLimit: 2,
      period: 'day',
      wageringMultiplier: 5,
    });
    const m = await createMember(t.app);
    expect((await statusOf(m.token, id)).status).toBe('join');
    expect((await api(m.token, 'POST', `/wps/promotions/${id}/join`)).body.value.status).toBe('joined');
    expect((await api(m.token, 'POST', `/wps/promotions/${id}/join`)).status).toBe(409);

    await deposit(m.id, '1000.00'); // the 1st: not after the 1st
    expect((await balances(m.id)).player_bonus).toBe(0n);
    await deposit(m.id, '300.00'); // 50 % of 300.00 = 150.00
    expect((await balances(m.id)).player_bonus).toBe(15_000n);
    await deposit(m.id, '150.00'); // under the 200.00 minimum
    expect((await balances(m.id)).player_bonus).toBe(15_000n);
    await deposit(m.id, '1000.00'); // 500.00 capped at 200.00
    expect((await balances(m.id)).player_bonus).toBe(35_000n);
    await deposit(m.id, '1000.00'); // the day's limit of 2 is reached
    expect((await balances(m.id)).player_bonus).toBe(35_000n);

    const bonuses = (await api(m.token, 'GET', '/wps/promotions/bonuses')).body.value;
    const mine = bonuses.grants.filter((g: { promotionId: number }) => g.promotionId === id);
    expect(mine.map((g: { amount: string }) => g.amount).sort()).toEqual(['150.00', '200.00']);
    expect(mine[0].wageringRequired).toBe('1000.00'); // 5 × 200.00
    // A recurring kind stays joined: the next day's deposits earn again.
    expect((await statusOf(m.token, id)).status).toBe('joined');
  });

  it('reload: not joined, nothing paid; a first-deposit bonus takes the deposit before a reload', async () => {
    // With wagering, so the bonus stays in the bonus account to be counted.
    const reload = await create({
      title: 'Reload any',
      kind: 'reload',
      percent: 10,
      cap: '50.00',
      wageringMultiplier: 1,
    });
    const first = await create({
      title: 'First 100%',
      kind: 'deposit_bonus',
      depositNth: 1,
      percent: 100,
      cap: '100.00',
      wageringMultiplier: 1,
    });
    const m = await createMember(t.app);
    await deposit(m.id, '500.00');
    expect((await balances(m.id)).player_bonus).toBe(0n);
    await api(m.token, 'POST', `/wps/promotions/${reload}/join`);
    await api(m.token, 'POST', `/wps/promotions/${first}/join`);
    const n = await createMember(t.app);
    await api(n.token, 'POST', `/wps/promotions/${reload}/join`);
    await api(n.token, 'POST', `/wps/promotions/${first}/join`);
    await deposit(n.id, '500.00'); // first deposit: the deposit bonus (100.00), not the reload too
    expect((await balances(n.id)).player_bonus).toBe(10_000n);
    await deposit(n.id, '500.00'); // second: the reload (10 % = 50.00)
    expect((await balances(n.id)).player_bonus).toBe(15_000n);
    await deposit(m.id, '400.00'); // m joined after its first deposit: reload any deposit = 40.00
    expect((await balances(m.id)).player_bonus).toBe(4_000n);
  });

  it('cashback: computed once per period from the bets record, claimed once; wins and small losses pay nothing', async () => {
    const id = await create({
      title: 'Daily cashback 10%',
      kind: 'cashback',
      period: 'day',
      percent: 10,
      cap: '100.00',
      minLoss: '100.00',
    });
    const [a, b, c, d, e, f] = await Promise.all(Array.from({ length: 6 }, () => createMember(t.app)));
    for (const m of [a!, b!, c!, e!])
      expect((await api(m.token, 'POST', `/wps/promotions/${id}/join`)).status).toBe(200);
    const start = new Date(Date.now() - 60_000);
    await bet(f!.id, 100_000n, 0n); // f loses 1,000.00 before joining: does not count
    await api(f!.token, 'POST', `/wps/promotions/${id}/join`);
    await bet(a!.id, 100_000n, 30_000n); // loss 700.00 → 70.00
    await bet(b!.id, 50_000n, 42_000n); // loss 80.00 < 100.00 → 0
    await bet(c!.id, 20_000n, 90_000n); // net win → 0
    await bet(d!.id, 100_000n, 0n); // not joined → 0
    await bet(e!.id, 100_000n, 0n);
    await bet(e!.id, 50_000n, 0n); // loss 1,500.00 → 150.00 capped at 100.00
    await bet(e!.id, 50_000n, 0n, true); // trial play never counts
    await bet(f!.id, 20_000n, 0n); // loss after joining 200.00 → 20.00
    const end = new Date(Date.now() + 1_000);

    const first = await t.app.services.cashback.settle('day', start, end);
    expect(first).toEqual({ computed: 3, paid: 0 });
    expect(await t.app.services.cashback.settle('day', start, end)).toEqual({ computed: 0, paid: 0 });
    expect(await t.app.services.cashback.settle('week', start, end)).toEqual({ computed: 0, paid: 0 });

    const seen = await statusOf(a!.token, id);
    expect(seen.status).toBe('claim');
    expect(seen.pendingAmount).toBe('70.00');
    expect((await statusOf(b!.token, id)).status).toBe('joined');
    expect(
      (await api(a!.token, 'GET', '/wps/promotions/rewards')).body.value.claimable,
    ).toBeGreaterThanOrEqual(1);

    const cashBefore = (await balances(a!.id)).player_cash;
    const claimed = await api(a!.token, 'POST', `/wps/promotions/${id}/claim`);
    expect(claimed.status).toBe(200);
    expect(claimed.body.value.status).toBe('joined');
    // No wagering: straight to cash.
    expect((await balances(a!.id)).player_cash - cashBefore).toBe(7_000n);
    expect((await api(a!.token, 'POST', `/wps/promotions/${id}/claim`)).status).toBe(409);
    expect((await api(b!.token, 'POST', `/wps/promotions/${id}/claim`)).status).toBe(409);
    expect((await api(d!.token, 'POST', `/wps/promotions/${id}/claim`)).status).toBe(409);

    await api(e!.token, 'POST', `/wps/promotions/${id}/claim`);
    await api(f!.token, 'POST', `/wps/promotions/${id}/claim`);
    const rows = await t.database.query(
      'select member_id, amount::text, status from promotion_cashbacks where promotion_id = $1 order by member_id',
      [id],
    );
    expect(rows.map((r) => [r.member_id, r.amount, r.status])).toEqual(
      [
        [a!.id, '7000', 'issued'],
        [e!.id, '10000', 'issued'],
        [f!.id, '2000', 'issued'],
      ].sort((x, y) => (x[0] as number) - (y[0] as number)),
    );
  });

  it('cashback with auto-credit: the job pays into the bonus account with wagering', async () => {
    const id = await create({
      title: 'Weekly cashback',
      kind: 'cashback',
      period: 'week',
      percent: 5,
      cap: '500.00',
      autoCredit: true,
      wageringMultiplier: 3,
    });
    const m = await createMember(t.app);
    await api(m.token, 'POST', `/wps/promotions/${id}/join`);
    // A window after the earlier tests' bets (the daily cashback above would count them again).
    await new Promise((r) => setTimeout(r, 20));
    const start = new Date();
    await bet(m.id, 200_000n, 40_000n); // loss 1,600.00 → 5 % = 80.00
    const end = new Date(Date.now() + 1_000);
    expect(await t.app.services.cashback.settle('day', start, end)).toEqual({ computed: 0, paid: 0 });
    expect(await t.app.services.cashback.settle('week', start, end)).toEqual({ computed: 1, paid: 1 });
    expect(await t.app.services.cashback.settle('week', start, end)).toEqual({ computed: 0, paid: 0 });
    expect((await balances(m.id)).player_bonus).toBe(8_000n);
    const grant = (await api(m.token, 'GET', '/wps/promotions/bonuses')).body.value.grants[0];
    expect(grant.wageringRequired).toBe('240.00');
    expect((await statusOf(m.token, id)).status).toBe('joined');
  });

  it('operator input: each kind names what it needs; cashback percent at most 100', async () => {
    const bad = await api(op.token, 'POST', '/wps/admin/promotions', {
      ...base,
      title: 'x',
      category: 'rebate',
      kind: 'cashback',
      percent: 10,
    });
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe('VALIDATION');
    const over = await api(op.token, 'POST', '/wps/admin/promotions', {
      ...base,
      title: 'x',
      category: 'rebate',
      kind: 'cashback',
      period: 'day',
      percent: 150,
      cap: '10.00',
    });
    expect(over.status).toBe(400);
    const nth = await api(op.token, 'POST', '/wps/admin/promotions', {
      ...base,
      title: 'x',
      category: 'deposit',
      kind: 'deposit_bonus',
      depositNth: 9,
      percent: 10,
      cap: '10.00',
    });
    expect(nth.status).toBe(400);
    const player = await createMember(t.app);
    expect((await api(player.token, 'POST', '/wps/admin/promotions/images')).status).toBe(403);
  });

  it('promotion image: uploaded through the content pipeline, shown on the card and the detail', async () => {
    const png = await sharp({ create: { width: 1200, height: 600, channels: 3, background: '#c33' } })
      .png()
      .toBuffer();
    const upload = imageUpload(png);
    const up = await t.app.inject({
      method: 'POST',
      url: '/wps/admin/promotions/images',
      headers: { token: op.token, ...upload.headers },
      payload: upload.payload,
    });
    expect(up.statusCode, up.body).toBe(200);
    const image = up.json().value;
    expect(image.variants.map((v: { width: number }) => v.width)).toEqual([480, 960, 1200]);

    // Not an image by its bytes, whatever it is called.
    const fake = imageUpload(Buffer.from('<svg onload="alert(1)"></svg>'));
    const refused = await t.app.inject({
      method: 'POST',
      url: '/wps/admin/promotions/images',
      headers: { token: op.token, ...fake.headers },
      payload: fake.payload,
    });
    expect(refused.statusCode).toBeGreaterThanOrEqual(400);
    expect(refused.statusCode).toBeLessThan(500);
    const empty = await t.app.inject({
      method: 'POST',
      url: '/wps/admin/promotions/images',
      headers: { token: op.token, 'content-type': 'application/json' },
      payload: {},
    });
    expect(empty.statusCode).toBe(400);

    const unknown = await api(op.token, 'POST', '/wps/admin/promotions', {
      ...base,
      title: 'Pic',
      category: 'others',
      kind: 'free_bonus',
      imageId: 'doesnotexist123',
    });
    expect(unknown.status).toBe(400);

    const id = await create({
      title: 'With picture',
      category: 'others',
      kind: 'free_bonus',
      imageId: image.id,
    });
    const card = (await api(null, 'GET', '/wps/promotions')).body.value.find(
      (p: { id: number }) => p.id === id,
    );
    expect(card.image.id).toBe(image.id);
    expect(card.imageUrl).toBe(`/wps/content/images/${image.id}/1200`);
    expect((await api(null, 'GET', `/wps/promotions/${id}`)).body.value.image.avif.length).toBe(3);
    const served = await t.app.inject({ method: 'GET', url: card.imageUrl });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    const admin = (await api(op.token, 'GET', '/wps/admin/promotions')).body.value.find(
      (p: { id: number }) => p.id === id,
    );
    expect(admin.imageId).toBe(image.id);
  });

  it('VIP monthly bonus: paid once per member and month to members at a level that has one', async () => {
    const set = await api(op.token, 'PUT', '/wps/admin/vip/levels', {
      levels: [
        { name: 'Bronze', minTurnover: '100.00', minDeposits: '0', bonus: '0', monthlyBonus: '25.00' },
        { name: 'Silver', minTurnover: '1000.00', minDeposits: '0', bonus: '10.00', monthlyBonus: '0' },
        { name: 'Gold', minTurnover: '5000.00', minDeposits: '0', bonus: '0', monthlyBonus: '100.00' },
      ],
    });
    expect(set.status).toBe(200);
    expect(set.body.value[0].monthlyBonus).toBe('25.00');
    const [bronze, silver, gold, none] = await Promise.all(
      Array.from({ length: 4 }, () => createMember(t.app)),
    );
    await t.app.database.db.transaction((tx) =>
      t.app.services.vip.add(
        tx,
        new Map([
          [bronze!.id, { turnover: 20_000n, deposits: 0n }],
          [silver!.id, { turnover: 200_000n, deposits: 0n }],
          [gold!.id, { turnover: 900_000n, deposits: 0n }],
          [none!.id, { turnover: 100n, deposits: 0n }],
        ]),
      ),
    );
    const cash = async () =>
      Promise.all([bronze!, silver!, gold!, none!].map(async (m) => (await balances(m.id)).player_cash));
    // The levels were reached now: this business month pays them (a month pays the level held at
    // its end, so an earlier month would pay nothing), and so does the next.
    const month = businessDayOf(new Date(), t.app.config.businessUtcOffsetMinutes).slice(0, 7);
    const [y, m] = month.split('-').map(Number) as [number, number];
    const next = m === 12 ? `${y + 1}-01` : `${y}-${String(m + 1).padStart(2, '0')}`;
    const before = await cash();
    const run = await t.app.services.vip.payMonthly(month);
    expect(run.paid).toBeGreaterThanOrEqual(2);
    const after = await cash();
    expect(after.map((v, i) => v - before[i]!)).toEqual([2_500n, 0n, 10_000n, 0n]);
    await t.app.services.vip.payMonthly(month);
    expect(await cash()).toEqual(after);
    await t.app.services.vip.payMonthly(next);
    expect((await cash()).map((v, i) => v - after[i]!)).toEqual([2_500n, 0n, 10_000n, 0n]);
  });

  it('rebate rates: an edit is audited with the rates it replaced', async () => {
    await api(op.token, 'PUT', '/wps/admin/promotions/rebate-rates', [{ gameType: 'RNG', rateBp: 50 }]);
    const res = await api(op.token, 'PUT', '/wps/admin/promotions/rebate-rates', [
      { gameType: 'RNG', rateBp: 80 },
      { gameType: 'LIVE', rateBp: 30 },
    ]);
    expect(res.status).toBe(200);
    expect(res.body.value).toEqual([
      { gameType: 'LIVE', rateBp: 30 },
      { gameType: 'RNG', rateBp: 80 },
    ]);
    const [row] = await t.database.query(
      "select before, after from audit_log where action = 'rebate.rates' order by id desc limit 1",
    );
    expect(row!.before).toEqual([{ gameType: 'RNG', rateBp: 50 }]);
    expect(row!.after).toHaveLength(2);
  });
});
