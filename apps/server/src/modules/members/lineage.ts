import type { DownlineMember } from '@wps/contract';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { rowsOf } from '../../db/rows.ts';

// The agent tree walked by recursive queries (the agent centre's counts and levels: tree.ts).

/** Guard against a corrupt tree: no real agent hierarchy is this deep. */
const MAX_TREE_DEPTH = 64;

/** True when `memberId` sits anywhere below `ancestorId` in the agent tree (not itself). */
export async function isInDownline(db: Db, ancestorId: number, memberId: number): Promise<boolean> {
  if (!Number.isSafeInteger(ancestorId) || !Number.isSafeInteger(memberId) || ancestorId === memberId)
    return false;
  const result = await db.execute(sql`
    with recursive up(id, parent_id, depth) as (
      select id, parent_id, 0 from members where id = ${memberId}
      union all
      select m.id, m.parent_id, up.depth + 1 from members m join up on m.id = up.parent_id
      where up.depth < ${MAX_TREE_DEPTH}
    )
    select 1 as hit from up where id = ${ancestorId} and depth > 0 limit 1`);
  return rowsOf(result).length > 0;
}

/** Everyone below an agent, nearest first (depth 1 = direct downline). */
export async function downline(db: Db, ancestorId: number): Promise<DownlineMember[]> {
  const result = await db.execute(sql`
    with recursive down(id, account, type, parent_id, created_at, depth) as (
      select id, account, type, parent_id, created_at, 1 from members where parent_id = ${ancestorId}
      union all
      select m.id, m.account, m.type, m.parent_id, m.created_at, down.depth + 1
      from members m join down on m.parent_id = down.id
      where down.depth < ${MAX_TREE_DEPTH}
    )
    select id, account, type, parent_id, created_at, depth from down order by depth, id`);
  return rowsOf<{
    id: number;
    account: string;
    type: number;
    parent_id: number | null;
    created_at: string | Date;
    depth: number;
  }>(result).map((r) => ({
    id: Number(r.id),
    account: r.account,
    type: Number(r.type),
    parentId: r.parent_id === null ? null : Number(r.parent_id),
    depth: Number(r.depth),
    createdAt: new Date(r.created_at).toISOString(),
  }));
}
