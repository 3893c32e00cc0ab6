import { SPEC } from '@wps/contract';
import { QRCodeSVG } from 'qrcode.react';

export interface QrOptions {
  size: number;
  margin: number;
  dark: string;
  light: string;
  level: 'L' | 'M' | 'Q' | 'H';
  logoScale: number;
  dotScale: number;
}

/**
 * SPEC §9 QR rules: a margin that is negative or not smaller than the size resets to 0; a logo
 * scale outside (0,1) falls back to the default; a dot scale outside (0,1] falls back to 0.35.
 */
export function normalizeQrOptions(input: Partial<QrOptions> = {}): QrOptions {
  const q = SPEC.qr;
  const size = input.size !== undefined && input.size > 0 ? input.size : q.size;
  const margin = input.margin ?? q.margin;
  const logoScale = input.logoScale ?? q.logoScale;
  const dotScale = input.dotScale ?? q.dotScale;
  return {
    size,
    margin: margin < 0 || margin >= size ? 0 : margin,
    dark: input.dark ?? q.dark,
    light: input.light ?? q.light,
    level: input.level ?? (q.correctionLevel as QrOptions['level']),
    logoScale: logoScale > 0 && logoScale < 1 ? logoScale : q.logoScale,
    dotScale: dotScale > 0 && dotScale <= 1 ? dotScale : q.dotScaleFallback,
  };
}

/** Relative links (`/download/android`) become absolute so a phone camera can open them. */
export function absoluteUrl(url: string, origin: string): string {
  try {
    return new URL(url, origin).toString();
  } catch {
    return url;
  }
}

export interface QrCodeProps extends Partial<QrOptions> {
  value: string;
  /** Accessible name, e.g. "Android app QR code". */
  label: string;
  /** Rendered size in CSS pixels (the code itself keeps SPEC's 200 units and scales). */
  displaySize?: number;
}

export function QrCode({ value, label, displaySize, ...options }: QrCodeProps) {
  const o = normalizeQrOptions(options);
  const shown = displaySize ?? o.size;
  // SPEC's margin is in pixels of the `size` box; as padding it scales with the rendered size.
  const pad = (o.margin / o.size) * shown;
  return (
    <div className="qr" style={{ width: shown, height: shown, padding: pad, background: o.light }}>
      <QRCodeSVG
        value={value}
        size={shown - 2 * pad}
        level={o.level}
        fgColor={o.dark}
        bgColor={o.light}
        marginSize={0}
        title={label}
        role="img"
        aria-label={label}
      />
    </div>
  );
}
