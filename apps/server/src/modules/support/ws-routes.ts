import { hasPermission, SUPPORT_WS_PATH, type SupportFrame } from '@wps/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { WebSocket } from 'ws';
import { tokenFrom } from '../auth/hook.ts';
import type { SupportEvent } from './relay.ts';

/** Application close codes: the socket's session or conversation is not (or no longer) valid. */
export const SUPPORT_CLOSE = { unauthorized: 4001 } as const;
/** How often an open socket checks that its session still stands (logout, revocation, lost permission). */
const RECHECK_MS = 60_000;

/**
 * The chat's socket (issue 31), beside the crash game's: `?token=` is a member's or an operator's
 * session, or a guest's conversation token with `&conversation=<id>` (browsers cannot set headers on
 * a WebSocket; `token` is the query name the request log already redacts). A member hears their own
 * conversations, a guest its one conversation, an operator with `support` every conversation.
 * Frames only announce; the HTTP reads stay the record, and the client polls them when the socket is down.
 */
export const supportSocketRoutes: FastifyPluginAsyncZod = async (app) => {
  const support = app.services.support;
  const sessions = app.services.auth.sessions;

  app.get(SUPPORT_WS_PATH, { websocket: true, schema: { hide: true } }, (socket: WebSocket, req) => {
    const token = tokenFrom(req);
    const p = req.principal;
    const send = (f: SupportFrame) => {
      if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(f));
    };
    const refuse = () => socket.close(SUPPORT_CLOSE.unauthorized, 'unauthorized');

    let hears: ((e: SupportEvent) => boolean) | null = null;
    let sessionId: number | null = null;
    if (p?.kind === 'member') {
      hears = (e) => e.memberId === p.memberId;
      sessionId = p.sessionId;
    } else if (
      p?.kind === 'operator' &&
      hasPermission(p.permissions, 'support') &&
      !p.totpEnrolmentRequired
    ) {
      hears = () => true;
      sessionId = p.sessionId;
    }

    let off = () => {};
    let timer: NodeJS.Timeout | null = null;
    const start = (filter: (e: SupportEvent) => boolean) => {
      off = support.relay.on((e) => {
        if (filter(e)) send(e.frame);
      });
      if (sessionId !== null && token) {
        timer = setInterval(() => {
          void sessions
            .resolve(token)
            .then((s) => {
              const still =
                s?.principal.sessionId === sessionId &&
                (s.principal.kind === 'member' || hasPermission(s.principal.permissions, 'support'));
              if (!still) refuse();
            })
            .catch(() => undefined);
        }, RECHECK_MS);
        timer.unref();
      }
    };
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
      if (data.length <= 64 && data.toString('utf8').includes('"ping"')) send({ t: 'pong' });
    });

    if (hears) return start(hears);
    if (p || !token) return refuse();
    // A guest: the conversation named must be the one its token opened.
    const id = Number((req.query as Record<string, unknown>).conversation);
    if (!Number.isSafeInteger(id) || id <= 0) return refuse();
    support
      .accessible(id, { kind: 'guest', token })
      .then(() => start((e) => e.conversationId === id))
      .catch(refuse);
  });
};
