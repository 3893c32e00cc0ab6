import { MEMBER_TYPES, type PlayerSearchBy } from '@wps/contract';
import { eq, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import { normalizeMobile, normalizePersonName } from './normalize.ts';
import { members } from './schema.ts';
import { rowsOf } from '../../db/rows.ts';

const MAX_TREE_DEPTH = 64;
const AGENT_TYPE_LIST = `{${MEMBER_TYPES.agents.join(',')}}`;
/** A LIKE pattern matching strings that start with `s` (its own %, _ and backslash taken literally). */
export const likePrefix = (s: string) => `${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

export interface MemberSearchRow {
  id: number;
  account: string;
  type: number;
  status: string;
  payeeName: string | null;
  mobile: string | null;
  email: string | null;
  registerIp: string | null;
  parentAccount: string | null;
  createdAt: string;
  lastLoginAt: string | null;
}

export type ConsoleStatus = 'active' | 'frozen' | 'closed';

/**
 * What the operator console needs of the members table beyond the player-facing service:
 * search by prefix (text_pattern_ops indexes, no pg_trgm), status, identity, moves in the tree.
 */
export class MemberAdmin {
  constructor(private readonly db: Db) {}

  /**
   * Prefix search on account, mobile, email or real name; exact on register IP. `ids` are
   * members found elsewhere (the login audit, by IP or device) and are included.
   */
  async search(q: {
    by: PlayerSearchBy;
    q: string;
    ids?: readonly number[];
    pageNo: number;
    pageSize: number;
  }): Promise<{ rows: MemberSearchRow[]; total: number }> {
    const text = q.q.trim();
    const idList = `{${(q.ids ?? []).join(',')}}`;
    const byIds = sql`m.id = any(${idList}::int[])`;
    const where =
      q.by === 'account'
        ? sql`m.account like ${likePrefix(text.toLowerCase())}`
        : q.by === 'mobile'
          ? sql`m.mobile_num like ${likePrefix(normalizeMobile(text))}`
          : q.by === 'email'
            ? sql`lower(m.email) like ${likePrefix(text.toLowerCase())}`
            : q.by === 'name'
              ? sql`lower(m.payee_name) like ${likePrefix(text.toLowerCase())}`
              : q.by === 'ip'
                ? sql`(m.register_ip = ${text} or ${byIds})`
                : byIds;
    const result = await this.db.execute(sql`
      select m.id, m.account, m.type, m.status, m.payee_name, m.mobile_num, m.country_dialing_code,
             m.email, m.register_ip, p.account as parent_account, m.created_at, m.last_login_at,
             count(*) over ()::text as total
      from members m left join members p on p.id = m.parent_id
      where ${where}
      order by m.account, m.id
      limit ${q.pageSize} offset ${(q.pageNo - 1) * q.pageSize}`);
    const rows = rowsOf<{
      id: number;
      account: string;
      type: number;
      status: string;
      payee_name: string | null;
      mobile_num: string | null;
      country_dialing_code: string | null;
      email: string | null;
      register_ip: string | null;
      parent_account: string | null;
      created_at: string | Date;
      last_login_at: string | Date | null;
      total: string;
    }>(result);
    return {
      total: Number(rows[0]?.total ?? 0),
      rows: rows.map((r) => ({
        id: Number(r.id),
        account: r.account,
        type: Number(r.type),
        status: r.status,
        payeeName: r.payee_name,
        mobile: r.mobile_num ? `${r.country_dialing_code ?? ''} ${r.mobile_num}`.trim() : null,
        email: r.email,
        registerIp: r.register_ip,
        parentAccount: r.parent_account,
        createdAt: iso(r.created_at)!,
        lastLoginAt: iso(r.last_login_at),
      })),
    };
  }

  /** Members that registered from one of these addresses (other than `exceptId`). */
  async registeredFrom(ips: readonly string[], exceptId: number): Promise<Array<{ id: number; ip: string }>> {
    if (ips.length === 0) return [];
    const list = `{${ips.map((s) => `"${s.replace(/["\\]/g, (c) => `\\${c}`)}"`).join(',')}}`;
    const result = await this.db.execute(sql`
      select id, register_ip from members
      where register_ip = any(${list}::text[]) and id <> ${exceptId} limit 500`);
    return rowsOf<{ id: number; register_ip: string }>(result).map((r) => ({
      id: Number(r.id),
      ip: r.register_ip,
    }));
  }

  async briefs(ids: readonly number[]): Promise<Map<number, { account: string; status: string }>> {
    const out = new Map<number, { account: string; status: string }>();
    if (ids.length === 0) return out;
    const result = await this.db.execute(
      sql`select id, account, status from members where id = any(${`{${ids.join(',')}}`}::int[])`,
    );
    for (const r of rowsOf<{ id: number; account: string; status: string }>(result))
      out.set(Number(r.id), { account: r.account, status: r.status });
    return out;
  }

  /** Locks the member's row for the rest of the transaction and answers its current state. */
  async lock(tx: DbOrTx, memberId: number) {
    const result = await tx.execute(
      sql`select id, status, parent_id, type from members where id = ${memberId} for update`,
    );
    const [r] = rowsOf<{ id: number; status: string; parent_id: number | null; type: number }>(result);
    return r
      ? {
          id: Number(r.id),
          status: r.status,
          parentId: r.parent_id === null ? null : Number(r.parent_id),
          type: Number(r.type),
        }
      : null;
  }

  async setStatus(tx: DbOrTx, memberId: number, status: ConsoleStatus): Promise<void> {
    await tx.update(members).set({ status }).where(eq(members.id, memberId));
  }

  async setIdentity(
    tx: DbOrTx,
    memberId: number,
    values: {
      idNumber?: string | null | undefined;
      birthday?: string | null | undefined;
      payeeName?: string | null | undefined;
    },
  ): Promise<void> {
    const set: { idNumber?: string | null; birthday?: string | null; payeeName?: string | null } = {};
    if (values.idNumber !== undefined) set.idNumber = values.idNumber;
    if (values.birthday !== undefined) set.birthday = values.birthday;
    // Stored as the member's own entry is: one spelling, so payout holder names compare alike.
    if (values.payeeName !== undefined)
      set.payeeName = values.payeeName === null ? null : normalizePersonName(values.payeeName) || null;
    if (Object.keys(set).length) await tx.update(members).set(set).where(eq(members.id, memberId));
  }

  /**
   * Moves a member (with its whole downline) under another upline. The bets record computes each
   * bet's upline path when the bet is written (`member_upline_path`), so bets from now on carry
   * the new path and bets already recorded keep the one they were placed under.
   */
  async setParent(tx: DbOrTx, memberId: number, parentId: number | null): Promise<void> {
    await tx.update(members).set({ parentId }).where(eq(members.id, memberId));
  }

  /** Top of the tree (agents with no upline), or the direct downline of `parentId`. */
  async children(parentId: number | null, limit: number) {
    const where =
      parentId === null
        ? sql`m.parent_id is null and m.type = any(${AGENT_TYPE_LIST}::smallint[])`
        : sql`m.parent_id = ${parentId}`;
    const result = await this.db.execute(sql`
      select m.id, m.account, m.type, m.status,
             (select count(*) from members c where c.parent_id = m.id)::int as direct_count
      from members m where ${where}
      order by (m.type = any(${AGENT_TYPE_LIST}::smallint[])) desc, m.account
      limit ${limit + 1}`);
    return rowsOf<{ id: number; account: string; type: number; status: string; direct_count: number }>(
      result,
    ).map((r) => ({
      id: Number(r.id),
      account: r.account,
      type: Number(r.type),
      status: r.status,
      directCount: Number(r.direct_count),
    }));
  }

  /** Everyone below each of these members (bounded depth), by member. */
  async downlineCounts(ids: readonly number[]): Promise<Map<number, number>> {
    const out = new Map<number, number>();
    if (ids.length === 0) return out;
    const result = await this.db.execute(sql`
      with recursive down(root, id, depth) as (
        select m.parent_id, m.id, 1 from members m where m.parent_id = any(${`{${ids.join(',')}}`}::int[])
        union all
        select down.root, m.id, down.depth + 1 from members m join down on m.parent_id = down.id
        where down.depth < ${MAX_TREE_DEPTH}
      )
      select root, count(*)::int as n from down group by root`);
    for (const r of rowsOf<{ root: number; n: number }>(result)) out.set(Number(r.root), Number(r.n));
    return out;
  }
}
