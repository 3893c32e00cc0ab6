import type { SupportMessage } from '@wps/contract';
import { and, asc, desc, eq, gt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { supportConversations, supportMessages } from './schema.ts';

export type ConversationRow = typeof supportConversations.$inferSelect;
type MessageRow = typeof supportMessages.$inferSelect;

/** How many messages a read returns at most: the newest, in order. */
const READ_LIMIT = 200;
/** The queue's preview of an image message. */
export const IMAGE_PREVIEW = '[image]';

export const toMessage = (r: MessageRow): SupportMessage => ({
  id: r.id,
  conversationId: r.conversationId,
  author: r.author as SupportMessage['author'],
  authorName: r.authorName,
  text: r.body,
  attachmentId: r.attachmentId,
  createdAt: r.createdAt.toISOString(),
});

export async function conversationById(
  ex: DbOrTx,
  id: number,
  lock = false,
): Promise<ConversationRow | null> {
  const q = ex.select().from(supportConversations).where(eq(supportConversations.id, id));
  const [row] = lock ? await q.for('update') : await q;
  return row ?? null;
}

export interface NewMessage {
  author: SupportMessage['author'];
  operatorId?: number | null;
  authorName: string;
  body: string;
  attachmentId?: string | null;
}

/**
 * Appends a message and moves the conversation's preview and the other side's unread count, in the
 * caller's transaction (the conversation row is locked by the caller).
 */
export async function appendMessage(
  tx: DbOrTx,
  conversationId: number,
  m: NewMessage,
): Promise<SupportMessage> {
  const [row] = await tx
    .insert(supportMessages)
    .values({
      conversationId,
      author: m.author,
      operatorId: m.operatorId ?? null,
      authorName: m.authorName,
      body: m.body,
      attachmentId: m.attachmentId ?? null,
    })
    .returning();
  if (!row) throw new Error('support message not written');
  const fromOperator = m.author === 'operator';
  await tx
    .update(supportConversations)
    .set({
      lastMessage: (m.body || IMAGE_PREVIEW).slice(0, 140),
      lastMessageAt: row.createdAt,
      ...(fromOperator
        ? { memberUnread: sql`${supportConversations.memberUnread} + 1` }
        : { operatorUnread: sql`${supportConversations.operatorUnread} + 1` }),
    })
    .where(eq(supportConversations.id, conversationId));
  return toMessage(row);
}

/** The newest messages (after the poll's cursor when given), oldest first. */
export async function messagesOf(
  ex: DbOrTx,
  conversationId: number,
  after?: number,
): Promise<SupportMessage[]> {
  const rows = await ex
    .select()
    .from(supportMessages)
    .where(
      after === undefined
        ? eq(supportMessages.conversationId, conversationId)
        : and(eq(supportMessages.conversationId, conversationId), gt(supportMessages.id, after)),
    )
    .orderBy(after === undefined ? desc(supportMessages.id) : asc(supportMessages.id))
    .limit(READ_LIMIT);
  const out = rows.map(toMessage);
  return after === undefined ? out.reverse() : out;
}
