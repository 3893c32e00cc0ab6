import { fromMinor, TICKET_KINDS, type TicketKind, type TicketReport } from '@wps/contract';
import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { rowsOf } from '../../db/rows.ts';
import type { InhouseService } from '../inhouse/service.ts';
import type { MembersService } from '../members/service.ts';
import { rewardTickets } from './schema.ts';
import { proofsOf, ticketOut } from './ticket-view.ts';

/** The console's reward tickets report: totals per kind, then a page of tickets with their owners. */
export async function ticketReport(
  db: Db,
  deps: { inhouse: InhouseService; members: MembersService },
  q: {
    pageNo: number;
    pageSize: number;
    account?: string | undefined;
    kind?: TicketKind | undefined;
  },
): Promise<TicketReport> {
  // Totals per kind from the prize copied on each opened ticket (jsonb element at prize_index).
  const totals = await db.execute(sql`
    select t.kind,
      count(*)::text as issued,
      count(*) filter (where t.status = 'opened')::text as opened,
      coalesce(sum((p->>'amount')::bigint) filter (where p->>'type' = 'cash'), 0)::text as cash,
      coalesce(sum((p->>'amount')::bigint) filter (where p->>'type' = 'bonus'), 0)::text as bonus,
      coalesce(sum((p->>'points')::bigint) filter (where p->>'type' = 'points'), 0)::text as points,
      count(*) filter (where p->>'type' = 'nothing')::text as nothing
    from reward_tickets t
    left join lateral (select t.prizes -> t.prize_index as p) x on t.status = 'opened'
    group by t.kind`);
  const byKind = new Map(rowsOf<Record<string, string>>(totals).map((r) => [r.kind, r]));
  let memberId: number | undefined;
  if (q.account) {
    const m = await deps.members.getByAccount(q.account);
    memberId = m?.id ?? -1;
  }
  const where = and(
    memberId !== undefined ? eq(rewardTickets.memberId, memberId) : undefined,
    q.kind ? eq(rewardTickets.kind, q.kind) : undefined,
  );
  const rows = await db
    .select()
    .from(rewardTickets)
    .where(where)
    .orderBy(desc(rewardTickets.id))
    .limit(q.pageSize)
    .offset((q.pageNo - 1) * q.pageSize);
  const [total] = await db.select({ n: count() }).from(rewardTickets).where(where);
  const proofs = await proofsOf(deps.inhouse, rows);
  const accounts = new Map<number, string>();
  for (const r of rows)
    if (!accounts.has(r.memberId))
      accounts.set(r.memberId, (await deps.members.getById(r.memberId))?.account ?? '');
  const n = Number(total?.n ?? 0);
  return {
    totals: TICKET_KINDS.map((kind) => {
      const r = byKind.get(kind);
      return {
        kind,
        issued: Number(r?.issued ?? 0),
        opened: Number(r?.opened ?? 0),
        cash: fromMinor(BigInt(r?.cash ?? 0)),
        bonus: fromMinor(BigInt(r?.bonus ?? 0)),
        points: Number(r?.points ?? 0),
        nothing: Number(r?.nothing ?? 0),
      };
    }),
    tickets: {
      content: rows.map((r) => {
        const { prizes: _p, ...rest } = ticketOut(r, proofs);
        return { ...rest, memberId: r.memberId, account: accounts.get(r.memberId) ?? '' };
      }),
      pageNum: q.pageNo,
      pageSize: q.pageSize,
      total: n,
      totalPages: Math.ceil(n / q.pageSize),
    },
  };
}
