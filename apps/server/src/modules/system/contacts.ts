import type { ContactInput, ResourceInput } from '@wps/contract';
import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import type { SystemService } from './service.ts';
import { customerServiceEntries, systemResources } from './schema.ts';

/**
 * The console's edits of the permission payload's customer-service entries and resources
 * (SPEC §3). The system module owns the tables; each change drops its cached snapshot so the
 * next permission call carries it.
 */
export class SystemContacts {
  constructor(
    private readonly db: Db,
    private readonly system: SystemService,
  ) {}

  contacts() {
    return this.db
      .select()
      .from(customerServiceEntries)
      .orderBy(asc(customerServiceEntries.sort), asc(customerServiceEntries.id));
  }

  async saveContact(id: number | null, input: ContactInput) {
    const [row] =
      id === null
        ? await this.db.insert(customerServiceEntries).values(input).returning()
        : await this.db
            .update(customerServiceEntries)
            .set(input)
            .where(eq(customerServiceEntries.id, id))
            .returning();
    if (!row) throw new AppError('NOT_FOUND');
    this.system.invalidate();
    return row;
  }

  async deleteContact(id: number) {
    const [row] = await this.db
      .delete(customerServiceEntries)
      .where(eq(customerServiceEntries.id, id))
      .returning();
    if (!row) throw new AppError('NOT_FOUND');
    this.system.invalidate();
    return row;
  }

  resources() {
    return this.db.select().from(systemResources).orderBy(asc(systemResources.sort), asc(systemResources.id));
  }

  async saveResource(id: number | null, input: ResourceInput) {
    const [row] =
      id === null
        ? await this.db.insert(systemResources).values(input).returning()
        : await this.db.update(systemResources).set(input).where(eq(systemResources.id, id)).returning();
    if (!row) throw new AppError('NOT_FOUND');
    this.system.invalidate();
    return row;
  }

  async deleteResource(id: number) {
    const [row] = await this.db.delete(systemResources).where(eq(systemResources.id, id)).returning();
    if (!row) throw new AppError('NOT_FOUND');
    this.system.invalidate();
    return row;
  }
}
