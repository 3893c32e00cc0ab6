import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helper.ts';
import { createMember } from '../../test/members.ts';
import { fundPlayers, playerPrincipal } from './test-kit.ts';

// biome-ignore lint/suspicious/noExplicitAny: the tests read loose JSON answers
type Json = Record<string, any>;

/**
 * Issue 15, the settlement's shape (settle.ts): a member's play in a draw is one round of the
 * bets record (a line per member per chunk), and only winning tickets are written; the draw's
 * settled-through cursor settles the rest, as the tickets API and lottery_ticket_states answer.
 */
describe('lottery settlement: a round per member per draw, losers settled by the cursor', () => {
  let t: TestApp;
  const query = async <T>(text: string, params: unknown[] = []) =>
    (await t.database.query(text, params)) as T[];
  let players: Array<{ id: number; token: string }> = [];
  let n = 0;

  beforeAll(async () => {
    t = await createTestApp();
    players = await Promise.all(Array.from({ length: 3 }, () => createMember(t.app)));
    await fundPlayers(t.app, players, 10_000_000n);
  });
  afterAll(async () => {
    await t?.close();
  });

  const principal = playerPrincipal;

  /** Four đề tickets per player on a fresh draw (interleaved), drawn: answers the draw id. */
  async function drawnWithTickets(hours: number): Promise<string> {
    const lottery = t.app.services.lottery;
    const game = lottery.game('VN_FAST_5');
    await lottery.draws.ensureDraws(game, new Date(Date.now() + hours * 3_600_000), 1);
    const [d] = await query<{ id: string }>(
      'select id from lottery_draws where game_code = $1 and draw_time > $2 order by draw_time limit 1',
      [game.gameCode, new Date(Date.now() + hours * 3_600_000)],
    );
    for (let i = 0; i < 12; i++)
      await lottery.place(principal(players[i % 3]!.id), {
        gameCode: game.gameCode,
        drawId: d!.id,
        requestId: `rounds-${++n}`,
        bets: [{ type: 'de', numbers: [String((i * 7) % 100).padStart(2, '0')], amount: '1.00' }],
      });
    await query(
      `update lottery_draws set cutoff_at = now() - interval '2 seconds', draw_time = now() - interval '1 second' where id = $1`,
      [d!.id],
    );
    expect(await lottery.draws.draw(d!.id)).toBe(true);
    return d!.id;
  }

  it('one chunk over 3 × 4 tickets: one record line per player, the draw as its round', async () => {
    const drawId = await drawnWithTickets(3);
    expect(await t.app.services.lottery.draws.settle(drawId)).toBe(12);
    const lines = await query<{ member_id: number; round_id: string; stake: string; payout: string }>(
      `select member_id, round_id, stake::text, payout::text from bets where source = 'lottery' and round_id = $1
       order by member_id`,
      [drawId],
    );
    const own = await query<{ member_id: number; stake: string; payout: string }>(
      `select member_id, sum(cost)::text stake, sum(payout)::text payout from lottery_tickets
       where draw_id = $1 group by member_id order by member_id`,
      [drawId],
    );
    expect(lines).toEqual(own.map((o) => ({ ...o, round_id: drawId })));
    expect(lines).toHaveLength(3);
    // The betting record lists the draw as the player's round, with its stake.
    const p = players[0]!;
    const res = await t.app.inject({
      method: 'GET',
      url: `/wps/relay/GCS_bettingRecord/${drawId}?vendor=TCG_LOTTO_VN`,
      headers: { token: p.token },
    });
    expect(res.statusCode).toBe(200);
    expect((res.json() as Json).value).toMatchObject({ roundId: drawId, bet: '4.00' });
  });

  it('only winners are written; the cursor settles the losers, as the API and the view answer', async () => {
    const drawId = await drawnWithTickets(5);
    await t.app.services.lottery.draws.settle(drawId, { batchSize: 5 });
    const stored = await query<{ status: string; payout: string; settled_at: string | null }>(
      'select status, payout::text, settled_at from lottery_tickets where draw_id = $1',
      [drawId],
    );
    // Twelve distinct đề numbers: at most one ticket wins.
    expect(stored.filter((s) => s.status === 'open').every((s) => s.payout === '0' && !s.settled_at)).toBe(
      true,
    );
    expect(stored.filter((s) => s.status === 'settled').every((s) => BigInt(s.payout) > 0n)).toBe(true);
    expect(stored.filter((s) => s.status === 'open').length).toBeGreaterThanOrEqual(11);
    const view = await query<{ status: string }>(
      'select status from lottery_ticket_states where draw_id = $1',
      [drawId],
    );
    expect(view.map((v) => v.status)).toEqual(Array(12).fill('settled'));
    const [draw] = await query<{ status: string }>('select status from lottery_draws where id = $1', [
      drawId,
    ]);
    expect(draw!.status).toBe('settled');
    for (const p of players) {
      const list = async (q: string) =>
        (
          (
            await t.app.inject({
              method: 'GET',
              url: `/wps/lottery/tickets?drawId=${drawId}${q}`,
              headers: { token: p.token },
            })
          ).json() as Json
        ).value;
      const all = await list('');
      expect(all.content).toHaveLength(4);
      for (const tk of all.content) {
        expect(tk.status).toBe('settled');
        expect(tk.bets[0].hits).not.toBeNull();
        expect(tk.bets[0].payout).toBe(tk.payout);
      }
      expect((await list('&status=settled')).content).toHaveLength(4);
      expect((await list('&status=open')).content).toHaveLength(0);
    }
  });

  it('a draw half settled: tickets past the cursor still answer open, and the rerun settles them once', async () => {
    const drawId = await drawnWithTickets(7);
    const draws = t.app.services.lottery.draws;
    let chunks = 0;
    await expect(
      draws.settle(drawId, {
        batchSize: 4,
        beforeBatch: async () => {
          if (++chunks === 2) throw new Error('killed');
        },
      }),
    ).rejects.toThrow('killed');
    const states = async () =>
      (
        await query<{ status: string }>(
          'select status from lottery_ticket_states where draw_id = $1 order by id',
          [drawId],
        )
      ).map((s) => s.status);
    expect(await states()).toEqual([...Array(4).fill('settled'), ...Array(8).fill('open')]);
    expect(await draws.settle(drawId, { batchSize: 4 })).toBe(8);
    expect(await draws.settle(drawId, { batchSize: 4 })).toBe(0);
    expect(await states()).toEqual(Array(12).fill('settled'));
    // Three chunks, each a line per player in it: the round's stake counted once.
    const [rec] = await query<{ players: string; stake: string }>(
      `select count(distinct member_id)::text players, sum(stake)::text stake from bets
       where source = 'lottery' and round_id = $1`,
      [drawId],
    );
    expect(rec).toEqual({ players: '3', stake: '1200' });
  });
});
