import { ROOM_JOIN_MAX, type RoomFrame } from '@wps/contract';
import type { RoomEvent } from '../support/relay.ts';

/**
 * The host rooms one socket follows (issue 31). The socket is live support's (SUPPORT_WS_PATH):
 * a page sends `{t:'room.join', room}` and from the `room.joined` answer on hears the room's
 * messages, deletions and (its own member's, or a moderator's) sanctions. Anyone may follow a room,
 * a guest with no token too: rooms are public to read. What to follow is bounded (ROOM_JOIN_MAX).
 */
export class RoomFollower {
  private readonly rooms = new Set<string>();

  constructor(
    private readonly isRoom: (id: string) => boolean,
    private readonly viewer: { memberId: number | null; moderator: boolean },
    private readonly send: (f: RoomFrame) => void,
  ) {}

  /** Handles a client frame; false when it is not a room frame (the socket's other frames). */
  handle(frame: unknown): boolean {
    if (!frame || typeof frame !== 'object') return false;
    const { t, room } = frame as { t?: unknown; room?: unknown };
    if (t !== 'room.join' && t !== 'room.leave') return false;
    if (typeof room !== 'string') return true;
    if (t === 'room.leave') {
      this.rooms.delete(room);
      return true;
    }
    const full = !this.rooms.has(room) && this.rooms.size >= ROOM_JOIN_MAX;
    if (full || !this.isRoom(room)) {
      this.send({ t: 'room.unknown', room: room.slice(0, 64) });
      return true;
    }
    this.rooms.add(room);
    this.send({ t: 'room.joined', room });
    return true;
  }

  hears(e: RoomEvent): boolean {
    if (!this.rooms.has(e.room)) return false;
    if (e.onlyMemberId === undefined) return true;
    return this.viewer.moderator || this.viewer.memberId === e.onlyMemberId;
  }
}
