import { SUPPORT_IMAGE_MAX_BYTES, SUPPORT_IMAGE_MAX_SIDE } from '@wps/contract';
import { reencodeImage } from '../cashier/images.ts';

export type EncodedAttachment = Awaited<ReturnType<typeof encodeAttachment>>;

/** The image of a message: checked by its bytes and re-encoded (the cashier's and banners' checks). */
export async function encodeAttachment(data: Buffer) {
  return reencodeImage(data, { maxBytes: SUPPORT_IMAGE_MAX_BYTES, maxSide: SUPPORT_IMAGE_MAX_SIDE }, 'file', [
    'image/png',
    'image/jpeg',
    'image/webp',
  ]);
}
