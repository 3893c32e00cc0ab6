import { betCommission, betCost } from '@wps/games';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '../../config.ts';
import { createTestApp, type TestApp } from '../../test/helper.ts';
import { createMember } from '../../test/members.ts';
import { Accounts } from '../wallet/accounts.ts';
import type { StoredBet } from './stored-bet.ts';
import { fundPlayers } from './test-kit.ts';

const hasPostgres = !!testConfig().testDatabaseUrl;

/**
 * Commission under concurrency on real PostgreSQL: many slips (lô with commission, đá without)
 * placed, retried and cancelled at once, then drawn and settled. Every player's balance must be
 * exactly what they paid (face cost − commission, once per ticket) minus refunds plus payouts.
 */
describe.skipIf(!hasPostgres)('lottery commission under concurrency (needs TEST_DATABASE_URL)', () => {
  let t: TestApp;
  const query = async <T>(text: string, params: unknown[] = []) =>
    (await t.database.query(text, params)) as T[];
  beforeAll(async () => {
    t = await createTestApp({ walletHouseShards: 4 }, { postgres: 'require' });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('parallel slips, retries and cancels: each ticket charges cost − commission once; balances reconcile after settlement', async () => {
    const FUND = 1_000_000n;
    const players = await Promise.all(Array.from({ length: 6 }, () => createMember(t.app)));
    await fundPlayers(t.app, players, FUND);
    const lottery = t.app.services.lottery;
    await lottery.config.setRates(
      'ELOTT',
      undefined,
      'lo2',
      { commission: '17.3' },
      { id: 0, account: 'test' },
      '127.0.0.1',
    );
    const game = lottery.game('VN_FAST_3');
    const draw = (await lottery.draws.upcoming(game))!;
    await query(
      `update lottery_draws set draw_time = now() + interval '1 hour', cutoff_at = now() + interval '1 hour' where id = $1`,
      [draw.id],
    );
    const slips = Array.from({ length: 90 }, (_, i) => ({
      i,
      player: players[i % players.length]!,
      body: {
        gameCode: 'VN_FAST_3',
        drawId: draw.id,
        requestId: `cm-${i}-${draw.id}`,
        bets: [
          {
            type: 'lo2',
            numbers: [String((i * 7) % 100).padStart(2, '0')],
            amount: `${(i % 5) + 1}.${i % 10}3`,
          },
          {
            type: 'da',
            numbers: [String(i % 100).padStart(2, '0'), String((i + 50) % 100).padStart(2, '0')],
            amount: '1.00',
          },
        ],
      },
    }));
    const place = (s: (typeof slips)[number]) =>
      t.app.inject({
        method: 'POST',
        url: '/wps/lottery/bets',
        headers: { token: s.player.token },
        payload: s.body,
      });
    // Every slip sent twice at once (a double tap): one ticket each.
    const answers = await Promise.all(slips.flatMap((s) => [place(s), place(s)]));
    for (const a of answers) expect(a.statusCode).toBe(200);
    const ids = new Map<number, string>();
    slips.forEach((s, k) => {
      const a = answers[2 * k]!.json().value;
      const b = answers[2 * k + 1]!.json().value;
      expect(a.ticketId).toBe(b.ticketId);
      ids.set(s.i, a.ticketId);
    });
    // A third of them cancelled, in parallel.
    const cancelled = slips.filter((s) => s.i % 3 === 0);
    const cancels = await Promise.all(
      cancelled.map((s) =>
        t.app.inject({
          method: 'POST',
          url: '/wps/lottery/tickets/cancel',
          headers: { token: s.player.token },
          payload: { ticketId: ids.get(s.i) },
        }),
      ),
    );
    for (const c of cancels) expect(c.statusCode).toBe(200);

    await query(
      `update lottery_draws set cutoff_at = now() - interval '2 seconds', draw_time = now() - interval '1 second' where id = $1`,
      [draw.id],
    );
    await lottery.draws.runDue(game, new Date(Date.now() + 60_000));

    const tickets = await query<{
      id: string;
      member_id: number;
      cost: string;
      commission: string;
      payout: string;
      status: string;
      bets: StoredBet[];
    }>(
      `select s.id, s.member_id, s.cost::text, s.commission::text, s.payout::text, s.status, t.bets
       from lottery_ticket_states s join lottery_tickets t using (id) where s.draw_id = $1`,
      [draw.id],
    );
    expect(tickets).toHaveLength(slips.length);
    for (const tk of tickets) {
      // The stored figures are the rule's: commission per bet on its face cost.
      const face = tk.bets.reduce((a, b) => a + betCost('north', b), 0);
      const comm = tk.bets.reduce(
        (a, b) => a + betCommission(betCost('north', b), b.type === 'lo2' ? 1730 : 0),
        0,
      );
      expect(Number(tk.commission)).toBe(comm);
      expect(Number(tk.cost)).toBe(face - comm);
      expect(comm).toBeGreaterThan(0);
    }
    for (const p of players) {
      const mine = tickets.filter((x) => x.member_id === p.id);
      const kept = mine.filter((x) => x.status === 'settled');
      expect(kept.length + mine.filter((x) => x.status === 'cancelled').length).toBe(mine.length);
      const paid = kept.reduce((a, x) => a + BigInt(x.cost), 0n);
      const won = kept.reduce((a, x) => a + BigInt(x.payout), 0n);
      expect(await t.app.services.wallet.balance(Accounts.cash(p.id))).toBe(FUND - paid + won);
    }
    // The betting record staked what was charged, once per settled ticket: a line per player
    // with settled tickets (their play in the draw), and the round's detail shows the commission
    // of those tickets.
    const [rec] = await query<{ stake: string; n: string }>(
      `select coalesce(sum(stake), 0)::text stake, count(*)::text n from bets
       where source = 'lottery' and status = 'settled' and round_id = $1`,
      [draw.id],
    );
    const settled = tickets.filter((x) => x.status === 'settled');
    expect(Number(rec!.n)).toBe(new Set(settled.map((x) => x.member_id)).size);
    expect(BigInt(rec!.stake)).toBe(settled.reduce((a, x) => a + BigInt(x.cost), 0n));
    for (const p of players) {
      const mine = settled.filter((x) => x.member_id === p.id);
      if (mine.length === 0) continue;
      expect(await lottery.commissionOf(p.id, draw.id)).toBe(
        mine.reduce((a, x) => a + BigInt(x.commission), 0n),
      );
    }
  });
});
