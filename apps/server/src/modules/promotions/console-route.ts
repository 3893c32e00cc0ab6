import { envelopeSchema } from '@wps/contract';
import type { preValidationHookHandler } from 'fastify';
import type { z } from 'zod';
import { requireRole } from '../../http/auth.ts';

/** The promotions console's guard: an operator holding the promotions permission. */
const operator = requireRole(['operator'], 'promotions');

interface ConsoleSchema {
  summary: string;
  /** The value inside the success envelope. */
  response: z.ZodTypeAny;
  params?: z.ZodTypeAny;
  querystring?: z.ZodTypeAny;
  body?: z.ZodTypeAny;
  consumes?: string[];
}

/**
 * The options of one promotions console route (promotions, reward tickets), so each declares only
 * what is its own: the permission guard, the console's OpenAPI tag and token security, and the
 * success envelope around `response`. The acting operator, for the audit, comes from `actorOf`
 * (cashier/http.ts), as in the other consoles.
 */
export function consoleRoute<const S extends ConsoleSchema>(
  s: S,
  hooks: { preValidation?: preValidationHookHandler } = {},
) {
  const { response, ...rest } = s;
  return {
    onRequest: operator,
    ...hooks,
    schema: {
      tags: ['admin: promotions'],
      security: [{ token: [] }],
      ...rest,
      response: { 200: envelopeSchema(response as S['response']) },
    },
  };
}
