import { and, desc, eq, isNotNull, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { loginAudit } from './schema.ts';
import { rowsOf } from '../../db/rows.ts';

export interface LoginEvent {
  at: Date;
  ip: string;
  userAgent: string | null;
  deviceId: string | null;
  loginType: string;
  portal: string;
  result: string;
}

export interface SharedTrace {
  kind: 'ip' | 'device';
  value: string;
  logins: number;
  firstAt: Date;
  lastAt: Date;
}

/**
 * A member's sign-in history as the login audit recorded it (every attempt that reached a known
 * member, with address, user agent and device id), and who else signed in from the same place.
 */
export class LoginHistory {
  constructor(private readonly db: Db) {}

  async ofMember(memberId: number, page: { pageNo: number; pageSize: number }) {
    const where = eq(loginAudit.memberId, memberId);
    const [count] = await this.db.select({ n: sql<string>`count(*)::text` }).from(loginAudit).where(where);
    const rows = await this.db
      .select({
        at: loginAudit.at,
        ip: loginAudit.ip,
        userAgent: loginAudit.userAgent,
        deviceId: loginAudit.deviceId,
        loginType: loginAudit.loginType,
        portal: loginAudit.portal,
        result: loginAudit.result,
      })
      .from(loginAudit)
      .where(where)
      .orderBy(desc(loginAudit.at), desc(loginAudit.id))
      .limit(page.pageSize)
      .offset((page.pageNo - 1) * page.pageSize);
    return { rows: rows as LoginEvent[], total: Number(count?.n ?? 0) };
  }

  /** Addresses and devices of the member's successful logins, most recent first. */
  async traces(memberId: number, limit = 100): Promise<SharedTrace[]> {
    const result = await this.db.execute(sql`
      select 'ip' as kind, ip as value, count(*)::int as logins, min(at) as first_at, max(at) as last_at
        from login_audit where member_id = ${memberId} and result = 'ok' group by ip
      union all
      select 'device', device_id, count(*)::int, min(at), max(at)
        from login_audit where member_id = ${memberId} and result = 'ok' and device_id is not null
        group by device_id
      order by last_at desc limit ${limit}`);
    return rowsOf<{
      kind: 'ip' | 'device';
      value: string;
      logins: number;
      first_at: string;
      last_at: string;
    }>(result).map((r) => ({
      kind: r.kind,
      value: r.value,
      logins: Number(r.logins),
      firstAt: new Date(r.first_at),
      lastAt: new Date(r.last_at),
    }));
  }

  /** Other members that signed in successfully from one of these addresses or devices. */
  async sharing(
    memberId: number,
    ips: readonly string[],
    devices: readonly string[],
  ): Promise<Array<{ memberId: number; kind: 'ip' | 'device'; value: string }>> {
    if (ips.length === 0 && devices.length === 0) return [];
    const result = await this.db.execute(sql`
      select distinct member_id, 'ip' as kind, ip as value from login_audit
        where ip = any(${`{${ips.map(quote).join(',')}}`}::text[]) and result = 'ok'
          and member_id is not null and member_id <> ${memberId}
      union
      select distinct member_id, 'device', device_id from login_audit
        where device_id = any(${`{${devices.map(quote).join(',')}}`}::text[]) and result = 'ok'
          and member_id is not null and member_id <> ${memberId}
      limit 500`);
    return rowsOf<{ member_id: number; kind: 'ip' | 'device'; value: string }>(result).map((r) => ({
      memberId: Number(r.member_id),
      kind: r.kind,
      value: r.value,
    }));
  }

  /** Members who signed in from an address (or with a device): the console's search by IP/device. */
  async memberIdsBy(by: 'ip' | 'device', value: string, limit = 1000): Promise<number[]> {
    const rows = await this.db
      .selectDistinct({ id: loginAudit.memberId })
      .from(loginAudit)
      .where(
        and(
          by === 'ip' ? eq(loginAudit.ip, value) : eq(loginAudit.deviceId, value),
          isNotNull(loginAudit.memberId),
          ne(loginAudit.portal, 'operator'),
        ),
      )
      .limit(limit);
    return rows.map((r) => r.id!).filter((id) => id !== null);
  }
}

/** A Postgres array literal element: quoted, with quotes and backslashes escaped. */
const quote = (s: string) => `"${s.replace(/["\\]/g, (c) => `\\${c}`)}"`;
