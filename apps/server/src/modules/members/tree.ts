import { MEMBER_TYPES } from '@wps/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { rowsOf } from '../../db/rows.ts';

const MAX_TREE_DEPTH = 64;
const AGENT_TYPE_LIST = `{${MEMBER_TYPES.agents.join(',')}}`;

export interface TreeMember {
  id: number;
  account: string;
  nickname: string | null;
  type: number;
  parentId: number | null;
  parentAccount: string | null;
  /** Depth below the agent asking (1 = its direct downline). */
  level: number;
  directCount: number;
  status: string;
  createdAt: string;
}

interface TreeRow {
  id: number;
  account: string;
  nickname: string | null;
  type: number;
  parent_id: number | null;
  parent_account: string | null;
  level: number;
  direct_count: string;
  status: string;
  created_at: string | Date;
  total: string;
}

const toMember = (r: TreeRow): TreeMember => ({
  id: Number(r.id),
  account: r.account,
  nickname: r.nickname,
  type: Number(r.type),
  parentId: r.parent_id === null ? null : Number(r.parent_id),
  parentAccount: r.parent_account,
  level: Number(r.level),
  directCount: Number(r.direct_count),
  status: r.status,
  createdAt: new Date(r.created_at).toISOString(),
});

export type TreeSort = 'account' | 'createdAt';

/**
 * The agent tree as the agent centre reads it. The tree is `members.parent_id` (indexed): a
 * level is one index range; a subtree is a recursive walk, bounded in depth. Callers check that
 * the subtree is the caller's own before asking.
 */
export class MemberTree {
  constructor(private readonly db: Db) {}

  /** Accounts by id (ids that do not exist are left out). */
  async accountsOf(ids: readonly number[]): Promise<Map<number, string>> {
    const out = new Map<number, string>();
    if (ids.length === 0) return out;
    const result = await this.db.execute(
      sql`select id, account from members where id = any(${`{${ids.join(',')}}`}::int[])`,
    );
    for (const r of rowsOf<{ id: number; account: string }>(result)) out.set(Number(r.id), r.account);
    return out;
  }

  /** The member's uplines, root first (the same order as bets.upline_path). */
  async uplinePath(memberId: number): Promise<number[]> {
    const result = await this.db.execute(sql`select member_upline_path(${memberId}) as path`);
    const [row] = rowsOf<{ path: number[] | null }>(result);
    return (row?.path ?? []).map(Number);
  }

  /**
   * One level (the direct downline of `parentId`), or with `search` the whole subtree of
   * `ancestorId` filtered by account prefix. `level` counts from `ancestorId`.
   */
  async list(opts: {
    ancestorId: number;
    parentId: number;
    search?: string | undefined;
    sort?: TreeSort | undefined;
    pageNo: number;
    pageSize: number;
  }): Promise<{ rows: TreeMember[]; total: number }> {
    const order = opts.sort === 'createdAt' ? sql`created_at desc, id desc` : sql`account, id`;
    const offset = (opts.pageNo - 1) * opts.pageSize;
    const cols = sql`m.id, m.account, m.nickname, m.type, m.parent_id, m.status, m.created_at`;
    let result: unknown;
    if (opts.search) {
      const prefix = `${opts.search.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      result = await this.db.execute(sql`
        with recursive down as (
          select ${cols}, 1 as level from members m where m.parent_id = ${opts.ancestorId}
          union all
          select ${cols}, down.level + 1 from members m join down on m.parent_id = down.id
          where down.level < ${MAX_TREE_DEPTH}
        ), hit as (select * from down where account like ${prefix})
        select hit.*, p.account as parent_account,
               (select count(*) from members c where c.parent_id = hit.id)::text as direct_count,
               (select count(*) from hit)::text as total
        from hit left join members p on p.id = hit.parent_id
        order by ${order} limit ${opts.pageSize} offset ${offset}`);
    } else {
      const base = await this.levelOf(opts.ancestorId, opts.parentId);
      result = await this.db.execute(sql`
        select ${cols}, ${base + 1}::int as level, p.account as parent_account,
               (select count(*) from members c where c.parent_id = m.id)::text as direct_count,
               count(*) over ()::text as total
        from members m left join members p on p.id = m.parent_id
        where m.parent_id = ${opts.parentId}
        order by ${order} limit ${opts.pageSize} offset ${offset}`);
    }
    const rows = rowsOf<TreeRow>(result);
    let total = Number(rows[0]?.total ?? 0);
    if (rows.length === 0 && offset > 0) total = await this.countList(opts);
    return { rows: rows.map(toMember), total };
  }

  private async countList(opts: { ancestorId: number; parentId: number; search?: string | undefined }) {
    if (opts.search) return 0;
    const result = await this.db.execute(
      sql`select count(*)::text as n from members where parent_id = ${opts.parentId}`,
    );
    return Number(rowsOf<{ n: string }>(result)[0]?.n ?? 0);
  }

  /** How far `memberId` sits below `ancestorId` (0 for itself). */
  private async levelOf(ancestorId: number, memberId: number): Promise<number> {
    if (ancestorId === memberId) return 0;
    const path = await this.uplinePath(memberId);
    const at = path.indexOf(ancestorId);
    return at < 0 ? 0 : path.length - at;
  }

  /** Head counts of a subtree (team overview): everyone, agents, direct, and new in a range. */
  /**
   * `select id` of the member and their whole downline, for other modules to filter their own
   * rows by team (the cashier's deposits and withdrawals) without reading the members table.
   */
  teamIdsSql(ancestorId: number): SQL {
    // Level by level, each level's ids as one array: `parent_id = any(level)` is one walk of the
    // parent index per level. The row-per-member recursion joined each level by hashing the whole
    // members table (100K rows, once per level: 0.7 s for a top agent; issue 12).
    return sql`(
      with recursive lv(level, ids) as (
        select 0, array[${ancestorId}::int]
        union all
        select lv.level + 1, array(select id from members where parent_id = any(lv.ids))
        from lv where cardinality(lv.ids) > 0 and lv.level < ${MAX_TREE_DEPTH}
      )
      select unnest(ids) as id from lv)`;
  }

  async counts(
    ancestorId: number,
    from: Date,
    to: Date,
  ): Promise<{ members: number; agents: number; direct: number; newMembers: number }> {
    // Level by level with each level's figures (see teamIdsSql): the parent index per level.
    const result = await this.db.execute(sql`
      with recursive lv(level, ids, n, agents, fresh) as (
        select 0, array[${ancestorId}::int], 0::bigint, 0::bigint, 0::bigint
        union all
        select lv.level + 1, x.ids, x.n, x.agents, x.fresh
        from lv cross join lateral (
          select array_agg(id) as ids, count(*) as n,
                 count(*) filter (where type = any(${AGENT_TYPE_LIST}::smallint[])) as agents,
                 count(*) filter (where created_at >= ${from.toISOString()}::timestamptz
                                    and created_at < ${to.toISOString()}::timestamptz) as fresh
          from members where parent_id = any(lv.ids)
        ) x
        where lv.level < ${MAX_TREE_DEPTH} and x.n > 0
      )
      select coalesce(sum(n), 0)::text as members, coalesce(sum(agents), 0)::text as agents,
             coalesce(sum(n) filter (where level = 1), 0)::text as direct,
             coalesce(sum(fresh), 0)::text as new_members
      from lv`);
    const r = rowsOf<{ members: string; agents: string; direct: string; new_members: string }>(result)[0];
    return {
      members: Number(r?.members ?? 0),
      agents: Number(r?.agents ?? 0),
      direct: Number(r?.direct ?? 0),
      newMembers: Number(r?.new_members ?? 0),
    };
  }
}
