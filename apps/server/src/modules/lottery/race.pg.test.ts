import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '../../config.ts';
import { createTestApp, type TestApp } from '../../test/helper.ts';
import { createMember } from '../../test/members.ts';
import { fundPlayers } from './test-kit.ts';

const hasPostgres = !!testConfig().testDatabaseUrl;

/**
 * Bets racing the cut-off and the draw on real PostgreSQL (PGlite runs one statement at a time,
 * so it cannot race). Skipped, with this reason, when TEST_DATABASE_URL is unset.
 */
describe.skipIf(!hasPostgres)('lottery cut-off race (needs TEST_DATABASE_URL)', () => {
  let t: TestApp;
  const query = async <T>(text: string, params: unknown[] = []) =>
    (await t.database.query(text, params)) as T[];
  beforeAll(async () => {
    t = await createTestApp({ walletHouseShards: 4 }, { postgres: 'require' });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('a bet is either refused or taken before the draw and settled; none lands after the numbers are known', async () => {
    const players = await Promise.all(Array.from({ length: 8 }, () => createMember(t.app)));
    await fundPlayers(t.app, players, 1_000_000n);
    const lottery = t.app.services.lottery;
    const game = lottery.game('VN_FAST_5');
    const draw = await lottery.draws.upcoming(game);
    // Cut-off and draw 1.5 s from now, on the database clock.
    await query(
      `update lottery_draws set cutoff_at = now() + interval '1500 milliseconds', draw_time = now() + interval '1500 milliseconds'
       where id = $1`,
      [draw!.id],
    );
    const started = Date.now();
    const bets = Array.from({ length: 160 }, (_, i) => i).map(async (i) => {
      await new Promise((r) => setTimeout(r, (i * 19) % 3000));
      const p = players[i % players.length]!;
      const res = await t.app.inject({
        method: 'POST',
        url: '/wps/lottery/bets',
        headers: { token: p.token },
        payload: {
          gameCode: 'VN_FAST_5',
          drawId: draw!.id,
          requestId: `race-${i}-${started}`,
          bets: [{ type: 'lo2', numbers: [String(i % 100).padStart(2, '0')], amount: '1.00' }],
        },
      });
      return { i, status: res.statusCode };
    });
    const drawing = (async () => {
      for (let k = 0; k < 60; k++) {
        await new Promise((r) => setTimeout(r, 50));
        await lottery.draws.runDue(game, new Date(Date.now() + 60_000));
      }
    })();
    const answers = await Promise.all(bets);
    await drawing;
    await lottery.draws.runDue(game, new Date(Date.now() + 60_000));

    const accepted = answers.filter((a) => a.status === 200).length;
    const refused = answers.filter((a) => a.status === 409).length;
    expect(accepted + refused).toBe(160);
    expect(accepted).toBeGreaterThan(0);
    expect(refused).toBeGreaterThan(0);
    const rows = await query<{ status: string; late: boolean }>(
      `select s.status, t.created_at >= d.cutoff_at or t.created_at >= d.drawn_at as late
       from lottery_ticket_states s join lottery_tickets t using (id) join lottery_draws d on d.id = t.draw_id
       where t.draw_id = $1`,
      [draw!.id],
    );
    expect(rows).toHaveLength(accepted);
    expect(rows.every((r) => r.status === 'settled' && !r.late)).toBe(true);
    // The bets record: a line per player per draw (settlers take turns on the draw's row), the
    // sum of their tickets' cost staked once.
    const [rec] = await query<{ n: string; players: string; stake: string }>(
      `select count(*)::text n, count(distinct member_id)::text players, coalesce(sum(stake), 0)::text stake
       from bets where source = 'lottery' and round_id = $1`,
      [draw!.id],
    );
    const [own] = await query<{ players: string; cost: string }>(
      `select count(distinct member_id)::text players, sum(cost)::text cost from lottery_tickets where draw_id = $1`,
      [draw!.id],
    );
    expect(rec).toEqual({ n: own!.players, players: own!.players, stake: own!.cost });
  });
});
