import type { FastifyInstance } from 'fastify';
import type { MemberPrincipal } from '../../http/auth.ts';
import type { TestApp } from '../../test/helper.ts';
import { Accounts } from '../wallet/accounts.ts';

/** Test players' cash, credited from the bank clearing account (keyed per member: once each). */
export async function fundPlayers(
  app: FastifyInstance,
  players: ReadonlyArray<{ id: number }>,
  amount: bigint,
) {
  for (const p of players)
    await app.services.wallet.post({
      key: `fund:${p.id}`,
      reason: 'deposit',
      postings: [
        { account: Accounts.clearing('BANK'), amount: -amount },
        { account: Accounts.cash(p.id), amount },
      ],
    });
}

/** The principal a signed-in player's slip carries. */
export const playerPrincipal = (id: number): MemberPrincipal => ({
  kind: 'member',
  memberId: id,
  role: 'player',
  account: 'p',
  sessionId: 0,
});

type Query = <T>(text: string, params?: unknown[]) => Promise<T[]>;
interface MemberTotals {
  member_id: number;
  stake: string;
  payout: string;
}

/**
 * A draw's stake and payout per member twice: as the betting record holds them (the draw is the
 * round) and as its tickets do, from `tickets` (the table, or the view of settled states). Equal
 * when every ticket reached the record once.
 */
export async function drawTotalsByMember(
  query: Query,
  drawId: number | string,
  tickets: 'lottery_tickets' | 'lottery_ticket_states',
) {
  const record = await query<MemberTotals>(
    `select member_id, sum(stake)::text stake, sum(payout)::text payout from bets
     where source = 'lottery' and round_id = $1 group by member_id order by member_id`,
    [drawId],
  );
  const own = await query<MemberTotals>(
    `select member_id, sum(cost)::text stake, sum(payout)::text payout from ${tickets}
     where draw_id = $1 group by member_id order by member_id`,
    [drawId],
  );
  return { record, own };
}

// biome-ignore lint/suspicious/noExplicitAny: the tests read loose JSON answers
export type Json = Record<string, any>;

/**
 * The lottery API as the HTTP tests drive it: raw queries, calls with a token, cash balances, and
 * draws moved in time (the database clock decides cut-offs). `current` gives the suite's test app
 * (made in its beforeAll), so the helpers can be taken apart at the top of a describe block.
 */
export function lotteryApi(current: () => TestApp) {
  let n = 0;
  const query = async <T>(text: string, params: unknown[] = []) =>
    (await current().database.query(text, params)) as T[];
  const call = async (method: 'GET' | 'POST', url: string, token?: string, payload?: unknown) => {
    const res = await current().app.inject({
      method,
      url,
      headers: token ? { token } : {},
      ...(payload !== undefined ? { payload: payload as Json } : {}),
    });
    return { status: res.statusCode, body: res.json() as { code: string; message: string; value: Json } };
  };
  return {
    query,
    call,
    /** A fresh slip request id. */
    rid: () => `req-${Date.now()}-${++n}`,
    /** Credits a player's cash from the bank clearing account (a new key each call). */
    fund: (memberId: number, amount: bigint) =>
      current().app.services.wallet.post({
        key: `fund:${memberId}:${++n}`,
        reason: 'deposit',
        postings: [
          { account: Accounts.clearing('BANK'), amount: -amount },
          { account: Accounts.cash(memberId), amount },
        ],
      }),
    cash: (id: number) => current().app.services.wallet.balance(Accounts.cash(id)),
    /**
     * The game's next draw, moved two hours on so the wall clock cannot reach its cut-off while the
     * test runs (the 1-minute game would otherwise close under a slow test).
     */
    nextDraw: async (gameCode: string): Promise<string> => {
      const menu = await call(
        'GET',
        `/lgw/vn/games/game_menu?prizeMode=${gameCode.startsWith('SEA') ? 'SEA' : 'ELOTT'}`,
      );
      const drawId = menu.body.value.games.find((g: Json) => g.gameCode === gameCode).nextDraw
        .drawId as string;
      await query(
        `update lottery_draws set draw_time = draw_time + interval '2 hours', cutoff_at = cutoff_at + interval '2 hours'
         where id = $1`,
        [drawId],
      );
      return drawId;
    },
    /** Moves a draw's cut-off and draw time into the past: the database clock decides. */
    closeDraw: (drawId: string) =>
      query(
        `update lottery_draws set cutoff_at = now() - interval '2 seconds', draw_time = now() - interval '1 second' where id = $1`,
        [drawId],
      ),
    runDraw: (gameCode: string) => {
      const { lottery } = current().app.services;
      return lottery.draws.runDue(lottery.game(gameCode), new Date(Date.now() + 60_000));
    },
  };
}
