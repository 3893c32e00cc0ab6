import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helper.ts';
import { type CreatedAccount, createMember, createOperator } from '../../test/members.ts';
import { insertBet } from './fixtures.ts';
import { seedHandWorked } from './hand-worked.ts';

/**
 * Hand-worked figures over business days 2026-03-10 and 2026-03-11 (Nepal): the fixture and the
 * arithmetic behind each number are in `hand-worked.ts`.
 */
describe('operator reports', () => {
  let t: TestApp;
  let op: CreatedAccount;
  let agentA: CreatedAccount;
  let subS: CreatedAccount;
  let p1: CreatedAccount;
  let p3: CreatedAccount;

  const get = (url: string, token = op.token) => t.app.inject({ method: 'GET', url, headers: { token } });
  const range = 'from=2026-03-10&to=2026-03-11';

  beforeAll(async () => {
    t = await createTestApp();
    ({ op, agentA, subS, p1, p3 } = await seedHandWorked(t.app));
  });
  afterAll(async () => {
    await t.close();
  });

  it('GGR and NGR by business day, with the Nepal-midnight cut', async () => {
    const res = await get(`/wps/admin/reports/ggr?${range}&by=day`);
    expect(res.statusCode).toBe(200);
    const v = res.json().value;
    expect(
      v.rows.map((r: Record<string, unknown>) => [
        r.key,
        r.bets,
        r.stake,
        r.payout,
        r.ggr,
        r.bonusCost,
        r.ngr,
      ]),
    ).toEqual([
      ['2026-03-10', 2, '300.00', '350.00', '-50.00', '30.00', '-80.00'],
      ['2026-03-11', 4, '110.00', '10.00', '100.00', '112.34', '-12.34'],
    ]);
    expect(v.total).toMatchObject({
      bets: 6,
      stake: '410.00',
      payout: '360.00',
      ggr: '50.00',
      bonusCost: '142.34',
      ngr: '-92.34',
    });
  });

  it('GGR by vendor and by game', async () => {
    const vendor = (await get(`/wps/admin/reports/ggr?${range}&by=vendor`)).json().value;
    expect(vendor.rows.map((r: Record<string, unknown>) => [r.key, r.ggr])).toEqual([
      ['INHOUSE', '-90.00'],
      ['JDB', '30.00'],
      ['PG', '110.00'],
    ]);
    expect(vendor.total.ggr).toBe('50.00');
    expect(vendor.total.ngr).toBeNull();
    const game = (await get(`/wps/admin/reports/ggr?${range}&by=game`)).json().value;
    expect(game.rows.map((r: Record<string, unknown>) => [r.key, r.bets, r.ggr])).toEqual([
      ['INHOUSE:dice', 2, '-90.00'],
      ['JDB:fishing', 1, '30.00'],
      ['PG:fortune', 3, '110.00'],
    ]);
  });

  it('GGR by agent tree: top-level branches, then one agent’s whole downline', async () => {
    const top = (await get(`/wps/admin/reports/ggr?${range}&by=agent`)).json().value;
    // Team A: p1 (100 − 20 − 50 = 30), p2 (280 − 300 = −20), S's own 10 → GGR 20.00; bonus cost p1 100 + 5,
    // p2 12.34 → 117.34; NGR −97.34. No agent: p3 GGR 30.00, cost 25.00 → NGR 5.00.
    expect(top.rows.map((r: Record<string, unknown>) => [r.key, r.label, r.ggr, r.bonusCost, r.ngr])).toEqual(
      [
        ['0', '', '30.00', '25.00', '5.00'],
        [String(agentA.id), agentA.account, '20.00', '117.34', '-97.34'],
      ],
    );
    expect(top.total).toMatchObject({ ggr: '50.00', bonusCost: '142.34', ngr: '-92.34' });
    const underA = (await get(`/wps/admin/reports/ggr?${range}&by=agent&agentId=${agentA.id}`)).json().value;
    const rows = Object.fromEntries(
      underA.rows.map((r: Record<string, string>) => [r.label, [r.ggr, r.ngr]]),
    );
    // p1's branch: 30 − 105 = −75; S's branch (S and p2): −10 − 12.34 = −22.34.
    expect(rows).toEqual({ [p1.account]: ['30.00', '-75.00'], [subS.account]: ['-10.00', '-22.34'] });
    expect(underA.total).toMatchObject({ ggr: '20.00', bonusCost: '117.34', ngr: '-97.34' });
    // The agent filter applies to every grouping, bonus cost included: S's team by day (p2's rebate on the 11th).
    const sByDay = (await get(`/wps/admin/reports/ggr?${range}&by=day&agentId=${subS.id}`)).json().value;
    expect(sByDay.rows.map((r: Record<string, string>) => [r.ggr, r.bonusCost, r.ngr])).toEqual([
      ['-100.00', '0.00', '-100.00'],
      ['90.00', '12.34', '77.66'],
    ]);
    const csv = await get(`/wps/admin/reports/ggr?${range}&by=agent&agentId=${agentA.id}&format=csv`);
    expect(csv.body).toContain(`${subS.id},${subS.account},3,290.00,300.00,290.00,-10.00,12.34,-22.34`);
  });

  it('by agent tree: a top-level agent’s own bets count under it; players without an agent fold into one row', async () => {
    const db = t.app.database.db;
    const day = '2026-04-20T06:00:00Z';
    await insertBet(db, {
      memberId: agentA.id,
      vendor: 'PG',
      gameCode: 'fortune',
      stake: 700n,
      payout: 0n,
      at: day,
    });
    await insertBet(db, {
      memberId: p3.id,
      vendor: 'PG',
      gameCode: 'fortune',
      stake: 300n,
      payout: 0n,
      at: day,
    });
    const lone = await createMember(t.app);
    await insertBet(db, {
      memberId: lone.id,
      vendor: 'PG',
      gameCode: 'fortune',
      stake: 200n,
      payout: 100n,
      at: day,
    });
    const v = (await get('/wps/admin/reports/ggr?from=2026-04-20&to=2026-04-20&by=agent')).json().value;
    expect(v.rows.map((r: Record<string, unknown>) => [r.key, r.isAgent, r.bets, r.ggr])).toEqual([
      ['0', false, 2, '4.00'],
      [String(agentA.id), true, 1, '7.00'],
    ]);
  });

  it('deposits and withdrawals by channel and day', async () => {
    const v = (await get(`/wps/admin/reports/cashflow?${range}`)).json().value;
    expect(v.rows).toEqual([
      { day: '2026-03-10', kind: 'deposit', channel: 'ESEWA', count: 1, amount: '500.00' },
      { day: '2026-03-10', kind: 'withdrawal', channel: 'Nabil Bank', count: 1, amount: '400.00' },
      { day: '2026-03-11', kind: 'deposit', channel: 'BANK1', count: 1, amount: '1000.00' },
      { day: '2026-03-11', kind: 'deposit', channel: 'ESEWA', count: 1, amount: '300.00' },
      { day: '2026-03-11', kind: 'deposit', channel: 'KHALTI', count: 1, amount: '50.00' },
      { day: '2026-03-11', kind: 'withdrawal', channel: 'eSewa', count: 1, amount: '150.00' },
    ]);
    expect(v.totals).toEqual({
      deposits: '1850.00',
      depositCount: 4,
      withdrawals: '550.00',
      withdrawalCount: 2,
    });
  });

  it('new, active and first-depositing players per day', async () => {
    const v = (await get(`/wps/admin/reports/players?${range}`)).json().value;
    expect(v.rows).toEqual([
      { day: '2026-03-10', newPlayers: 1, activePlayers: 2, firstDepositors: 1 },
      { day: '2026-03-11', newPlayers: 2, activePlayers: 3, firstDepositors: 1 },
    ]);
    expect(v.totals).toEqual({ newPlayers: 3, activePlayers: 4, firstDepositors: 2 });
  });

  it('bonus cost per day', async () => {
    const v = (await get(`/wps/admin/reports/bonus?${range}`)).json().value;
    expect(v.rows).toEqual([
      {
        day: '2026-03-10',
        bonusGranted: '140.00',
        bonusConverted: '25.00',
        rebates: '0.00',
        pointsExchanged: '5.00',
        cost: '30.00',
      },
      {
        day: '2026-03-11',
        bonusGranted: '0.00',
        bonusConverted: '100.00',
        rebates: '12.34',
        pointsExchanged: '0.00',
        cost: '112.34',
      },
    ]);
    expect(v.total.cost).toBe('142.34');
  });

  it('dashboard: per-day series and range totals', async () => {
    const v = (await get(`/wps/admin/reports/dashboard?${range}`)).json().value;
    expect(v.days).toEqual([
      {
        day: '2026-03-10',
        ggr: '-50.00',
        ngr: '-80.00',
        deposits: '500.00',
        withdrawals: '400.00',
        newPlayers: 1,
        activePlayers: 2,
        firstDepositors: 1,
      },
      {
        day: '2026-03-11',
        ggr: '100.00',
        ngr: '-12.34',
        deposits: '1350.00',
        withdrawals: '150.00',
        newPlayers: 2,
        activePlayers: 3,
        firstDepositors: 1,
      },
    ]);
    expect(v.totals).toEqual({
      stake: '410.00',
      payout: '360.00',
      ggr: '50.00',
      bonusCost: '142.34',
      ngr: '-92.34',
      deposits: '1850.00',
      withdrawals: '550.00',
      newPlayers: 3,
      activePlayers: 4,
      firstDepositors: 2,
    });
  });

  it('one day alone: the other day’s boundary rows stay out', async () => {
    const v = (await get('/wps/admin/reports/ggr?from=2026-03-11&to=2026-03-11&by=day')).json().value;
    expect(v.total).toMatchObject({ bets: 4, ggr: '100.00' });
  });

  it('CSV export streams the rows and defuses formulas', async () => {
    const db = t.app.database.db;
    await insertBet(db, {
      memberId: p3.id,
      vendor: '=HYPERLINK("http://evil")',
      gameCode: '@SUM(A1)',
      stake: 100n,
      payout: 300n,
      at: '2026-04-01T06:00:00Z',
    });
    await insertBet(db, {
      memberId: p3.id,
      vendor: '+CMD',
      gameCode: '-2+3',
      stake: 100n,
      payout: 0n,
      at: '2026-04-01T06:00:00Z',
    });
    const res = await get('/wps/admin/reports/ggr?from=2026-04-01&to=2026-04-01&by=game&format=csv');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toContain('ggr-by-game-2026-04-01-2026-04-01.csv');
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('key,label,bets,stake,payout,validStake,ggr');
    expect(lines).toContain(`'+CMD:-2+3,'+CMD:-2+3,1,1.00,0.00,1.00,1.00`);
    expect(lines).toContain(
      `"'=HYPERLINK(""http://evil""):@SUM(A1)","'=HYPERLINK(""http://evil""):@SUM(A1)",1,1.00,3.00,1.00,-2.00`,
    );
    expect(lines.at(-1)).toBe('total,total,2,2.00,3.00,2.00,-1.00');
    const day = await get(`/wps/admin/reports/ggr?${range}&format=csv`);
    expect(day.body).toContain('2026-03-10,2026-03-10,2,300.00,350.00,300.00,-50.00,30.00,-80.00');
    for (const path of ['cashflow', 'players', 'bonus', 'dashboard']) {
      const r = await get(`/wps/admin/reports/${path}?${range}&format=csv`);
      expect(r.statusCode, path).toBe(200);
      expect(r.body.split('\r\n').length, path).toBeGreaterThan(2);
    }
    expect((await get(`/wps/admin/reports/cashflow?${range}&format=csv`)).body).toContain(
      '2026-03-11,withdrawal,eSewa,1,150.00',
    );
  });

  it('only operators with the reports permission', async () => {
    const other = await createOperator(t.app, { permissions: ['content'] });
    const all = await createOperator(t.app, { permissions: ['*'] });
    const player = await createMember(t.app);
    for (const path of ['ggr', 'cashflow', 'players', 'bonus', 'dashboard']) {
      const url = `/wps/admin/reports/${path}?${range}`;
      expect((await get(url, other.token)).statusCode, path).toBe(403);
      expect((await get(url, player.token)).statusCode, path).toBe(403);
      expect((await get(url, agentA.token)).statusCode, path).toBe(403);
      expect((await t.app.inject({ method: 'GET', url })).statusCode, path).toBe(401);
      expect((await get(url, all.token)).statusCode, path).toBe(200);
      expect((await get(`${url}&format=csv`, player.token)).statusCode, path).toBe(403);
    }
  });

  it('refuses bad dates with the message, never a 500', async () => {
    const bad = [
      'from=2026-02-30&to=2026-03-01',
      'from=2026-03-10',
      'from=x&to=y',
      "from=2026-03-10'--&to=2026-03-11",
      'from=1999-12-31&to=2000-01-01',
      'from=2026-03-10&to=2026-03-11&by=hour',
      'from=2026-03-10&to=2026-03-11&agentId=abc',
      'from=2026-03-10&to=2026-03-11&agentId=-1',
      'from=2026-03-10&to=2026-03-11&format=xlsx',
      'from[]=2026-03-10&to=2026-03-11',
    ];
    for (const q of bad) {
      const res = await get(`/wps/admin/reports/ggr?${q}`);
      expect(res.statusCode, q).toBe(400);
      expect(res.json().success, q).toBe(false);
    }
    for (const q of ['from=2026-03-11&to=2026-03-10', 'from=2025-01-01&to=2026-03-10']) {
      const res = await get(`/wps/admin/reports/players?${q}`);
      expect(res.statusCode, q).toBe(400);
      expect(res.json().message, q).toBe(
        'Choose a date range of at most 366 days that starts on or before its end.',
      );
    }
    const ne = await t.app.inject({
      method: 'GET',
      url: '/wps/admin/reports/players?from=2026-03-11&to=2026-03-10',
      headers: { token: op.token, 'accept-language': 'ne' },
    });
    expect(ne.json().message).toMatch(/366 दिन/);
    // A full year is fine.
    expect((await get('/wps/admin/reports/players?from=2025-03-11&to=2026-03-11')).statusCode).toBe(200);
  });

  it('reads the main database when no replica is configured', () => {
    expect(t.app.services.reports.source).toBe('primary');
    expect(t.app.services.reports.db).toBe(t.app.database.db);
  });
});
