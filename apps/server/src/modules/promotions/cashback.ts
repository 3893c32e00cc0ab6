import { fromMinor } from '@wps/contract';
import { and, asc, eq, inArray, isNull, lt, or, gt, sql } from 'drizzle-orm';
import type { Db, DbOrTx, Tx } from '../../db/client.ts';
import type { BetsService } from '../bets/service.ts';
import type { MessagesService } from '../messages/service.ts';
import { systemMessage } from '../messages/templates.ts';
import type { BonusEngine } from './bonus-engine.ts';
import { promotionCashbacks, promotionParticipations, promotions } from './schema.ts';
import { cashbackOf } from './wagering-math.ts';

type PromotionRow = typeof promotions.$inferSelect;

/**
 * Cashback (issue 14): percent of a member's net loss (valid stake − payout from the bets record)
 * over a business day or week, for members who joined the promotion, counted from when they
 * joined. A job computes each ended period once: the row keyed (promotion, member, period) is
 * inserted by one run only, and the grant that pays it is keyed by that row, so two runs at once,
 * a re-run, or a claim racing the job pay once. A net win or a loss under `minLoss` pays nothing.
 */
export class CashbackService {
  constructor(
    private readonly db: Db,
    private readonly engine: BonusEngine,
    private readonly deps: { bets: BetsService; messages: MessagesService },
  ) {}

  /**
   * Computes (and, for auto-credit promotions, pays) the cashbacks of the period [start, end) of
   * `period` kind. `assertOwner` is the scheduler's fence, checked in each write transaction.
   */
  async settle(
    period: 'day' | 'week',
    start: Date,
    end: Date,
    assertOwner: (tx: DbOrTx) => Promise<void> = async () => {},
  ): Promise<{ computed: number; paid: number }> {
    // The period closes only once its rounds are final: every bet settled in it committed, and
    // the late wins of its vendor rounds in (a round counts on the day it began).
    await this.deps.bets.awaitRoundsFinal(end);
    const promos = await this.db
      .select()
      .from(promotions)
      .where(
        and(
          eq(promotions.kind, 'cashback'),
          eq(promotions.enabled, true),
          eq(promotions.period, period),
          lt(promotions.startsAt, end),
          or(isNull(promotions.endsAt), gt(promotions.endsAt, start)),
        ),
      )
      .orderBy(asc(promotions.id));
    let computed = 0;
    let paid = 0;
    for (const p of promos) {
      const r = await this.settlePromotion(p, start, end, assertOwner);
      computed += r.computed;
      paid += r.paid;
    }
    return { computed, paid };
  }

  private async settlePromotion(
    p: PromotionRow,
    start: Date,
    end: Date,
    assertOwner: (tx: DbOrTx) => Promise<void>,
  ) {
    const parts = await this.db
      .select({ memberId: promotionParticipations.memberId, joinedAt: promotionParticipations.createdAt })
      .from(promotionParticipations)
      .where(
        and(
          eq(promotionParticipations.promotionId, p.id),
          eq(promotionParticipations.status, 'joined'),
          lt(promotionParticipations.createdAt, end),
        ),
      );
    if (parts.length === 0) return { computed: 0, paid: 0 };
    const latest = (...ds: Date[]) => new Date(Math.max(...ds.map((d) => d.getTime())));
    const from = latest(start, p.startsAt);
    const to = p.endsAt && p.endsAt < end ? p.endsAt : end;
    const sums = await this.deps.bets.netByMember(
      parts.map((x) => ({ memberId: x.memberId, from: latest(from, x.joinedAt) })),
      to,
    );
    let computed = 0;
    let paid = 0;
    for (const [memberId, s] of sums) {
      const amount = cashbackOf(s.stake, s.payout, {
        percent: p.percent ?? 0,
        cap: p.cap ?? 0n,
        minLoss: p.minLoss ?? 0n,
      });
      if (amount <= 0n) continue;
      const done = await this.db.transaction(async (tx) => {
        await assertOwner(tx);
        const [row] = await tx
          .insert(promotionCashbacks)
          .values({
            promotionId: p.id,
            memberId,
            periodStart: start,
            periodEnd: end,
            stake: s.stake,
            payout: s.payout,
            netLoss: s.stake - s.payout,
            amount,
            status: p.autoCredit ? 'issued' : 'claim',
            claimedAt: p.autoCredit ? sql`now()` : null,
          })
          .onConflictDoNothing()
          .returning();
        if (!row) return null;
        if (p.autoCredit) await this.pay(tx, p, row);
        else
          await this.deps.messages.send(
            memberId,
            systemMessage(
              'promotion',
              ['cashbackReadyTitle', { en: p.title, ne: p.titleNe }],
              ['cashbackReady', fromMinor(amount), fromMinor(row.netLoss)],
            ),
            tx,
          );
        return row;
      });
      if (done) {
        computed++;
        if (p.autoCredit) paid++;
      }
    }
    return { computed, paid };
  }

  /** The grant of one cashback row, keyed by the row: it can be granted once whoever calls. */
  private async pay(tx: Tx, p: PromotionRow, row: typeof promotionCashbacks.$inferSelect) {
    await this.engine.grant(tx, {
      memberId: row.memberId,
      promotionId: p.id,
      participationId: null,
      amount: row.amount,
      wageringMultiplier: p.wageringMultiplier,
      expiryDays: p.expiryDays,
      contributions: p.contributions,
      sourceKey: `cashback:${row.id}`,
      title: p.title,
      titleNe: p.titleNe,
    });
  }

  /** Claims every cashback of the promotion waiting for this member: claim → issued, once. */
  async claim(tx: Tx, p: PromotionRow, memberId: number): Promise<bigint> {
    const rows = await tx
      .update(promotionCashbacks)
      .set({ status: 'issued', claimedAt: sql`now()` })
      .where(
        and(
          eq(promotionCashbacks.promotionId, p.id),
          eq(promotionCashbacks.memberId, memberId),
          eq(promotionCashbacks.status, 'claim'),
        ),
      )
      .returning();
    let total = 0n;
    for (const row of rows.sort((a, b) => a.id - b.id)) {
      await this.pay(tx, p, row);
      total += row.amount;
    }
    return total;
  }

  /** Per promotion, the cashback waiting for this member's claim. */
  async pending(memberId: number, promotionIds?: number[]): Promise<Map<number, bigint>> {
    const rows = await this.db
      .select({
        promotionId: promotionCashbacks.promotionId,
        amount: sql<string>`sum(${promotionCashbacks.amount})::text`,
      })
      .from(promotionCashbacks)
      .where(
        and(
          eq(promotionCashbacks.memberId, memberId),
          eq(promotionCashbacks.status, 'claim'),
          promotionIds ? inArray(promotionCashbacks.promotionId, promotionIds) : undefined,
        ),
      )
      .groupBy(promotionCashbacks.promotionId);
    return new Map(rows.map((r) => [r.promotionId, BigInt(r.amount)]));
  }
}
