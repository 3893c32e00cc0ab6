import type { Page } from '@wps/contract';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import { auditLog } from './schema.ts';

export interface AuditActor {
  id: number | null;
  account: string;
}

export interface AuditEntry {
  actor: AuditActor;
  /** Dotted verb, e.g. `deposit.approve`, `wallet.adjust`. */
  action: string;
  target: { type: string; id: string | number };
  before?: unknown;
  after?: unknown;
  ip?: string | null;
}

export interface AuditRecord {
  id: number;
  actorId: number | null;
  actorAccount: string;
  action: string;
  targetType: string;
  targetId: string;
  before: unknown;
  after: unknown;
  ip: string | null;
  createdAt: string;
}

/** JSON-safe copy: bigints (money in paisa) become decimal strings of paisa, dates ISO strings. */
function jsonSafe(value: unknown): unknown {
  if (value === undefined) return null;
  return JSON.parse(JSON.stringify(value, (_k, v) => (typeof v === 'bigint' ? v.toString() : v)));
}

/**
 * The operator audit log: append-only (a database trigger refuses UPDATE and DELETE). Callers
 * pass their transaction so an action and its audit entry commit together or not at all.
 */
export class AuditService {
  constructor(private readonly db: Db) {}

  async record(entry: AuditEntry, tx?: DbOrTx): Promise<void> {
    await (tx ?? this.db).insert(auditLog).values({
      actorId: entry.actor.id,
      actorAccount: entry.actor.account,
      action: entry.action,
      targetType: entry.target.type,
      targetId: String(entry.target.id),
      before: jsonSafe(entry.before),
      after: jsonSafe(entry.after),
      ip: entry.ip ?? null,
    });
  }

  async list(query: {
    pageNo: number;
    pageSize: number;
    action?: string | undefined;
    targetType?: string | undefined;
    targetId?: string | undefined;
  }): Promise<Page<AuditRecord>> {
    const where = and(
      query.action ? eq(auditLog.action, query.action) : undefined,
      query.targetType ? eq(auditLog.targetType, query.targetType) : undefined,
      query.targetId ? eq(auditLog.targetId, query.targetId) : undefined,
    );
    const [count] = await this.db.select({ n: sql<string>`count(*)::text` }).from(auditLog).where(where);
    const total = Number(count?.n ?? 0);
    const rows = await this.db
      .select()
      .from(auditLog)
      .where(where)
      .orderBy(desc(auditLog.id))
      .limit(query.pageSize)
      .offset((query.pageNo - 1) * query.pageSize);
    return {
      content: rows.map((r) => ({
        id: Number(r.id),
        actorId: r.actorId,
        actorAccount: r.actorAccount,
        action: r.action,
        targetType: r.targetType,
        targetId: r.targetId,
        before: r.before,
        after: r.after,
        ip: r.ip,
        createdAt: new Date(r.createdAt).toISOString(),
      })),
      pageNum: query.pageNo,
      pageSize: query.pageSize,
      total,
      totalPages: Math.ceil(total / query.pageSize),
    };
  }
}
