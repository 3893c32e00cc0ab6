import { hasPermission, type RoomFrame, SUPPORT_WS_PATH, type SupportFrame } from '@wps/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { WebSocket } from 'ws';
import { admitSocket, SocketGate } from '../../http/socket-gate.ts';
import { tokenFrom } from '../auth/hook.ts';
import { RoomFollower } from '../rooms/follower.ts';
import { isRoomEvent, type SupportEvent } from './relay.ts';

/** Application close codes: the socket's session or conversation is not (or no longer) valid. */
export const SUPPORT_CLOSE = { unauthorized: 4001 } as const;
/** How often an open socket checks that its session still stands (logout, revocation, lost permission). */
const RECHECK_MS = 60_000;
/** Client frames are small (a ping, a room join): anything longer is ignored unread. */
const CLIENT_FRAME_MAX = 256;
/** Sockets one instance holds, and one caller (a member, an operator, else an address) holds on it. */
export const SUPPORT_SOCKETS = { perInstance: 20_000, perCaller: 20 } as const;

/**
 * The chat's socket (issue 31), beside the crash game's: `?token=` is a member's or an operator's
 * session, or a guest's conversation token with `&conversation=<id>` (browsers cannot set headers on
 * a WebSocket; `token` is the query name the request log already redacts). A member hears their own
 * conversations, a guest its one conversation, an operator with `support` every conversation.
 * The same socket carries the host rooms' frames (modules/rooms, RoomFollower): a page joins a
 * room and hears it, so one connection serves both; with no token at all the socket reads rooms
 * only (guests may read a room). An operator needs `support` or `rooms` to connect at all.
 * Frames only announce; the HTTP reads stay the record, and the client polls them when the socket is down.
 */
export const supportSocketRoutes: FastifyPluginAsyncZod = async (app) => {
  const support = app.services.support;
  const rooms = app.services.rooms;
  const sessions = app.services.auth.sessions;
  const staffs = (permissions: readonly string[]) =>
    hasPermission(permissions, 'support') || hasPermission(permissions, 'rooms');
  // Guests connect with no token (to read a room): without a cap one address could hold them all.
  const gate = new SocketGate(SUPPORT_SOCKETS.perInstance, SUPPORT_SOCKETS.perCaller);

  app.get(SUPPORT_WS_PATH, { websocket: true, schema: { hide: true } }, (socket: WebSocket, req) => {
    if (!admitSocket(gate, socket, req)) return;
    const token = tokenFrom(req);
    const p = req.principal;
    const send = (f: SupportFrame | RoomFrame) => {
      if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(f));
    };
    const refuse = () => socket.close(SUPPORT_CLOSE.unauthorized, 'unauthorized');

    let hears: ((e: SupportEvent) => boolean) | null = null;
    let sessionId: number | null = null;
    let moderator = false;
    if (p?.kind === 'member') {
      hears = (e) => e.memberId === p.memberId;
      sessionId = p.sessionId;
    } else if (p?.kind === 'operator' && staffs(p.permissions) && !p.totpEnrolmentRequired) {
      if (hasPermission(p.permissions, 'support')) hears = () => true;
      moderator = hasPermission(p.permissions, 'rooms');
      sessionId = p.sessionId;
    } else if (p) {
      return refuse();
    }
    // A guest with a token: the conversation named must be the one its token opened.
    const guestConversation =
      !p && token ? Number((req.query as Record<string, unknown>).conversation) : null;
    if (guestConversation !== null && (!Number.isSafeInteger(guestConversation) || guestConversation <= 0)) {
      return refuse();
    }

    const follower = new RoomFollower(
      (id) => rooms.isRoom(id),
      { memberId: p?.kind === 'member' ? p.memberId : null, moderator },
      send,
    );
    const off = support.relay.on((e) => {
      if (isRoomEvent(e)) {
        if (follower.hears(e)) send(e.frame);
      } else if (hears?.(e)) send(e.frame);
    });
    let timer: NodeJS.Timeout | null = null;
    if (sessionId !== null && token) {
      timer = setInterval(() => {
        void sessions
          .resolve(token)
          .then((s) => {
            const still =
              s?.principal.sessionId === sessionId &&
              (s.principal.kind === 'member' || staffs(s.principal.permissions));
            if (!still) refuse();
          })
          .catch(() => undefined);
      }, RECHECK_MS);
      timer.unref();
    }
    // "Push when away" (support/presence.ts): while a member's socket is open, replies are not pushed.
    const leave = p?.kind === 'member' ? support.presence.enter(p.memberId) : null;
    const stop = () => {
      off();
      leave?.();
      if (timer) clearInterval(timer);
    };
    socket.on('close', stop);
    socket.on('error', stop);
    socket.on('message', (data: Buffer) => {
      if (data.length > CLIENT_FRAME_MAX) return;
      let frame: unknown;
      try {
        frame = JSON.parse(data.toString('utf8'));
      } catch {
        return; // not a frame we know
      }
      if (frame === 'ping' || (frame as { t?: unknown } | null)?.t === 'ping') return send({ t: 'pong' });
      follower.handle(frame);
    });

    if (guestConversation !== null && token) {
      support
        .accessible(guestConversation, { kind: 'guest', token })
        .then(() => {
          hears = (e) => e.conversationId === guestConversation;
        })
        .catch(refuse);
    }
  });
};
