import { effectivePermissions, type OperatorRole, type OperatorRow } from '@wps/contract';
import { and, asc, eq, isNull, ne, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import { normalizeAccount, uniqueViolation } from '../members/normalize.ts';
import { burnVerification, hashPassword, verifyPassword } from '../members/passwords.ts';
import { operatorLoginChallenges, operatorRecoveryCodes, operators, sessions } from './schema.ts';

export type Operator = typeof operators.$inferSelect;

/** Who changed an operator, for the audit log. */
export interface OperatorActor {
  id: number;
  account: string;
  ip: string;
}

/** The audit log (AuditService.record), injected so this module does not import the admin module. */
export type AuditRecorder = (
  entry: {
    actor: { id: number; account: string };
    action: string;
    target: { type: string; id: string | number };
    before?: unknown;
    after?: unknown;
    ip?: string | null;
  },
  tx?: DbOrTx,
) => Promise<void>;

export const toOperatorRow = (op: Operator): OperatorRow => ({
  id: op.id,
  account: op.account,
  role: op.role as OperatorRole,
  permissions: op.permissions,
  effectivePermissions: effectivePermissions(op.role, op.permissions),
  status: op.status === 'active' ? 'active' : 'disabled',
  totpEnabled: op.totpEnabledAt !== null,
  lastLoginAt: op.lastLoginAt?.toISOString() ?? null,
  createdAt: op.createdAt.toISOString(),
});

const summary = (op: Operator) => ({ role: op.role, permissions: op.permissions, status: op.status });

/** Operator accounts (the console's users). Same password storage as members. */
export class OperatorService {
  constructor(
    private readonly db: Db,
    private readonly auditRecorder?: AuditRecorder,
    /** Drops the operator's cached sessions in this process at once (others hear the NOTIFY). */
    private readonly forgetSessions?: (operatorId: number) => void,
  ) {}

  async create(input: {
    account: string;
    password: string;
    permissions?: string[];
    role?: OperatorRole;
  }): Promise<Operator> {
    try {
      const [row] = await this.db
        .insert(operators)
        .values({
          account: normalizeAccount(input.account),
          passwordHash: await hashPassword(input.password),
          permissions: [...new Set(input.permissions ?? [])],
          role: input.role ?? 'custom',
        })
        .returning();
      return row!;
    } catch (err) {
      if (uniqueViolation(err)) throw new AppError('CONFLICT', { messageKey: 'usernameTaken' });
      throw err;
    }
  }

  async getByAccount(account: string): Promise<Operator | null> {
    const key = normalizeAccount(account);
    if (!key || key.length > 100) return null;
    const [row] = await this.db.select().from(operators).where(eq(operators.account, key));
    return row ?? null;
  }

  async getById(id: number): Promise<Operator | null> {
    const [row] = await this.db.select().from(operators).where(eq(operators.id, id));
    return row ?? null;
  }

  async checkPassword(operator: Operator | null, password: string): Promise<boolean> {
    if (!operator) return burnVerification(password);
    return verifyPassword(operator.passwordHash, password);
  }

  async recordLogin(id: number): Promise<void> {
    await this.db.update(operators).set({ lastLoginAt: sql`now()` }).where(eq(operators.id, id));
  }

  // ---- the owner's console (/wps/admin/operators) ----

  async list(): Promise<OperatorRow[]> {
    const rows = await this.db.select().from(operators).orderBy(asc(operators.id));
    return rows.map(toOperatorRow);
  }

  async createByOwner(
    actor: OperatorActor,
    input: { account: string; password: string; role: OperatorRole; permissions?: string[] | undefined },
  ): Promise<OperatorRow> {
    const op = await this.create(input);
    await this.audit(actor, 'operator.create', op.id, null, summary(op));
    return toOperatorRow(op);
  }

  /** Role (and explicit permissions) change; the last active owner keeps the owner role. */
  async changeRole(
    actor: OperatorActor,
    id: number,
    input: { role: OperatorRole; permissions?: string[] | undefined },
  ): Promise<OperatorRow> {
    return this.changing(actor, id, 'operator.role', async (tx, before) => {
      if (before.role === 'owner' && input.role !== 'owner') await this.keepAnOwner(tx, before);
      const [row] = await tx
        .update(operators)
        .set({
          role: input.role,
          ...(input.permissions ? { permissions: [...new Set(input.permissions)] } : {}),
        })
        .where(eq(operators.id, id))
        .returning();
      return row!;
    });
  }

  /** Disable (revokes every session at once) or enable; the last active owner stays active. */
  async setStatus(actor: OperatorActor, id: number, status: 'active' | 'disabled'): Promise<OperatorRow> {
    return this.changing(
      actor,
      id,
      status === 'active' ? 'operator.enable' : 'operator.disable',
      async (tx, before) => {
        if (status === 'disabled' && before.role === 'owner') await this.keepAnOwner(tx, before);
        const [row] = await tx.update(operators).set({ status }).where(eq(operators.id, id)).returning();
        if (status === 'disabled') await this.revokeSessions(tx, id);
        return row!;
      },
    );
  }

  /** New password; every open session of the operator ends. */
  async resetPassword(actor: OperatorActor, id: number, password: string): Promise<OperatorRow> {
    const hash = await hashPassword(password);
    return this.changing(actor, id, 'operator.password_reset', async (tx) => {
      const [row] = await tx
        .update(operators)
        .set({ passwordHash: hash })
        .where(eq(operators.id, id))
        .returning();
      await this.revokeSessions(tx, id);
      return row!;
    });
  }

  /** Clears the second factor (lost phone): the operator enrols again; sessions end. */
  async resetTotp(actor: OperatorActor, id: number): Promise<OperatorRow> {
    return this.changing(actor, id, 'operator.totp_reset', async (tx) => {
      const [row] = await tx
        .update(operators)
        .set({ totpSecret: null, totpPendingSecret: null, totpEnabledAt: null, totpLastStep: null })
        .where(eq(operators.id, id))
        .returning();
      await tx.delete(operatorRecoveryCodes).where(eq(operatorRecoveryCodes.operatorId, id));
      await this.revokeSessions(tx, id);
      return row!;
    });
  }

  private async changing(
    actor: OperatorActor,
    id: number,
    action: string,
    change: (tx: DbOrTx, before: Operator) => Promise<Operator>,
  ): Promise<OperatorRow> {
    const after = await this.db.transaction(async (tx) => {
      // Every owner row locked in one order: two owners demoting each other cannot both pass.
      await tx
        .select({ id: operators.id })
        .from(operators)
        .where(eq(operators.role, 'owner'))
        .orderBy(asc(operators.id))
        .for('update');
      const [before] = await tx.select().from(operators).where(eq(operators.id, id)).for('update');
      if (!before) throw new AppError('NOT_FOUND');
      const row = await change(tx, before);
      await this.auditRecorder?.(
        {
          actor: { id: actor.id, account: actor.account },
          action,
          target: { type: 'operator', id },
          before: summary(before),
          after: summary(row),
          ip: actor.ip,
        },
        tx,
      );
      return row;
    });
    this.forgetSessions?.(id);
    return toOperatorRow(after);
  }

  private async keepAnOwner(tx: DbOrTx, target: Operator): Promise<void> {
    if (target.status !== 'active') return;
    const [other] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(operators)
      .where(and(eq(operators.role, 'owner'), eq(operators.status, 'active'), ne(operators.id, target.id)));
    if ((other?.n ?? 0) === 0) throw new AppError('CONFLICT', { messageKey: 'lastOwner' });
  }

  /**
   * Ends every open session of the operator and every sign-in challenge still waiting for a code:
   * a challenge opened with the old password must not finish after a reset (issue 28), nor after
   * the operator was disabled or lost their second factor.
   */
  private async revokeSessions(tx: DbOrTx, operatorId: number): Promise<void> {
    await tx
      .update(sessions)
      .set({ revokedAt: sql`now()` })
      .where(and(eq(sessions.operatorId, operatorId), sql`${sessions.revokedAt} IS NULL`));
    await tx
      .update(operatorLoginChallenges)
      .set({ consumedAt: sql`now()` })
      .where(
        and(eq(operatorLoginChallenges.operatorId, operatorId), isNull(operatorLoginChallenges.consumedAt)),
      );
  }

  private async audit(actor: OperatorActor, action: string, id: number, before: unknown, after: unknown) {
    await this.auditRecorder?.({
      actor: { id: actor.id, account: actor.account },
      action,
      target: { type: 'operator', id },
      before,
      after,
      ip: actor.ip,
    });
  }
}
