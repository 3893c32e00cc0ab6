import type { FastifyInstance, FastifyRequest } from 'fastify';
import { operatorPrincipal } from '../../http/auth.ts';
import { clientIp } from '../../http/client-ip.ts';
import { errorEnvelope, parseError } from '../../http/error-handler.ts';
import { AppError } from '../../http/errors.ts';
import type { Actor } from './service.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The image of a multipart cashier call (deposit proof, receipt proof, channel QR). */
    cashierUpload?: Buffer;
  }
}

/**
 * Answers like the app's error handler, and fills the arguments of a field message too
 * ('The amount must be at least 100.00.'): the field then reads exactly like the message.
 */
export function cashierErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler(async (error, req, reply) => {
    const err = parseError(error);
    if (err.status >= 500) req.log.error({ err: error }, 'request failed');
    const env = errorEnvelope(req, err);
    const fields = env.value?.fields;
    if (fields && err.fields && err.args.length) {
      for (const [field, message] of Object.entries(err.fields)) {
        if (message === err.messageKey) fields[field] = env.message;
      }
    }
    return reply.status(err.status).send(env);
  });
}

/**
 * A preValidation hook: a multipart request's text fields become the body (validated by the
 * route's schema like JSON) and its one image, under `fileField`, is kept for the handler.
 */
export function multipartBody(fileField: string) {
  return async (req: FastifyRequest): Promise<void> => {
    if (!req.isMultipart()) return;
    const fields: Record<string, string> = {};
    for await (const part of req.parts()) {
      if (part.type === 'file') {
        if (part.fieldname !== fileField || req.cashierUpload) {
          // Drain what we do not use so the request completes.
          await part.toBuffer().catch(() => undefined);
          continue;
        }
        try {
          req.cashierUpload = await part.toBuffer();
        } catch (err) {
          if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
            throw new AppError('PAYLOAD_TOO_LARGE', {
              messageKey: 'imageTooLarge',
              fields: { [fileField]: 'imageTooLarge' },
            });
          }
          throw err;
        }
      } else {
        fields[part.fieldname] = typeof part.value === 'string' ? part.value : String(part.value);
      }
    }
    req.body = fields;
  };
}

export const actorOf = (req: FastifyRequest): Actor => ({
  id: operatorPrincipal(req).operatorId,
  account: operatorPrincipal(req).account,
  ip: clientIp(req),
});
