import type { Envelope } from '@wps/contract';
import type { FastifyRequest } from 'fastify';
import { requestLocale, translate } from './i18n.ts';

/** A success envelope. Handlers return `ok(req, value)`. */
export function ok<T>(req: FastifyRequest, value: T): Envelope<T> {
  return { success: true, code: 'OK', message: translate(requestLocale(req), 'ok'), value };
}
