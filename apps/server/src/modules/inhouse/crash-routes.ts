import {
  CRASH_WS_PATH,
  type CrashServerFrame,
  crashChainSchema,
  crashClientFrameSchema,
  crashProofSchema,
  crashRoundParamsSchema,
  crashRoundsQuerySchema,
  crashRoundsSchema,
  envelopeSchema,
  errorEnvelopeSchema,
} from '@wps/contract';
import { SYSTEM_STATUS } from '@wps/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { WebSocket } from 'ws';
import type { MemberPrincipal } from '../../http/auth.ts';
import { clientIp } from '../../http/client-ip.ts';
import { ok } from '../../http/envelope.ts';
import { AppError } from '../../http/errors.ts';
import { requestLocale, translate } from '../../http/i18n.ts';
import { admitSocket, SocketGate } from '../../http/socket-gate.ts';
import { tokenFrom } from '../auth/hook.ts';
import type { AuthChangeFollower, AuthChangeKind } from '../auth/session-cache.ts';

/** Largest client frame read; anything longer is an error frame. */
const MAX_FRAME_BYTES = 1024;
/** Sockets one instance holds, and one caller (a member, else an address: guests watch) holds on it. */
export const CRASH_SOCKETS = { perInstance: 20_000, perCaller: 20 } as const;

/** Close codes (application range 4000–4999) sent with a reason when a socket's session ends. */
export const CRASH_CLOSE = {
  sessionEnded: { code: 4001, reason: 'session ended' },
  passwordChange: { code: 4003, reason: 'password change required' },
} as const;

/** A member's open socket, as the session watch sees it. */
interface Watched {
  sessionId: number;
  memberId: number;
  token: string;
  /** Checks the session again: closes the socket (with a reason) if it ended. */
  check(): Promise<void>;
}

/**
 * The members' open sockets by session and member, told of every session change by the same
 * `wps_auth` notices that drop the session cache (logout, revocation, a member frozen or
 * self-excluded, a forced password change): each socket concerned checks its session again and
 * closes if it ended. When changes may have been missed (the listening connection was lost) every
 * socket checks once more, after a short wait; every bet checks its session anyway.
 */
class SocketSessions implements AuthChangeFollower {
  private readonly bySession = new Map<number, Set<Watched>>();
  private readonly byMember = new Map<number, Set<Watched>>();
  private sweep: NodeJS.Timeout | null = null;

  add(w: Watched): () => void {
    const put = <K>(m: Map<K, Set<Watched>>, k: K) => {
      const set = m.get(k) ?? new Set();
      set.add(w);
      m.set(k, set);
    };
    const drop = <K>(m: Map<K, Set<Watched>>, k: K) => {
      const set = m.get(k);
      set?.delete(w);
      if (set?.size === 0) m.delete(k);
    };
    put(this.bySession, w.sessionId);
    put(this.byMember, w.memberId);
    return () => {
      drop(this.bySession, w.sessionId);
      drop(this.byMember, w.memberId);
    };
  }

  forget(kind: AuthChangeKind, id: number): void {
    const set = kind === 's' ? this.bySession.get(id) : kind === 'm' ? this.byMember.get(id) : undefined;
    for (const w of [...(set ?? [])]) void w.check();
  }

  lostTrack(): void {
    if (this.sweep || this.bySession.size === 0) return;
    this.sweep = setTimeout(() => {
      this.sweep = null;
      void (async () => {
        for (const set of [...this.bySession.values()]) for (const w of [...set]) await w.check();
      })();
    }, 1000);
    this.sweep.unref();
  }
}

/**
 * Crash (issue 11): the public chain and round proofs over HTTP, and the live socket. Anyone may
 * watch; a member's token (`?token=`, as DESIGN §4 allows, redacted from logs) lets them bet.
 */
export const crashRoutes: FastifyPluginAsyncZod = async (app) => {
  const crash = app.services.crash;
  const sessions = app.services.auth.sessions;
  const system = app.services.system;
  const watch = new SocketSessions();
  sessions.changes.follow(watch);
  const gate = new SocketGate(CRASH_SOCKETS.perInstance, CRASH_SOCKETS.perCaller);
  const tags = ['inhouse'];
  const errors = { 400: errorEnvelopeSchema, 404: errorEnvelopeSchema };

  app.get(
    '/wps/inhouse/crash/chain',
    {
      schema: {
        tags,
        summary: 'Crash: the published terminating hash of the round chain and the point formula (public)',
        response: { 200: envelopeSchema(crashChainSchema) },
      },
    },
    async (req) => ok(req, await crash.chainInfo()),
  );

  app.get(
    '/wps/inhouse/crash/rounds',
    {
      schema: {
        tags,
        summary: 'Crash: the latest crashed rounds with their hashes and points (public)',
        querystring: crashRoundsQuerySchema,
        response: { 200: envelopeSchema(crashRoundsSchema), ...errors },
      },
    },
    async (req) => ok(req, await crash.rounds(req.query.limit)),
  );

  app.get(
    '/wps/inhouse/crash/rounds/:roundId',
    {
      schema: {
        tags,
        summary: 'Crash: one round with its proof (hash revealed once crashed) (public)',
        params: crashRoundParamsSchema,
        response: { 200: envelopeSchema(crashProofSchema), ...errors },
      },
    },
    async (req) => ok(req, await crash.proof(req.params.roundId)),
  );

  app.get(CRASH_WS_PATH, { websocket: true, schema: { hide: true } }, (socket: WebSocket, req) => {
    if (!admitSocket(gate, socket, req)) return;
    const principal = req.principal?.kind === 'member' ? req.principal : null;
    const token = principal ? tokenFrom(req) : null;
    const ip = clientIp(req);
    const locale = requestLocale(req);
    const send = (f: CrashServerFrame) => {
      if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(f));
    };
    const fail = (e: unknown, slot?: number) => {
      const err = e instanceof AppError ? e : new AppError('INTERNAL');
      if (!(e instanceof AppError)) req.log.error({ err: e }, 'crash frame failed');
      send({
        t: 'error',
        code: err.code,
        message: translate(locale, err.messageKey, err.args),
        ...(slot !== undefined ? { slot } : {}),
      });
    };
    /** The session ended: say why (an error frame, then the close reason) and close. */
    const end = (err: AppError, close: { code: number; reason: string }) => {
      if (socket.readyState !== socket.OPEN) return;
      fail(err);
      socket.close(close.code, close.reason);
    };
    /**
     * The session behind the socket as it is now (cached; dropped by the `wps_auth` notice that
     * ends it): the socket's open-time principal is not trusted past a logout, a freeze, a
     * self-exclusion (which revokes the sessions) or a forced password change. A bet also needs
     * the site open (maintenance, region block), as every other call does.
     */
    const current = async (forBet: boolean): Promise<MemberPrincipal> => {
      const s = token ? await sessions.resolve(token) : null;
      if (s?.principal.kind !== 'member' || s.principal.sessionId !== principal?.sessionId) {
        const err = new AppError('UNAUTHORIZED');
        end(err, CRASH_CLOSE.sessionEnded);
        throw err;
      }
      if (s.mustChangePassword) throw new AppError('FORBIDDEN', { messageKey: 'changePasswordFirst' });
      if (forBet) {
        const status = await system.status(ip);
        if (status.status === SYSTEM_STATUS.maintenance) throw new AppError('MAINTENANCE');
        if (status.status === SYSTEM_STATUS.regionBlocked) throw new AppError('REGION_BLOCKED');
      }
      return s.principal;
    };
    const off = crash.on((frame, memberId, origin) => {
      if (origin === socket) return; // answered directly below
      if (memberId === undefined || memberId === principal?.memberId) send(frame);
    });
    let unwatch = () => {};
    if (principal && token) {
      unwatch = watch.add({
        sessionId: principal.sessionId,
        memberId: principal.memberId,
        token,
        check: async () => {
          if (socket.readyState !== socket.OPEN) return;
          // The database away: nothing can be told; the next bet checks again.
          const s = await sessions.resolve(token).catch(() => undefined);
          if (s === undefined) return;
          if (s?.principal.kind !== 'member' || s.principal.sessionId !== principal.sessionId)
            end(new AppError('UNAUTHORIZED'), CRASH_CLOSE.sessionEnded);
          else if (s.mustChangePassword)
            end(new AppError('FORBIDDEN', { messageKey: 'changePasswordFirst' }), CRASH_CLOSE.passwordChange);
        },
      });
    }
    const closed = () => {
      off();
      unwatch();
    };
    socket.on('close', closed);
    socket.on('error', closed);

    void (async () => {
      const round = crash.state();
      if (round)
        send({
          t: 'hello',
          round,
          history: crash.recentPoints(),
          member: principal !== null,
          bets: principal ? await crash.myBets(principal.memberId) : [],
        });
    })().catch(fail);

    socket.on('message', (data: Buffer, isBinary: boolean) => {
      let frame: ReturnType<typeof crashClientFrameSchema.safeParse>;
      try {
        if (isBinary || data.length > MAX_FRAME_BYTES) throw new Error('bad frame');
        frame = crashClientFrameSchema.safeParse(JSON.parse(data.toString('utf8')));
      } catch {
        return fail(new AppError('VALIDATION', { messageKey: 'crashBadFrame' }));
      }
      if (!frame.success) return fail(new AppError('VALIDATION', { messageKey: 'crashBadFrame' }));
      const f = frame.data;
      if (f.t === 'ping') return send({ t: 'pong', serverNow: crash.now() });
      if (!principal) return fail(new AppError('UNAUTHORIZED', { messageKey: 'crashLoginRequired' }), f.slot);
      if (f.t === 'bet') {
        current(true)
          .then((p) => crash.placeBet(p, f))
          .then((bet) => send({ t: 'bet', bet }))
          .catch((e) => fail(e, f.slot));
        return;
      }
      // A cash-out only lowers what the player has at risk: maintenance and region block do not
      // hold it, an ended session does.
      current(false)
        .then((p) => crash.cashOut(p, { slot: f.slot, betId: f.betId }, socket))
        .then((bet) => send({ t: 'settled', bet }))
        .catch((e) => fail(e, f.slot));
    });
  });
};
