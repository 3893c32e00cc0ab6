import { randomInt } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { rowsOf } from '../../db/rows.ts';
import { AppError } from '../../http/errors.ts';
import type { StoredBet } from './stored-bet.ts';
import type { LotteryGame } from './games.ts';
import { pgTextArray } from './settle.ts';

/**
 * The house's exposure per draw (issue 15): stake per (bet type, number) and the draw's total.
 *
 * The total used to be one row that every bet of the draw updated and then held until its commit,
 * so the bets of a draw, whatever their numbers, went one at a time (25-75 slips/s in the last
 * second before a cut-off). It is now DRAW_SHARDS rows, each allowed its share of the limit (the
 * shares sum to the limit exactly): a bet adds its cost to one random shard with room, in one
 * conditional upsert, so bets contend only when they draw the same shard. The sum of the shards
 * never exceeds the limit because no shard exceeds its share. When the chosen shard has no room
 * the bet is not refused on that alone: the caller retries the whole slip on the exact path,
 * which locks every shard in key order, refuses only when the draw's total has no room, and
 * spreads the cost over the shards' rooms.
 *
 * Lock order (no deadlock): number rows in key order, then the wallet's accounts, then shard rows
 * in key order. The fast path holds at most one shard and waits for nothing after it; a fast path
 * that found its shard full may hold that shard's row lock (PostgreSQL keeps the lock of a row
 * whose conditional update failed), so it gives up its transaction before taking another.
 */
export const DRAW_SHARDS = 16;
const TOTAL = '~';
const shardKey = (s: number) => `*${String(s).padStart(2, '0')}`;

/** Shard s's share of the limit: the shares differ by at most one paisa and sum to the limit. */
export function shardCap(limit: bigint, s: number): bigint {
  const n = BigInt(DRAW_SHARDS);
  return limit / n + (BigInt(s) < limit % n ? 1n : 0n);
}

/** Thrown inside the slip's transaction when its shard had no room: retry on the exact path. */
export class ShardFull extends Error {
  constructor() {
    super('lottery: draw shard full');
  }
}

/** The (bet type, number) stakes of a slip, in key order: a combination counts once, sorted. */
function numberStakes(bets: readonly StoredBet[]) {
  const add = new Map<string, { type: string; number: string; stake: bigint }>();
  for (const b of bets) {
    const combination = b.type.startsWith('xien') || b.type === 'truot4';
    const keys = combination ? [[...b.numbers].sort().join('-')] : b.numbers;
    for (const n of keys) {
      const k = `${b.type}|${n}`;
      const prev = add.get(k);
      add.set(k, { type: b.type, number: n, stake: (prev?.stake ?? 0n) + BigInt(b.amount) });
    }
  }
  return [...add.entries()].sort(([a], [b]) => (a < b ? -1 : 1)).map(([, v]) => v);
}

/**
 * Adds a slip's stakes per (bet type, number) in one statement (rows locked in key order) and
 * refuses the slip when one of them passes the limit per number.
 */
export async function takeNumbers(tx: Tx, game: LotteryGame, drawId: string, bets: readonly StoredBet[]) {
  const entries = numberStakes(bets);
  if (entries.length === 0) return;
  const rows = rowsOf<{ number: string; stake: string }>(
    await tx.execute(sql`
      insert into lottery_exposure as e (draw_id, bet_type, number, stake)
      select ${drawId}, x.t, x.n, x.s
      from unnest(${pgTextArray(entries.map((e) => e.type))}::text[],
                  ${pgTextArray(entries.map((e) => e.number))}::text[],
                  ${`{${entries.map((e) => e.stake).join(',')}}`}::bigint[]) with ordinality as x(t, n, s, o)
      order by x.o
      on conflict (draw_id, bet_type, number) do update set stake = e.stake + excluded.stake
      returning e.number, e.stake::text as stake`),
  );
  const over = rows.find((r) => BigInt(r.stake) > game.maxStakePerNumber);
  if (over) throw new AppError('CONFLICT', { messageKey: 'lotteryNumberLimit', args: [over.number] });
}

/** Fast path: the slip's cost onto one random shard with room, or ShardFull. */
export async function takeDrawShard(tx: Tx, game: LotteryGame, drawId: string, cost: bigint) {
  const s = randomInt(DRAW_SHARDS);
  const cap = shardCap(game.maxStakePerDraw, s);
  if (cost > cap) throw new ShardFull();
  const rows = rowsOf<{ stake: string }>(
    await tx.execute(sql`
      insert into lottery_exposure as e (draw_id, bet_type, number, stake)
      values (${drawId}, ${TOTAL}, ${shardKey(s)}, ${cost})
      on conflict (draw_id, bet_type, number) do update set stake = e.stake + excluded.stake
      where e.stake + excluded.stake <= ${cap}
      returning e.stake::text as stake`),
  );
  if (rows.length === 0) throw new ShardFull();
}

/** Locks every shard row of the draw in key order (creating the missing ones). */
async function lockShards(tx: Tx, drawId: string) {
  await tx.execute(sql`
    insert into lottery_exposure (draw_id, bet_type, number, stake)
    select ${drawId}, ${TOTAL}, '*' || lpad(s::text, 2, '0'), 0 from generate_series(0, ${DRAW_SHARDS - 1}) s
    order by 3
    on conflict do nothing`);
  return rowsOf<{ number: string; stake: string }>(
    await tx.execute(sql`
      select number, stake::text as stake from lottery_exposure
      where draw_id = ${drawId} and bet_type = ${TOTAL}
      order by number
      for update`),
  ).map((r) => ({ number: r.number, stake: BigInt(r.stake) }));
}

async function addToShards(tx: Tx, drawId: string, deltas: Map<string, bigint>) {
  if (deltas.size === 0) return;
  await tx.execute(sql`
    update lottery_exposure e set stake = e.stake + x.d
    from unnest(${pgTextArray([...deltas.keys()])}::text[], ${`{${[...deltas.values()].join(',')}}`}::bigint[]) as x(n, d)
    where e.draw_id = ${drawId} and e.bet_type = ${TOTAL} and e.number = x.n`);
}

/**
 * Exact path: every shard locked, the slip refused only when the draw's total has no room for
 * it, its cost spread over the shards' rooms (each shard stays within its share).
 */
export async function takeDrawExact(tx: Tx, game: LotteryGame, drawId: string, cost: bigint) {
  const shards = await lockShards(tx, drawId);
  const total = shards.reduce((a, s) => a + s.stake, 0n);
  if (total + cost > game.maxStakePerDraw) throw new AppError('CONFLICT', { messageKey: 'lotteryDrawLimit' });
  const deltas = new Map<string, bigint>();
  let left = cost;
  for (const s of shards) {
    if (left === 0n) break;
    // A row that is not one of today's shards (none is expected) has no share: nothing goes there.
    const index = Number(s.number.slice(1));
    if (s.number !== shardKey(index) || index >= DRAW_SHARDS) continue;
    const room = shardCap(game.maxStakePerDraw, index) - s.stake;
    if (room <= 0n) continue;
    // biome-ignore lint/complexity/useMathMinMax: bigints (Math.min takes numbers only)
    const take = room < left ? room : left;
    deltas.set(s.number, take);
    left -= take;
  }
  // Shares sum to the limit, so the rooms cover any cost within the total's room; if a lowered
  // limit left a shard above its share, what is left is refused rather than overbooked.
  if (left > 0n) throw new AppError('CONFLICT', { messageKey: 'lotteryDrawLimit' });
  await addToShards(tx, drawId, deltas);
}

/** A cancelled slip gives back its stakes per number and its cost from the draw's shards. */
export async function releaseExposure(tx: Tx, drawId: string, bets: readonly StoredBet[], cost: bigint) {
  const entries = numberStakes(bets);
  if (entries.length)
    await tx.execute(sql`
      update lottery_exposure e set stake = e.stake - x.s
      from unnest(${pgTextArray(entries.map((e) => e.type))}::text[],
                  ${pgTextArray(entries.map((e) => e.number))}::text[],
                  ${`{${entries.map((e) => e.stake).join(',')}}`}::bigint[]) as x(t, n, s)
      where e.draw_id = ${drawId} and e.bet_type = x.t and e.number = x.n`);
  // Which shards held this slip's cost is not kept: any shards holding as much will do, since
  // only their sum (the draw's total) and each shard staying within its share matter.
  const shards = await lockShards(tx, drawId);
  const deltas = new Map<string, bigint>();
  let left = cost;
  for (const s of shards) {
    if (left === 0n) break;
    if (s.stake <= 0n) continue;
    // biome-ignore lint/complexity/useMathMinMax: bigints (Math.min takes numbers only)
    const take = s.stake < left ? s.stake : left;
    deltas.set(s.number, -take);
    left -= take;
  }
  await addToShards(tx, drawId, deltas);
}
