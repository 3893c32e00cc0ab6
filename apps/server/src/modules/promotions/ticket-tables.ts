import { TICKET_KINDS, type PrizeTable, type PrizeTableInput, type TicketKind } from '@wps/contract';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { AuditService } from '../admin/service.ts';
import { ticketPrizeTables } from './schema.ts';
import type { Actor } from './promotion-view.ts';
import { prizeOut, toStored, totalWeight } from './ticket-math.ts';
import { iso } from './ticket-view.ts';

/** The reward tickets' prize tables, one per kind: what a ticket issued today copies. */
export class TicketPrizeTables {
  constructor(
    private readonly db: Db,
    private readonly audit: AuditService,
  ) {}

  private tableOut(kind: TicketKind, row: typeof ticketPrizeTables.$inferSelect | undefined): PrizeTable {
    const prizes = row?.prizes ?? [];
    const total = totalWeight(prizes);
    return {
      kind,
      enabled: row?.enabled ?? false,
      totalWeight: total,
      prizes: prizes.map((p, i) => prizeOut(p, i, total)),
      updatedAt: row ? iso(row.updatedAt) : null,
      updatedBy: row?.updatedBy ?? null,
    };
  }

  /** Every kind's table; a kind never set up is shown disabled and empty. */
  async tables(): Promise<PrizeTable[]> {
    const rows = await this.db.select().from(ticketPrizeTables);
    return TICKET_KINDS.map((k) =>
      this.tableOut(
        k,
        rows.find((r) => r.kind === k),
      ),
    );
  }

  async saveTable(actor: Actor, kind: TicketKind, input: PrizeTableInput): Promise<PrizeTable> {
    const prizes = input.prizes.map(toStored);
    return this.db.transaction(async (tx) => {
      const [before] = await tx.select().from(ticketPrizeTables).where(eq(ticketPrizeTables.kind, kind));
      const values = { enabled: input.enabled, prizes, updatedAt: new Date(), updatedBy: actor.account };
      const [row] = await tx
        .insert(ticketPrizeTables)
        .values({ kind, ...values })
        .onConflictDoUpdate({ target: ticketPrizeTables.kind, set: values })
        .returning();
      await this.audit.record(
        {
          actor,
          action: 'tickets.table.save',
          target: { type: 'ticket_prize_table', id: kind },
          before: before ?? null,
          after: { enabled: input.enabled, prizes },
          ip: actor.ip ?? null,
        },
        tx,
      );
      return this.tableOut(kind, row);
    });
  }

  /** Demo tables (seed only): each kind without a table gets one. */
  async ensureDemoTables(tables: Partial<Record<TicketKind, PrizeTableInput>>): Promise<boolean> {
    let changed = false;
    for (const [kind, input] of Object.entries(tables) as [TicketKind, PrizeTableInput][]) {
      const rows = await this.db
        .insert(ticketPrizeTables)
        .values({ kind, enabled: input.enabled, prizes: input.prizes.map(toStored), updatedBy: 'seed' })
        .onConflictDoNothing()
        .returning({ kind: ticketPrizeTables.kind });
      changed = changed || rows.length > 0;
    }
    return changed;
  }
}
