import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  drawLotteryFromSeed,
  betTypesOf,
  DEFAULT_ODDS_BY_STRUCTURE,
  defaultOdds,
  type LotteryBet,
  type LotteryResults,
  PRIZE_MODE_STRUCTURES,
  PRIZE_MODES,
  settleBet,
} from '@wps/games';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../db/client.ts';
import { migrationsFolder } from '../../db/migrate.ts';
import { createTestApp, type TestApp } from '../../test/helper.ts';
import { createMember, createOperator } from '../../test/members.ts';
import { type Json, lotteryApi } from './test-kit.ts';

/**
 * Issue 26: lottery prices per (prize mode, draw structure, bet type), each with its exact RTP;
 * odds returning 100 % or more refused; a draw settled at its own structure's prices.
 */
describe('lottery odds by draw structure', () => {
  let t: TestApp;
  const { query, call, rid, fund, cash, nextDraw, closeDraw, runDraw } = lotteryApi(() => t);
  let admin: { token: string };
  let alice: { id: number; token: string };

  beforeAll(async () => {
    t = await createTestApp();
    admin = await createOperator(t.app, { permissions: ['games'] });
    alice = await createMember(t.app);
    await fund(alice.id, 100_000_000n);
  });
  afterAll(async () => {
    await t.close();
  });

  const put = async (body: Json, headers: Record<string, string> = {}) => {
    const res = await t.app.inject({
      method: 'PUT',
      url: '/wps/admin/lottery/odds',
      headers: { token: admin.token, ...headers },
      payload: body,
    });
    return { status: res.statusCode, body: res.json() as { code: string; message: string; value: Json } };
  };
  const rows = async (q = '') =>
    (await call('GET', `/wps/admin/lottery/odds${q}`, admin.token)).body.value.rows as Json[];
  const stored = () =>
    query<{
      prize_mode: string;
      structure: string;
      bet_type: string;
      odds: unknown;
      commission_bps: number | null;
    }>('select prize_mode, structure, bet_type, odds, commission_bps from lottery_odds order by 1, 2, 3');
  const audits = async () =>
    (
      await query<{ n: number }>(`select count(*)::int n from audit_log where action = 'lottery.odds.update'`)
    )[0]!.n;

  it('migration 0049 ships the defaults of @wps/games: one row per prize mode, structure and bet type', async () => {
    const want = PRIZE_MODES.flatMap((m) =>
      PRIZE_MODE_STRUCTURES[m].flatMap((s) =>
        betTypesOf(s).map((b) => ({
          prize_mode: m,
          structure: s,
          bet_type: b,
          odds: DEFAULT_ODDS_BY_STRUCTURE[m][s]![b],
          commission_bps: null,
        })),
      ),
    );
    const key = (r: { prize_mode: string; structure: string; bet_type: string }) =>
      `${r.prize_mode}:${r.structure}:${r.bet_type}`;
    expect((await stored()).sort((a, b) => key(a).localeCompare(key(b)))).toEqual(
      want.sort((a, b) => key(a).localeCompare(key(b))),
    );
  });

  it('GET answers one row per prize mode, structure, bet type and tier with the exact RTP', async () => {
    const all = await rows();
    // 3 Vietnamese modes × 2 structures × 11 types, and SEA's four types by tier (5 + 3 + 3 + 1).
    expect(all).toHaveLength(3 * 2 * 11 + 12);
    expect(
      all.find((r) => r.prizeMode === 'LOTT' && r.structure === 'south' && r.betType === 'truot4'),
    ).toEqual({
      prizeMode: 'LOTT',
      structure: 'south',
      betType: 'truot4',
      odds: '1.95',
      rtp: '93.52',
      commission: '0',
    });
    const big = all.filter((r) => r.betType === 'big4d');
    expect(big.map((r) => [r.prizeMode, r.structure, r.tier, r.odds, r.tierRtp, r.rtp])).toEqual([
      ['SEA', 'sea4d', 'P1', '3500', '35.00', '94.00'],
      ['SEA', 'sea4d', 'P2', '1500', '15.00', '94.00'],
      ['SEA', 'sea4d', 'P3', '800', '8.00', '94.00'],
      ['SEA', 'sea4d', 'SP', '260', '26.00', '94.00'],
      ['SEA', 'sea4d', 'CO', '100', '10.00', '94.00'],
    ]);
    for (const r of all) expect(Number(r.rtp)).toBeGreaterThanOrEqual(90);
    const south = await rows('?prizeMode=ZY&structure=south');
    expect(south).toHaveLength(11);
    expect(new Set(south.map((r) => `${r.prizeMode}:${r.structure}`))).toEqual(new Set(['ZY:south']));
    expect(south.find((r) => r.betType === 'de')).toMatchObject({ odds: '95', rtp: '95.00' });
    expect((await call('GET', '/wps/admin/lottery/odds?structure=central', admin.token)).status).toBe(400);
  });

  it('PUT refuses odds whose RTP would reach 100 % with ODDS_ABOVE_RTP_LIMIT, and stores nothing', async () => {
    const before = await stored();
    const audited = await audits();
    // The case: lô trượt 4 at the old 2.2× on Central/South returns 105.51 %.
    const south = await put({ prizeMode: 'LOTT', structure: 'south', betType: 'truot4', odds: '2.2' });
    expect(south.status).toBe(400);
    expect(south.body.code).toBe('ODDS_ABOVE_RTP_LIMIT');
    expect(south.body.message).toBe(
      'These odds would return 105.51 % to players on south draws; odds must return less than 100.00 %. Nothing was saved.',
    );
    expect(south.body.value).toMatchObject({
      structure: 'south',
      betType: 'truot4',
      rtp: '105.51',
      rtpLimit: '100.00',
    });
    // No structure named: every structure of the mode, refused whole although North (73.07 %) would pass.
    const both = await put({ prizeMode: 'LOTT', betType: 'truot4', odds: '2.2', commission: '5' });
    expect(both.body.code).toBe('ODDS_ABOVE_RTP_LIMIT');
    // Exactly 100 % is refused (lô 2 at 100×); every tier counts (big4d: 10 × SP alone is 100 %).
    expect(
      (await put({ prizeMode: 'ELOTT', structure: 'north', betType: 'lo2', odds: '100' })).body.code,
    ).toBe('ODDS_ABOVE_RTP_LIMIT');
    expect(
      (await put({ prizeMode: 'SEA', structure: 'sea4d', betType: 'big4d', odds: { P1: '1', SP: '1000' } }))
        .body.code,
    ).toBe('ODDS_ABOVE_RTP_LIMIT');
    // In the caller's language.
    const ne = await put(
      { prizeMode: 'ZY', structure: 'south', betType: 'xien2', odds: '40' },
      { lang: 'ne' },
    );
    expect(ne.status).toBe(400);
    expect(ne.body.message).toContain('104.43 %');
    expect(ne.body.message).toMatch(/[\u0900-\u097f]/);
    expect(await stored()).toEqual(before);
    expect(await audits()).toBe(audited);

    // Just below the limit is the operator's call; the other structure keeps its price.
    const ok = await put({ prizeMode: 'ELOTT', structure: 'north', betType: 'lo2', odds: '99.99' });
    expect(ok.status).toBe(200);
    expect(ok.body.value.rtpLimit).toBe('100.00');
    const lo2 = (ok.body.value.rows as Json[]).filter((r) => r.betType === 'lo2');
    expect(lo2.map((r) => [r.structure, r.odds, r.rtp])).toEqual([
      ['north', '99.99', '99.99'],
      ['south', '90', '90.00'],
    ]);
    await put({ prizeMode: 'ELOTT', structure: 'north', betType: 'lo2', odds: '90' });
    const [audit] = await query<{ target_id: string }>(
      `select target_id from audit_log where action = 'lottery.odds.update' order by id desc limit 1`,
    );
    expect(audit!.target_id).toBe('ELOTT:north:lo2');
    // A structure the prize mode does not sell, or a type the structure does not offer: 400.
    expect((await put({ prizeMode: 'SEA', structure: 'north', betType: 'lo2', odds: '90' })).body.code).toBe(
      'VALIDATION',
    );
    expect(
      (await put({ prizeMode: 'LOTT', structure: 'south', betType: 'd2', odds: { P1: '50' } })).body.code,
    ).toBe('VALIDATION');
    // A tiered type with fewer than five tiers (small 4D: P1–P3) is priced tier by tier.
    const small = await put({
      prizeMode: 'SEA',
      structure: 'sea4d',
      betType: 'small4d',
      odds: { P1: '5000', P2: '3000', P3: '1300' },
    });
    expect(small.status).toBe(200);
    expect(
      (small.body.value.rows as Json[]).filter((r) => r.betType === 'small4d').map((r) => [r.tier, r.rtp]),
    ).toEqual([
      ['P1', '93.00'],
      ['P2', '93.00'],
      ['P3', '93.00'],
    ]);
  });

  it('a Central/South draw is sold and settled at the south row, a North draw at the north row', async () => {
    // Distinct prices: lô 2 pays 95× on Central/South, 90× on the North (both LOTT).
    expect((await put({ prizeMode: 'LOTT', structure: 'south', betType: 'lo2', odds: '95' })).status).toBe(
      200,
    );
    const menu = (await call('GET', '/lgw/vn/games/game_menu?prizeMode=LOTT')).body.value.games as Json[];
    const odds = (code: string) => menu.find((g) => g.gameCode === code)!.odds;
    expect(odds('VN_SOUTH')).toMatchObject({ lo2: '95', xien2: '36', truot4: '1.95' });
    expect(odds('VN_CENTRAL')).toMatchObject({ lo2: '95', xien2: '36' });
    expect(odds('VN_NORTH')).toMatchObject({ lo2: '90', xien2: '17', truot4: '2.8' });

    const drawId = await nextDraw('VN_SOUTH');
    const all = Array.from({ length: 100 }, (_, i) => String(i).padStart(2, '0'));
    const bets = [
      { type: 'lo2', numbers: all, amount: '1.00' },
      { type: 'xien2', numbers: ['01', '02'], amount: '1.00' },
      { type: 'truot4', numbers: ['11', '22', '33', '44'], amount: '1.00' },
    ] as const;
    const before = await cash(alice.id);
    const placed = await call('POST', '/wps/lottery/bets', alice.token, {
      gameCode: 'VN_SOUTH',
      drawId,
      requestId: rid(),
      prizeMode: 'LOTT',
      bets,
    });
    expect(placed.status).toBe(200);
    // lô on 18 results: 1.00 × 18 × 100 numbers, and 1.00 for each combination.
    expect(placed.body.value.cost).toBe('1802.00');
    const [ticket] = await query<{ odds: Json }>('select odds from lottery_tickets where id = $1', [
      placed.body.value.ticketId,
    ]);
    expect(ticket!.odds).toMatchObject({ lo2: 9500, xien2: 3600, truot4: 195, da: 3600 });

    await closeDraw(drawId);
    await runDraw('VN_SOUTH');
    // VN_SOUTH pays on the official result (issue 28): the results feed's, here a fixed one.
    await t.app.services.lottery.official.recordFeed(
      drawId,
      drawLotteryFromSeed('odds-structure', drawId, 'south'),
      'test',
    );
    const [draw] = await query<{ results: LotteryResults; status: string }>(
      'select results, status from lottery_draws where id = $1',
      [drawId],
    );
    expect(draw!.status).toBe('settled');
    const southOdds = { ...defaultOdds('LOTT', 'south'), lo2: 9500 };
    const want = bets.map(
      (b) =>
        settleBet(
          'south',
          draw!.results,
          { type: b.type, numbers: [...b.numbers], amount: 100 } as LotteryBet,
          southOdds,
        ).payout,
    );
    // Every lô number: the 18 results hit 18 times in all, each paying 95× (not the North's 90×).
    expect(want[0]).toBe(18 * 9500);
    const mine = (await call('GET', `/wps/lottery/tickets?drawId=${drawId}`, alice.token)).body.value
      .content[0];
    expect(mine.status).toBe('settled');
    expect(mine.bets.map((b: Json) => b.payout)).toEqual(want.map((p) => (p / 100).toFixed(2)));
    const total = want.reduce((a, b) => a + b, 0);
    expect(mine.payout).toBe((total / 100).toFixed(2));
    expect(await cash(alice.id)).toBe(before - 180200n + BigInt(total));
  });
});

describe('migration 0049 on a database with prices keyed by prize mode only', () => {
  it('copies each row to every structure of its family its mode sells, keeps commissions, then sets the shipped odds', async () => {
    // The migrations up to 0048 in a folder of their own, then the legacy rows, then 0049.
    const real = migrationsFolder();
    const dir = mkdtempSync(path.join(tmpdir(), 'wps-0049-'));
    try {
      cpSync(real, dir, { recursive: true });
      const journal = JSON.parse(readFileSync(path.join(dir, 'meta', '_journal.json'), 'utf8'));
      journal.entries = journal.entries.filter((e: { idx: number }) => e.idx < 49);
      writeFileSync(path.join(dir, 'meta', '_journal.json'), JSON.stringify(journal));
      const database = await openDatabase({});
      try {
        const db = database.db as unknown as PgliteDatabase;
        await migratePglite(db, { migrationsFolder: dir });
        await database.query(
          `insert into lottery_odds (prize_mode, bet_type, odds, commission_bps, updated_by) values
           ('LOTT', 'truot4', '220', 150, 'op1'),
           ('ZY', 'lo2', '8000', null, 'op2'),
           ('SEA', 'd3', '{"P1": 66000}', 300, 'op3'),
           ('SEA', 'lo2', '9000', 100, 'op4'),
           ('LOTT', 'big4d', '{"P1": 1}', null, 'op5')`,
        );
        await migratePglite(db, { migrationsFolder: real });
        const got = (await database.query(
          'select prize_mode, structure, bet_type, odds, commission_bps, updated_by from lottery_odds order by 1, 2, 3',
        )) as Array<{
          prize_mode: string;
          structure: string;
          bet_type: string;
          odds: unknown;
          commission_bps: number | null;
          updated_by: string;
        }>;
        const find = (m: string, s: string, b: string) =>
          got.find((r) => r.prize_mode === m && r.structure === s && r.bet_type === b);
        // Copied to north and south with its commission; its odds are the structure's shipped ones.
        expect(find('LOTT', 'north', 'truot4')).toMatchObject({ odds: 280, commission_bps: 150 });
        expect(find('LOTT', 'south', 'truot4')).toMatchObject({ odds: 195, commission_bps: 150 });
        expect(find('ZY', 'north', 'lo2')).toMatchObject({ odds: 9000, commission_bps: null });
        expect(find('SEA', 'sea4d', 'd3')).toMatchObject({
          odds: { P1: 63000, P2: 21000, P3: 10000 },
          commission_bps: 300,
        });
        // Never sold (a lô under SEA, 4D under LOTT): dropped, not spread to a structure.
        expect(
          got
            .filter((r) => r.prize_mode === 'SEA')
            .map((r) => r.bet_type)
            .sort(),
        ).toEqual(['big4d', 'd2', 'd3', 'small4d']);
        expect(got.some((r) => r.prize_mode === 'LOTT' && r.bet_type === 'big4d')).toBe(false);
        expect(got).toHaveLength(3 * 2 * 11 + 4);
        for (const r of got)
          expect(r.odds).toEqual(
            defaultOdds(r.prize_mode as 'LOTT', r.structure as 'north')[r.bet_type as 'lo2'],
          );
      } finally {
        await database.close();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);
});
