import { type Envelope, MESSAGES, type MessageKey } from '@wps/contract';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError, isAppError } from './errors.ts';
import { requestLocale, translate } from './i18n.ts';

type ErrorValue = { fields?: Record<string, string> } & Record<string, unknown>;

export function errorEnvelope(req: FastifyRequest, err: AppError): Envelope<ErrorValue | null> {
  const locale = requestLocale(req);
  // A field message may be given as a message key (services do not know the caller's language).
  const fields = err.fields
    ? Object.fromEntries(
        Object.entries(err.fields).map(([f, m]) => [
          f,
          Object.hasOwn(MESSAGES, m) ? translate(locale, m as MessageKey) : m,
        ]),
      )
    : undefined;
  const value: ErrorValue | null =
    fields || err.extra ? { ...(err.extra ?? {}), ...(fields ? { fields } : {}) } : null;
  return {
    success: false,
    code: err.code,
    message: translate(locale, err.messageKey, err.args),
    value,
  };
}

export function sendError(req: FastifyRequest, reply: FastifyReply, err: AppError) {
  return reply.status(err.status).send(errorEnvelope(req, err));
}

/**
 * PostgreSQL refuses text it cannot store (a NUL byte, a broken UTF-8 sequence) with these
 * codes. Only a client can send such text, so it is a bad request wherever it slipped through.
 */
const PG_UNSTORABLE_TEXT = new Set(['22021', '22P05']);
function pgErrorCode(error: unknown): string | undefined {
  let e: unknown = error;
  for (let i = 0; i < 5 && e && typeof e === 'object'; i++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
}

const MULTIPART_PARSE_ERROR =
  /unexpected end of (multipart data|form|file)|terminated early|boundary (not found|required)|malformed part header/i;

/**
 * Turn anything thrown into an AppError. Framework errors that a client can cause (bad JSON,
 * wrong content type, body too large, schema validation) are 4xx; everything else is INTERNAL.
 */
export function parseError(error: unknown): AppError {
  if (isAppError(error)) return error;
  const pgCode = pgErrorCode(error);
  if (pgCode && PG_UNSTORABLE_TEXT.has(pgCode)) return new AppError('VALIDATION', { cause: error });
  const e = error as FastifyError & { validation?: unknown };
  if (hasZodFastifySchemaValidationErrors(e)) {
    const fields: Record<string, string> = {};
    for (const v of e.validation) {
      const path = (v.instancePath || '').replace(/^\//, '').replace(/\//g, '.');
      const key = path || '_';
      if (!fields[key]) fields[key] = v.message ?? 'invalid';
    }
    return new AppError('VALIDATION', { fields });
  }
  if (e && typeof e === 'object' && 'validation' in e && e.validation) {
    return new AppError('VALIDATION', { fields: { _: String(e.message) } });
  }
  switch (e?.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
    case 'FST_ERR_VALIDATION':
    case 'FST_ERR_QSP_NOT_FN':
      return new AppError('VALIDATION', { cause: e });
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
    case 'FST_REQ_FILE_TOO_LARGE':
    case 'FST_FILES_LIMIT':
    case 'FST_PARTS_LIMIT':
    case 'FST_FIELDS_LIMIT':
      return new AppError('PAYLOAD_TOO_LARGE', { cause: e });
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return new AppError('UNSUPPORTED_MEDIA_TYPE', { cause: e });
  }
  // The multipart parser (busboy) throws plain errors for a body it cannot read: truncated,
  // no boundary, a broken part header. Only the client's bytes can cause them.
  if (e instanceof Error && typeof e.statusCode !== 'number' && MULTIPART_PARSE_ERROR.test(e.message)) {
    return new AppError('VALIDATION', { cause: e });
  }
  const status = typeof e?.statusCode === 'number' ? e.statusCode : 500;
  if (status === 429) return new AppError('RATE_LIMITED', { cause: e });
  if (status >= 400 && status < 500) return new AppError('VALIDATION', { status, cause: e });
  return new AppError('INTERNAL', { cause: e });
}

export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((error, req, reply) => {
    const appError = parseError(error);
    if (appError.status >= 500) {
      req.log.error({ err: error }, 'request failed');
    } else if (appError.code === 'INTERNAL' || !isAppError(error)) {
      req.log.info(
        { err: { message: (error as Error)?.message, code: (error as FastifyError)?.code } },
        'client error',
      );
    }
    return sendError(req, reply, appError);
  });
}
