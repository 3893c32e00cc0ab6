import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { AuditService } from '../admin/service.ts';
import { promotions } from './schema.ts';

/**
 * A disabled promotion that bonuses paid by another feature (referral, missions, reward tickets)
 * are granted under: a grant names its promotion, so bonusDetails and the promotions report show
 * where the bonus came from, on one line per feature. Players never see it (it is not enabled).
 */
export interface HiddenPromotion {
  title: string;
  summary: string;
  kind: 'free_bonus' | 'tickets';
}

/** Finds the newest disabled promotion of this title and kind, or makes it (audited as the system's). */
export async function findOrMakeHidden(db: Db, audit: AuditService, h: HiddenPromotion): Promise<number> {
  const [found] = await db
    .select({ id: promotions.id })
    .from(promotions)
    .where(and(eq(promotions.title, h.title), eq(promotions.kind, h.kind), eq(promotions.enabled, false)))
    .orderBy(desc(promotions.id))
    .limit(1);
  if (found) return found.id;
  return db.transaction(async (tx) => {
    const after = {
      title: h.title,
      summary: h.summary,
      body: '',
      category: 'others',
      kind: h.kind,
      startsAt: new Date('2020-01-01T00:00:00Z'),
      enabled: false,
    };
    const [row] = await tx.insert(promotions).values(after).returning({ id: promotions.id });
    await audit.record(
      {
        actor: { id: 0, account: 'system' },
        action: 'promotion.create',
        target: { type: 'promotion', id: row!.id },
        after,
      },
      tx,
    );
    return row!.id;
  });
}
