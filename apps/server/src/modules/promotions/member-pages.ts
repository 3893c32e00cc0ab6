import type { Promotion, RewardCenter, ActivityStatus, CompleteLocale, ContentImage } from '@wps/contract';
import { localized } from '../../http/i18n.ts';
import { isTrialType } from '@wps/contract';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { AppError } from '../../http/errors.ts';
import type { PromotionsContext } from './context.ts';
import { promotionImages, promotionParticipations, promotions } from './schema.ts';
import {
  closedReasonOf,
  imagesOf,
  iso,
  type ParticipationRow,
  type PromotionRow,
  realMember,
  statusOf,
  toPromotion,
} from './promotion-view.ts';

/**
 * The player's read side of promotions: the promotions page and one promotion with the viewer's
 * status, the reward centre, the claimable badge, and an application's images.
 */
export class PromotionPages {
  constructor(private readonly ctx: PromotionsContext) {}

  /** The promotions page: enabled promotions not ended more than a week ago, in the operator's order. */
  async list(
    memberId: number | null,
    q: { category?: string | undefined; language?: string | undefined },
    locale: CompleteLocale = 'en',
  ): Promise<Promotion[]> {
    const rows = await this.ctx.db
      .select()
      .from(promotions)
      .where(
        and(
          eq(promotions.enabled, true),
          sql`(${promotions.endsAt} is null or ${promotions.endsAt} > now() - interval '7 days')`,
          q.category && q.category !== 'all' ? eq(promotions.category, q.category) : undefined,
          q.language
            ? sql`(cardinality(${promotions.languages}) = 0 or upper(${q.language}) = any(${promotions.languages}))`
            : undefined,
        ),
      )
      .orderBy(desc(promotions.sort), desc(promotions.id));
    const ctx = await this.viewerContext(memberId);
    const images = await imagesOf(this.ctx.deps.content, rows);
    return rows.map((p) => this.view(p, ctx, images, locale));
  }

  /** One promotion as this viewer sees it: status, image, cashback waiting. */
  private view(
    p: PromotionRow,
    ctx: Awaited<ReturnType<PromotionPages['viewerContext']>>,
    images: Map<string, ContentImage>,
    locale: CompleteLocale,
  ): Promotion {
    const pending = ctx.pending.get(p.id) ?? 0n;
    const part = ctx.parts.get(p.id);
    const status = statusOf(p, part, ctx.member, ctx.deposits, pending);
    const out = toPromotion(p, status, images, pending, locale);
    // A closed promotion says why (issue 27).
    if (status === 'closed' && ctx.member)
      out.closedReason = closedReasonOf(p, part, ctx.member, ctx.deposits);
    return out;
  }

  async get(memberId: number | null, id: number, locale: CompleteLocale = 'en'): Promise<Promotion> {
    const [p] = await this.ctx.db
      .select()
      .from(promotions)
      .where(and(eq(promotions.id, id), eq(promotions.enabled, true)));
    if (!p) throw new AppError('NOT_FOUND');
    const ctx = await this.viewerContext(memberId);
    return this.view(p, ctx, await imagesOf(this.ctx.deps.content, [p]), locale);
  }

  private async viewerContext(memberId: number | null) {
    const parts = new Map<number, ParticipationRow>();
    const none = { member: null, deposits: 0, parts, pending: new Map<number, bigint>() };
    if (memberId === null) return none;
    const member = await this.ctx.deps.members.getById(memberId);
    if (!member || isTrialType(member.type)) return none;
    const rows = await this.ctx.db
      .select()
      .from(promotionParticipations)
      .where(eq(promotionParticipations.memberId, memberId));
    for (const r of rows) parts.set(r.promotionId, r);
    return {
      member,
      deposits: await this.ctx.deps.cashier.approvedDepositCount(memberId),
      parts,
      pending: await this.ctx.deps.cashback.pending(memberId),
    };
  }

  /** rewardCenter: what the member takes part in; claimable counts rewards waiting for a click. */
  async rewardCenter(memberId: number, locale: CompleteLocale = 'en'): Promise<RewardCenter> {
    await realMember(this.ctx.deps.members, memberId);
    const rows = await this.ctx.db
      .select({ part: promotionParticipations, p: promotions })
      .from(promotionParticipations)
      .innerJoin(promotions, eq(promotions.id, promotionParticipations.promotionId))
      .where(eq(promotionParticipations.memberId, memberId))
      .orderBy(desc(promotionParticipations.updatedAt))
      .limit(100);
    const pending = await this.ctx.deps.cashback.pending(memberId);
    return {
      claimable: await this.claimableCount(memberId),
      rewards: rows.map(({ part, p }) => ({
        promotionId: p.id,
        title: localized(locale, p.title, p.titleNe),
        kind: p.kind as Promotion['kind'],
        status: ((pending.get(p.id) ?? 0n) > 0n
          ? 'claim'
          : part.status === 'issued' && p.kind !== 'deposit_bonus'
            ? 'claimed'
            : part.status) as ActivityStatus,
        remark: part.remark,
        reviewNote: part.reviewNote,
        updatedAt: iso(part.updatedAt),
      })),
    };
  }

  /** Badge count: approved applications to claim, and open free bonuses not yet claimed. */
  async claimableCount(memberId: number): Promise<number> {
    const ctx = await this.viewerContext(memberId);
    if (!ctx.member) return 0;
    const open = await this.ctx.db
      .select()
      .from(promotions)
      .where(
        and(
          eq(promotions.enabled, true),
          inArray(promotions.kind, ['free_bonus', 'apply', 'cashback', 'tickets']),
        ),
      );
    return open.filter(
      (p) =>
        statusOf(p, ctx.parts.get(p.id), ctx.member, ctx.deposits, ctx.pending.get(p.id) ?? 0n) === 'claim',
    ).length;
  }

  /** An application image: for the member who sent it, or an operator with the promotions permission. */
  async image(id: string, viewer: { memberId?: number; operator?: boolean }) {
    if (!/^[0-9a-f-]{36}$/i.test(id)) throw new AppError('NOT_FOUND');
    const [row] = await this.ctx.db.select().from(promotionImages).where(eq(promotionImages.id, id));
    if (!row || (!viewer.operator && row.memberId !== viewer.memberId)) throw new AppError('NOT_FOUND');
    return { mime: row.mime, data: row.data };
  }

  // ---------------------------------------------------------------- operator
}
