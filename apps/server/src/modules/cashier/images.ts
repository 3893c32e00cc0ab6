import sharp, { type Metadata } from 'sharp';
import { AppError } from '../../http/errors.ts';

// Each upload is decoded once; libvips' operation cache would only keep memory for nothing.
sharp.cache(false);

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const JPEG = Buffer.from([0xff, 0xd8, 0xff]);

const RIFF = Buffer.from('RIFF');
const WEBP = Buffer.from('WEBP');

export type ImageMime = 'image/png' | 'image/jpeg' | 'image/webp';
const SHARP_FORMAT: Record<ImageMime, string> = {
  'image/png': 'png',
  'image/jpeg': 'jpeg',
  'image/webp': 'webp',
};
const PHOTO_TYPES: readonly ImageMime[] = ['image/png', 'image/jpeg'];

/**
 * The image's claimed type from its first bytes: only a first filter. File names and declared
 * content types are the client's to choose, so they decide nothing.
 */
export function sniffImage(data: Buffer): ImageMime | null {
  if (data.length >= PNG.length && data.subarray(0, PNG.length).equals(PNG)) return 'image/png';
  if (data.length >= JPEG.length && data.subarray(0, JPEG.length).equals(JPEG)) return 'image/jpeg';
  if (data.length >= 12 && data.subarray(0, 4).equals(RIFF) && data.subarray(8, 12).equals(WEBP))
    return 'image/webp';
  return null;
}

const wrongType = (field: string) =>
  new AppError('UNSUPPORTED_MEDIA_TYPE', {
    messageKey: 'imageWrongType',
    fields: { [field]: 'imageWrongType' },
  });

/**
 * Decodes the image and encodes it again (issue 7 #6). What is stored is only what the pixels
 * make: metadata (EXIF location, comments, colour profiles) is dropped, and bytes after the image
 * or hidden in ancillary chunks — a ZIP or HTML polyglot — cannot survive. Dimensions are read
 * from the header and refused before any pixel is decoded, so a small file that would inflate to
 * gigabytes (a decompression bomb) costs nothing; libvips' own pixel limit backs that up.
 * Truncated or corrupt images are refused (libvips warnings count as errors).
 */
export async function reencodeImage(
  data: Buffer,
  limits: { maxBytes: number; maxSide: number },
  field: string,
  /** Types accepted (content images add WebP); member proofs keep PNG and JPEG. */
  accept: readonly ImageMime[] = PHOTO_TYPES,
): Promise<{ mime: ImageMime; data: Buffer; width: number; height: number }> {
  if (data.length > limits.maxBytes) {
    throw new AppError('PAYLOAD_TOO_LARGE', {
      messageKey: 'imageTooLarge',
      fields: { [field]: 'imageTooLarge' },
    });
  }
  const mime = sniffImage(data);
  if (!mime || !accept.includes(mime)) throw wrongType(field);
  const options = { failOn: 'warning' as const, limitInputPixels: limits.maxSide * limits.maxSide, pages: 1 };
  let meta: Metadata;
  try {
    // The header alone: no pixel limit here, so a bomb is told apart (413) from a broken file (415).
    meta = await sharp(data, { ...options, limitInputPixels: false }).metadata();
  } catch {
    throw wrongType(field);
  }
  if (SHARP_FORMAT[mime] !== meta.format) throw wrongType(field);
  if (!meta.width || !meta.height || meta.width > limits.maxSide || meta.height > limits.maxSide) {
    throw new AppError('PAYLOAD_TOO_LARGE', {
      messageKey: 'imageDimensionsTooLarge',
      args: [limits.maxSide],
      fields: { [field]: 'imageDimensionsTooLarge' },
    });
  }
  try {
    // rotate(): apply the EXIF orientation to the pixels, since the tag itself is dropped.
    const img = sharp(data, options).rotate();
    const encoded =
      mime === 'image/png'
        ? img.png()
        : mime === 'image/webp'
          ? img.webp({ quality: 90 })
          : img.jpeg({ quality: 90 });
    const { data: out, info } = await encoded.toBuffer({ resolveWithObject: true });
    return { mime, data: out, width: info.width, height: info.height };
  } catch {
    throw wrongType(field);
  }
}
