import type { DrawIndex, Odds } from '@wps/games';
import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { rowsOf } from '../../db/rows.ts';
import type { BetsService, Settlement } from '../bets/service.ts';
import { Accounts } from '../wallet/accounts.ts';
import type { PostRequest, WalletService } from '../wallet/service.ts';
import type { StoredBet } from './stored-bet.ts';
import type { LotteryGame } from './games.ts';
import { ticketPayout } from './ticket-view.ts';

/**
 * Where a settlement's time went, in milliseconds per phase (summed over its chunks): the bench
 * prints it, so a slow phase is named rather than guessed.
 */
export interface SettleTimings {
  select: number;
  rules: number;
  wallet: number;
  record: number;
  update: number;
  commit: number;
}

export const emptyTimings = (): SettleTimings => ({
  select: 0,
  rules: 0,
  wallet: 0,
  record: 0,
  update: 0,
  commit: 0,
});

/** One open ticket as settlement reads it: only the columns it needs, odds as text (see below). */
interface OpenTicket {
  id: string;
  member_id: number;
  trial: boolean;
  cost: string;
  bets: StoredBet[] | string;
  /** Null when the ticket's odds are the draw's common ones. */
  odds: string | null;
}

/**
 * A PostgreSQL array literal of text values, for one `$n::text[]` parameter: a chunk's ids and
 * payouts go to the server as two parameters whatever the chunk's size (a parameter per value
 * would hit the protocol's 65,535 limit and make the statement's text as large as the chunk).
 */
export function pgTextArray(values: readonly string[]): string {
  return `{${values.map((v) => `"${v.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`).join(',')}}`;
}

/**
 * The chunk's winnings as ledger transactions for `postMany`: one per money domain (cash, and
 * trial play money, which never meets cash), each a posting per winner and per house shard,
 * merged per account. Keyed by the draw and the chunk's first ticket: a chunk that committed
 * settled its tickets, which are never selected again, and one that rolled back left nothing, so
 * no key is ever applied twice; a colliding key with other postings would answer
 * IDEMPOTENCY_CONFLICT and roll the chunk back rather than pay. One transaction per winning ticket
 * (the other way to key it) cost a `wallet_post` call per winner: 5x the whole bare SQL pass at
 * 7 winners in 100 tickets (bench:lottery); merged, a chunk pays in one or two calls.
 */
export function winPostings(
  wallet: WalletService,
  game: LotteryGame,
  drawId: string,
  firstTicketId: string,
  winners: ReadonlyArray<{ memberId: number; trial: boolean; payout: bigint }>,
): PostRequest[] {
  const out: PostRequest[] = [];
  for (const trial of [false, true]) {
    const group = winners.filter((w) => w.trial === trial);
    if (group.length === 0) continue;
    out.push({
      key: `lottery:${drawId}:win:${firstTicketId}${trial ? ':trial' : ''}`,
      reason: 'win',
      postings: group.flatMap((w) => [
        { account: wallet.houseFor(game.vendor, w.memberId, trial), amount: -w.payout },
        { account: trial ? Accounts.trial(w.memberId) : Accounts.cash(w.memberId), amount: w.payout },
      ]),
      metadata: { vendor: game.vendor, gameCode: game.gameCode, drawId, tickets: group.length },
    });
  }
  return out;
}

/**
 * The bets record's lines for a chunk: one per member, a lottery round being a member's play in
 * one draw (round id = the draw id, stake and payout summed over that member's tickets in the
 * chunk; the tickets themselves are listed by GET /wps/lottery/tickets?drawId=). DESIGN §7 reads
 * a round as the sum of its rows, so the lines of a member whose tickets span chunks add up to
 * one round. A line per ticket was the largest phase: record 2.05 s of a 4.77 s settlement of
 * 100,000 tickets (a line per ticket, six index entries each, one a GIN on upline_path); a line
 * per member per chunk, 0.15–0.25 s (bench:lottery, 1,000 players, load 6–10).
 * Missions' `rounds` metric counts lines: a draw counts once per chunk holding the member's
 * tickets (once for any draw under a chunk's size), where it counted every ticket before.
 *
 * Chunks follow the ticket id, not the member: walking a draw member by member (one line per
 * member per draw) made each chunk read its tickets from pages all over the table, and at
 * 1,000,000 tickets (larger than shared_buffers) its select took 23 s against 11.75 s for the
 * whole bare SQL pass. In id order the chunk reads the pages the tickets were written to.
 */
export function memberRoundLines(
  game: LotteryGame,
  drawId: string,
  tickets: ReadonlyArray<{ member_id: number; trial: boolean; cost: string }>,
  payouts: readonly bigint[],
): Settlement[] {
  const byMember = new Map<number, Settlement>();
  tickets.forEach((t, i) => {
    let line = byMember.get(t.member_id);
    if (!line) {
      line = {
        memberId: t.member_id,
        source: 'lottery',
        vendor: game.vendor,
        gameCode: game.gameCode,
        gameType: game.gameType,
        roundId: drawId,
        stake: 0n,
        payout: 0n,
        trial: t.trial,
      };
      byMember.set(t.member_id, line);
    }
    line.stake += BigInt(t.cost);
    line.payout += payouts[i]!;
  });
  return [...byMember.values()];
}

/**
 * Settles one chunk of a drawn draw's open tickets inside the caller's transaction, in a fixed
 * number of statements whatever the chunk's size.
 *
 * Exactly once: the draw's row is locked (settlers of one draw take turns) and holds the
 * settled-through cursor, the last ticket id settled; every open ticket of the draw at or before
 * it is settled (lottery_ticket_states, ticket-view.ts). The chunk reads the next open
 * tickets after the cursor, applies the pure rules per bet in memory, posts the winners' ledger
 * transactions in one `postMany` (winPostings), inserts the bets record's lines (one per member
 * in the chunk: memberRoundLines), writes state and payout on the winners only, and moves the cursor past the
 * chunk. All of it commits together or not at all: a kill midway leaves cursor and tickets as
 * they were for the next run.
 *
 * A losing ticket is not written at all: its stored payout is already 0 and the cursor says it is
 * settled. Writing every ticket was the largest phase left once the record took a line per
 * member: update 1.06 s of a 2.39 s settlement of 100,000 tickets (bare SQL pass 0.95 s, load 8);
 * writing the winners only, 0.11 s (1.10 s in all against a 0.65 s bare pass, load 9).
 * Answers how many tickets it settled and whether more may be left.
 */
export async function settleChunk(
  tx: Tx,
  deps: { wallet: WalletService; bets: BetsService },
  game: LotteryGame,
  drawId: string,
  index: DrawIndex,
  uplines: ReadonlyMap<number, readonly number[]>,
  commonOdds: string | null,
  limit: number,
  timings: SettleTimings,
): Promise<{ count: number; more: boolean }> {
  let t0 = performance.now();
  const lap = (phase: keyof SettleTimings) => {
    const now = performance.now();
    timings[phase] += now - t0;
    t0 = now;
  };
  // These statements are short and planned with the default 100-row guess for unnest and
  // jsonb sets; PostgreSQL's JIT compiled them anyway and took longer to compile than to run.
  await tx.execute(sql`set local jit = off`);
  const [cursor] = rowsOf<{ status: string; ticket: string | null }>(
    await tx.execute(sql`
      select status, settled_ticket as ticket
      from lottery_draws where id = ${drawId} for update`),
  );
  if (cursor?.status !== 'drawn') return { count: 0, more: false };
  const afterTicket = cursor.ticket ?? '';
  // Almost every ticket of a draw carries the same odds table (half the row): it is sent only
  // when it differs from the draw's common one, and parsed once per distinct text. No row lock:
  // nothing else writes a ticket of a drawn draw (placing and cancelling need it open), and the
  // draw's row lock keeps other settlers out.
  const tickets = rowsOf<OpenTicket>(
    await tx.execute(sql`
      select id, member_id, trial, cost::text as cost, bets,
             case when odds = ${commonOdds}::jsonb then null else odds::text end as odds
      from lottery_tickets
      where draw_id = ${drawId} and status = 'open'
        and id > ${afterTicket}
      order by id
      limit ${limit}`),
  );
  lap('select');
  if (tickets.length === 0) return { count: 0, more: false };

  const oddsByText = new Map<string, Odds>();
  const ids: string[] = [];
  const payouts: bigint[] = [];
  const winners: Array<{ memberId: number; trial: boolean; payout: bigint }> = [];
  for (const t of tickets) {
    const text = t.odds ?? commonOdds!;
    let odds = oddsByText.get(text);
    if (!odds) {
      odds = JSON.parse(text) as Odds;
      oddsByText.set(text, odds);
    }
    const stored = (typeof t.bets === 'string' ? JSON.parse(t.bets) : t.bets) as StoredBet[];
    const payout = ticketPayout(index, stored, odds);
    ids.push(t.id);
    payouts.push(payout);
    if (payout > 0n) winners.push({ memberId: t.member_id, trial: t.trial, payout });
  }
  lap('rules');

  if (winners.length) {
    const results = await deps.wallet.postMany(
      winPostings(deps.wallet, game, drawId, tickets[0]!.id, winners),
      tx,
    );
    // A house account never runs short; anything refused here is a bug, and the chunk must not
    // commit its tickets as paid without their money.
    const refused = results.find((r) => r instanceof Error);
    if (refused) throw refused;
  }
  lap('wallet');

  await deps.bets.recordSettlements(tx, memberRoundLines(game, drawId, tickets, payouts), uplines);
  lap('record');

  // Only the winners' state and total are written, never the per-bet hits and payouts (a pure
  // function of the bet, the ticket's odds and the draw's results: ticket-view.ts computes them on
  // read). No index holds either column, so the update is HOT.
  const wonIds: string[] = [];
  const wonPayouts: bigint[] = [];
  ids.forEach((id, i) => {
    if (payouts[i]! > 0n) {
      wonIds.push(id);
      wonPayouts.push(payouts[i]!);
    }
  });
  if (wonIds.length) {
    const updated = rowsOf<{ n: number | string }>(
      await tx.execute(sql`
        with u as (
          update lottery_tickets t
          set status = 'settled', payout = x.payout, settled_at = now()
          from unnest(${pgTextArray(wonIds)}::text[], ${`{${wonPayouts.join(',')}}`}::bigint[]) as x(id, payout)
          where t.id = x.id and t.status = 'open'
          returning 1)
        select count(*)::int as n from u`),
    );
    if (Number(updated[0]?.n) !== wonIds.length)
      throw new Error('lottery settlement: a winning ticket changed while its draw was locked');
  }
  const last = tickets[tickets.length - 1]!;
  await tx.execute(sql`
    update lottery_draws set settled_ticket = ${last.id}
    where id = ${drawId}`);
  lap('update');
  return { count: tickets.length, more: tickets.length >= limit };
}
