/**
 * `npm run bench:agents`: agent pay and the agent centre on a large tree.
 *
 * In one run, on one PostgreSQL database (BENCH_DATABASE_URL, or a throwaway one on
 * postgres://postgres@127.0.0.1:5432, dropped afterwards):
 *   1. a generated tree of BENCH_MEMBERS members (default 100,000; 20 top agents, fan-out 4, so
 *      depth up to 8) and BENCH_BETS settled bets (default 10,000,000) spread over one day;
 *   2. a daily-salary contract on every agent (platform-paid at the top, lower rates below);
 *   3. baseline: a bare SQL aggregate of the same day's bets (valid bet per member), then the
 *      daily salary settlement of every contract (team totals + one ledger payout per contract);
 *   4. the team rollups caught up (the `agent-team-rollup` job's work), BENCH_RAW_RUNS (default 5)
 *      team figures straight from the record to compare (and to check the rollups agree), then the
 *      team overview for a top agent, BENCH_OVERVIEW_RUNS times (default 50): p50 / p99.
 * BENCH_DATABASE_URL naming a database an earlier run filled reuses its tree and bets (the
 * settlement then pays under a fresh period label).
 * Last line: `settlement ratio X overview p99 Y ms` (goals: X ≤ 2, Y < 200).
 */
import { performance } from 'node:perf_hooks';
import { testConfig } from '../apps/server/src/config.ts';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { runMigrations } from '../apps/server/src/db/migrate.ts';
import { createServices } from '../apps/server/src/services.ts';
import { benchDatabase } from './lib/database.ts';
import { percentile } from './lib/stats.ts';

const MEMBERS = Number(process.env.BENCH_MEMBERS ?? 100_000);
const BETS = Number(process.env.BENCH_BETS ?? 10_000_000);
const OVERVIEW_RUNS = Number(process.env.BENCH_OVERVIEW_RUNS ?? 50);
/** Overviews read straight from the bets record (the old way), to compare and to check the rollups. */
const RAW_RUNS = Number(process.env.BENCH_RAW_RUNS ?? 5);
const big = (_: string, v: unknown) => (typeof v === 'bigint' ? v.toString() : v);
/** BENCH_SETTLE=0 skips the (ledger-bound, slow) settlement to measure the rest quickly. */
const SETTLE = process.env.BENCH_SETTLE !== '0';
const TOPS = 20;
const FANOUT = 4;
const DAY = new Date('2026-03-01T00:00:00+05:45');
const NEXT_DAY = new Date(DAY.getTime() + 86_400_000);

const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

async function main() {
  const target = await benchDatabase();
  const database = await openDatabase({ url: target.url, poolSize: 8 });
  try {
    await runMigrations(database);
    const q = (text: string) => database.query(text);
    let t0 = performance.now();
    // BENCH_DATABASE_URL naming a database a previous run filled (and did not drop): reuse its tree
    // and bets, which take most of a run to generate.
    const [had] = await q(`select count(*)::int as n from members`);
    const reuse = Number(had?.n ?? 0) > 0;
    if (reuse) {
      const [n] = await q(`select count(*)::int as n from bets`);
      console.log(`reusing the tree and ${n?.n} bets of ${target.url}`);
    } else {
      // Member i > TOPS hangs under member (i - TOPS - 1) / FANOUT + 1: a complete tree below 20 roots.
      await q(`
      insert into members (id, account, type, parent_id, password_hash, referral_code)
      select i, 'm' || i,
             case when i <= ${TOPS} then 1 when i <= (${MEMBERS} - ${TOPS}) / ${FANOUT} + ${TOPS} then 2 else 0 end,
             case when i <= ${TOPS} then null else (i - ${TOPS} - 1) / ${FANOUT} + 1 end,
             '!', 'R' || i
      from generate_series(1, ${MEMBERS}) i`);
      await q(`select setval(pg_get_serial_sequence('members', 'id'), ${MEMBERS})`);
      await q(`create unlogged table paths as select id, member_upline_path(id) as path from members`);
      await q(`create index on paths (id)`);
      const [depth] = await q(`select max(cardinality(path)) + 1 as d from paths`);
      console.log(`tree: ${MEMBERS} members, depth ${depth?.d} (${seconds(performance.now() - t0)})`);

      t0 = performance.now();
      const chunk = 1_000_000;
      for (let from = 0; from < BETS; from += chunk) {
        const n = Math.min(chunk, BETS - from);
        await q(`
        insert into bets (member_id, upline_path, source, vendor, game_type, round_id, stake, payout,
                          valid_stake, status, trial, settled_at)
        select p.id, p.path, 'inhouse', 'INHOUSE', 'INHOUSE', 'b' || (g + ${from}),
               s.stake, case when random() < 0.45 then s.stake * 2 else 0 end, s.stake, 'settled', false,
               '${DAY.toISOString()}'::timestamptz + (random() * interval '86399 seconds')
        from generate_series(1, ${n}) g
        cross join lateral (select 100 + (random() * 99900)::bigint as stake) s
        join paths p on p.id = ${TOPS + 1} + ((g::bigint * 7919 + ${from}) % ${MEMBERS - TOPS})::int`);
      }
      await q('analyze bets');
      await q('analyze members');
      console.log(`bets: ${BETS} over one day (${seconds(performance.now() - t0)})`);

      // A daily contract on every agent: platform-paid at the top, 0.05 % less per level below.
      await q(`
      insert into agent_contracts (upline_id, member_id, kind, status, tiers, max_rate_bp, level, accepted_at)
      select m.parent_id, m.id, 'DAILY', 'active',
             jsonb_build_array(jsonb_build_object('minValidBet', '0', 'minNetLoss', '0', 'minActiveMembers', 0,
                                                  'rateBp', 100 - 5 * cardinality(p.path))),
             100 - 5 * cardinality(p.path), cardinality(p.path) + 1, '${new Date(DAY.getTime() - 86_400_000).toISOString()}'
      from members m join paths p on p.id = m.id where m.type in (1, 2)`);
    }
    const [contracts] = await q(`select count(*)::int as n from agent_contracts`);
    console.log(`contracts: ${contracts?.n} daily salary contracts`);

    const config = testConfig({ databaseUrl: target.url });
    const services = createServices(config, database);
    // Warm the caches the same way for both measurements.
    await q(
      `select count(*) from bets where settled_at >= '${DAY.toISOString()}' and settled_at < '${NEXT_DAY.toISOString()}'`,
    );

    t0 = performance.now();
    await q(`
      select member_id, sum(valid_stake), sum(stake) - sum(payout)
      from bets
      where settled_at >= '${DAY.toISOString()}' and settled_at < '${NEXT_DAY.toISOString()}' and not trial
      group by member_id`);
    const bare = performance.now() - t0;
    console.log(`bare aggregate of the day's bets: ${seconds(bare)}`);

    // The overview and the day's settlement read the rollups the `agent-team-rollup` job keeps
    // (every 5 minutes in production, paid as bets arrive); here the whole day arrived at once.
    t0 = performance.now();
    const rolled = await services.agents.rollUp();
    console.log(
      `rollups: ${rolled} bet rows rolled up in ${seconds(performance.now() - t0)} (the job's work)`,
    );

    // The aggregate half of the settlement alone: every contract's team totals from the same bets.
    const ids = (await q(`select member_id from agent_contracts`)).map((r) => Number(r.member_id));
    t0 = performance.now();
    await services.bets.team.totalsOf(ids, DAY, NEXT_DAY, 1n);
    const totals = performance.now() - t0;
    console.log(
      `team totals of every contract from the record: ${seconds(totals)} (ratio ${(totals / bare).toFixed(2)})`,
    );

    t0 = performance.now();
    const result = SETTLE
      ? await services.agents.settlement.settleTiered('DAILY', {
          // A reused database was paid for DAY already: a fresh label pays every contract again.
          period: reuse ? `${DAY.toISOString()}#${Date.now()}` : DAY.toISOString(),
          periodStart: DAY,
          periodEnd: NEXT_DAY,
          assertOwner: async () => undefined,
        })
      : { contracts: 0, paid: 0, pending: 0, none: 0, amount: '0' };
    const settle = SETTLE ? performance.now() - t0 : Number.NaN;
    console.log(
      `daily settlement: ${seconds(settle)}, ${(settle / Math.max(1, result.contracts)).toFixed(3)} ms per contract (${result.contracts} contracts, ${result.paid} paid, ` +
        `${result.pending} pending, ${result.none} nothing due, total ${result.amount} paisa)`,
    );

    // The same figures straight from the record, as before the rollups (and the check they agree).
    const raw: number[] = [];
    for (let i = 0; i < RAW_RUNS; i++) {
      const s = performance.now();
      const r = await services.bets.team.overviewRaw(
        1 + i,
        DAY,
        NEXT_DAY,
        config.agentActiveMinBet,
        config.businessUtcOffsetMinutes,
      );
      raw.push(performance.now() - s);
      const f = await services.bets.team.overview(
        1 + i,
        DAY,
        NEXT_DAY,
        config.agentActiveMinBet,
        config.businessUtcOffsetMinutes,
      );
      if (JSON.stringify(r, big) !== JSON.stringify(f, big))
        throw new Error(`rollups differ for agent ${1 + i}`);
    }
    raw.sort((a, b) => a - b);
    if (RAW_RUNS > 0) {
      console.log(
        `team bets of a top agent from the record: p50 ${percentile(raw, 50).toFixed(1)} ms (rollups agree)`,
      );
    }

    const times: number[] = [];
    for (let i = 0; i < OVERVIEW_RUNS; i++) {
      const s = performance.now();
      await services.agents.overview(1 + (i % TOPS), { from: DAY, to: NEXT_DAY });
      times.push(performance.now() - s);
    }
    times.sort((a, b) => a - b);
    console.log(
      `team overview of a top agent: p50 ${percentile(times, 50).toFixed(1)} ms p99 ${percentile(times, 99).toFixed(1)} ms`,
    );
    console.log(
      `settlement ratio ${(settle / bare).toFixed(2)} overview p99 ${percentile(times, 99).toFixed(0)} ms`,
    );
  } finally {
    await database.close();
    await target.drop();
  }
}

await main();
