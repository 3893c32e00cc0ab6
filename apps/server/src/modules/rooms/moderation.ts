import type { RoomFrame, RoomSanction } from '@wps/contract';
import { and, asc, desc, eq, gt, isNull, or } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import type { AuditService } from '../admin/service.ts';
import type { MembersService } from '../members/service.ts';
import { roomMessages, roomSanctions, roomWords } from './schema.ts';
import { normalizeWord } from './words.ts';

export interface RoomActor {
  id: number;
  account: string;
  ip?: string | null | undefined;
}

const toSanction = (r: typeof roomSanctions.$inferSelect): RoomSanction => ({
  memberId: r.memberId,
  account: r.memberAccount,
  mutedUntil: r.mutedUntil?.toISOString() ?? null,
  banned: r.banned,
  reason: r.reason,
  operatorAccount: r.operatorAccount,
  updatedAt: r.updatedAt.toISOString(),
});

/**
 * The console's moderation of host rooms (permission `rooms`): delete a message (gone for everyone,
 * announced at once), mute a member in a room for some minutes, ban and unban, and the word list.
 * Every action is written to the operator audit log in the same transaction as the change.
 */
/**
 * What moderation needs of the rooms service (service.ts implements it). Declared here so the two
 * files import one way: the service builds its moderation, the moderation never imports the service.
 */
export interface ModeratedRooms {
  /** The configured host of a room; throws the not-found error for an unknown room. */
  host(id: string): unknown;
  publish(room: string, frame: RoomFrame, onlyMemberId?: number): void;
}

export class RoomModeration {
  constructor(
    private readonly db: Db,
    private readonly rooms: ModeratedRooms,
    private readonly deps: { members: MembersService; audit: AuditService },
  ) {}

  async deleteMessage(room: string, id: number, actor: RoomActor): Promise<void> {
    this.rooms.host(room);
    await this.db.transaction(async (tx) => {
      const [row] = await tx
        .update(roomMessages)
        .set({ deletedAt: new Date(), deletedBy: actor.id })
        .where(and(eq(roomMessages.id, id), eq(roomMessages.room, room), isNull(roomMessages.deletedAt)))
        .returning();
      if (!row) throw new AppError('NOT_FOUND');
      await this.deps.audit.record(
        {
          actor,
          action: 'rooms.message.delete',
          target: { type: 'roomMessage', id },
          before: { room, memberId: row.memberId, account: row.memberAccount, text: row.body },
          ip: actor.ip,
        },
        tx,
      );
    });
    this.rooms.publish(room, { t: 'room.deleted', room, id });
  }

  /** Mutes (minutes from now) or bans a member in a room; the row keeps the last change's operator and reason. */
  private async sanction(
    room: string,
    memberId: number,
    actor: RoomActor,
    change: { mutedUntil?: Date | null; banned?: boolean; reason?: string },
    action: string,
  ): Promise<RoomSanction> {
    this.rooms.host(room);
    const member = await this.deps.members.getById(memberId);
    if (!member) throw new AppError('NOT_FOUND');
    const lifting = action === 'rooms.unmute' || action === 'rooms.unban';
    const row = await this.db.transaction(async (tx) => {
      const [before] = await tx
        .select()
        .from(roomSanctions)
        .where(and(eq(roomSanctions.room, room), eq(roomSanctions.memberId, memberId)))
        .for('update');
      if (lifting && !before) throw new AppError('NOT_FOUND');
      const set = {
        ...change,
        // Lifting keeps the reason of the sanction still standing (a ban's, when a mute is lifted).
        ...(lifting ? {} : { reason: change.reason ?? '' }),
        memberAccount: member.account,
        operatorId: actor.id,
        operatorAccount: actor.account,
        updatedAt: new Date(),
      };
      const [r] = await tx
        .insert(roomSanctions)
        .values({ room, memberId, ...set })
        .onConflictDoUpdate({ target: [roomSanctions.room, roomSanctions.memberId], set })
        .returning();
      if (!r) throw new AppError('INTERNAL');
      await this.deps.audit.record(
        {
          actor,
          action,
          target: { type: 'member', id: memberId },
          before: before ? toSanction(before) : null,
          after: { room, ...toSanction(r) },
          ip: actor.ip,
        },
        tx,
      );
      return r;
    });
    this.rooms.publish(room, { t: 'room.sanction', room, memberId }, memberId);
    return toSanction(row);
  }

  mute(room: string, memberId: number, minutes: number, reason: string, actor: RoomActor, now = new Date()) {
    const mutedUntil = new Date(now.getTime() + minutes * 60_000);
    return this.sanction(room, memberId, actor, { mutedUntil, reason }, 'rooms.mute');
  }

  unmute(room: string, memberId: number, actor: RoomActor) {
    return this.sanction(room, memberId, actor, { mutedUntil: null }, 'rooms.unmute');
  }

  ban(room: string, memberId: number, reason: string, actor: RoomActor) {
    return this.sanction(room, memberId, actor, { banned: true, reason }, 'rooms.ban');
  }

  unban(room: string, memberId: number, actor: RoomActor) {
    return this.sanction(room, memberId, actor, { banned: false }, 'rooms.unban');
  }

  /** Sanctions standing now in a room: banned, or muted until a time still to come. */
  async sanctions(room: string, now = new Date()): Promise<RoomSanction[]> {
    this.rooms.host(room);
    const rows = await this.db
      .select()
      .from(roomSanctions)
      .where(
        and(
          eq(roomSanctions.room, room),
          or(eq(roomSanctions.banned, true), gt(roomSanctions.mutedUntil, now)),
        ),
      )
      .orderBy(desc(roomSanctions.updatedAt));
    return rows.map(toSanction);
  }

  async words(): Promise<string[]> {
    const rows = await this.db.select({ word: roomWords.word }).from(roomWords).orderBy(asc(roomWords.word));
    return rows.map((r) => r.word);
  }

  /** Replaces the word list (kept in the filter's form, duplicates folded); applies to messages from now on. */
  async setWords(input: readonly string[], actor: RoomActor): Promise<string[]> {
    const words = [...new Set(input.map(normalizeWord).filter(Boolean))].sort();
    await this.db.transaction(async (tx) => {
      const before = (await tx.select({ word: roomWords.word }).from(roomWords)).map((r) => r.word).sort();
      await tx.delete(roomWords);
      if (words.length) await tx.insert(roomWords).values(words.map((word) => ({ word })));
      await this.deps.audit.record(
        {
          actor,
          action: 'rooms.words',
          target: { type: 'roomWords', id: 'all' },
          before,
          after: words,
          ip: actor.ip,
        },
        tx,
      );
    });
    return words;
  }
}
