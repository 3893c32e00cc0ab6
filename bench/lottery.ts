/// <reference path="../apps/server/src/types/geoip-country.d.ts" />
/**
 * `npm run bench:lottery` (issue 15): settle one draw with BENCH_TICKETS (1,000,000) open tickets
 * on PostgreSQL, against a bare SQL pass that joins the same tickets to the same results in the
 * same run (goal ≤ 2×); and slips accepted per second in the last second before a cut-off.
 *
 * On one throwaway database (BENCH_DATABASE_URL, or one made on the local server and dropped):
 * BENCH_PLAYERS (1,000) funded members. The acceptance run sends slips through the service (no
 * HTTP) from 64 concurrent callers until the cut-off refuses them. The settlement run loads the
 * tickets in bulk (7 in 10 a đề on one number, 3 in 10 a lô 2 on one number; setting them up is
 * not measured), draws, times the bare SQL pass (the sum of what the rules pay, computed in SQL),
 * then times `settle` (win postings, the bets record, ticket states) and checks both sums agree.
 */
import { defaultOdds } from '@wps/games';
import { sql } from 'drizzle-orm';
import { testConfig } from '../apps/server/src/config.ts';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { runMigrations } from '../apps/server/src/db/migrate.ts';
import type { MemberPrincipal } from '../apps/server/src/http/auth.ts';
import { hashPassword } from '../apps/server/src/modules/members/passwords.ts';
import { SETTLE_BATCH } from '../apps/server/src/modules/lottery/draws.ts';
import { emptyTimings } from '../apps/server/src/modules/lottery/settle.ts';
import { Accounts } from '../apps/server/src/modules/wallet/accounts.ts';
import { createServices } from '../apps/server/src/services.ts';
import { benchDatabase } from './lib/database.ts';

const TICKETS = Number(process.env.BENCH_TICKETS ?? 1_000_000);
const PLAYERS = Number(process.env.BENCH_PLAYERS ?? 1000);
/** The acceptance run's window before the cut-off (1 s: the last second). */
const WINDOW_SECONDS = Number(process.env.BENCH_WINDOW_SECONDS ?? 1);
const CHUNK = Number(process.env.BENCH_SETTLE_CHUNK ?? SETTLE_BATCH);
const rowsOf = <T>(r: unknown): T[] => (r as { rows: T[] }).rows;
const secs = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

async function main() {
  const { url, drop } = await benchDatabase();
  try {
    const config = testConfig({ databaseUrl: url });
    const database = await openDatabase({ url, poolSize: 20 });
    await runMigrations(database);
    const services = createServices(config, database);
    const db = database.db;
    const lottery = services.lottery;
    const passwordHash = await hashPassword('Bench@1234');
    const members: number[] = [];
    for (let i = 0; i < PLAYERS; i += 100) {
      const batch = await Promise.all(
        Array.from({ length: Math.min(100, PLAYERS - i) }, (_, j) =>
          services.members.create({ account: `lott${i + j}`, passwordHash }),
        ),
      );
      for (const m of batch) {
        await services.wallet.post({
          key: `bench-fund:${m.id}`,
          reason: 'deposit',
          postings: [
            { account: Accounts.clearing('BENCH'), amount: -100_000_000n },
            { account: Accounts.cash(m.id), amount: 100_000_000n },
          ],
        });
        members.push(m.id);
      }
    }
    console.log(`lottery bench: ${PLAYERS} players, ${TICKETS.toLocaleString('en-US')} tickets`);

    // 1. Slips accepted per second in the last second before a cut-off.
    const fast3 = lottery.game('VN_FAST_3');
    const last = (await lottery.draws.upcoming(fast3))!;
    await db.execute(sql`update lottery_draws set cutoff_at = now() + ${`${WINDOW_SECONDS} seconds`}::interval,
      draw_time = now() + ${`${WINDOW_SECONDS} seconds`}::interval where id = ${last.id}`);
    let accepted = 0;
    let refused = 0;
    let seq = 0;
    const reasons = new Map<string, number>();
    const started = performance.now();
    await Promise.all(
      Array.from({ length: 64 }, async (_, c) => {
        for (;;) {
          const memberId = members[(c * 7 + seq) % members.length]!;
          const p: MemberPrincipal = { kind: 'member', memberId, role: 'player', account: 'b', sessionId: 0 };
          try {
            await lottery.place(p, {
              gameCode: 'VN_FAST_3',
              drawId: last.id,
              requestId: `bench-${c}-${++seq}`,
              bets: [{ type: 'de', numbers: [String(seq % 100).padStart(2, '0')], amount: '1.00' }],
            });
            accepted++;
          } catch (e) {
            refused++;
            const why = (e as { messageKey?: string; message?: string }).messageKey ?? String(e);
            reasons.set(why, (reasons.get(why) ?? 0) + 1);
            return;
          }
        }
      }),
    );
    const window = performance.now() - started;
    console.log(
      `last second before cut-off: ${accepted} slips accepted in ${secs(window)} (${Math.round((accepted / window) * 1000)}/s), ${refused} refused after it (${[...reasons].map(([k, v]) => `${k} ×${v}`).join(', ')})`,
    );

    // 2. Settlement of one draw with TICKETS open tickets.
    const fast5 = lottery.game('VN_FAST_5');
    const draw = (await lottery.draws.upcoming(fast5))!;
    await db.execute(sql`update lottery_draws set cutoff_at = now() + interval '2 hours',
      draw_time = now() + interval '2 hours' where id = ${draw.id}`);
    const odds = JSON.stringify(defaultOdds('LOTT', fast5.structure));
    const load = performance.now();
    for (let from = 1; from <= TICKETS; from += 100_000) {
      const to = Math.min(TICKETS, from + 99_999);
      await db.execute(sql`
        with m as (select array_agg(id order by id) ids from members)
        insert into lottery_tickets (id, member_id, game_code, draw_id, request_id, prize_mode, trial, bets, odds, cost)
        select 'LT' || lpad(to_hex(g), 24, '0'), m.ids[1 + g % array_length(m.ids, 1)], 'VN_FAST_5', ${draw.id},
               'bench-' || g, 'LOTT', false,
               jsonb_build_array(jsonb_build_object(
                 'type', case when g % 10 < 7 then 'de' else 'lo2' end,
                 'numbers', jsonb_build_array(lpad((g % 100)::text, 2, '0')),
                 'amount', 100, 'cost', case when g % 10 < 7 then 100 else 2700 end)),
               ${odds}::jsonb, case when g % 10 < 7 then 100 else 2700 end
        from generate_series(${from}::int, ${to}::int) g, m`);
    }
    await db.execute(sql`analyze lottery_tickets`);
    console.log(`loaded in ${secs(performance.now() - load)} (not measured)`);
    await db.execute(sql`update lottery_draws set cutoff_at = now() - interval '2 seconds',
      draw_time = now() - interval '1 second' where id = ${draw.id}`);
    await lottery.draws.draw(draw.id);

    const bare = performance.now();
    const [base] = rowsOf<{ n: string; paid: string }>(
      await db.execute(sql`
        select count(*)::text n, coalesce(sum(p), 0)::text paid from (
          select case b->>'type'
            when 'de' then case when right(d.results->'DB'->>0, 2) = b->'numbers'->>0 then (b->>'amount')::bigint * 90 else 0 end
            else (b->>'amount')::bigint * 90 * (
              select count(*) from jsonb_each(d.results) e, jsonb_array_elements_text(e.value) r
              where right(r, 2) = b->'numbers'->>0)
          end as p
          from lottery_tickets t join lottery_draws d on d.id = t.draw_id, jsonb_array_elements(t.bets) b
          where t.draw_id = ${draw.id} and t.status = 'open') q`),
    );
    const bareMs = performance.now() - bare;

    const timings = emptyTimings();
    const settle = performance.now();
    const settled = await lottery.draws.settle(draw.id, { batchSize: CHUNK, timings });
    const settleMs = performance.now() - settle;
    const [after] = rowsOf<{ paid: string; winners: string }>(
      await db.execute(sql`select coalesce(sum(payout), 0)::text paid, count(*) filter (where payout > 0)::text winners
        from lottery_tickets where draw_id = ${draw.id}`),
    );
    console.log(
      `bare SQL join of ${base!.n} tickets to the results: ${secs(bareMs)} (pays ${base!.paid} paisa)`,
    );
    console.log(
      `settle ${settled} tickets (${after!.winners} winners paid in one ledger transaction per chunk; a bets-record line per member per chunk; losers not rewritten): ${secs(settleMs)} (pays ${after!.paid} paisa)`,
    );
    console.log(
      `where the settlement's time went (chunks of ${CHUNK}): ${Object.entries(timings)
        .map(([k, v]) => `${k} ${secs(v)}`)
        .join(', ')}`,
    );
    console.log(`ratio settle / bare SQL: ${(settleMs / bareMs).toFixed(1)}× (goal ≤ 2×)`);
    await database.close();
    if (base!.paid !== after!.paid || Number(base!.n) !== settled) {
      console.error('MISMATCH: the settlement and the SQL pass disagree');
      process.exitCode = 1;
    }
  } finally {
    await drop();
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
