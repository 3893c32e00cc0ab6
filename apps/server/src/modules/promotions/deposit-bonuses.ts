import { periodStart } from '@wps/contract';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import type { ApprovedDeposit } from '../cashier/service.ts';
import { fail, isOpen, type PromotionRow } from './promotion-view.ts';
import { bonusGrants, promotionParticipations, promotions } from './schema.ts';
import type { PromotionsContext } from './context.ts';
import type { TicketsService } from './tickets.ts';
import { depositBonus } from './wagering-math.ts';

/**
 * What a deposit approval earns, in the approval's transaction: the joined deposit bonus for
 * that deposit number, else a joined reload (one bonus per deposit), and deposit tickets.
 */
export class DepositBonuses {
  constructor(private readonly ctx: PromotionsContext) {}

  /**
   * Deposit bonus, in the approval's transaction: the first joined deposit-bonus promotion for
   * this deposit's number pays percent of it (up to the cap). Joined promotions for an earlier
   * deposit number can no longer be met and close.
   */
  async onDepositApproved(tx: Tx, d: ApprovedDeposit): Promise<void> {
    const joined = await joinedOf(tx, d.memberId, ['deposit_bonus', 'tickets']);
    let paid = false;
    for (const { part, p } of joined) {
      const nth = p.depositNth ?? 1;
      if (nth > d.nth) continue;
      if (p.kind === 'tickets') {
        // Tickets for a deposit do not take the deposit's one bonus: both may come with it.
        const earned = nth === d.nth && isOpen(p) && d.amount >= (p.minDeposit ?? 0n);
        if (earned)
          await issueTickets(this.ctx.tickets(), tx, p, d.memberId, `deposit:${d.depositId}:${p.id}`);
        await tx
          .update(promotionParticipations)
          .set({ status: earned ? 'issued' : 'closed', updatedAt: sql`now()` })
          .where(eq(promotionParticipations.id, part.id));
        continue;
      }
      const qualifies =
        nth === d.nth && !paid && isOpen(p) && d.amount >= (p.minDeposit ?? 0n) && p.percent && p.cap;
      if (!qualifies) {
        await tx
          .update(promotionParticipations)
          .set({ status: 'closed', updatedAt: sql`now()` })
          .where(eq(promotionParticipations.id, part.id));
        continue;
      }
      const amount = depositBonus(d.amount, p.percent!, p.cap!);
      if (amount <= 0n) continue;
      await this.ctx.engine.grant(tx, {
        memberId: d.memberId,
        promotionId: p.id,
        participationId: part.id,
        amount,
        wageringMultiplier: p.wageringMultiplier,
        expiryDays: p.expiryDays,
        contributions: p.contributions,
        sourceKey: `deposit:${d.depositId}:${p.id}`,
        title: p.title,
        titleNe: p.titleNe,
      });
      paid = true;
    }
    if (!paid) await this.reload(tx, d);
  }

  /**
   * Reload bonus, when no deposit bonus paid for this deposit (one bonus per deposit): the first
   * joined reload (by id) whose schedule, deposit number, minimum and per-period limit allow it
   * pays percent of the deposit up to the cap. The participation rows are locked, so two
   * deposits approved at once count the limit one after the other.
   */
  private async reload(tx: Tx, d: ApprovedDeposit): Promise<void> {
    const joined = await joinedOf(tx, d.memberId, ['reload']);
    for (const { p } of joined) {
      if (!isOpen(p) || !p.percent || !p.cap) continue;
      if (d.nth <= (p.depositNth ?? 0) || d.amount < (p.minDeposit ?? 0n)) continue;
      if (p.claimLimit) {
        const since = periodStart(
          p.period === 'week' ? 'week' : 'day',
          new Date(),
          this.ctx.deps.utcOffsetMinutes,
        );
        const [row] = await tx
          .select({ n: sql<number>`count(*)::int` })
          .from(bonusGrants)
          .where(
            and(
              eq(bonusGrants.memberId, d.memberId),
              eq(bonusGrants.promotionId, p.id),
              sql`${bonusGrants.createdAt} >= ${since.toISOString()}::timestamptz`,
            ),
          );
        if ((row?.n ?? 0) >= p.claimLimit) continue;
      }
      const amount = depositBonus(d.amount, p.percent, p.cap);
      if (amount <= 0n) continue;
      await this.ctx.engine.grant(tx, {
        memberId: d.memberId,
        promotionId: p.id,
        participationId: null,
        amount,
        wageringMultiplier: p.wageringMultiplier,
        expiryDays: p.expiryDays,
        contributions: p.contributions,
        sourceKey: `reload:${d.depositId}:${p.id}`,
        title: p.title,
        titleNe: p.titleNe,
      });
      return;
    }
  }
}

/** A tickets promotion's tickets to the member, once per source key (the tickets service's guard). */
export async function issueTickets(
  tickets: TicketsService,
  tx: Tx,
  p: PromotionRow,
  memberId: number,
  sourceKey: string,
) {
  if (!p.ticketKind || !p.ticketCount) throw fail('promotionWrongAction');
  await tickets.issue(tx, {
    memberId,
    kind: p.ticketKind as 'WHEEL',
    count: p.ticketCount,
    source: 'promotion',
    sourceKey,
    promotionId: p.id,
    title: p.title,
    titleNe: p.titleNe,
  });
}

/** The member's joined promotions of these kinds, by promotion id, their participation rows locked. */
function joinedOf(tx: Tx, memberId: number, kinds: string[]) {
  return tx
    .select({ part: promotionParticipations, p: promotions })
    .from(promotionParticipations)
    .innerJoin(promotions, eq(promotions.id, promotionParticipations.promotionId))
    .where(
      and(
        eq(promotionParticipations.memberId, memberId),
        eq(promotionParticipations.status, 'joined'),
        inArray(promotions.kind, kinds),
      ),
    )
    .orderBy(asc(promotions.id))
    .for('update', { of: promotionParticipations });
}
