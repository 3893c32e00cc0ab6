import type { ContentImage } from '@wps/contract';
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { AppError } from '../../http/errors.ts';
import {
  iso,
  type PromotionDraft,
  type Actor,
  type PromotionRow,
  imagesOf,
  toPromotion,
} from './promotion-view.ts';
import { promotionValues } from './promotion-values.ts';
import { promotionImages, promotionParticipations, promotions } from './schema.ts';
import type { PromotionsContext } from './context.ts';
import { systemMessage } from '../messages/templates.ts';

/**
 * The operator's promotions console: the list, create and update (audited, in one transaction
 * with the audit row), image upload through the content pipeline, and the application queue
 * with its review (the member is told by message).
 */
export class PromotionsConsole {
  constructor(private readonly ctx: PromotionsContext) {}

  private adminOut(p: PromotionRow, images: Map<string, ContentImage>) {
    const { status: _s, pendingAmount: _p, ...rest } = toPromotion(p, null, images);
    return {
      ...rest,
      imageId: p.imageId,
      announcementImageIds: p.announcementImageIds,
      audience: p.audience as 'all',
      languages: p.languages,
      enabled: p.enabled,
      sort: p.sort,
      titleNe: p.titleNe,
      summaryNe: p.summaryNe,
      bodyNe: p.bodyNe,
    } as const;
  }

  async adminList() {
    const rows = await this.ctx.db.select().from(promotions).orderBy(desc(promotions.id));
    const images = await imagesOf(this.ctx.deps.content, rows);
    return rows.map((p) => this.adminOut(p, images));
  }

  /** A promotion's images must be ones the content pipeline stored (an upload's id). */
  private async checkedValues(input: PromotionDraft) {
    const values = promotionValues(input);
    if (values.imageId && (await this.ctx.deps.content.imagesFor([values.imageId])).size === 0)
      throw new AppError('VALIDATION', { messageKey: 'badRequest', fields: { imageId: 'badRequest' } });
    const ids = values.announcementImageIds;
    if (ids.length && (await this.ctx.deps.content.imagesFor(ids)).size !== ids.length)
      throw new AppError('VALIDATION', {
        messageKey: 'badRequest',
        fields: { announcementImageIds: 'badRequest' },
      });
    return values;
  }

  async create(actor: Actor, input: PromotionDraft) {
    const values = await this.checkedValues(input);
    const row = await this.ctx.db.transaction(async (tx) => {
      const [row] = await tx.insert(promotions).values(values).returning();
      await this.ctx.deps.audit.record(
        {
          actor,
          action: 'promotion.create',
          target: { type: 'promotion', id: row!.id },
          after: values,
          ip: actor.ip ?? null,
        },
        tx,
      );
      return row!;
    });
    return this.adminOut(row, await imagesOf(this.ctx.deps.content, [row]));
  }

  async update(actor: Actor, id: number, input: PromotionDraft) {
    const values = await this.checkedValues(input);
    const row = await this.ctx.db.transaction(async (tx) => {
      const [before] = await tx.select().from(promotions).where(eq(promotions.id, id)).for('update');
      if (!before) throw new AppError('NOT_FOUND');
      const [row] = await tx
        .update(promotions)
        .set({ ...values, updatedAt: sql`now()` })
        .where(eq(promotions.id, id))
        .returning();
      await this.ctx.deps.audit.record(
        {
          actor,
          action: 'promotion.update',
          target: { type: 'promotion', id },
          before,
          after: values,
          ip: actor.ip ?? null,
        },
        tx,
      );
      return row!;
    });
    return this.adminOut(row, await imagesOf(this.ctx.deps.content, [row]));
  }

  /** A promotion image through the content module's pipeline (checked by content, WebP/AVIF widths). */
  async uploadImage(data: Buffer, actor: Actor) {
    return this.ctx.deps.content.uploadImage(data, actor);
  }

  async applications(q: { pageNo: number; pageSize: number; status?: string | undefined }) {
    const where = and(
      eq(promotions.kind, 'apply'),
      q.status ? eq(promotionParticipations.status, q.status) : undefined,
    );
    const rows = await this.ctx.db
      .select({ part: promotionParticipations, title: promotions.title })
      .from(promotionParticipations)
      .innerJoin(promotions, eq(promotions.id, promotionParticipations.promotionId))
      .where(where)
      .orderBy(q.status === 'applying' ? asc(promotionParticipations.id) : desc(promotionParticipations.id))
      .limit(q.pageSize)
      .offset((q.pageNo - 1) * q.pageSize);
    const [total] = await this.ctx.db
      .select({ n: sql<number>`count(*)::int` })
      .from(promotionParticipations)
      .innerJoin(promotions, eq(promotions.id, promotionParticipations.promotionId))
      .where(where);
    const ids = rows.map((r) => r.part.id);
    const images = ids.length
      ? await this.ctx.db
          .select({ id: promotionImages.id, participationId: promotionImages.participationId })
          .from(promotionImages)
          .where(inArray(promotionImages.participationId, ids))
      : [];
    // One lookup for the page's members (a query per member made a 100-row page 100 queries).
    const accounts = await this.ctx.deps.members.tree.accountsOf([
      ...new Set(rows.map((r) => r.part.memberId)),
    ]);
    const n = Number(total?.n ?? 0);
    return {
      content: rows.map(({ part, title }) => ({
        id: part.id,
        promotionId: part.promotionId,
        promotionTitle: title,
        memberId: part.memberId,
        account: accounts.get(part.memberId) ?? '',
        status: part.status,
        remark: part.remark,
        images: images
          .filter((i) => i.participationId === part.id)
          .map((i) => `/wps/promotions/images/${i.id}`),
        reviewNote: part.reviewNote,
        reviewedBy: part.reviewedBy,
        createdAt: iso(part.createdAt),
      })),
      pageNum: q.pageNo,
      pageSize: q.pageSize,
      total: n,
      totalPages: Math.ceil(n / q.pageSize),
    };
  }

  /** applying → claim (a bonus to claim) or joined (no bonus), or → rejected; the member gets a message. */
  async review(actor: Actor, participationId: number, approve: boolean, note?: string) {
    return this.ctx.db.transaction(async (tx) => {
      const [row] = await tx
        .select({ part: promotionParticipations, p: promotions })
        .from(promotionParticipations)
        .innerJoin(promotions, eq(promotions.id, promotionParticipations.promotionId))
        .where(eq(promotionParticipations.id, participationId))
        .for('update', { of: promotionParticipations });
      if (!row || row.p.kind !== 'apply') throw new AppError('NOT_FOUND');
      if (row.part.status !== 'applying') throw new AppError('CONFLICT', { messageKey: 'requestNotPending' });
      const status = !approve ? 'rejected' : (row.p.bonusAmount ?? 0n) > 0n ? 'claim' : 'joined';
      await tx
        .update(promotionParticipations)
        .set({
          status,
          reviewNote: note ?? null,
          reviewedBy: actor.account,
          reviewedAt: sql`now()`,
          updatedAt: sql`now()`,
        })
        .where(eq(promotionParticipations.id, participationId));
      await this.ctx.deps.audit.record(
        {
          actor,
          action: approve ? 'promotion.application.approve' : 'promotion.application.reject',
          target: { type: 'promotion_participation', id: participationId },
          before: { status: 'applying' },
          after: { status, note: note ?? null },
          ip: actor.ip ?? null,
        },
        tx,
      );
      await this.ctx.deps.messages.send(
        row.part.memberId,
        systemMessage(
          'promotion',
          [
            approve ? 'applicationApprovedTitle' : 'applicationRejectedTitle',
            { en: row.p.title, ne: row.p.titleNe },
          ],
          approve
            ? [status === 'claim' ? 'applicationApprovedClaim' : 'applicationApproved']
            : ['applicationRejected', note ? ` ${note}` : ''],
        ),
        tx,
      );
      return { id: participationId, status };
    });
  }
}
