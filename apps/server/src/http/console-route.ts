import { envelopeSchema } from '@wps/contract';
import type { preValidationHookHandler } from 'fastify';
import type { z } from 'zod';
import { requireRole } from './auth.ts';

export interface ConsoleSchema {
  summary?: string;
  /** The value inside the success envelope; none: the route declares no response (a file, a redirect). */
  response?: z.ZodTypeAny;
  params?: z.ZodTypeAny;
  querystring?: z.ZodTypeAny;
  body?: z.ZodTypeAny;
  consumes?: string[];
}

export interface ConsoleOptions {
  /** The console's OpenAPI tag (`admin: cashier`). */
  tag: string;
  /** The operator permission its guard checks (the contract's PERMISSIONS). */
  permission: string;
  /** Error answers every route of the console documents beside its 200 (by status). */
  errors?: Record<number, z.ZodTypeAny>;
}

/** The route's schema as declared: its own parts, the console's, and the envelope around `response`. */
type RouteSchema<S extends ConsoleSchema> = Omit<S, 'response'> & {
  tags: string[];
  security: Array<{ token: never[] }>;
} & (S['response'] extends z.ZodTypeAny
    ? { response: { 200: ReturnType<typeof envelopeSchema<S['response']>> } }
    : unknown);

/**
 * The route options maker of one operator console, so each route declares only what is its own:
 * the operator guard with the console's permission (`onRequest`, where the permission matrix reads
 * it), the console's OpenAPI tag and token security, and the success envelope around `response`.
 * The acting operator, for the audit, comes from `actorOf` (cashier/http.ts), as in every console.
 */
export function operatorConsole(opts: ConsoleOptions) {
  const operator = requireRole(['operator'], opts.permission);
  const tags = [opts.tag];
  const security = [{ token: [] }];
  return function consoleRoute<const S extends ConsoleSchema>(
    s: S,
    hooks: { preValidation?: preValidationHookHandler } = {},
  ) {
    const { response, ...rest } = s;
    const schema = {
      tags,
      security,
      ...rest,
      ...(response ? { response: { 200: envelopeSchema(response), ...opts.errors } } : {}),
    };
    return { onRequest: operator, ...hooks, schema: schema as RouteSchema<S> };
  };
}
