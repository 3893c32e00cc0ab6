import { fromMinor, type Leaderboard, type MissionPeriod } from '@wps/contract';
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { MembersService } from '../members/service.ts';
import { missionTurnover } from './schema.ts';

/** An account as the public leaderboard shows it: de***01. */
export const maskAccount = (a: string): string =>
  a.length <= 4 ? `${a.slice(0, 1)}***` : `${a.slice(0, 2)}***${a.slice(-2)}`;

/**
 * Top valid bets of one day or week from the missions consumer's per-period sums (ties: the
 * earlier member first), and the viewer's own rank in the same order.
 */
export async function readLeaderboard(
  db: Db,
  members: MembersService,
  q: { period: MissionPeriod; start: Date; end: Date; viewer: number | null; size: number },
): Promise<Leaderboard> {
  const where = and(eq(missionTurnover.period, q.period), eq(missionTurnover.periodStart, q.start));
  const rows = await db
    .select()
    .from(missionTurnover)
    .where(and(where, sql`${missionTurnover.validStake} > 0`))
    .orderBy(desc(missionTurnover.validStake), asc(missionTurnover.memberId))
    .limit(q.size);
  const list = [];
  for (const [i, r] of rows.entries()) {
    const m = await members.getById(r.memberId);
    list.push({
      rank: i + 1,
      account: maskAccount(m?.account ?? '?'),
      validBet: fromMinor(r.validStake),
      rounds: r.rounds,
      me: r.memberId === q.viewer,
    });
  }
  let mine: Leaderboard['mine'] = null;
  if (q.viewer !== null) {
    const [me] = await db
      .select()
      .from(missionTurnover)
      .where(and(where, eq(missionTurnover.memberId, q.viewer)));
    if (me && me.validStake > 0n) {
      const [above] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(missionTurnover)
        .where(
          and(
            where,
            sql`(${missionTurnover.validStake} > ${me.validStake} or (${missionTurnover.validStake} = ${me.validStake} and ${missionTurnover.memberId} < ${q.viewer}))`,
          ),
        );
      mine = { rank: Number(above?.n ?? 0) + 1, validBet: fromMinor(me.validStake) };
    }
  }
  return { period: q.period, periodStart: q.start.toISOString(), periodEnd: q.end.toISOString(), list, mine };
}
