import { z } from 'zod';
import { safeString } from './safe.ts';
import { SUPPORT_TEXT_MAX } from './support-rules.ts';

/**
 * Live support (issue 31, SPEC §1 "help and live support"): a member or a guest opens a
 * conversation, operators with the `support` permission answer it from the console. Messages
 * arrive over the socket at SUPPORT_WS_PATH; the HTTP reads are the fallback when it is down.
 */
export * from './support-rules.ts';

const text = safeString()
  .transform((s) => s.trim())
  .pipe(z.string().min(1, 'inputEmpty').max(SUPPORT_TEXT_MAX, 'badRequest'));
const idFromText = z.preprocess(
  (v) => (typeof v === 'string' && /^\d{1,15}$/.test(v) ? Number(v) : v),
  z.number().int().positive().max(Number.MAX_SAFE_INTEGER),
);

export const SUPPORT_STATUSES = ['open', 'assigned', 'closed'] as const;
export type SupportStatus = (typeof SUPPORT_STATUSES)[number];
export const SUPPORT_AUTHORS = ['member', 'guest', 'operator'] as const;

/** POST /wps/support/conversations: a member's first message; a guest also gives a name. */
export const supportOpenSchema = z.object({
  message: text,
  name: safeString()
    .transform((s) => s.trim())
    .pipe(z.string().min(1, 'inputEmpty').max(40, 'badRequest'))
    .optional(),
});
export const supportOpenedSchema = z.object({
  id: z.number().int(),
  /** Guests only: the conversation's secret, sent back as the x-support-token header. */
  guestToken: z.string().optional(),
});

export const supportTextSchema = z.object({ text });
export const supportIdParamsSchema = z.object({ id: idFromText });
/** Canned answers have serial (32-bit) ids. */
export const supportCannedParamsSchema = z.object({
  id: z.preprocess(
    (v) => (typeof v === 'string' && /^\d{1,10}$/.test(v) ? Number(v) : v),
    z.number().int().positive().max(2_147_483_647),
  ),
});
export const supportAttachmentParamsSchema = z.object({ id: z.string().regex(/^[A-Za-z0-9_-]{16,64}$/) });
/** Only the messages after this id (the poll's cursor). */
export const supportMessagesQuerySchema = z.object({ after: idFromText.optional() });

export const supportMessageSchema = z.object({
  id: z.number().int(),
  conversationId: z.number().int(),
  author: z.enum(SUPPORT_AUTHORS),
  /** Who wrote it as the other side sees it: the operator's account, the member's or the guest's name. */
  authorName: z.string(),
  text: z.string(),
  /** An image attachment's id (GET …/attachments/{id}), null for text. */
  attachmentId: z.string().nullable(),
  createdAt: z.string(),
});
export type SupportMessage = z.infer<typeof supportMessageSchema>;

export const supportThreadSchema = z.object({
  id: z.number().int(),
  status: z.enum(SUPPORT_STATUSES),
  messages: z.array(supportMessageSchema),
});
export type SupportThread = z.infer<typeof supportThreadSchema>;

/** GET /wps/support/status: whether someone is on duty now and, if not, how long until they are. */
export const supportStatusSchema = z.object({
  online: z.boolean(),
  hours: z.object({ from: z.string(), to: z.string() }),
  /** Outside the hours: whole hours until the team is back (at least 1); null while on duty. */
  replyWithinHours: z.number().int().nullable(),
  /** The member's conversation that is not closed, if any (guests keep theirs on the device). */
  conversationId: z.number().int().nullable(),
  /** Operator messages in it the member has not read. */
  unread: z.number().int(),
});
export type SupportStatusInfo = z.infer<typeof supportStatusSchema>;

// ---- console ----

export const supportQueueQuerySchema = z.object({
  status: z.enum([...SUPPORT_STATUSES, 'active']).default('active'),
});
export const supportQueueItemSchema = z.object({
  id: z.number().int(),
  status: z.enum(SUPPORT_STATUSES),
  /** The member's account, or null for a guest. */
  memberAccount: z.string().nullable(),
  guestName: z.string().nullable(),
  assignedTo: z.object({ id: z.number().int(), account: z.string() }).nullable(),
  lastMessage: z.string(),
  lastMessageAt: z.string(),
  /** Player messages the operators have not read yet. */
  unread: z.number().int(),
});
export type SupportQueueItem = z.infer<typeof supportQueueItemSchema>;
export const supportQueueSchema = z.object({
  items: z.array(supportQueueItemSchema),
  counts: z.object({ open: z.number().int(), assigned: z.number().int(), closed: z.number().int() }),
});
export type SupportQueue = z.infer<typeof supportQueueSchema>;

/** The player beside the chat (members only): from the members and wallet services. */
export const supportAccountSchema = z.object({
  id: z.number().int(),
  account: z.string(),
  nickname: z.string().nullable(),
  status: z.string(),
  type: z.number().int(),
  cash: z.string(),
  bonus: z.string(),
  registeredAt: z.string(),
  lastLoginAt: z.string().nullable(),
});
export const supportConversationSchema = supportQueueItemSchema.extend({
  messages: z.array(supportMessageSchema),
  account: supportAccountSchema.nullable(),
});
export type SupportConversation = z.infer<typeof supportConversationSchema>;

export const supportTransferSchema = z.object({ operatorId: z.number().int().positive() });
export const supportOperatorSchema = z.object({ id: z.number().int(), account: z.string() });

export const supportCannedInputSchema = z.object({
  title: safeString()
    .transform((s) => s.trim())
    .pipe(z.string().min(1, 'inputEmpty').max(80, 'badRequest')),
  textEn: text,
  textNe: text,
});
export const supportCannedSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  textEn: z.string(),
  textNe: z.string(),
});
export type SupportCanned = z.infer<typeof supportCannedSchema>;

/** Socket frames: a new message in a conversation the socket follows, or a queue change (operators). */
export type SupportFrame =
  | { t: 'message'; message: SupportMessage }
  | { t: 'conversation'; id: number; status: SupportStatus }
  | { t: 'pong' };
