import {
  adminJackpotHistoryQuerySchema,
  adminJackpotHistorySchema,
  adminJackpotPoolPatchSchema,
  adminJackpotPoolSchema,
  adminJackpotPoolsSchema,
  adminJackpotTriggerResultSchema,
  adminJackpotTriggerSchema,
  envelopeSchema,
  errorEnvelopeSchema,
  GAMES_PERMISSION,
  JACKPOT_PUSH_CHECK_MS,
  JACKPOT_WS_PATH,
  jackpotPoolParamsSchema,
  jackpotPoolsSchema,
  jackpotWinsSchema,
} from '@wps/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { WebSocket } from 'ws';
import { operatorPrincipal } from '../../http/auth.ts';
import { clientIp } from '../../http/client-ip.ts';
import { operatorConsole } from '../../http/console-route.ts';
import { ok } from '../../http/envelope.ts';
import { admitSocket, SocketGate } from '../../http/socket-gate.ts';
import { JackpotTicker } from './ticker.ts';

const tags = ['jackpot'];
const errors = { 400: errorEnvelopeSchema, 404: errorEnvelopeSchema };
/** Recent wins on the public list (the winners board shows them too). */
const PUBLIC_WINS = 20;
/**
 * Ticker sockets one instance holds, and one caller (a member, else an address) of them; past
 * either a page polls instead (close 1013, try later).
 */
export const JACKPOT_SOCKETS = { perInstance: 20_000, perCaller: 20 } as const;

/** The player side: the pools (the ticker's figure) and their recent wins with proofs. */
export const jackpotRoutes: FastifyPluginAsyncZod = async (app) => {
  const jackpot = app.services.jackpot;

  app.get(
    '/wps/jackpot',
    {
      schema: {
        tags,
        summary: 'The progressive jackpot pools now: amount is the pool account balance on the ledger',
        response: { 200: envelopeSchema(jackpotPoolsSchema), ...errors },
      },
    },
    async (req) => ok(req, await jackpot.publicPools()),
  );

  // The ticker's push: the same figure as GET /wps/jackpot, sent when it changes.
  const ticker = new JackpotTicker(() => jackpot.publicPools(), JACKPOT_PUSH_CHECK_MS);
  // Every visitor's page opens this socket with no token: the same caps as the crash game's watchers.
  const gate = new SocketGate(JACKPOT_SOCKETS.perInstance, JACKPOT_SOCKETS.perCaller);
  app.addHook('onClose', async () => ticker.close());
  app.get(JACKPOT_WS_PATH, { websocket: true, schema: { hide: true } }, (socket: WebSocket, req) => {
    if (!admitSocket(gate, socket, req)) return;
    const remove = ticker.add((frame) => {
      if (socket.readyState === socket.OPEN) socket.send(frame);
    });
    socket.on('close', remove);
    // The ticker only speaks: anything a client sends is ignored, not echoed or parsed.
  });

  app.get(
    '/wps/jackpot/wins',
    {
      schema: {
        tags,
        summary: 'Recent jackpot wins with the draw inputs (server seed once revealed), for /verify',
        response: { 200: envelopeSchema(jackpotWinsSchema), ...errors },
      },
    },
    async (req) => ok(req, { wins: await jackpot.recentWins(PUBLIC_WINS) }),
  );
};

const consoleRoute = operatorConsole({
  tag: 'admin: jackpot',
  permission: GAMES_PERMISSION,
  errors: {
    400: errorEnvelopeSchema,
    401: errorEnvelopeSchema,
    403: errorEnvelopeSchema,
    404: errorEnvelopeSchema,
    409: errorEnvelopeSchema,
  },
});

/** The console: pools with their settings and totals, settings (audited), history, forced trigger. */
export const jackpotAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const jackpot = app.services.jackpot;

  app.get(
    '/wps/admin/jackpot/pools',
    consoleRoute({
      summary: 'Every pool: settings, balance, cycle and totals',
      response: adminJackpotPoolsSchema,
    }),
    async (req) => ok(req, await jackpot.adminPools()),
  );

  app.patch(
    '/wps/admin/jackpot/pools/:id',
    consoleRoute({
      summary: 'Edit a pool (seed, share, cap, hit rate, games, on/off); switching it on seeds it (audited)',
      params: jackpotPoolParamsSchema,
      body: adminJackpotPoolPatchSchema,
      response: adminJackpotPoolSchema,
    }),
    async (req) => {
      const op = operatorPrincipal(req);
      return ok(
        req,
        await jackpot.update(
          req.params.id,
          req.body,
          { id: op.operatorId, account: op.account },
          clientIp(req),
        ),
      );
    },
  );

  app.get(
    '/wps/admin/jackpot/pools/:id/history',
    consoleRoute({
      summary: "A pool's movements (seed, contributions, take-backs, payouts), newest first, and its wins",
      params: jackpotPoolParamsSchema,
      querystring: adminJackpotHistoryQuerySchema,
      response: adminJackpotHistorySchema,
    }),
    async (req) => ok(req, await jackpot.history(req.params.id, req.query)),
  );

  app.post(
    '/wps/admin/jackpot/pools/:id/trigger',
    consoleRoute({
      summary: 'Force a win of the given cycle for a member (tests and demos; refused in production)',
      params: jackpotPoolParamsSchema,
      body: adminJackpotTriggerSchema,
      response: adminJackpotTriggerResultSchema,
    }),
    async (req) => {
      const op = operatorPrincipal(req);
      const win = await jackpot.forceTrigger(
        req.params.id,
        req.body,
        { id: op.operatorId, account: op.account },
        clientIp(req),
      );
      return ok(req, { win });
    },
  );
};
