import {
  ROOM_PAGE_SIZE,
  type Room,
  type RoomAdminHistory,
  type RoomAdminMessage,
  type RoomFrame,
  type RoomHistory,
  type RoomMessage,
  type RoomStanding,
} from '@wps/contract';
import { and, asc, desc, eq, gt, isNull, lt, type SQL } from 'drizzle-orm';
import type { LiveHostConfig } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import type { AuditService } from '../admin/service.ts';
import type { MembersService } from '../members/service.ts';
import { maskAccount } from '../missions/leaderboard.ts';
import type { SupportRelay } from '../support/relay.ts';
import { RoomModeration } from './moderation.ts';
import { roomMessages, roomSanctions, roomWords } from './schema.ts';
import { compileWordFilter } from './words.ts';

/** Who reads a room: a member (what they may do depends on their standing), or anyone else (reads). */
export type RoomViewer =
  | { kind: 'member'; memberId: number; account: string; role: 'player' | 'trial' | 'agent' }
  | { kind: 'reader' };

export interface RoomsDeps {
  members: MembersService;
  audit: AuditService;
  /** Live support's relay: room frames go out on the same socket and the same NOTIFY channel. */
  relay: SupportRelay;
}

type MessageRow = typeof roomMessages.$inferSelect;
type SanctionRow = typeof roomSanctions.$inferSelect;

export const toRoomMessage = (r: MessageRow): RoomMessage => ({
  id: r.id,
  room: r.room,
  authorName: r.authorName,
  text: r.body,
  filtered: r.filtered,
  createdAt: r.createdAt.toISOString(),
});
const toAdminMessage = (r: MessageRow): RoomAdminMessage => ({
  ...toRoomMessage(r),
  memberId: r.memberId,
  account: r.memberAccount,
});

const mutedAt = (s: SanctionRow | undefined, now: Date) =>
  s?.mutedUntil && s.mutedUntil.getTime() > now.getTime() ? s.mutedUntil : null;

/**
 * Host rooms (issue 31): a chat room per configured live host. Members post (a trial account and
 * a guest read only; a muted or banned member is refused with the reason), every message passes
 * the word filter (masked, never refused: words.ts) and is announced on live support's relay.
 */
export class RoomsService {
  readonly moderation: RoomModeration;

  constructor(
    private readonly db: Db,
    private readonly hostsConfig: readonly LiveHostConfig[],
    private readonly deps: RoomsDeps,
  ) {
    this.moderation = new RoomModeration(db, this, deps);
  }

  hosts(): readonly LiveHostConfig[] {
    return this.hostsConfig;
  }

  isRoom(id: string): boolean {
    return this.hostsConfig.some((h) => h.id === id);
  }

  /** The room's host; no hosts at all is "live is not available", an unknown one NOT_FOUND. */
  host(id: string): LiveHostConfig {
    if (!this.hostsConfig.length) throw new AppError('NOT_ENABLED', { messageKey: 'liveNotConfigured' });
    const host = this.hostsConfig.find((h) => h.id === id);
    if (!host) throw new AppError('NOT_FOUND');
    return host;
  }

  /** To the room's sockets on every instance; `onlyMemberId`: only that member's (and moderators'). */
  publish(room: string, frame: RoomFrame, onlyMemberId?: number): void {
    this.deps.relay.publish({ room, frame, ...(onlyMemberId !== undefined ? { onlyMemberId } : {}) });
  }

  async sanctionOf(room: string, memberId: number): Promise<SanctionRow | undefined> {
    const [row] = await this.db
      .select()
      .from(roomSanctions)
      .where(and(eq(roomSanctions.room, room), eq(roomSanctions.memberId, memberId)));
    return row;
  }

  /** What the viewer may do here, and the name their messages carry. */
  async standing(room: string, viewer: RoomViewer, now = new Date()): Promise<RoomStanding> {
    if (viewer.kind !== 'member') return { status: 'guest', mutedUntil: null, reason: null, name: null };
    const name = await this.displayName(viewer.memberId, viewer.account);
    if (viewer.role === 'trial') return { status: 'trial', mutedUntil: null, reason: null, name };
    const s = await this.sanctionOf(room, viewer.memberId);
    if (s?.banned) return { status: 'banned', mutedUntil: null, reason: s.reason || null, name };
    const until = mutedAt(s, now);
    if (until) return { status: 'muted', mutedUntil: until.toISOString(), reason: s?.reason || null, name };
    return { status: 'ok', mutedUntil: null, reason: null, name };
  }

  async room(id: string, viewer: RoomViewer, now = new Date()): Promise<Room> {
    const h = this.host(id);
    return {
      host: {
        id: h.id,
        name: h.name,
        avatarUrl: h.avatarUrl,
        online: h.online,
        streamUrl: h.streamUrl ?? null,
      },
      standing: await this.standing(id, viewer, now),
    };
  }

  /** The nickname, or the account masked as the public boards show it (de***01). */
  private async displayName(memberId: number, account: string): Promise<string> {
    const m = await this.deps.members.getById(memberId);
    return m?.nickname?.trim() || maskAccount(account);
  }

  private async rows(room: string, q: { before?: number; after?: number }) {
    this.host(room);
    const where: SQL[] = [eq(roomMessages.room, room), isNull(roomMessages.deletedAt)];
    if (q.before !== undefined) where.push(lt(roomMessages.id, q.before));
    if (q.after !== undefined) where.push(gt(roomMessages.id, q.after));
    // A catch-up read (`after` alone) walks forwards from the cursor; every other read takes the
    // newest page (before the cursor, if given) and answers it oldest first.
    const forwards = q.after !== undefined && q.before === undefined;
    const rows = await this.db
      .select()
      .from(roomMessages)
      .where(and(...where))
      .orderBy(forwards ? asc(roomMessages.id) : desc(roomMessages.id))
      .limit(ROOM_PAGE_SIZE + 1);
    const hasMore = rows.length > ROOM_PAGE_SIZE;
    const page = rows.slice(0, ROOM_PAGE_SIZE);
    return { rows: forwards ? page : page.reverse(), hasMore };
  }

  async history(room: string, q: { before?: number; after?: number }): Promise<RoomHistory> {
    const { rows, hasMore } = await this.rows(room, q);
    return { messages: rows.map(toRoomMessage), hasMore };
  }

  async adminHistory(room: string, q: { before?: number; after?: number }): Promise<RoomAdminHistory> {
    const { rows, hasMore } = await this.rows(room, q);
    return { messages: rows.map(toAdminMessage), hasMore };
  }

  /** A member's message: refused for a trial account, a ban or a running mute; masked, stored, announced. */
  async post(
    room: string,
    viewer: Extract<RoomViewer, { kind: 'member' }>,
    text: string,
    now = new Date(),
  ): Promise<RoomMessage> {
    this.host(room);
    if (viewer.role === 'trial') throw new AppError('FORBIDDEN', { messageKey: 'realAccountNeeded' });
    const s = await this.sanctionOf(room, viewer.memberId);
    if (s?.banned) throw new AppError('FORBIDDEN', { messageKey: 'roomBanned' });
    const until = mutedAt(s, now);
    if (until) {
      const minutes = Math.ceil((until.getTime() - now.getTime()) / 60_000);
      throw new AppError('FORBIDDEN', { messageKey: 'roomMuted', args: [minutes] });
    }
    const words = await this.db.select({ word: roomWords.word }).from(roomWords);
    const masked = compileWordFilter(words.map((w) => w.word)).mask(text);
    const [row] = await this.db
      .insert(roomMessages)
      .values({
        room,
        memberId: viewer.memberId,
        memberAccount: viewer.account,
        authorName: await this.displayName(viewer.memberId, viewer.account),
        body: masked.text,
        filtered: masked.filtered,
      })
      .returning();
    if (!row) throw new AppError('INTERNAL');
    const message = toRoomMessage(row);
    this.publish(room, { t: 'room.message', room, message });
    return message;
  }
}
