import { type Promotion, SPEC } from '@wps/contract';
import { and, eq, sql } from 'drizzle-orm';
import { AppError } from '../../http/errors.ts';
import { reencodeImage } from '../cashier/images.ts';
import type { Member } from '../members/service.ts';
import { issueTickets } from './deposit-bonuses.ts';
import type { PromotionPages } from './member-pages.ts';
import {
  fail,
  inAudience,
  isOpen,
  type ParticipationRow,
  type PromotionRow,
  realMember,
  statusOf,
  toPromotion,
} from './promotion-view.ts';
import { promotionImages, promotionParticipations, promotions } from './schema.ts';
import type { PromotionsContext } from './context.ts';

const IMAGE_MAX_SIDE = 4096;

/**
 * What a player does with a promotion: join (deposit bonus, deposit tickets, reload, cashback),
 * apply with remark and images, and claim (free bonus, approved application, free tickets,
 * cashback waiting). Each pays once however many requests race (see `claim`).
 */
export class PromotionActions {
  constructor(
    private readonly ctx: PromotionsContext,
    private readonly pages: PromotionPages,
  ) {}

  private async openFor(memberId: number, id: number, kind: PromotionRow['kind'][]) {
    const m = await realMember(this.ctx.deps.members, memberId);
    const [p] = await this.ctx.db
      .select()
      .from(promotions)
      .where(and(eq(promotions.id, id), eq(promotions.enabled, true)));
    if (!p) throw new AppError('NOT_FOUND');
    if (!kind.includes(p.kind)) throw fail('promotionWrongAction');
    if (!isOpen(p)) throw fail('promotionNotOpen');
    if (!inAudience(p, m)) throw fail('promotionNotForYou');
    return { m, p };
  }

  /**
   * Join a deposit bonus or deposit tickets (the member's next qualifying deposit then earns it), a
   * reload (every qualifying deposit from now on) or a cashback (net losses from now on).
   */
  async join(memberId: number, id: number): Promise<Promotion> {
    const { m, p } = await this.openFor(memberId, id, ['deposit_bonus', 'reload', 'cashback', 'tickets']);
    if (p.kind === 'tickets' && !p.depositNth) throw fail('promotionWrongAction');
    const deposits = await this.ctx.deps.cashier.approvedDepositCount(memberId);
    if (p.kind === 'deposit_bonus' && deposits >= (p.depositNth ?? 1)) throw fail('promotionNotForYou');
    const [row] = await this.ctx.db
      .insert(promotionParticipations)
      .values({ promotionId: id, memberId, status: 'joined' })
      .onConflictDoNothing()
      .returning();
    if (!row) throw fail('promotionAlreadyJoined');
    return toPromotion(p, statusOf(p, row, m, deposits));
  }

  /** Apply to join (SPEC §5): remark ≤ 140, ≤ 3 PNG/JPG images ≤ 5 MB each; the operator reviews it. */
  async apply(memberId: number, id: number, remark: string | undefined, files: Buffer[]): Promise<Promotion> {
    if (files.length > SPEC.upload.maxImages) {
      throw new AppError('VALIDATION', { messageKey: 'imageTooMany', fields: { images: 'imageTooMany' } });
    }
    if (remark && remark.length > SPEC.activityRemarkMaxChars) {
      throw new AppError('VALIDATION', { messageKey: 'remarkTooLong', fields: { remark: 'remarkTooLong' } });
    }
    const { m, p } = await this.openFor(memberId, id, ['apply']);
    const images: Array<{ mime: string; data: Buffer }> = [];
    for (const f of files)
      images.push(
        await reencodeImage(f, { maxBytes: SPEC.upload.maxBytes, maxSide: IMAGE_MAX_SIDE }, 'images'),
      );
    const row = await this.ctx.db.transaction(async (tx) => {
      const [existing] = await tx
        .select()
        .from(promotionParticipations)
        .where(
          and(eq(promotionParticipations.promotionId, id), eq(promotionParticipations.memberId, memberId)),
        )
        .for('update');
      let part: ParticipationRow | undefined;
      if (!existing) {
        [part] = await tx
          .insert(promotionParticipations)
          .values({ promotionId: id, memberId, status: 'applying', remark: remark || null })
          .onConflictDoNothing()
          .returning();
        if (!part) throw fail('promotionAlreadyJoined');
      } else if (existing.status === 'rejected') {
        // A rejected application may be sent again, with new remark and images.
        await tx.delete(promotionImages).where(eq(promotionImages.participationId, existing.id));
        [part] = await tx
          .update(promotionParticipations)
          .set({
            status: 'applying',
            remark: remark || null,
            reviewNote: null,
            reviewedBy: null,
            reviewedAt: null,
            updatedAt: sql`now()`,
          })
          .where(eq(promotionParticipations.id, existing.id))
          .returning();
      } else {
        throw fail('promotionAlreadyJoined');
      }
      for (const img of images)
        await tx
          .insert(promotionImages)
          .values({ participationId: part!.id, memberId, mime: img.mime, data: img.data });
      return part!;
    });
    return toPromotion(p, statusOf(p, row, m, 0));
  }

  /**
   * Claims a reward: a free bonus, or an approved application's bonus. Two claims at once pay
   * once: the participation row is inserted (free bonus) or moved from `claim` (application)
   * by exactly one of them, and the grant is keyed by promotion and member.
   */
  async claim(memberId: number, id: number): Promise<Promotion> {
    const cashback = await this.claimCashback(memberId, id);
    if (cashback) return cashback;
    const { m, p } = await this.openFor(memberId, id, ['free_bonus', 'apply', 'tickets']);
    if (p.kind === 'tickets') return this.claimTickets(m, p);
    const amount = p.bonusAmount ?? 0n;
    const part = await this.ctx.db.transaction(async (tx) => {
      let part: ParticipationRow | undefined;
      if (p.kind === 'free_bonus') {
        [part] = await tx
          .insert(promotionParticipations)
          .values({ promotionId: id, memberId, status: 'process' })
          .onConflictDoNothing()
          .returning();
      } else {
        [part] = await tx
          .update(promotionParticipations)
          .set({ status: 'process', updatedAt: sql`now()` })
          .where(
            and(
              eq(promotionParticipations.promotionId, id),
              eq(promotionParticipations.memberId, memberId),
              eq(promotionParticipations.status, 'claim'),
            ),
          )
          .returning();
      }
      if (!part) throw fail('promotionNothingToClaim');
      if (amount <= 0n) {
        [part] = await tx
          .update(promotionParticipations)
          .set({ status: 'issued', updatedAt: sql`now()` })
          .where(eq(promotionParticipations.id, part.id))
          .returning();
        return part!;
      }
      await this.ctx.engine.grant(tx, {
        memberId,
        promotionId: id,
        participationId: part.id,
        amount,
        wageringMultiplier: p.wageringMultiplier,
        expiryDays: p.expiryDays,
        contributions: p.contributions,
        sourceKey: `claim:${id}:${memberId}`,
        title: p.title,
        titleNe: p.titleNe,
      });
      const [now] = await tx
        .select()
        .from(promotionParticipations)
        .where(eq(promotionParticipations.id, part.id));
      return now!;
    });
    return toPromotion(p, statusOf(p, part, m, 0));
  }

  /** Free tickets: the participation row (inserted once) and the tickets in one transaction. */
  private async claimTickets(m: Member, p: PromotionRow): Promise<Promotion> {
    if (p.depositNth) throw fail('promotionWrongAction');
    const part = await this.ctx.db.transaction(async (tx) => {
      const [part] = await tx
        .insert(promotionParticipations)
        .values({ promotionId: p.id, memberId: m.id, status: 'issued' })
        .onConflictDoNothing()
        .returning();
      if (!part) throw fail('promotionNothingToClaim');
      await issueTickets(this.ctx.tickets(), tx, p, m.id, `promo:${p.id}:${m.id}`);
      return part;
    });
    return toPromotion(p, statusOf(p, part, m, 0));
  }

  /**
   * A cashback waiting for the member is claimable after the promotion ended too (it was earned
   * while it ran). Two claims at once: one moves the rows from `claim`, the other finds none.
   * Null when the promotion is not a cashback (the caller goes on with the other kinds).
   */
  private async claimCashback(memberId: number, id: number): Promise<Promotion | null> {
    const [p] = await this.ctx.db
      .select()
      .from(promotions)
      .where(and(eq(promotions.id, id), eq(promotions.enabled, true)));
    if (p?.kind !== 'cashback') return null;
    await realMember(this.ctx.deps.members, memberId);
    const paid = await this.ctx.db.transaction((tx) => this.ctx.deps.cashback.claim(tx, p, memberId));
    if (paid <= 0n) throw fail('promotionNothingToClaim');
    return this.pages.get(memberId, id);
  }
}
