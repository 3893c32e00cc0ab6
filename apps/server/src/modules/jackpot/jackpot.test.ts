import { jackpotDraw } from '@wps/games';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helper.ts';
import { createMember, createOperator } from '../../test/members.ts';
import { Accounts } from '../wallet/accounts.ts';

type Json = Record<string, unknown>;

describe('jackpot API: pools, contributions from play, draw, forced trigger, console', () => {
  let t: TestApp;
  let player: { id: number; account: string; token: string };
  let admin: { token: string };
  const query = async <T>(text: string, params: unknown[] = []) =>
    (await t.database.query(text, params)) as T[];

  beforeAll(async () => {
    t = await createTestApp();
    player = await createMember(t.app);
    admin = await createOperator(t.app, { permissions: ['*'] });
    await t.app.services.wallet.post({
      key: `fund:${player.id}`,
      reason: 'deposit',
      postings: [
        { account: Accounts.clearing('BANK'), amount: -10_000_000n },
        { account: Accounts.cash(player.id), amount: 10_000_000n },
      ],
    });
  });
  afterAll(async () => {
    await t.close();
  });

  let n = 0;
  const rid = () => `jp-${Date.now()}-${++n}`;
  const call = async (
    method: 'GET' | 'POST' | 'PATCH' | 'PUT',
    url: string,
    token?: string,
    payload?: unknown,
  ) => {
    const res = await t.app.inject({
      method,
      url,
      headers: token ? { token } : {},
      ...(payload !== undefined ? { payload: payload as Json } : {}),
    });
    return { status: res.statusCode, body: res.json() as { code: string; value: Json } };
  };
  // A page view drains the consumer at most every 2 s (the job drains the rest): drain first.
  const pools = async () => {
    await t.app.services.jackpot.catchUp();
    return (await call('GET', '/wps/jackpot')).body.value.pools as Array<{
      id: number;
      amount: string;
      games: string[];
    }>;
  };
  const poolBalance = () => t.app.services.wallet.balance(Accounts.jackpot(1));
  const entriesSum = async () =>
    BigInt(
      (
        await query<{ s: string }>(
          'select coalesce(sum(amount), 0)::text as s from jackpot_entries where pool_id = 1',
        )
      )[0]!.s,
    );
  const dice = (token: string, amount: string) =>
    call('POST', '/wps/inhouse/dice/play', token, {
      requestId: rid(),
      amount,
      target: 50,
      direction: 'over',
    });

  it('shows no pool while the pool is off, and nothing moves', async () => {
    expect(await pools()).toEqual([]);
    await dice(player.token, '10.00');
    await t.app.services.jackpot.catchUp();
    expect(await poolBalance()).toBe(0n);
  });

  it('switching a pool on seeds it through the ledger; GET /wps/jackpot answers the ledger figure', async () => {
    const res = await call('PATCH', '/wps/admin/jackpot/pools/1', admin.token, {
      enabled: true,
      sharePercent: '2',
      seedAmount: '500.00',
    });
    expect(res.status).toBe(200);
    expect(res.body.value).toMatchObject({ enabled: true, sharePercent: '2.00', amount: '500.00', cycle: 0 });
    const list = await pools();
    expect(list).toEqual([expect.objectContaining({ id: 1, name: 'In-house jackpot', amount: '500.00' })]);
    expect(list[0]!.games).toContain('dice');
    expect(list[0]!.games).not.toContain('crash');
    // Switching it off and on again does not seed the same cycle twice.
    await call('PATCH', '/wps/admin/jackpot/pools/1', admin.token, { enabled: false });
    await call('PATCH', '/wps/admin/jackpot/pools/1', admin.token, { enabled: true });
    expect(await poolBalance()).toBe(50_000n);
  });

  it('a real-money round feeds its share (traceable to its bet), trial play feeds nothing, a re-run adds nothing', async () => {
    expect((await dice(player.token, '100.00')).status).toBe(200);
    expect((await pools())[0]!.amount).toBe('502.00');
    const trial = await createMember(t.app, { type: 4 });
    expect((await dice(trial.token, '100.00')).status).toBe(200);
    await t.app.services.jackpot.catchUp();
    expect(await poolBalance()).toBe(50_200n);
    const [entry] = await query<{ bet_id: string; amount: string; ledger_key: string; round_id: string }>(
      "select bet_id::text, amount::text, ledger_key, round_id from jackpot_entries where kind = 'contribution'",
    );
    expect(entry!.amount).toBe('200');
    const [bet] = await query<{ round_id: string; stake: string }>(
      'select round_id, stake::text from bets where id = $1',
      [Number(entry!.bet_id)],
    );
    expect(bet).toEqual({ round_id: entry!.round_id, stake: '10000' });
    const [ledger] = await query<{ n: string }>(
      'select count(*)::text as n from ledger_transactions where idempotency_key = $1',
      [entry!.ledger_key],
    );
    expect(ledger!.n).toBe('1');
    // The handler run again over the rows it took since the pool was on (a job re-run, twice in
    // one batch even) changes nothing.
    const { bets } = await import('../bets/schema.ts');
    const { gt } = await import('drizzle-orm');
    const typed = await t.app.database.db.select().from(bets).where(gt(bets.id, 1));
    expect(typed.length).toBe(2);
    await t.app.database.db.transaction((tx) => t.app.services.jackpot.applyBets([...typed, ...typed], tx));
    expect(await poolBalance()).toBe(50_200n);
    expect(await entriesSum()).toBe(50_200n);
  });

  it('a rolled-back round takes its contribution back', async () => {
    const [c] = await query<{ round_id: string }>(
      "select round_id from jackpot_entries where kind = 'contribution'",
    );
    await t.app.services.bets.recordSettlement(t.app.database.db, {
      memberId: player.id,
      source: 'inhouse',
      vendor: 'INHOUSE',
      gameCode: 'dice',
      gameType: 'INHOUSE',
      roundId: c!.round_id,
      stake: -10_000n,
      payout: 0n,
      trial: false,
    });
    await t.app.services.jackpot.catchUp();
    expect(await poolBalance()).toBe(50_000n);
    expect(await entriesSum()).toBe(50_000n);
  });

  it('refuses bad settings with a 4xx and writes nothing', async () => {
    for (const body of [
      { sharePercent: '0' },
      { sharePercent: '11' },
      { sharePercent: '1.234' },
      { seedAmount: '-1.00' },
      { capAmount: '100.00' },
      { games: ['crash'] },
      { games: ['dice', 'nope'] },
      { surprise: true },
    ]) {
      const res = await call('PATCH', '/wps/admin/jackpot/pools/1', admin.token, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    expect((await call('PATCH', '/wps/admin/jackpot/pools/99', admin.token, { enabled: true })).status).toBe(
      404,
    );
    expect((await pools())[0]!.amount).toBe('500.00');
  });

  it('a forced trigger pays the pool once, re-seeds it, messages the winner and shows on the board', async () => {
    await dice(player.token, '50.00');
    const before = await t.app.services.wallet.balance(Accounts.cash(player.id));
    const pool = (await call('GET', '/wps/admin/jackpot/pools', admin.token)).body.value.pools as Array<{
      cycle: number;
      amount: string;
    }>;
    expect(pool[0]!.amount).toBe('501.00');
    const body = { account: player.account, cycle: pool[0]!.cycle };
    const first = await call('POST', '/wps/admin/jackpot/pools/1/trigger', admin.token, body);
    expect(first.status).toBe(200);
    expect(first.body.value.win).toMatchObject({ amount: '501.00', forced: true, cycle: 0, proof: null });
    const again = await call('POST', '/wps/admin/jackpot/pools/1/trigger', admin.token, body);
    expect(again.status).toBe(409);
    expect(await t.app.services.wallet.balance(Accounts.cash(player.id))).toBe(before + 50_100n);
    expect((await pools())[0]!.amount).toBe('500.00');
    expect(await entriesSum()).toBe(await poolBalance());
    const inbox = await query<{ title: string; title_ne: string; body: string }>(
      "select title, title_ne, body from member_messages where member_id = $1 and kind = 'jackpot'",
      [player.id],
    );
    expect(inbox).toHaveLength(1);
    expect(inbox[0]!.title).toContain('In-house jackpot');
    expect(inbox[0]!.title_ne).toContain('जित्नुभयो');
    expect(inbox[0]!.body).toContain('501.00');
    const board = await call('GET', '/wps/relay/GCS_winnerBoard?gameCategory=ALL&limitNum=10&sort=LATEST');
    expect(
      (board.body.value.list as Array<{ vo: { gameName: string; winAmount: string } }>)[0]?.vo,
    ).toMatchObject({
      gameName: 'In-house jackpot',
      winAmount: '501.00',
    });
    const history = await call('GET', '/wps/admin/jackpot/pools/1/history?pageSize=50', admin.token);
    expect(history.status, JSON.stringify(history.body)).toBe(200);
    const kinds = (history.body.value.entries as Array<{ kind: string }>).map((e) => e.kind);
    expect(kinds.filter((k) => k === 'payout')).toHaveLength(1);
    expect(kinds.filter((k) => k === 'seed')).toHaveLength(2);
  });

  it('refuses a trigger for an unknown member or a trial member', async () => {
    const trial = await createMember(t.app, { type: 4 });
    expect(
      (
        await call('POST', '/wps/admin/jackpot/pools/1/trigger', admin.token, {
          account: 'nobody99',
          cycle: 1,
        })
      ).status,
    ).toBe(404);
    expect(
      (
        await call('POST', '/wps/admin/jackpot/pools/1/trigger', admin.token, {
          account: trial.account,
          cycle: 1,
        })
      ).status,
    ).toBe(400);
  });

  it('stops growing at its cap: the share over it stays with the house, recorded as a zero entry', async () => {
    const before = await poolBalance();
    await call('PATCH', '/wps/admin/jackpot/pools/1', admin.token, {
      capAmount: ((Number(before) + 50) / 100).toFixed(2),
    });
    await dice(player.token, '40.00'); // 2% = 0.80, only 0.50 fits under the cap
    await dice(player.token, '40.00'); // nothing fits
    expect((await pools())[0]!.amount).toBe(((Number(before) + 50) / 100).toFixed(2));
    const last = await query<{ amount: string; ledger_tx: string | null }>(
      "select amount::text, ledger_tx::text from jackpot_entries where kind = 'contribution' order by id desc limit 2",
    );
    expect(last).toEqual([
      { amount: '0', ledger_tx: null },
      { amount: '50', ledger_tx: expect.any(String) },
    ]);
    expect(await entriesSum()).toBe(await poolBalance());
    await call('PATCH', '/wps/admin/jackpot/pools/1', admin.token, { capAmount: null });
  });

  it('refuses a forced trigger in production, paying nothing', async () => {
    const { JackpotService } = await import('./service.ts');
    const s = t.app.services;
    const production = new JackpotService(t.app.database.db, {
      wallet: s.wallet,
      bets: s.bets,
      inhouse: s.inhouse,
      members: s.members,
      messages: s.messages,
      audit: s.audit,
      production: true,
    });
    const held = await poolBalance();
    await expect(
      production.forceTrigger(
        1,
        { account: player.account, cycle: 1 },
        { id: 1, account: 'op' },
        '127.0.0.1',
      ),
    ).rejects.toMatchObject({ code: 'FORBIDDEN' });
    expect(await poolBalance()).toBe(held);
  });

  it('a drawn win is provably fair: its proof replays to a hit with the public construction', async () => {
    // Every stake at least hitEvery hits: the next round wins the pool.
    await call('PATCH', '/wps/admin/jackpot/pools/1', admin.token, { hitEvery: '0.01' });
    const held = await poolBalance();
    const played = await dice(player.token, '20.00');
    expect(played.status).toBe(200);
    await t.app.services.jackpot.catchUp();
    const wins = (await call('GET', '/wps/jackpot/wins')).body.value.wins as Array<{
      forced: boolean;
      roundId: string;
      amount: string;
      proof: { serverSeedHash: string; serverSeed: string | null; clientSeed: string; nonce: number };
    }>;
    expect(wins[0]).toMatchObject({
      forced: false,
      roundId: played.body.value.roundId,
      amount: ((Number(held) + 40) / 100).toFixed(2),
    });
    // The server seed is revealed once the member rotates the pair; then the draw replays.
    expect(wins[0]!.proof.serverSeed).toBeNull();
    expect((await call('PUT', '/wps/inhouse/seeds', player.token, {})).status).toBe(200);
    const proof = ((await call('GET', '/wps/jackpot/wins')).body.value.wins as typeof wins)[0]!.proof;
    expect(proof.serverSeed).toMatch(/^[0-9a-f]{64}$/);
    expect(
      jackpotDraw({
        serverSeed: proof.serverSeed!,
        clientSeed: proof.clientSeed,
        nonce: proof.nonce,
        poolId: 1,
        stake: 2_000n,
        hitEvery: 1n,
      }).hit,
    ).toBe(true);
    await call('PATCH', '/wps/admin/jackpot/pools/1', admin.token, { hitEvery: '5000000.00' });
  });
});
