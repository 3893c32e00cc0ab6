import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/rows.ts';
import { createTestApp, type TestApp } from '../../test/helper.ts';
import { createMember } from '../../test/members.ts';
import { Accounts } from '../wallet/accounts.ts';
import { SeamlessLanes } from './group-commit.ts';

/**
 * seamless_apply as group commit calls it (several bets of one member in ONE transaction,
 * `seamless_apply_batch`, migrations 0018/0034/0039) and the player lookups in front of it, on
 * PostgreSQL or the embedded PGlite.
 */
describe('the seamless hot path', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('writes each bets row with the upline path, and the recent-games row once', async () => {
    const { wallet } = t.app.services;
    const agent = await createMember(t.app, { type: 1 });
    const m = await createMember(t.app, { parentId: agent.id });
    await wallet.post({
      key: `batch-fund:${m.id}`,
      reason: 'deposit',
      postings: [
        { account: Accounts.clearing('BANK'), amount: -10_000n },
        { account: Accounts.cash(m.id), amount: 10_000n },
      ],
    });
    await t.database.query(
      `insert into game_vendors (code, name_en, name_ne, categories, launch_url_template, mark_text, mark_color)
       values ('SANDBOX', 'Sandbox', 'Sandbox', '{}', '', '', '')
       on conflict (code) do nothing`,
    );
    const [game] = await t.database.query(
      `insert into games (node_id, vendor, game_type, game_code, name_en, name_ne)
       values ('n-batch', 'SANDBOX', 'SLOT', 'batch-game', 'Batch', 'Batch') returning id`,
    );
    const items: Array<Record<string, unknown>> = [];
    for (const n of [1, 2, 3]) {
      const txId = `batch-${m.id}-${n}`;
      const post = await wallet.prepare({
        key: `seamless:SANDBOX:${txId}`,
        reason: 'bet',
        postings: [
          { account: Accounts.cash(m.id), amount: -100n },
          { account: wallet.houseFor('SANDBOX', m.id, false), amount: 100n },
        ],
        metadata: { vendor: 'SANDBOX', txId },
      });
      items.push({
        v: 'SANDBOX',
        t: txId,
        k: 'bet',
        r: `batch-round-${m.id}-${n}`,
        m: m.id,
        tr: false,
        g: 'batch-game',
        a: '100',
        f: `fp-${n}`,
        key: post.key,
        reason: post.reason,
        lf: post.fingerprint,
        md: JSON.parse(post.metadataJson) as unknown,
        acc: post.accountIds,
        amt: post.amounts.map(String),
        w: post.accountIds[post.accountKeys.indexOf(`player_cash:${m.id}`)],
      });
    }
    const { statuses, recentWrites } = await t.database.db.transaction(async (tx) => {
      const applied = rowsOf<{ r_status: string; r_balance: string }>(
        await tx.execute(
          sql`select r_status, r_balance from seamless_apply_batch(${JSON.stringify(items)}::jsonb)`,
        ),
      );
      // This transaction's own writes to game_recent: one insert, and no rewrite of the same value.
      const counts = rowsOf<{ ins: string; upd: string }>(
        await tx.execute(
          sql`select n_tup_ins::text as ins, n_tup_upd::text as upd
              from pg_stat_xact_user_tables where relname = 'game_recent'`,
        ),
      );
      return { statuses: applied, recentWrites: counts[0] };
    });
    expect(statuses.map((s) => [s.r_status, s.r_balance])).toEqual([
      ['applied', '9900'],
      ['applied', '9800'],
      ['applied', '9700'],
    ]);
    expect(recentWrites).toEqual({ ins: '1', upd: '0' });
    const rows = await t.database.query(
      `select upline_path, stake::text from bets where member_id = $1 order by id`,
      [m.id],
    );
    expect(rows).toEqual([1, 2, 3].map(() => ({ upline_path: [agent.id], stake: '100' })));
    const [recent] = await t.database.query(
      `select count(*)::int as n from game_recent where member_id = $1 and game_id = $2`,
      [m.id, game!.id],
    );
    expect(recent).toEqual({ n: 1 });
  });

  it('looks a player up once for calls that arrive together', async () => {
    const m = await createMember(t.app);
    const members = t.app.services.members;
    const original = members.getByAccount.bind(members);
    let lookups = 0;
    members.getByAccount = (account: string) => {
      lookups++;
      return original(account);
    };
    try {
      const answers = await Promise.all(
        Array.from({ length: 50 }, () => t.app.services.seamless.balance('SANDBOX', m.account)),
      );
      expect(answers.every((a) => a.code === 'OK')).toBe(true);
      expect(lookups).toBe(1);
    } finally {
      members.getByAccount = original;
    }
  });
});

describe('seamless lanes', () => {
  it('send a call to an idle lane at once, and batch what queues while a statement is in flight', async () => {
    const sent: string[][] = [];
    let release: () => void = () => {};
    const inFlight = () =>
      new Promise<void>((resolve) => {
        release = resolve;
      });
    const lanes = new SeamlessLanes<string>(
      async (items) => {
        sent.push(items);
        await inFlight();
        return items.map(() => ({ status: 'applied', balance: '0' }));
      },
      async (item) => {
        sent.push([item]);
        await inFlight();
        return { status: 'applied', balance: '0' };
      },
    );
    const first = lanes.apply(7, 'a');
    // No window: the lone call is on its way after this event-loop turn, not after a timer.
    await new Promise((r) => setImmediate(r));
    expect(sent).toEqual([['a']]);
    const later = [lanes.apply(7, 'b'), lanes.apply(7, 'c')];
    release();
    await first;
    await new Promise((r) => setImmediate(r));
    // b and c queued behind a's statement in the member's lane: one batch, in arrival order.
    expect(sent).toEqual([['a'], ['b', 'c']]);
    release();
    await Promise.all(later);
  });
});
