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
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { WebSocket } from 'ws';
import { ok } from '../../http/envelope.ts';
import { AppError } from '../../http/errors.ts';
import { requestLocale, translate } from '../../http/i18n.ts';

/** Largest client frame read; anything longer is an error frame. */
const MAX_FRAME_BYTES = 1024;

/**
 * Crash (issue 11): the public chain and round proofs over HTTP, and the live socket. Anyone may
 * watch; a member's token (`?token=`, as DESIGN §4 allows, redacted from logs) lets them bet.
 */
export const crashRoutes: FastifyPluginAsyncZod = async (app) => {
  const crash = app.services.crash;
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
    const principal = req.principal?.kind === 'member' ? req.principal : null;
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
    const off = crash.on((frame, memberId, origin) => {
      if (origin === socket) return; // answered directly below
      if (memberId === undefined || memberId === principal?.memberId) send(frame);
    });
    socket.on('close', off);
    socket.on('error', off);

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
        crash
          .placeBet(principal, f)
          .then((bet) => send({ t: 'bet', bet }))
          .catch((e) => fail(e, f.slot));
        return;
      }
      crash
        .cashOut(principal, { slot: f.slot, betId: f.betId }, socket)
        .then((bet) => send({ t: 'settled', bet }))
        .catch((e) => fail(e, f.slot));
    });
  });
};
