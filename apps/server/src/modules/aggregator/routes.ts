import { CURRENCY } from '@wps/contract';
import { Hub88Simulator, httpTransport, type WalletTransport } from '@wps/sandbox-vendor/hub88-sim';
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { hub88ConsoleRoutes } from './console-routes.ts';
import { Hub88Freebets } from './freebets.ts';
import { type Hub88FreebetsApi, type Hub88GamesApi, Hub88GamesClient } from './games-api.ts';
import {
  balanceRequest,
  betRequest,
  HUB88_DOCS,
  type Hub88Status,
  rollbackRequest,
  SIGNATURE_HEADER,
  signBody,
  userInfoRequest,
  verifyBody,
  walletResponse,
  winRequest,
} from './hub88-protocol.ts';
import { type Hub88Keys, hub88Keys } from './keys.ts';
import { type Hub88Endpoint, Hub88WalletService } from './service.ts';
import { ownAddress as addressOf } from '../../http/own-address.ts';

/** The fixed base path of our Hub88 wallet API (issue 29). */
export const HUB88_BASE = '/aggregator/hub88';
/** Where the local simulator is mounted (simulator mode only). */
export const HUB88_SIM_BASE = '/aggregator-sim/hub88';

export interface AggregatorHub88 {
  keys: Hub88Keys;
  wallet: Hub88WalletService;
  games: (Hub88GamesApi & Hub88FreebetsApi) | null;
  /** Free spins through the Freebets API, and their free rounds (freebets.ts). */
  freebets: Hub88Freebets;
  /** The local simulator (simulator mode), reaching our wallet through `transport`. */
  simulator: Hub88Simulator | null;
}

declare module 'fastify' {
  interface FastifyInstance {
    hub88: AggregatorHub88;
  }
}

const DESCRIPTION = `Hub88 operator Wallet API (${HUB88_DOCS.wallet}). Authenticated by signature, not session:
\`X-Hub88-Signature\` = base64 RSA-SHA256 of the raw body with the aggregator's key (HUB88_PUBLIC_KEY verifies it).
Every business outcome is HTTP 200 with \`status\` (${HUB88_DOCS.statuses}); our answers are signed the same way
with HUB88_PRIVATE_KEY. Amounts are integers, 100000 = 1.00. A duplicate request_uuid of a transaction call is
answered exactly as the first.`;

/**
 * Registers the Hub88 integration: the wallet routes under /aggregator/hub88, and in simulator
 * mode the local simulator under /aggregator-sim/hub88 (outside production only; its keys are
 * generated at start, see keys.ts).
 */
export async function registerAggregator(app: FastifyInstance): Promise<void> {
  const keys = hub88Keys(app.config);
  let games: Hub88GamesClient | null = null;
  const freebets = new Hub88Freebets(app.database.db, {
    api: () => games,
    members: app.services.members,
    games: app.services.games,
    promotions: app.services.promotions,
    bonusEngine: app.services.bonusEngine,
    audit: app.services.audit,
  });
  const wallet = new Hub88WalletService(app.database.db, {
    seamless: app.services.seamless,
    members: app.services.members,
    games: app.services.games,
    freebets,
  });
  const ownAddress = () => addressOf(app);
  let simulator: Hub88Simulator | null = null;
  if (keys.mode === 'simulator' && keys.simulator) {
    // In-process calls when the server is not listening (tests), real HTTP otherwise.
    const transport: WalletTransport = async (path, rawBody, headers) => {
      if (app.server.listening)
        return httpTransport(() => `${ownAddress()}${HUB88_BASE}`)(path, rawBody, headers);
      const res = await app.inject({
        method: 'POST',
        url: `${HUB88_BASE}${path}`,
        payload: rawBody,
        headers: { 'content-type': 'application/json', ...headers },
      });
      return {
        status: res.statusCode,
        body: res.body,
        headers: res.headers as Record<string, string | undefined>,
      };
    };
    simulator = new Hub88Simulator({
      aggregatorPrivateKey: keys.simulator.aggregatorPrivateKey,
      operatorPublicKey: keys.simulator.operatorPublicKey,
      operatorId: app.config.hub88.operatorId,
      wallet: transport,
      currency: CURRENCY,
    });
    await app.register(simulator.plugin, { prefix: HUB88_SIM_BASE });
  }
  games =
    keys.mode === 'disabled' || !keys.operatorPrivateKey
      ? null
      : new Hub88GamesClient({
          baseUrl: () => app.config.hub88.apiUrl ?? `${ownAddress()}${HUB88_SIM_BASE}`,
          // The simulator's thumbnails are paths on this site: kept as paths, so the page loads them
          // from its own origin whatever address the server calls itself on.
          imageBaseUrl: () => app.config.hub88.apiUrl ?? '',
          operatorId: app.config.hub88.operatorId,
          privateKey: keys.operatorPrivateKey,
        });
  app.decorate('hub88', { keys, wallet, games, freebets, simulator });
  await app.register(hub88WalletRoutes);
  await app.register(hub88ConsoleRoutes);
}

const ROUTES: Array<[Hub88Endpoint, z.ZodType, string]> = [
  ['user/info', userInfoRequest, "The player's data"],
  ['user/balance', balanceRequest, "The player's balance"],
  ['transaction/bet', betRequest, 'Debit a bet'],
  ['transaction/win', winRequest, 'Credit a win'],
  ['transaction/rollback', rollbackRequest, 'Roll back a bet'],
];

/** Validation fails as WRONG_SYNTAX when a field is missing or the body is no object, else WRONG_TYPES. */
function syntaxStatus(error: z.ZodError): Hub88Status {
  const missing = error.issues.some(
    (i) =>
      i.code === 'invalid_type' && (i.path.length === 0 || /received undefined|: undefined/.test(i.message)),
  );
  return missing ? 'RS_ERROR_WRONG_SYNTAX' : 'RS_ERROR_WRONG_TYPES';
}

const requestUuidOf = (body: unknown): string | undefined => {
  const v = (body as { request_uuid?: unknown } | null)?.request_uuid;
  return typeof v === 'string' && v.length <= 100 ? v : undefined;
};

const hub88WalletRoutes: FastifyPluginAsync = async (app) => {
  const { keys, wallet } = app.hub88;
  const tags = ['aggregator'];

  // Our answers are signed over their exact bytes, so a duplicate gets byte-identical ones.
  app.addHook('onSend', async (_req, reply, payload) => {
    if (keys.operatorPrivateKey && typeof payload === 'string') {
      reply.header(SIGNATURE_HEADER, signBody(keys.operatorPrivateKey, payload));
    }
    return payload;
  });

  // The body is kept as received: the signature covers those bytes, not a re-serialisation.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (req, body, done) => {
    req.rawBody = body as Buffer;
    try {
      done(null, JSON.parse((body as Buffer).toString('utf8')));
    } catch {
      done(null, { __unparsable: true });
    }
  });
  // Validation is ours (below), so every outcome is a 200 with a status, as the protocol wants.
  app.setValidatorCompiler(() => (data) => ({ value: data }));
  app.setErrorHandler(async (error, req, reply) => {
    const status = (error as { statusCode?: number }).statusCode ?? 500;
    if (status >= 500) req.log.error({ err: error }, 'hub88 wallet call failed');
    const body = {
      status: status >= 500 ? 'RS_ERROR_UNKNOWN' : 'RS_ERROR_WRONG_SYNTAX',
      request_uuid: requestUuidOf(req.body),
    };
    return reply.status(200).send(body);
  });

  for (const [endpoint, schema, summary] of ROUTES) {
    app.post(
      `${HUB88_BASE}/${endpoint}`,
      {
        config: { alwaysOpen: true },
        schema: {
          tags,
          summary,
          description: DESCRIPTION,
          headers: z.object({ [SIGNATURE_HEADER]: z.string().optional() }),
          body: schema,
          response: { 200: walletResponse },
        } as never,
      },
      async (req, reply) => {
        const requestUuid = requestUuidOf(req.body);
        if (keys.mode === 'disabled' || !keys.aggregatorPublicKey) {
          // Production without keys: the integration is off ("Operator ... is disabled", statuses page).
          return reply.send({ status: 'RS_ERROR_INVALID_PARTNER', request_uuid: requestUuid });
        }
        const sig = req.headers[SIGNATURE_HEADER];
        if (
          !req.rawBody ||
          !verifyBody(keys.aggregatorPublicKey, req.rawBody, typeof sig === 'string' ? sig : undefined)
        ) {
          return reply.send({ status: 'RS_ERROR_INVALID_SIGNATURE', request_uuid: requestUuid });
        }
        const parsed = schema.safeParse(req.body);
        if (!parsed.success)
          return reply.send({ status: syntaxStatus(parsed.error), request_uuid: requestUuid });
        const b = parsed.data as never;
        const answer = await wallet.handle(endpoint, (b as { request_uuid: string }).request_uuid, () => {
          switch (endpoint) {
            case 'user/info':
              return wallet.info(b);
            case 'user/balance':
              return wallet.balance(b);
            case 'transaction/bet':
              return wallet.bet(b);
            case 'transaction/win':
              return wallet.win(b);
            default:
              return wallet.rollback(b);
          }
        });
        return reply.send(answer);
      },
    );
  }
};
