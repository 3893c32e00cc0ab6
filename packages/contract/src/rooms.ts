import { z } from 'zod';
import { liveHostSchema } from './content.ts';
import { safeString } from './safe.ts';

/**
 * Host rooms (issue 31, SPEC §2 "chat room" and "live streaming"): one chat room per configured live
 * host (LIVE_HOSTS), inside the site. Members post, guests read; operators with `rooms` moderate.
 * Frames arrive over the live-support socket (SUPPORT_WS_PATH) after a `room.join`; the HTTP
 * reads are the record, polled while the socket is down. docs/rooms.md.
 */

/** Characters of one room message (after trimming). */
export const ROOM_TEXT_MAX = 200;
/** Messages one member may post per minute, across rooms (as live support's limit). */
export const ROOM_MESSAGES_PER_MINUTE = 12;
/** Messages one history read answers: the newest, or the ones before a cursor. */
export const ROOM_PAGE_SIZE = 50;
/** The longest mute an operator can give (a week); longer is a ban. */
export const ROOM_MUTE_MINUTES_MAX = 10_080;
export const ROOM_WORDS_MAX = 500;
export const ROOM_WORD_MAX = 40;
export const ROOM_REASON_MAX = 200;
/** Rooms one socket may follow at a time (a page follows one; the console switches between them). */
export const ROOM_JOIN_MAX = 4;
/** Where the site opens a host's room; GET /wps/live/chat answers it as `chatUrl`. */
export const roomPath = (hostId: string) => `/liveStream/room?host=${encodeURIComponent(hostId)}`;

const text = safeString()
  .transform((s) => s.trim())
  .pipe(z.string().min(1, 'inputEmpty').max(ROOM_TEXT_MAX, 'badRequest'));
const idFromText = z.preprocess(
  (v) => (typeof v === 'string' && /^\d{1,15}$/.test(v) ? Number(v) : v),
  z.number().int().positive().max(Number.MAX_SAFE_INTEGER),
);
/** Member ids are serial (32-bit). */
const memberIdFromText = z.preprocess(
  (v) => (typeof v === 'string' && /^\d{1,10}$/.test(v) ? Number(v) : v),
  z.number().int().positive().max(2_147_483_647),
);
/** A room is named by its host's id (the LIVE_HOSTS id pattern). */
export const roomIdSchema = safeString().regex(/^[A-Za-z0-9_-]{1,64}$/, 'badRequest');

export const roomParamsSchema = z.object({ room: roomIdSchema });
export const roomMessageParamsSchema = z.object({ room: roomIdSchema, id: idFromText });
export const roomMemberParamsSchema = z.object({ room: roomIdSchema, memberId: memberIdFromText });
/** `before`: older messages than this id (the "older" button); `after`: newer (a catch-up read). */
export const roomMessagesQuerySchema = z.object({
  before: idFromText.optional(),
  after: idFromText.optional(),
});
export const roomTextSchema = z.object({ text });

export const roomMessageSchema = z.object({
  id: z.number().int(),
  room: z.string(),
  /** The member's nickname, or their account masked (de***01): never the login name in full. */
  authorName: z.string(),
  /** As posted, with every word of the room's word list masked by asterisks. */
  text: z.string(),
  /** Whether the word filter masked something in it. */
  filtered: z.boolean(),
  createdAt: z.string(),
});
export type RoomMessage = z.infer<typeof roomMessageSchema>;

export const roomHistorySchema = z.object({
  /** Oldest first, at most ROOM_PAGE_SIZE. */
  messages: z.array(roomMessageSchema),
  /** Older messages exist before the first one. */
  hasMore: z.boolean(),
});
export type RoomHistory = z.infer<typeof roomHistorySchema>;

export const ROOM_STANDINGS = ['guest', 'trial', 'ok', 'muted', 'banned'] as const;
export type RoomStandingStatus = (typeof ROOM_STANDINGS)[number];
/** What the caller may do in the room: read only (guest, trial account), post, or sanctioned. */
export const roomStandingSchema = z.object({
  status: z.enum(ROOM_STANDINGS),
  /** While muted: until when (ISO). */
  mutedUntil: z.string().nullable(),
  /** The operator's reason for a mute or ban, if given. */
  reason: z.string().nullable(),
  /** The name the caller's own messages carry (to tell them apart); null for a guest. */
  name: z.string().nullable(),
});
export type RoomStanding = z.infer<typeof roomStandingSchema>;

export const roomHostSchema = liveHostSchema.extend({
  /** The host's stream (LIVE_HOSTS `streamUrl`), played in the page; null: no stream configured. */
  streamUrl: z.string().nullable(),
});
export type RoomHost = z.infer<typeof roomHostSchema>;
export const roomViewSchema = z.object({ host: roomHostSchema, standing: roomStandingSchema });
export type Room = z.infer<typeof roomViewSchema>;

// ---- console ----

export const roomAdminMessageSchema = roomMessageSchema.extend({
  memberId: z.number().int(),
  account: z.string(),
});
export type RoomAdminMessage = z.infer<typeof roomAdminMessageSchema>;
export const roomAdminHistorySchema = z.object({
  messages: z.array(roomAdminMessageSchema),
  hasMore: z.boolean(),
});
export type RoomAdminHistory = z.infer<typeof roomAdminHistorySchema>;

/** A member's standing sanction in a room (muted until, banned), with who gave it and why. */
export const roomSanctionSchema = z.object({
  memberId: z.number().int(),
  account: z.string(),
  mutedUntil: z.string().nullable(),
  banned: z.boolean(),
  reason: z.string(),
  operatorAccount: z.string(),
  updatedAt: z.string(),
});
export type RoomSanction = z.infer<typeof roomSanctionSchema>;

const reason = safeString()
  .transform((s) => s.trim())
  .pipe(z.string().max(ROOM_REASON_MAX, 'badRequest'))
  .default('');
export const roomMuteSchema = z.object({
  minutes: z.number().int().min(1).max(ROOM_MUTE_MINUTES_MAX),
  reason,
});
export const roomBanSchema = z.object({ reason });

const word = safeString()
  .transform((s) => s.trim())
  .pipe(z.string().min(1, 'inputEmpty').max(ROOM_WORD_MAX, 'badRequest'));
/** The whole word list (PUT replaces it); compared case-insensitively, so duplicates fold. */
export const roomWordsSchema = z.object({ words: z.array(word).max(ROOM_WORDS_MAX) });
export type RoomWords = z.infer<typeof roomWordsSchema>;

// ---- socket frames (on SUPPORT_WS_PATH, beside support's) ----

/** Client → server: follow a room's frames, or stop. */
export type RoomClientFrame = { t: 'room.join'; room: string } | { t: 'room.leave'; room: string };

/**
 * Server → client. `room.joined` confirms a join (from then on the socket hears the room);
 * `room.unknown` answers a join of a room that is not configured (or one room too many);
 * `room.sanction` goes only to the sanctioned member's sockets and to moderators.
 */
export type RoomFrame =
  | { t: 'room.joined'; room: string }
  | { t: 'room.unknown'; room: string }
  | { t: 'room.message'; room: string; message: RoomMessage }
  | { t: 'room.deleted'; room: string; id: number }
  | { t: 'room.sanction'; room: string; memberId: number };
