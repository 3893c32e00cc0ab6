import type { SupportCanned } from '@wps/contract';
import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import type { AuditService } from '../admin/service.ts';
import { supportCanned } from './schema.ts';

export interface SupportActor {
  id: number;
  account: string;
  ip?: string | null | undefined;
}
type CannedInput = { title: string; textEn: string; textNe: string };

const row = (r: typeof supportCanned.$inferSelect): SupportCanned => ({
  id: r.id,
  title: r.title,
  textEn: r.textEn,
  textNe: r.textNe,
});

/** The console's prepared answers (EN and NE): the operator picks the player's language. Audited. */
export class CannedAnswers {
  constructor(
    private readonly db: Db,
    private readonly audit: AuditService,
  ) {}

  async list(): Promise<SupportCanned[]> {
    return (await this.db.select().from(supportCanned).orderBy(asc(supportCanned.title))).map(row);
  }

  async create(actor: SupportActor, input: CannedInput): Promise<SupportCanned> {
    return this.db.transaction(async (tx) => {
      const [r] = await tx.insert(supportCanned).values(input).returning();
      if (!r) throw new AppError('INTERNAL');
      await this.audit.record(
        {
          actor,
          action: 'support.canned.create',
          target: { type: 'supportCanned', id: r.id },
          after: input,
          ip: actor.ip,
        },
        tx,
      );
      return row(r);
    });
  }

  async update(actor: SupportActor, id: number, input: CannedInput): Promise<SupportCanned> {
    return this.db.transaction(async (tx) => {
      const [before] = await tx.select().from(supportCanned).where(eq(supportCanned.id, id));
      if (!before) throw new AppError('NOT_FOUND');
      const [r] = await tx
        .update(supportCanned)
        .set({ ...input, updatedAt: new Date() })
        .where(eq(supportCanned.id, id))
        .returning();
      if (!r) throw new AppError('NOT_FOUND');
      await this.audit.record(
        {
          actor,
          action: 'support.canned.update',
          target: { type: 'supportCanned', id },
          before: row(before),
          after: input,
          ip: actor.ip,
        },
        tx,
      );
      return row(r);
    });
  }

  async remove(actor: SupportActor, id: number): Promise<void> {
    await this.db.transaction(async (tx) => {
      const [before] = await tx.delete(supportCanned).where(eq(supportCanned.id, id)).returning();
      if (!before) throw new AppError('NOT_FOUND');
      await this.audit.record(
        {
          actor,
          action: 'support.canned.delete',
          target: { type: 'supportCanned', id },
          before: row(before),
          ip: actor.ip,
        },
        tx,
      );
    });
  }
}
