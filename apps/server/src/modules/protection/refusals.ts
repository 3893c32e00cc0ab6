import { fromMinor } from '@wps/contract';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { AppError } from '../../http/errors.ts';
import { protectionRefusals } from './schema.ts';

/** What a refusal was of: the limit or exclusion, and what the member tried. */
export interface Refusal {
  kind: string;
  period?: string | null;
  context: string;
  limit?: bigint | null;
  attempted?: bigint | null;
}

/**
 * The record of every deposit, bet and sign-in that a limit or an exclusion refused (the
 * operator's "hits" list). Written outside the refused call's transaction, which rolls back.
 */
export class Refusals {
  private readonly recording = new Set<Promise<unknown>>();

  constructor(private readonly db: Db) {}

  /** Records a refusal without waiting, and hands back the error to throw. */
  record(memberId: number, r: Refusal, err: AppError): AppError {
    const p = this.db
      .insert(protectionRefusals)
      .values({
        memberId,
        kind: r.kind,
        period: r.period ?? null,
        context: r.context,
        limitValue: r.limit ?? null,
        attempted: r.attempted ?? null,
      })
      .catch(() => undefined);
    this.recording.add(p);
    void p.finally(() => this.recording.delete(p));
    return err;
  }

  /** Waits for refusals still being written (tests). */
  async flush(): Promise<void> {
    await Promise.all([...this.recording]);
  }

  /** The console's list, newest first. */
  async list(q: { pageNo: number; pageSize: number }) {
    const rows = await this.db.execute(sql`
      select r.id, m.account, r.kind, r.period, r.context, r.limit_value::text as limit_value,
             r.attempted::text as attempted, r.created_at, count(*) over ()::int as total
      from protection_refusals r join members m on m.id = r.member_id
      order by r.id desc limit ${q.pageSize} offset ${(q.pageNo - 1) * q.pageSize}`);
    const list = (rows as unknown as { rows: Array<Record<string, unknown>> }).rows;
    const money = (kind: string, v: unknown) =>
      v === null || v === undefined ? null : kind === 'session' ? String(v) : fromMinor(BigInt(String(v)));
    return {
      list: list.map((r) => ({
        id: Number(r.id),
        account: String(r.account),
        kind: String(r.kind),
        period: (r.period as string | null) ?? null,
        context: String(r.context),
        limit: money(String(r.kind), r.limit_value),
        attempted: money(String(r.kind), r.attempted),
        createdAt: new Date(r.created_at as string).toISOString(),
      })),
      pageNo: q.pageNo,
      pageSize: q.pageSize,
      total: Number(list[0]?.total ?? 0),
    };
  }
}
