import {
  FEEDBACK_LIMITS,
  FEEDBACK_MESSAGE_KIND,
  FEEDBACK_TYPE_CODES,
  type FeedbackInput,
  type FeedbackTicket,
  type Page,
} from '@wps/contract';
import { asc, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import type { AuditService } from '../admin/service.ts';
import type { AuthService } from '../auth/service.ts';
import type { MessagesService } from '../messages/service.ts';
import { systemMessage } from '../messages/templates.ts';
import { contentImages, feedbackReplies, feedbackTickets } from './schema.ts';
import type { Actor, StoredImage } from './types.ts';

/**
 * Players' and guests' feedback tickets (SPEC §5), with a member's private proof image, and the
 * operators' replies, which reach the member's messages.
 */
export class Feedback {
  constructor(
    private readonly db: Db,
    private readonly deps: {
      /** Whether the captcha is required (HUMAN_CHECK). */
      humanCheck: boolean;
      auth: AuthService;
      messages: MessagesService;
      audit: AuditService;
      /** An image at its widest stored size (the content images' store). */
      imageWidest: (id: string) => Promise<StoredImage>;
    },
  ) {}

  /**
   * SPEC §5 feedback: type, description and captcha required (empty ones listed in one
   * '… is empty' message), description 20–200 characters after trimming, type from SPEC §3.
   * A member's ticket carries their account as sender whatever the client wrote.
   */
  async submit(
    input: FeedbackInput,
    who: { memberId: number; account: string } | null,
    ip: string,
  ): Promise<{ id: number }> {
    const content = input.content?.trim() ?? '';
    const captcha = input.captcha?.trim() ?? '';
    const empty: string[] = [];
    if (input.type === undefined || input.type === null) empty.push('type');
    if (!content) empty.push('content');
    if (this.deps.humanCheck && !captcha) empty.push('captcha');
    if (empty.length) {
      throw new AppError('VALIDATION', {
        messageKey: 'fieldsEmpty',
        args: [empty.join(', ')],
        fields: Object.fromEntries(empty.map((f) => [f, 'inputEmpty'])),
      });
    }
    const type = input.type as number;
    if (!(FEEDBACK_TYPE_CODES as readonly number[]).includes(type)) {
      throw new AppError('VALIDATION', {
        messageKey: 'feedbackTypeInvalid',
        fields: { type: 'feedbackTypeInvalid' },
      });
    }
    const length = [...content].length;
    if (length < FEEDBACK_LIMITS.minChars || length > FEEDBACK_LIMITS.maxChars) {
      throw new AppError('VALIDATION', {
        messageKey: 'feedbackLength',
        args: [FEEDBACK_LIMITS.minChars, FEEDBACK_LIMITS.maxChars],
        fields: { content: 'feedbackLength' },
      });
    }
    await this.deps.auth.requireCaptcha(input.captchaKey, captcha);
    let proofImageId: string | null = null;
    if (input.proofId) {
      const [img] = await this.db.select().from(contentImages).where(eq(contentImages.id, input.proofId));
      // Only the member's own, private proof: never another's upload or a public image.
      if (!who || !img || img.public || img.uploadedBy !== `member:${who.account}`) {
        throw new AppError('VALIDATION', { fields: { proofId: 'notFound' } });
      }
      proofImageId = img.id;
    }
    const sender = who ? who.account : input.sender?.trim().slice(0, 64) || 'guest';
    const [row] = await this.db
      .insert(feedbackTickets)
      .values({
        memberId: who?.memberId ?? null,
        memberAccount: who?.account ?? null,
        type,
        content,
        sender,
        proofImageId,
        ip,
      })
      .returning({ id: feedbackTickets.id });
    return { id: row!.id };
  }

  private async ticketPage(where: SQL | undefined, pageNo: number, pageSize: number) {
    const [count] = await this.db
      .select({ n: sql<number>`count(*)::int` })
      .from(feedbackTickets)
      .where(where);
    const rows = await this.db
      .select()
      .from(feedbackTickets)
      .where(where)
      .orderBy(desc(feedbackTickets.id))
      .limit(pageSize)
      .offset((pageNo - 1) * pageSize);
    const replies = rows.length
      ? await this.db
          .select()
          .from(feedbackReplies)
          .where(
            inArray(
              feedbackReplies.ticketId,
              rows.map((r) => r.id),
            ),
          )
          .orderBy(asc(feedbackReplies.id))
      : [];
    const total = count?.n ?? 0;
    return {
      content: rows.map((r) => ({
        id: r.id,
        type: r.type,
        content: r.content,
        sender: r.sender,
        status: r.status as FeedbackTicket['status'],
        hasProof: r.proofImageId !== null,
        proofImageId: r.proofImageId,
        memberAccount: r.memberAccount,
        createdAt: r.createdAt.toISOString(),
        replies: replies
          .filter((x) => x.ticketId === r.id)
          .map((x) => ({
            id: x.id,
            author: x.author as 'operator' | 'member',
            body: x.body,
            createdAt: x.createdAt.toISOString(),
          })),
      })),
      pageNum: pageNo,
      pageSize,
      total,
      totalPages: Math.ceil(total / pageSize),
    };
  }

  /** The member's own tickets with the operator's replies (their messages). */
  async memberTickets(memberId: number, pageNo: number, pageSize: number): Promise<Page<FeedbackTicket>> {
    const page = await this.ticketPage(eq(feedbackTickets.memberId, memberId), pageNo, pageSize);
    return { ...page, content: page.content.map(({ proofImageId: _p, memberAccount: _m, ...t }) => t) };
  }

  /** The console's list (the proof's image id stays inside; `proof` serves it). */
  async adminTickets(q: { pageNo: number; pageSize: number; status?: string }) {
    const page = await this.ticketPage(
      q.status ? eq(feedbackTickets.status, q.status) : undefined,
      q.pageNo,
      q.pageSize,
    );
    return { ...page, content: page.content.map(({ proofImageId: _p, ...t }) => t) };
  }

  /** A ticket's proof image, at its widest (operators only). */
  async proof(id: number) {
    const [t] = await this.db
      .select({ proof: feedbackTickets.proofImageId })
      .from(feedbackTickets)
      .where(eq(feedbackTickets.id, id));
    if (!t?.proof) throw new AppError('NOT_FOUND');
    return this.deps.imageWidest(t.proof);
  }

  /** An operator's answer: kept on the ticket and sent to the member's messages, in one transaction. */
  async reply(ticketId: number, body: string, close: boolean, actor: Actor) {
    await this.db.transaction(async (tx) => {
      const [t] = await tx
        .update(feedbackTickets)
        .set({ status: close ? 'closed' : 'answered', updatedAt: new Date() })
        .where(eq(feedbackTickets.id, ticketId))
        .returning({ id: feedbackTickets.id, memberId: feedbackTickets.memberId });
      if (!t) throw new AppError('NOT_FOUND');
      await tx
        .insert(feedbackReplies)
        .values({ ticketId, author: 'operator', authorAccount: actor.account, body });
      // The reply reaches the member's messages (a guest's ticket has no inbox), only if it commits.
      if (t.memberId !== null) {
        await this.deps.messages.send(
          t.memberId,
          systemMessage(FEEDBACK_MESSAGE_KIND, ['feedbackReplyTitle', ticketId], { raw: body }),
          tx,
        );
      }
      await this.deps.audit.record(
        {
          actor: { id: actor.id, account: actor.account },
          action: 'content.feedback.reply',
          target: { type: 'feedback', id: ticketId },
          before: null,
          after: { body, close },
          ip: actor.ip,
        },
        tx,
      );
    });
  }
}
