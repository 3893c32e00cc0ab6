import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { type ImageMime, reencodeImage } from '../cashier/images.ts';

/** Operator images may be WebP too; members' proofs stay PNG/JPEG (SPEC §5). */
export const CONTENT_IMAGE_TYPES: readonly ImageMime[] = ['image/png', 'image/jpeg', 'image/webp'];
/** srcset widths: a 360 px phone at 1–3x, a tablet, a desktop banner. */
export const VARIANT_WIDTHS = [480, 960, 1440, 1920] as const;

export interface EncodedImage {
  id: string;
  width: number;
  height: number;
  variants: Array<{ width: number; height: number; mime: string; data: Buffer }>;
}

/**
 * AVIF at a low encoder effort: about half the WebP bytes for a banner at a fraction of the
 * CPU the default effort costs (seconds per banner on a small server at effort 4+).
 */
const AVIF = { quality: 50, effort: 2 } as const;

/**
 * Checks the upload by its content (type from its bytes, dimensions before decoding, re-encoded
 * so nothing but pixels survives: the cashier's checks) and encodes WebP and AVIF at every
 * srcset width not wider than the original (the original width itself when it is narrower than
 * all of them). The browser picks AVIF where it can and falls back to WebP (a `<picture>`).
 */
export async function encodeContentImage(
  data: Buffer,
  limits: { maxBytes: number; maxSide: number },
  field: string,
): Promise<EncodedImage> {
  const clean = await reencodeImage(data, limits, field, CONTENT_IMAGE_TYPES);
  const widest = 1920;
  const widths: number[] = VARIANT_WIDTHS.filter((w) => w < clean.width);
  widths.push(Math.min(clean.width, widest));
  const unique = [...new Set(widths)].sort((a, b) => a - b);
  const variants = [];
  for (const width of unique) {
    const resized = sharp(clean.data).resize({ width, withoutEnlargement: true });
    const webp = await resized.clone().webp({ quality: 80 }).toBuffer({ resolveWithObject: true });
    variants.push({ width: webp.info.width, height: webp.info.height, mime: 'image/webp', data: webp.data });
    const avif = await resized.clone().avif(AVIF).toBuffer({ resolveWithObject: true });
    variants.push({ width: avif.info.width, height: avif.info.height, mime: 'image/avif', data: avif.data });
  }
  return { id: randomBytes(16).toString('base64url'), width: clean.width, height: clean.height, variants };
}

/** For a member's proof: one variant at its own size, in its checked format. */
export async function encodeProofImage(
  data: Buffer,
  limits: { maxBytes: number; maxSide: number },
  field: string,
): Promise<EncodedImage> {
  const clean = await reencodeImage(data, limits, field);
  return {
    id: randomBytes(16).toString('base64url'),
    width: clean.width,
    height: clean.height,
    variants: [{ width: clean.width, height: clean.height, mime: clean.mime, data: clean.data }],
  };
}
