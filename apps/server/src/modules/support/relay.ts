import { randomUUID } from 'node:crypto';
import type { RoomFrame, SupportFrame } from '@wps/contract';
import { ChannelListener } from '../../db/channel-listener.ts';
import type { Database } from '../../db/client.ts';

/** Who a frame is for: the conversation's own sockets (its member or guest) and every console socket. */
export interface SupportEvent {
  conversationId: number;
  memberId: number | null;
  frame: SupportFrame;
}
/**
 * A host room's frame (modules/rooms), on the same relay and socket: for the sockets following the
 * room; with `onlyMemberId` (a sanction) only for that member's sockets and the moderators'.
 */
export interface RoomEvent {
  room: string;
  onlyMemberId?: number;
  frame: RoomFrame;
}
export type RelayEvent = SupportEvent | RoomEvent;
export const isRoomEvent = (e: RelayEvent): e is RoomEvent => 'room' in e;
type Listener = (e: RelayEvent) => void;

const CHANNEL = 'wps_support';
const RECONNECT_MS = 2000;

/**
 * Support (and host-room) frames to every instance's sockets. Delivered here at once; on PostgreSQL also sent as a
 * NOTIFY on `wps_support` (the cross-instance channel the crash game and the session cache use too),
 * so an operator on instance A reaches a player whose socket is on instance B. Payloads are one
 * message (support text ≤ 1000 characters, a room's ≤ 200), well under NOTIFY's 8000 bytes. A notice lost while the listening
 * connection is down is not replayed: the chat's HTTP poll catches up on the same cursor.
 */
export class SupportRelay {
  private readonly listeners = new Set<Listener>();
  private readonly instance = randomUUID();
  private database: Database | null = null;
  private listener: ChannelListener | null = null;

  on(l: Listener): () => void {
    this.listeners.add(l);
    return () => this.listeners.delete(l);
  }

  publish(e: RelayEvent): void {
    this.deliver(e);
    if (this.database?.kind === 'postgres') {
      const payload = JSON.stringify({ from: this.instance, e });
      void this.database.query('select pg_notify($1, $2)', [CHANNEL, payload]).catch(() => undefined);
    }
  }

  private deliver(e: RelayEvent): void {
    for (const l of this.listeners) {
      try {
        l(e);
      } catch {
        /* one closed socket must not stop the others */
      }
    }
  }

  private onNotice(payload: string | undefined): void {
    try {
      const msg = JSON.parse(payload ?? '') as { from?: string; e?: RelayEvent };
      if (msg.from !== this.instance && msg.e) this.deliver(msg.e);
    } catch {
      /* not ours */
    }
  }

  /** PostgreSQL: listen on its own connection (reconnecting); PGlite is one process, nothing to join. */
  async start(database: Database): Promise<void> {
    this.database = database;
    if (database.kind !== 'postgres' || !database.url) return;
    this.listener = new ChannelListener(
      database.url,
      CHANNEL,
      { notice: (payload) => this.onNotice(payload) },
      RECONNECT_MS,
    );
    await this.listener.start();
  }

  async close(): Promise<void> {
    await this.listener?.close();
    this.listener = null;
  }
}
