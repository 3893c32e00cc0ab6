import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import { normalizeAccount, uniqueViolation } from '../members/normalize.ts';
import { burnVerification, hashPassword, verifyPassword } from '../members/passwords.ts';
import { operators } from './schema.ts';

export type Operator = typeof operators.$inferSelect;

/** Operator accounts (the console's users). Same password storage as members. */
export class OperatorService {
  constructor(private readonly db: Db) {}

  async create(input: { account: string; password: string; permissions: string[] }): Promise<Operator> {
    try {
      const [row] = await this.db
        .insert(operators)
        .values({
          account: normalizeAccount(input.account),
          passwordHash: await hashPassword(input.password),
          permissions: [...new Set(input.permissions)],
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
}
