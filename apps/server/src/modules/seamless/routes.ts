import {
  DEFAULT_MESSAGE_FOR_CODE,
  envelopeSchema,
  ERROR_STATUS,
  errorEnvelopeSchema,
  seamlessBalanceRequestSchema,
  seamlessBetRequestSchema,
  seamlessRollbackRequestSchema,
  seamlessValueSchema,
  seamlessWinRequestSchema,
} from '@wps/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorEnvelope, parseError } from '../../http/error-handler.ts';
import { requireVendorSignature } from './signed-calls.ts';
import { requestLocale, translate } from '../../http/i18n.ts';
import type { SeamlessAnswer } from './service.ts';

declare module 'fastify' {
  interface FastifyRequest {
    rawBody?: Buffer;
  }
}

const vendorParams = z.object({ vendor: z.string().regex(/^[A-Z0-9_]{1,32}$/) });
const answerSchema = envelopeSchema(seamlessValueSchema);
const responses = {
  200: answerSchema,
  400: errorEnvelopeSchema,
  401: errorEnvelopeSchema,
  403: errorEnvelopeSchema,
  404: errorEnvelopeSchema,
  409: errorEnvelopeSchema,
};

const CONTRACT = `
Signed with header \`X-Signature: hex(HMAC-SHA256(vendorSecret, rawBody))\` over the exact bytes of the
JSON body. Amounts are strings with at most two decimals, greater than 0. Every answer is the envelope
\`{success, code, message, value}\` and, once the signature is good and the username known, \`value\`
carries \`balance\` (also on errors). \`txId\` is idempotent per vendor: a repeat answers the first result
(same code, same balance); the same txId with other fields answers 409 IDEMPOTENCY_CONFLICT and moves
nothing. Codes: 401 UNAUTHORIZED (bad signature or unknown vendor), 403 VENDOR_DISABLED (a vendor with
no configured secret, or disabled by the operator), 400 VALIDATION, 404 NOT_FOUND (unknown player),
403 FORBIDDEN (bet by a disabled player), 409 INSUFFICIENT_FUNDS (nothing debited; a retry answers the
same), 409 CONFLICT (a bet whose txId was rolled back before it arrived; a rollback of a win or of a
rollback; a rollback of a bet whose round already paid a win: a paid round is final), 404
ROUND_NOT_FOUND (a win in a round where this player has no live bet with this vendor: none placed, or
every one rolled back; bet-less wins, for a vendor opted in to them, only in a round without bets;
nothing credited, not remembered: a retry is judged afresh).`;

/**
 * Vendor → platform calls. This plugin is encapsulated: its JSON parser keeps the raw bytes for
 * the signature, and its error handler adds the player's balance to error answers, without
 * changing how the rest of the API parses or answers.
 */
export const seamlessRoutes: FastifyPluginAsyncZod = async (app) => {
  const seamless = app.services.seamless;
  const tags = ['seamless'];

  // Raw body kept, signature checked on it before validation (signed-calls.ts).
  requireVendorSignature(app);

  app.setErrorHandler(async (error, req, reply) => {
    const err = parseError(error);
    if (err.status >= 500) req.log.error({ err: error }, 'seamless call failed');
    const username = (req.body as { username?: unknown } | undefined)?.username;
    // Only an authenticated caller learns a balance.
    if (
      err.code !== 'UNAUTHORIZED' &&
      err.code !== 'VENDOR_DISABLED' &&
      err.status < 500 &&
      typeof username === 'string' &&
      username
    ) {
      const answer = await seamless.withBalance(username, err);
      if (answer) {
        const env = errorEnvelope(req, err);
        return reply.status(err.status).send({ ...env, value: { ...answer.value, ...(env.value ?? {}) } });
      }
    }
    return reply.status(err.status).send(errorEnvelope(req, err));
  });

  const send = (req: FastifyRequest, reply: FastifyReply, a: SeamlessAnswer) => {
    const success = a.code === 'OK';
    const key =
      a.messageKey ?? (success ? 'ok' : DEFAULT_MESSAGE_FOR_CODE[a.code as keyof typeof ERROR_STATUS]);
    return reply.status(success ? 200 : ERROR_STATUS[a.code as keyof typeof ERROR_STATUS]).send({
      success,
      code: a.code,
      message: translate(requestLocale(req), key),
      value: a.value,
    });
  };

  app.post(
    '/seamless/v1/:vendor/balance',
    {
      schema: {
        tags,
        summary: "A player's balance",
        description: CONTRACT,
        params: vendorParams,
        body: seamlessBalanceRequestSchema,
        response: responses,
      },
    },
    async (req, reply) => send(req, reply, await seamless.balance(req.params.vendor, req.body.username)),
  );

  app.post(
    '/seamless/v1/:vendor/bet',
    {
      schema: {
        tags,
        summary: 'Debit a bet',
        description: CONTRACT,
        params: vendorParams,
        body: seamlessBetRequestSchema,
        response: responses,
      },
    },
    async (req, reply) => send(req, reply, await seamless.bet(req.params.vendor, req.body)),
  );

  app.post(
    '/seamless/v1/:vendor/win',
    {
      schema: {
        tags,
        summary: 'Credit a win',
        description: CONTRACT,
        params: vendorParams,
        body: seamlessWinRequestSchema,
        response: responses,
      },
    },
    async (req, reply) => send(req, reply, await seamless.win(req.params.vendor, req.body)),
  );

  app.post(
    '/seamless/v1/:vendor/rollback',
    {
      schema: {
        tags,
        summary: 'Reverse a bet',
        description: `${CONTRACT}

Rollback: an unknown refTxId answers OK with status \`not_found\`, nothing moves, and that bet is
refused (409 CONFLICT) if it arrives later; a second rollback of one bet answers OK with
\`already_rolled_back\`; rolling back a bet that was rejected answers OK with \`not_found\`; rolling
back a win or a rollback answers 409 CONFLICT and nothing moves (correct a win with a new transaction).`,
        params: vendorParams,
        body: seamlessRollbackRequestSchema,
        response: responses,
      },
    },
    async (req, reply) => send(req, reply, await seamless.rollback(req.params.vendor, req.body)),
  );
};
