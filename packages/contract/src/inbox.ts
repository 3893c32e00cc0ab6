import { z } from 'zod';
import { safeString } from './safe.ts';
import { pageOf, pageQuerySchema } from './wallet.ts';

/** messageV2 (SPEC §2): a member's inbox, their own messages and the broadcasts meant for them. */
export const INBOX_SOURCES = ['direct', 'broadcast'] as const;
export const BROADCAST_AUDIENCES = ['all', 'players', 'agents'] as const;
export type BroadcastAudience = (typeof BROADCAST_AUDIENCES)[number];

export const inboxMessageSchema = z.object({
  /** `d42` for a direct message, `b7` for a broadcast: one id space for the read call. */
  id: safeString(),
  source: z.enum(INBOX_SOURCES),
  kind: safeString(),
  title: safeString(),
  body: safeString(),
  read: z.boolean(),
  createdAt: safeString(),
});
export type InboxMessage = z.infer<typeof inboxMessageSchema>;

export const inboxQuerySchema = pageQuerySchema.extend({
  unread: z.enum(['true', 'false']).optional(),
});
export const inboxPageSchema = pageOf(inboxMessageSchema).extend({ unread: z.number().int().min(0) });
export type InboxPage = z.infer<typeof inboxPageSchema>;

export const messageIdParamsSchema = z.object({ id: safeString().regex(/^[db][1-9]\d{0,15}$/) });
export const unreadCountSchema = z.object({ unread: z.number().int().min(0) });
export const markReadInputSchema = z.object({ all: z.literal(true) });

export const broadcastInputSchema = z.object({
  audience: z.enum(BROADCAST_AUDIENCES),
  title: safeString().trim().min(1).max(120),
  body: safeString().trim().min(1).max(4000),
  /** Nepali versions (issue 27): empty shows the English to a Nepali reader. */
  titleNe: safeString().trim().max(120).default(''),
  bodyNe: safeString().trim().max(4000).default(''),
});
export type BroadcastInput = z.infer<typeof broadcastInputSchema>;

export const broadcastSchema = z.object({
  id: z.number().int(),
  audience: z.enum(BROADCAST_AUDIENCES),
  title: safeString(),
  body: safeString(),
  createdBy: safeString(),
  createdAt: safeString(),
  reads: z.number().int(),
});
export const broadcastPageSchema = pageOf(broadcastSchema);
