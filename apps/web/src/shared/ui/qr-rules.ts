import { SPEC } from '@wps/contract';

export interface QrOptions {
  /** The component's size (SPEC §9: 200); the code is drawn at `librarySize` and scaled to it. */
  size: number;
  librarySize: number;
  margin: number;
  dark: string;
  light: string;
  level: 'L' | 'M' | 'Q' | 'H';
  logoScale: number;
  dotScale: number;
  binarizeThreshold: number;
}

/**
 * SPEC §9 QR rules: size 200 drawn by the library at 800; margin 20, reset to 0 when negative or
 * not smaller than the size; dark #000000 on light #FFFFFF; correction level M; logo scale 0.2
 * (outside (0,1) falls back to it); dot scale 1 (outside (0,1] falls back to 0.35); binarize
 * threshold 128, used only strictly between 0 and 255 (otherwise the default).
 */
export function normalizeQrOptions(input: Partial<QrOptions> = {}): QrOptions {
  const q = SPEC.qr;
  const size = input.size !== undefined && input.size > 0 ? input.size : q.size;
  const margin = input.margin ?? q.margin;
  const logoScale = input.logoScale ?? q.logoScale;
  const dotScale = input.dotScale ?? q.dotScale;
  const threshold = input.binarizeThreshold ?? q.binarizeThreshold;
  return {
    size,
    librarySize: input.librarySize !== undefined && input.librarySize > 0 ? input.librarySize : q.librarySize,
    margin: margin < 0 || margin >= size ? 0 : margin,
    dark: input.dark ?? q.dark,
    light: input.light ?? q.light,
    level: input.level ?? (q.correctionLevel as QrOptions['level']),
    logoScale: logoScale > 0 && logoScale < 1 ? logoScale : q.logoScale,
    dotScale: dotScale > 0 && dotScale <= 1 ? dotScale : q.dotScaleFallback,
    binarizeThreshold: threshold > 0 && threshold < 255 ? threshold : q.binarizeThreshold,
  };
}

/**
 * Where things go, in library units (a `librarySize` square): the margin scales with the
 * library (20 of 200 is 80 of 800), modules share the rest, a data module is drawn at
 * `dotScale` of its cell (centred; finder, timing and alignment patterns stay whole so phones
 * still lock on), and the logo takes `logoScale` of the code's side, centred.
 */
export function qrLayout(modules: number, o: QrOptions) {
  const margin = (o.margin * o.librarySize) / o.size;
  const inner = o.librarySize - 2 * margin;
  const cell = inner / modules;
  const dot = cell * o.dotScale;
  const logo = inner * o.logoScale;
  return {
    margin,
    cell,
    dot,
    dotInset: (cell - dot) / 2,
    logo: { size: logo, x: (o.librarySize - logo) / 2, y: (o.librarySize - logo) / 2 },
  };
}

/**
 * An SVG transfer table for binarizing a background image at a threshold (0–255): grey levels
 * above it turn white, the rest black — the library's rule, as feFuncX tableValues.
 */
export function binarizeTable(threshold: number): string {
  return Array.from({ length: 256 }, (_, i) => (i > threshold ? 1 : 0)).join(' ');
}
