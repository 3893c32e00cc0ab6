import type { FastifyInstance } from 'fastify';
import type { MemberPrincipal } from '../../http/auth.ts';
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
