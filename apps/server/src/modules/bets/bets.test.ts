import { businessDayOf, fromMinor } from '@wps/contract';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedGames } from '../../db/seed/games.ts';
import { createTestApp, type TestApp } from '../../test/helper.ts';
import { createMember, createOperator } from '../../test/members.ts';
import { Accounts } from '../wallet/accounts.ts';
import { seamlessCall } from '../../test/seamless.ts';

const SECRET = 'bets-test-secret';
const GAME = 'PG_SLOT_001';

describe('bets record from seamless rounds, betting record, winners, consumers', () => {
  let t: TestApp;
  let agent: { id: number; account: string; token: string };
  let player: { id: number; account: string; token: string };
  let other: { id: number; account: string; token: string };

  beforeAll(async () => {
    t = await createTestApp({ sandboxVendorSecret: SECRET, vendorSecrets: { PG: SECRET, LIVE88: SECRET } });
    await seedGames(t.app.services);
    agent = await createMember(t.app, { type: 1 });
    player = await createMember(t.app, { parentId: agent.id, account: `dev${Date.now() % 100000}01` });
    other = await createMember(t.app);
    for (const m of [player, other]) {
      await t.app.services.wallet.post({
        key: `seed:${m.id}`,
        reason: 'deposit',
        postings: [
          { account: Accounts.clearing('BANK'), amount: -10_000_000n },
          { account: Accounts.cash(m.id), amount: 10_000_000n },
        ],
      });
    }
  });
  afterAll(async () => {
    await t.close();
  });

  const vendor = (op: string, body: unknown, v = 'PG') => seamlessCall(t.app, SECRET, op, body, v);
  const get = async (url: string, token?: string) => {
    const res = await t.app.inject({ method: 'GET', url, headers: token ? { token } : {} });
    return { status: res.statusCode, body: res.json() };
  };
  let n = 0;
  const id = (p: string) => `${p}-${++n}`;
  const rows = (roundId: string) =>
    t.database.query(
      `select stake::text, payout::text, valid_stake::text, status, upline_path, game_type, trial from bets where round_id = $1 order by id`,
      [roundId],
    );

  it('records a bet as a settled loss, a win as its payout, in the same transaction as the ledger', async () => {
    const round = id('r');
    const bet = id('tx');
    await vendor('bet', {
      txId: bet,
      roundId: round,
      username: player.account,
      gameCode: GAME,
      amount: '10.00',
    });
    expect(await rows(round)).toEqual([
      {
        stake: '1000',
        payout: '0',
        valid_stake: '1000',
        status: 'settled',
        upline_path: [agent.id],
        game_type: 'RNG',
        trial: false,
      },
    ]);
    // A retry of the same txId changes nothing.
    await vendor('bet', {
      txId: bet,
      roundId: round,
      username: player.account,
      gameCode: GAME,
      amount: '10.00',
    });
    await vendor('win', { txId: id('tx'), roundId: round, username: player.account, amount: '25.50' });
    const after = await rows(round);
    expect(after).toHaveLength(2);
    expect(after[1]).toMatchObject({ stake: '0', payout: '2550', status: 'settled' });
    // Launching or playing fills the recent games.
    const recent = await get('/wps/relay/GCS_recentGames', player.token);
    expect(recent.body.value.list[0].gameCode).toBe(GAME);
  });

  it('appends a correcting row on rollback; a bet refused for funds leaves no row', async () => {
    const round = id('r');
    const bet = id('tx');
    await vendor('bet', {
      txId: bet,
      roundId: round,
      username: player.account,
      gameCode: GAME,
      amount: '5.00',
    });
    await vendor('rollback', { txId: id('tx'), refTxId: bet, username: player.account });
    const r = await rows(round);
    expect(r.map((x) => [x.stake, x.status])).toEqual([
      ['500', 'settled'],
      ['-500', 'cancelled'],
    ]);
    const poor = await createMember(t.app);
    const refused = await vendor('bet', {
      txId: id('tx'),
      roundId: id('r'),
      username: poor.account,
      gameCode: GAME,
      amount: '1.00',
    });
    expect(refused.body.code).toBe('INSUFFICIENT_FUNDS');
    expect(await t.database.query('select 1 from bets where member_id = $1', [poor.id])).toEqual([]);
    // History cannot be edited.
    await expect(t.database.query('update bets set stake = 0')).rejects.toThrow();
    await expect(t.database.query('delete from bets')).rejects.toThrow();
  });

  it('names a game by its code when a vendor signs for games of another catalogue vendor', async () => {
    const round = id('r');
    await vendor(
      'bet',
      { txId: id('tx'), roundId: round, username: player.account, gameCode: 'JDB_FISH_1', amount: '2.00' },
      'SANDBOX',
    );
    expect(await rows(round)).toEqual([expect.objectContaining({ stake: '200', game_type: 'FISH' })]);
    const detail = await get(`/wps/relay/GCS_bettingRecord/${round}`, player.token);
    expect(detail.body.value).toMatchObject({
      vendor: 'SANDBOX',
      gameType: 'FISH',
      gameName: 'Ocean King JDB',
    });
  });

  it('excludes trial play from valid stake', async () => {
    const trial = await createMember(t.app, { type: 4 });
    const round = id('r');
    await vendor('bet', {
      txId: id('tx'),
      roundId: round,
      username: trial.account,
      gameCode: GAME,
      amount: '3.00',
    });
    expect(await rows(round)).toEqual([
      expect.objectContaining({ stake: '300', valid_stake: '0', trial: true }),
    ]);
  });

  it("answers the betting record with totals, filters and pages, and only the caller's rounds", async () => {
    const round = id('r');
    await vendor(
      'bet',
      {
        txId: id('tx'),
        roundId: round,
        username: other.account,
        gameCode: 'LIVE88_BACCARAT_1',
        amount: '100.00',
      },
      'LIVE88',
    );
    await vendor(
      'win',
      { txId: id('tx'), roundId: round, username: other.account, amount: '195.00' },
      'LIVE88',
    );
    const mine = await get('/wps/relay/GCS_bettingRecord', player.token);
    expect(mine.status).toBe(200);
    expect(mine.body.value.content.every((r: { roundId: string }) => r.roundId !== round)).toBe(true);
    const theirs = await get('/wps/relay/GCS_bettingRecord?vendor=LIVE88', other.token);
    expect(theirs.body.value.content).toEqual([
      expect.objectContaining({
        roundId: round,
        vendor: 'LIVE88',
        gameType: 'LIVE',
        bet: '100.00',
        win: '195.00',
        net: '95.00',
        // The eligibility policy on the round: it won 95.00 on 100.00, so 95.00 of it was at risk.
        validBet: '95.00',
        status: 'settled',
        gameName: 'Baccarat',
      }),
    ]);
    expect(theirs.body.value.totals).toEqual({
      count: 1,
      bet: '100.00',
      win: '195.00',
      net: '95.00',
      validBet: '95.00',
    });
    const all = await get('/wps/relay/GCS_bettingRecord?pageSize=1', player.token);
    expect(all.body.value.content).toHaveLength(1);
    expect(all.body.value.total).toBeGreaterThanOrEqual(2);
    expect(all.body.value.totals.count).toBe(all.body.value.total);
    // The business day (Nepal time), not the UTC date: they differ from 18:15 UTC to midnight.
    const today = businessDayOf(new Date());
    expect(
      (await get(`/wps/relay/GCS_bettingRecord?from=${today}&to=${today}`, player.token)).body.value.total,
    ).toBe(all.body.value.total);
    expect(
      (await get('/wps/relay/GCS_bettingRecord?from=2001-01-01&to=2001-01-02', player.token)).body.value
        .total,
    ).toBe(0);
    expect((await get('/wps/relay/GCS_bettingRecord?gameType=LIVE', player.token)).body.value.total).toBe(0);
    expect((await get('/wps/relay/GCS_bettingRecord?pageSize=101', player.token)).status).toBe(400);
    expect((await get('/wps/relay/GCS_bettingRecord?from=yesterday', player.token)).status).toBe(400);
    expect((await get('/wps/relay/GCS_bettingRecord')).status).toBe(401);
    // Detail: the owner sees the entries; anyone else gets not found (IDOR).
    const detail = await get(`/wps/relay/GCS_bettingRecord/${round}`, other.token);
    expect(detail.body.value).toMatchObject({ roundId: round, bet: '100.00', win: '195.00' });
    expect(detail.body.value.entries).toHaveLength(2);
    const idor = await get(`/wps/relay/GCS_bettingRecord/${round}`, player.token);
    expect(idor.status).toBe(404);
    expect(idor.body.code).toBe('NOT_FOUND');
    expect((await get('/wps/relay/GCS_bettingRecord/no-such-round', other.token)).status).toBe(404);
  });

  it('shows real winners, masked, newest or biggest first, never trial play', async () => {
    const trial = await createMember(t.app, { type: 4 });
    const tr = id('r');
    await vendor('bet', {
      txId: id('tx'),
      roundId: tr,
      username: trial.account,
      gameCode: GAME,
      amount: '1.00',
    });
    await vendor('win', { txId: id('tx'), roundId: tr, username: trial.account, amount: '9000.00' });
    const latest = await get('/wps/relay/GCS_winnerBoard?gameCategory=ALL&limitNum=20');
    // SPEC §7: each item carries the winner under `vo`.
    const list = (
      latest.body.value.list as Array<{
        vo: { customerName: string; winAmount: string; iconUrl: string; gameName: string };
      }>
    ).map((item) => item.vo);
    expect(Object.keys(latest.body.value.list[0])).toEqual(['vo']);
    expect(list.length).toBeGreaterThanOrEqual(2);
    expect(list.some((w) => w.winAmount === '9000.00')).toBe(false);
    expect(list[0]!.customerName).toBe(`${other.account.slice(0, 2)}***${other.account.slice(-2)}`);
    expect(list.every((w) => w.customerName.includes('***'))).toBe(true);
    expect(list.find((w) => w.winAmount === '25.50')).toMatchObject({
      customerName: `de***01`,
      gameName: expect.any(String),
    });
    // The demo game's drawn artwork, a static file versioned by its content (issue 27).
    expect(list[0]!.iconUrl).toMatch(/^\/game-art\/[A-Z0-9_]+\/[\w-]+\.svg\?v=[0-9a-f]{10}$/);
    const biggest = await get('/wps/relay/GCS_winnerBoard?sort=BIGGEST&limitNum=1');
    expect(biggest.body.value.list).toEqual([{ vo: expect.objectContaining({ winAmount: '195.00' }) }]);
    const live = await get('/wps/relay/GCS_winnerBoard?gameCategory=LIVE');
    expect(live.body.value.list).toHaveLength(1);
    expect((await get('/wps/relay/GCS_winnerBoard?limitNum=0')).status).toBe(400);
  });

  it('hands each consumer every bet exactly once, in batches', async () => {
    const seen: number[] = [];
    let batches = 0;
    while (
      (await t.app.services.bets.consume('test-consumer', 2, async (rows) => {
        batches++;
        seen.push(...rows.map((r) => r.id));
      })) > 0
    );
    const total = (
      (await t.database.query('select count(*)::int as n from bets')) as Array<{ n: number }>
    )[0]!.n;
    expect(seen).toHaveLength(total);
    expect(new Set(seen).size).toBe(total);
    expect(batches).toBe(Math.ceil(total / 2));
    await vendor('bet', {
      txId: id('tx'),
      roundId: id('r'),
      username: player.account,
      gameCode: GAME,
      amount: '1.00',
    });
    const next: number[] = [];
    await t.app.services.bets.consume('test-consumer', 10, async (rows) => {
      next.push(...rows.map((r) => r.id));
    });
    expect(next).toHaveLength(1);
    expect(seen).not.toContain(next[0]);
    // A failing handler moves no mark: the batch comes again.
    await vendor('bet', {
      txId: id('tx'),
      roundId: id('r'),
      username: player.account,
      gameCode: GAME,
      amount: '1.00',
    });
    await expect(
      t.app.services.bets.consume('test-consumer', 10, async () => {
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    expect(await t.app.services.bets.consume('test-consumer', 10, async () => {})).toBe(1);
    // Another consumer has its own mark.
    expect(await t.app.services.bets.consume('other-consumer', 1000, async () => {})).toBe(total + 2);
  });

  it('builds hourly and daily aggregates idempotently, matching the record', async () => {
    const now = new Date();
    const hour = new Date(Math.floor(now.getTime() / 3_600_000) * 3_600_000);
    const day = new Date(Math.floor(now.getTime() / 86_400_000) * 86_400_000);
    await t.app.services.bets.aggregate('hour', hour);
    await t.app.services.bets.aggregate('hour', hour);
    await t.app.services.bets.aggregate('day', day);
    const sums = async (table: string) =>
      (
        await t.database.query(
          `select coalesce(sum(stake), 0)::text s, coalesce(sum(payout), 0)::text p, coalesce(sum(valid_stake), 0)::text v, coalesce(sum(rows), 0)::int r from ${table}`,
        )
      )[0];
    const raw = (
      await t.database.query(
        `select coalesce(sum(stake), 0)::text s, coalesce(sum(payout), 0)::text p, coalesce(sum(valid_stake), 0)::text v, count(*)::int r from bets where settled_at >= $1`,
        [hour.toISOString()],
      )
    )[0];
    expect(await sums('bets_hourly')).toEqual(raw);
    const rawDay = (
      await t.database.query(
        `select coalesce(sum(stake), 0)::text s, coalesce(sum(payout), 0)::text p, coalesce(sum(valid_stake), 0)::text v, count(*)::int r from bets where settled_at >= $1`,
        [day.toISOString()],
      )
    )[0];
    expect(await sums('bets_daily')).toEqual(rawDay);
    const agentRows = await t.database.query(
      `select sum(valid_stake)::text v from bets_daily where upline_path @> array[$1::int]`,
      [agent.id],
    );
    const agentRaw = await t.database.query(
      `select sum(valid_stake)::text v from bets where upline_path @> array[$1::int]`,
      [agent.id],
    );
    expect(agentRows).toEqual(agentRaw);
  });

  it("records in-house and lottery settlements through the service, in the caller's transaction", async () => {
    const bets = t.app.services.bets;
    await t.app.database.db.transaction(async (tx) => {
      await bets.recordSettlement(tx, {
        memberId: player.id,
        source: 'inhouse',
        vendor: 'INHOUSE',
        gameCode: 'dice',
        gameType: 'INHOUSE',
        roundId: 'ih-1',
        stake: 200n,
        payout: 396n,
        trial: false,
      });
    });
    await expect(
      t.app.database.db.transaction(async (tx) => {
        await bets.recordSettlement(tx, {
          memberId: player.id,
          source: 'lottery',
          vendor: 'TCG_LOTTO_VN',
          gameCode: 'VN_NORTH',
          gameType: 'LOTT',
          roundId: 'lt-1',
          stake: 100n,
          payout: 0n,
          trial: false,
        });
        throw new Error('settlement failed');
      }),
    ).rejects.toThrow();
    expect(await rows('ih-1')).toEqual([
      // Won 1.96 on 2.00: valid 1.96, what the line won (bets_valid_stake).
      expect.objectContaining({ stake: '200', payout: '396', valid_stake: '196', upline_path: [agent.id] }),
    ]);
    expect(await rows('lt-1')).toEqual([]);
    const rec = await get('/wps/relay/GCS_bettingRecord/ih-1', player.token);
    expect(rec.body.value).toMatchObject({ source: 'inhouse', gameName: 'Dice', net: '1.96' });
  });

  it('lets an operator search rounds and see the seamless transactions of a round', async () => {
    const op = await createOperator(t.app, { permissions: ['games'] });
    const round = id('r');
    const bet = id('tx');
    await vendor('bet', {
      txId: bet,
      roundId: round,
      username: player.account,
      gameCode: GAME,
      amount: '7.00',
    });
    await vendor('rollback', { txId: id('tx'), refTxId: bet, username: player.account });
    const search = await get(`/wps/admin/games/rounds?account=${player.account}&roundId=${round}`, op.token);
    expect(search.body.value.content).toEqual([
      expect.objectContaining({ roundId: round, account: player.account, bet: '0.00', status: 'cancelled' }),
    ]);
    const detail = await get(`/wps/admin/games/rounds/${round}?vendor=PG&memberId=${player.id}`, op.token);
    expect(
      detail.body.value.transactions.map((x: { kind: string; status: string }) => [x.kind, x.status]),
    ).toEqual([
      ['bet', 'rolled_back'],
      ['rollback', 'rolled_back'],
    ]);
    expect(detail.body.value.entries).toHaveLength(2);
    expect(
      (await get(`/wps/admin/games/rounds/${round}?vendor=PG&memberId=${player.id}`, player.token)).status,
    ).toBe(403);
    expect((await get(`/wps/admin/games/rounds?account=nobody`, op.token)).body.value.total).toBe(0);
  });

  it("property: for any bet/win/rollback sequence the record sums to the rounds' totals", async () => {
    const members = [await createMember(t.app), await createMember(t.app)];
    for (const m of members) {
      await t.app.services.wallet.post({
        key: `seed:${m.id}`,
        reason: 'deposit',
        postings: [
          { account: Accounts.clearing('BANK'), amount: -50_000n },
          { account: Accounts.cash(m.id), amount: 50_000n },
        ],
      });
    }
    type Cmd = { k: 'bet' | 'win' | 'rollback'; p: number; round: number; amt: number; ref: number };
    const cmd = fc.record({
      k: fc.constantFrom<Cmd['k']>('bet', 'bet', 'win', 'rollback'),
      p: fc.integer({ min: 0, max: 1 }),
      round: fc.integer({ min: 0, max: 3 }),
      amt: fc.integer({ min: 1, max: 20_000 }),
      ref: fc.integer({ min: 0, max: 5 }),
    });
    let run = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(cmd, { minLength: 1, maxLength: 12 }), async (cmds) => {
        run++;
        const betIds: string[] = [];
        for (const c of cmds) {
          const m = members[c.p]!;
          const roundId = `p${run}-${c.round}`;
          const txId = id(`p${run}`);
          if (c.k === 'bet') {
            betIds.push(txId);
            await vendor('bet', {
              txId,
              roundId,
              username: m.account,
              gameCode: GAME,
              amount: fromMinor(BigInt(c.amt)),
            });
          } else if (c.k === 'win') {
            await vendor('win', { txId, roundId, username: m.account, amount: fromMinor(BigInt(c.amt)) });
          } else {
            const ref = betIds[c.ref] ?? `p${run}-missing-${c.ref}`;
            await vendor('rollback', { txId, refTxId: ref, username: m.account });
          }
        }
        const rounds = await t.database.query(
          `select r.round_id, r.member_id, (r.bet_total - r.refund_total)::text stake, r.win_total::text payout,
                  coalesce(b.stake, 0)::text bstake, coalesce(b.payout, 0)::text bpayout
           from seamless_rounds r
           left join (select round_id, member_id, sum(stake) stake, sum(payout) payout from bets
                      where source = 'seamless' and vendor = 'PG' group by round_id, member_id) b
             on b.round_id = r.round_id and b.member_id = r.member_id
           where r.vendor = 'PG' and r.round_id like $1`,
          [`p${run}-%`],
        );
        for (const r of rounds) {
          expect(r.bstake).toBe(r.stake);
          expect(r.bpayout).toBe(r.payout);
        }
        // No orphan rows: every recorded round exists (or nets to zero).
        const orphans = await t.database.query(
          `select round_id from bets b where round_id like $1 and not exists
             (select 1 from seamless_rounds r where r.vendor = b.vendor and r.round_id = b.round_id and r.member_id = b.member_id)
           group by round_id having sum(stake) <> 0 or sum(payout) <> 0`,
          [`p${run}-%`],
        );
        expect(orphans).toEqual([]);
      }),
      { numRuns: 25 },
    );
  });
});
