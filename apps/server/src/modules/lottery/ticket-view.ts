import { fromMinor, type LotteryBetTypeCode, type LotteryTicket } from '@wps/contract';
import { DrawIndex, type LotteryResults, type Odds } from '@wps/games';
import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { StoredBet } from './stored-bet.ts';
import type { LotteryGame } from './games.ts';
import { lotteryDraws, lotteryTickets } from './schema.ts';

/**
 * What a ticket pays by the rules: the sum of its bets' payouts against the draw's index, at the
 * odds stored on the ticket. Settlement pays this, and `betOutcomes` shows its parts: one rule
 * for both, so the per-bet figures a player reads always add up to what was paid.
 */
export function ticketPayout(index: DrawIndex, bets: readonly StoredBet[], odds: Odds): bigint {
  let payout = 0n;
  for (const b of bets) payout += BigInt(index.settle(b, odds).payout);
  return payout;
}

/**
 * Each bet's hits and payout on a settled ticket. Settlement writes only the ticket's state and
 * total (settle.ts), so they are computed here from the same inputs it used: the bet, the
 * ticket's odds and the draw's results, all immutable once the draw is drawn. Tickets settled
 * before that carry their figures in `bets`, which are kept as written.
 */
export function betOutcomes(
  index: DrawIndex,
  bets: readonly StoredBet[],
  odds: Odds,
): Array<{ hits: number; payout: number }> {
  return bets.map((b) => {
    if (b.hits !== undefined && b.payout !== undefined) return { hits: b.hits, payout: b.payout };
    const r = index.settle(b, odds);
    // `+ 0` turns the rules' -0 (đá with no pair: 0 × −1 / 2) into 0, as the JSON written at
    // settlement used to store it.
    return { hits: r.hits + 0, payout: r.payout + 0 };
  });
}

/**
 * One DrawIndex per draw for a page of tickets (a page usually holds a few draws' tickets), built
 * on first use. Null when the game is unknown or the draw has no results yet.
 */
function drawIndexes(gamesByCode: ReadonlyMap<string, LotteryGame>) {
  const built = new Map<string, DrawIndex | null>();
  return (gameCode: string, drawId: string, results: unknown): DrawIndex | null => {
    let index = built.get(drawId);
    if (index === undefined) {
      const game = gamesByCode.get(gameCode);
      index = game && results ? new DrawIndex(game.structure, results as LotteryResults) : null;
      built.set(drawId, index);
    }
    return index;
  };
}

export interface TicketQuery {
  drawId?: string | undefined;
  gameCode?: string | undefined;
  status?: 'open' | 'settled' | 'cancelled' | undefined;
  pageNo?: number | undefined;
  pageSize?: number | undefined;
}

const iso = (d: Date | string) => new Date(d).toISOString();

/**
 * A ticket's state as the API answers it: settlement writes only the winners, and an open
 * ticket at or before its draw's settled-through cursor (settle.ts) is a settled loser, payout
 * the 0 it was placed with. The same rule as the view lottery_ticket_states (migration 0043).
 */
export const ticketStatus = sql<LotteryTicket['status']>`case
  when ${lotteryTickets.status} = 'open' and ${lotteryDraws.settledTicket} is not null
   and ${lotteryTickets.id} <= ${lotteryDraws.settledTicket}
  then 'settled' else ${lotteryTickets.status} end`;

/** A member's tickets, newest first, as `GET /wps/lottery/tickets` answers them. */
export async function listTickets(
  db: Db,
  gamesByCode: ReadonlyMap<string, LotteryGame>,
  memberId: number,
  q: TicketQuery,
): Promise<{ content: LotteryTicket[]; total: number }> {
  const where = and(
    eq(lotteryTickets.memberId, memberId),
    q.drawId ? eq(lotteryTickets.drawId, q.drawId) : undefined,
    q.gameCode ? eq(lotteryTickets.gameCode, q.gameCode) : undefined,
    q.status ? sql`${ticketStatus} = ${q.status}` : undefined,
  );
  const pageSize = q.pageSize ?? 20;
  const rows = await db
    .select({
      t: lotteryTickets,
      status: ticketStatus,
      drawTime: lotteryDraws.drawTime,
      results: lotteryDraws.results,
      drawStatus: lotteryDraws.status,
      resultSource: lotteryDraws.resultSource,
      official: lotteryDraws.official,
    })
    .from(lotteryTickets)
    .innerJoin(lotteryDraws, eq(lotteryDraws.id, lotteryTickets.drawId))
    .where(where)
    .orderBy(desc(lotteryTickets.createdAt), desc(lotteryTickets.id))
    .limit(pageSize)
    .offset(((q.pageNo ?? 1) - 1) * pageSize);
  const [total] = await db
    .select({ n: count() })
    .from(lotteryTickets)
    .innerJoin(lotteryDraws, eq(lotteryDraws.id, lotteryTickets.drawId))
    .where(where);
  const indexOf = drawIndexes(gamesByCode);
  return {
    total: total?.n ?? 0,
    content: rows.map(({ t, status, drawTime, results, drawStatus, resultSource, official }) => {
      const stored = t.bets as StoredBet[];
      const index = status === 'settled' ? indexOf(t.gameCode, t.drawId, results) : null;
      const outcomes = index ? betOutcomes(index, stored, t.odds as Odds) : null;
      return {
        ticketId: t.id,
        gameCode: t.gameCode,
        drawId: t.drawId,
        drawTime: iso(drawTime),
        prizeMode: t.prizeMode,
        status,
        cost: fromMinor(t.cost),
        commission: fromMinor(t.commission),
        payout: fromMinor(t.payout),
        createdAt: iso(t.createdAt),
        // Issue 28: a ticket of an official draw past its time shows it waits for the official
        // result (a conflict between sources is still waiting for the player), and once drawn
        // where the result came from and who approved it.
        drawStatus:
          drawStatus === 'conflict' ||
          (drawStatus === 'open' && resultSource === 'official' && new Date(drawTime).getTime() <= Date.now())
            ? 'waiting'
            : (drawStatus as LotteryTicket['drawStatus']),
        resultSource: resultSource === 'official' ? 'official' : 'house',
        official:
          resultSource === 'official' && (drawStatus === 'drawn' || drawStatus === 'settled')
            ? ((official as LotteryTicket['official']) ?? null)
            : null,
        bets: stored.map((b, i) => ({
          type: b.type as LotteryBetTypeCode,
          numbers: b.numbers,
          amount: fromMinor(BigInt(b.amount)),
          cost: fromMinor(BigInt(b.cost)),
          commission: fromMinor(BigInt(b.commission ?? 0)),
          hits: outcomes?.[i]?.hits ?? null,
          payout: outcomes ? fromMinor(BigInt(outcomes[i]!.payout)) : null,
        })),
      };
    }),
  };
}
