import type { FastifyRequest } from 'fastify';
import { AppError } from '../../http/errors.ts';

/** The multipart bodies of promotions calls: a member's application images, the console's image upload. */

declare module 'fastify' {
  interface FastifyRequest {
    /** The images of a multipart activity application. */
    promotionImages?: Buffer[];
    /** The operator's uploaded promotion image. */
    promotionImage?: Buffer;
  }
}

/** Multipart application: text fields become the body, files under `images` are kept (3 at most). */
export async function applicationBody(req: FastifyRequest): Promise<void> {
  if (!req.isMultipart()) return;
  const fields: Record<string, string> = {};
  const files: Buffer[] = [];
  try {
    for await (const part of req.parts()) {
      if (part.type === 'file') {
        if (part.fieldname !== 'images') {
          await part.toBuffer().catch(() => undefined);
          continue;
        }
        files.push(await part.toBuffer());
      } else {
        fields[part.fieldname] = typeof part.value === 'string' ? part.value : String(part.value);
      }
    }
  } catch (err) {
    const code = (err as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE')
      throw new AppError('PAYLOAD_TOO_LARGE', {
        messageKey: 'imageTooLarge',
        fields: { images: 'imageTooLarge' },
      });
    if (code === 'FST_FILES_LIMIT')
      throw new AppError('VALIDATION', { messageKey: 'imageTooMany', fields: { images: 'imageTooMany' } });
    throw err;
  }
  req.promotionImages = files;
  req.body = fields;
}

/** The console's image upload: one file under `image` (the content pipeline checks its bytes). */
export async function imageBody(req: FastifyRequest): Promise<void> {
  if (!req.isMultipart())
    throw new AppError('VALIDATION', { messageKey: 'proofRequired', fields: { image: 'proofRequired' } });
  try {
    for await (const part of req.parts()) {
      if (part.type !== 'file') continue;
      const data = await part.toBuffer();
      if (part.fieldname === 'image' && !req.promotionImage) req.promotionImage = data;
    }
  } catch (err) {
    const code = (err as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE')
      throw new AppError('PAYLOAD_TOO_LARGE', {
        messageKey: 'imageTooLarge',
        fields: { image: 'imageTooLarge' },
      });
    if (code === 'FST_FILES_LIMIT')
      throw new AppError('VALIDATION', { messageKey: 'imageTooMany', fields: { image: 'imageTooMany' } });
    throw err;
  }
  if (!req.promotionImage)
    throw new AppError('VALIDATION', { messageKey: 'proofRequired', fields: { image: 'proofRequired' } });
}
