import type { FastifyInstance } from 'fastify';
import { AppError } from '../../http/errors.ts';

/**
 * What every vendor → platform call needs before its handler runs: the JSON body kept as the raw
 * bytes it arrived in, and `X-Signature: hex(HMAC-SHA256(vendorSecret, rawBody))` checked on those
 * bytes before the body is validated or used. One function for every plugin that serves vendors,
 * so no plugin can check the signature differently (or forget to await the check).
 * Call it inside an encapsulated plugin: the raw-body parser must stay local to vendor routes.
 */
export function requireVendorSignature(app: FastifyInstance): void {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (req, body, done) => {
    const raw = body as Buffer;
    req.rawBody = raw;
    try {
      done(null, JSON.parse(raw.toString('utf8')));
    } catch {
      done(new AppError('VALIDATION'), undefined);
    }
  });

  app.addHook('preValidation', async (req) => {
    const vendor = (req.params as { vendor?: string }).vendor ?? '';
    const signature = req.headers['x-signature'];
    const check =
      req.rawBody === undefined
        ? 'bad_signature'
        : await app.services.seamless.verifySignature(
            vendor,
            req.rawBody,
            typeof signature === 'string' ? signature : undefined,
          );
    if (check === 'vendor_disabled') throw new AppError('VENDOR_DISABLED');
    if (check !== 'ok') throw new AppError('UNAUTHORIZED', { messageKey: 'signatureInvalid' });
  });
}
