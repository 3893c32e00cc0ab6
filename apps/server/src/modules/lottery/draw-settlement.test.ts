import { defaultOdds, drawLotteryFromSeed, hashServerSeed, type LotteryResults, settleBet } from '@wps/games';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helper.ts';
import { createMember } from '../../test/members.ts';
import type { StoredBet } from './stored-bet.ts';
import { drawTotalsByMember, type Json, lotteryApi } from './test-kit.ts';

/** Draws through the API: the committed seed revealed and checkable, each ticket paid by the rules once. */
describe('lottery draws and settlement', () => {
  let t: TestApp;
  const { query, call, rid, fund, cash, nextDraw, closeDraw, runDraw } = lotteryApi(() => t);
  let alice: { id: number; token: string };
  let bob: { id: number; token: string };

  beforeAll(async () => {
    t = await createTestApp();
    alice = await createMember(t.app);
    bob = await createMember(t.app);
    for (const m of [alice, bob]) await fund(m.id, 10_000_000n);
  });
  afterAll(async () => {
    await t.close();
  });

  it('draws from the committed seed, reveals it, pays each ticket by the rules and records it', async () => {
    const drawId = await nextDraw('VN_FAST_1');
    const [committed] = await query<{ server_seed_hash: string }>(
      'select server_seed_hash from lottery_draws where id = $1',
      [drawId],
    );
    const numbers = Array.from({ length: 100 }, (_, i) => String(i).padStart(2, '0'));
    const bets = [
      { type: 'lo2', numbers, amount: '1.00' },
      { type: 'de', numbers, amount: '1.00' },
      { type: 'dau', numbers: ['0', '1', '2', '3', '4'], amount: '1.00' },
    ];
    const before = await cash(alice.id);
    const placed = await call('POST', '/wps/lottery/bets', alice.token, {
      gameCode: 'VN_FAST_1',
      drawId,
      requestId: rid(),
      bets,
    });
    expect(placed.body.value.cost).toBe(`${27 * 100 + 100 + 5}.00`);
    const opened = await call('GET', `/lgw/vn/numeros/opened/game?gameCode=VN_FAST_1&drawId=${drawId}`);
    expect(opened.body.value.draws[0]).toMatchObject({ drawId, status: 'open', results: null });
    expect(opened.body.value.draws[0].serverSeed).toBeUndefined();
    await closeDraw(drawId);
    expect(await runDraw('VN_FAST_1')).toMatchObject({ drawn: expect.any(Number) });

    for (const path of ['/lgw/vn/numeros/opened/game', '/lotto/lgw/games/opened/numero']) {
      const res = await call('GET', `${path}?gameCode=VN_FAST_1&drawId=${drawId}`);
      const d = res.body.value.draws[0];
      expect(d.status).toBe('settled');
      expect(d.serverSeedHash).toBe(committed!.server_seed_hash);
      expect(hashServerSeed(d.serverSeed)).toBe(d.serverSeedHash);
      expect(d.results).toEqual(drawLotteryFromSeed(d.serverSeed, drawId, 'north'));
      expect(Object.keys(d.results)).toEqual(['DB', 'G1', 'G2', 'G3', 'G4', 'G5', 'G6', 'G7']);
    }
    const results = (await call('GET', `/lgw/vn/numeros/opened/game?gameCode=VN_FAST_1&drawId=${drawId}`))
      .body.value.draws[0].results as LotteryResults;
    const expected = bets
      .map(
        (b) =>
          settleBet(
            'north',
            results,
            { type: b.type as 'lo2', numbers: b.numbers, amount: 100 },
            defaultOdds('ELOTT', 'north'),
          ).payout,
      )
      .reduce((a, b) => a + b, 0);
    // Every one of the 100 lô numbers: 27 hits in all, each paying 90; the đề always hits once.
    expect(expected).toBeGreaterThanOrEqual(27 * 9000 + 9000);
    const ticket = (await call('GET', `/wps/lottery/tickets?drawId=${drawId}`, alice.token)).body.value
      .content[0];
    expect(ticket.status).toBe('settled');
    expect(ticket.payout).toBe((expected / 100).toFixed(2));
    expect(ticket.bets[0].hits).toBe(27);
    // Alice's earlier slip on this draw (the three-type one) is paid in the same draw.
    const [paid] = await query<{ sum: string }>(
      'select sum(payout)::text sum from lottery_tickets where draw_id = $1 and member_id = $2',
      [drawId, alice.id],
    );
    expect(await cash(alice.id)).toBe(before - 280500n + BigInt(paid!.sum));
    // The record's round is Alice's play in this draw: one line, both slips' cost and winnings.
    const [spent] = await query<{ cost: string; commission: string }>(
      'select sum(cost)::text cost, sum(commission)::text commission from lottery_tickets where draw_id = $1 and member_id = $2',
      [drawId, alice.id],
    );
    const rec = await query<{
      source: string;
      vendor: string;
      game_type: string;
      stake: string;
      payout: string;
    }>(
      'select source, vendor, game_type, stake::text, payout::text from bets where round_id = $1 and member_id = $2',
      [drawId, alice.id],
    );
    expect(rec).toEqual([
      {
        source: 'lottery',
        vendor: 'TCG_LOTTO_VN',
        game_type: 'ELOTT',
        stake: spent!.cost,
        payout: paid!.sum,
      },
    ]);
    expect(await t.app.services.lottery.commissionOf(alice.id, drawId)).toBe(BigInt(spent!.commission));
    const recent = await call('GET', '/lgw/vn/games/game_menu/recent?prizeMode=ELOTT');
    expect(recent.body.value.draws.map((d: Json) => d.drawId)).toContain(drawId);
    const day = await call('GET', `/lgw/vn/numeros/opened/game?gameCode=VN_FAST_1&pageSize=5`);
    expect(day.body.value.draws[0].drawId).toBe(drawId);
  });

  it('settlement killed midway and run again pays every ticket exactly once', async () => {
    const drawId = await nextDraw('VN_FAST_3');
    const players = [alice, bob];
    const tickets: string[] = [];
    for (let i = 0; i < 24; i++) {
      const p = players[i % 2]!;
      const r = await call('POST', '/wps/lottery/bets', p.token, {
        gameCode: 'VN_FAST_3',
        drawId,
        requestId: rid(),
        bets: [
          {
            type: 'lo2',
            numbers: [String(i).padStart(2, '0'), String(i + 50).padStart(2, '0')],
            amount: '1.00',
          },
        ],
      });
      expect(r.status).toBe(200);
      tickets.push(r.body.value.ticketId);
    }
    await closeDraw(drawId);
    const draws = t.app.services.lottery.draws;
    expect(await draws.draw(drawId)).toBe(true);
    expect(await draws.draw(drawId)).toBe(false);
    let batches = 0;
    await expect(
      draws.settle(drawId, {
        batchSize: 5,
        beforeBatch: async () => {
          if (++batches === 3) throw new Error('killed');
        },
      }),
    ).rejects.toThrow('killed');
    const half = await query<{ n: string }>(
      `select count(*)::text n from lottery_ticket_states where draw_id = $1 and status = 'settled'`,
      [drawId],
    );
    expect(half[0]!.n).toBe('10');
    await draws.settle(drawId, { batchSize: 5 });
    await draws.settle(drawId, { batchSize: 5 });
    const rows = await query<{ id: string; status: string; payout: string; bets: StoredBet[] }>(
      'select s.id, s.status, s.payout::text, t.bets from lottery_ticket_states s join lottery_tickets t using (id) where s.id = any($1)',
      [tickets],
    );
    expect(rows.filter((r) => r.status !== 'settled').map((r) => r.id)).toEqual([]);
    const [drawRow] = await query<{ results: LotteryResults }>(
      'select results from lottery_draws where id = $1',
      [drawId],
    );
    const results = drawRow!.results;
    for (const r of rows) {
      const expected = settleBet('north', results, r.bets[0]!, defaultOdds('ELOTT', 'north')).payout;
      expect(Number(r.payout)).toBe(expected);
    }
    // A line per member per chunk, the draw as the round: each member's lines add up to their
    // tickets once, whatever the kill left to the rerun.
    const { record, own } = await drawTotalsByMember(query, drawId, 'lottery_tickets');
    expect(record).toEqual(own);
    // What the ledger credited for this draw's wins equals what the tickets say they won: once.
    const [credited] = await query<{ sum: string | null }>(
      `select sum(p.amount)::text sum from ledger_postings p join ledger_transactions x on x.id = p.transaction_id
       where x.idempotency_key like $1 and p.amount > 0`,
      [`lottery:${drawId}:win:%`],
    );
    const [won] = await query<{ sum: string }>(
      'select sum(payout)::text sum from lottery_tickets where draw_id = $1',
      [drawId],
    );
    expect(credited!.sum ?? '0').toBe(won!.sum);
    const [d] = await query<{ status: string }>('select status from lottery_draws where id = $1', [drawId]);
    expect(d!.status).toBe('settled');
  });
});
