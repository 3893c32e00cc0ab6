import { AppError } from '../../http/errors.ts';

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const JPEG = Buffer.from([0xff, 0xd8, 0xff]);

/**
 * The image's real type from its first bytes. File names and declared content types are the
 * client's to choose, so they decide nothing: a script renamed `proof.png` is refused here.
 */
export function sniffImage(data: Buffer): 'image/png' | 'image/jpeg' | null {
  if (data.length >= PNG.length && data.subarray(0, PNG.length).equals(PNG)) return 'image/png';
  if (data.length >= JPEG.length && data.subarray(0, JPEG.length).equals(JPEG)) return 'image/jpeg';
  return null;
}

export function checkImage(data: Buffer, maxBytes: number, field: string): 'image/png' | 'image/jpeg' {
  if (data.length > maxBytes) {
    throw new AppError('PAYLOAD_TOO_LARGE', {
      messageKey: 'imageTooLarge',
      fields: { [field]: 'imageTooLarge' },
    });
  }
  const mime = sniffImage(data);
  if (!mime) {
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', {
      messageKey: 'imageWrongType',
      fields: { [field]: 'imageWrongType' },
    });
  }
  return mime;
}
