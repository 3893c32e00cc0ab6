import { useId } from 'react';
import { encode } from 'uqr';
import { binarizeTable, normalizeQrOptions, type QrOptions, qrLayout } from './qr-rules.ts';
import './qr-code.css';

export { normalizeQrOptions, type QrOptions } from './qr-rules.ts';

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
  /** Rendered size in CSS pixels (default SPEC's 200; the code keeps its proportions). */
  displaySize?: number;
  /** A logo in the middle, `logoScale` of the code's side (the light square behind keeps it legible). */
  logoSrc?: string;
  /** A background image behind the modules, binarized at `binarizeThreshold` when `binarize`. */
  backgroundSrc?: string;
  binarize?: boolean;
}

/** Data modules only: finder, timing and alignment patterns are drawn whole whatever the dot scale. */
const DATA = 0;

/**
 * SPEC §9 QR code: level M, dark on light, drawn at the library's 800 and shown at 200, margin
 * and logo and dot scale by the spec's rules (`normalizeQrOptions`), one SVG path.
 */
export function QrCode({
  value,
  label,
  displaySize,
  logoSrc,
  backgroundSrc,
  binarize,
  ...options
}: QrCodeProps) {
  const o = normalizeQrOptions(options);
  const filterId = `qr-bin-${useId().replace(/[^a-zA-Z0-9_-]/g, '')}`;
  const qr = encode(value, { ecc: o.level, border: 0 });
  const g = qrLayout(qr.size, o);
  const shown = displaySize ?? o.size;
  const logoBox = logoSrc ? g.logo : null;
  let d = '';
  for (let y = 0; y < qr.size; y++) {
    for (let x = 0; x < qr.size; x++) {
      if (!qr.data[y]?.[x]) continue;
      const px = g.margin + x * g.cell;
      const py = g.margin + y * g.cell;
      // Under the logo the modules give way (level M's redundancy covers a 0.2 logo).
      if (
        logoBox &&
        px + g.cell > logoBox.x &&
        px < logoBox.x + logoBox.size &&
        py + g.cell > logoBox.y &&
        py < logoBox.y + logoBox.size
      )
        continue;
      const whole = qr.types[y]?.[x] !== DATA;
      const s = whole ? g.cell : g.dot;
      const inset = whole ? 0 : g.dotInset;
      d += `M${r(px + inset)} ${r(py + inset)}h${r(s)}v${r(s)}h${r(-s)}z`;
    }
  }
  const table = binarizeTable(o.binarizeThreshold);
  return (
    <svg
      className="qr"
      role="img"
      aria-label={label}
      width={shown}
      height={shown}
      viewBox={`0 0 ${o.librarySize} ${o.librarySize}`}
      shapeRendering="crispEdges"
      data-level={o.level}
      data-modules={qr.size}
    >
      <title>{label}</title>
      <rect width={o.librarySize} height={o.librarySize} fill={o.light} />
      {backgroundSrc && (
        <>
          {binarize && (
            <filter id={filterId}>
              <feColorMatrix type="saturate" values="0" />
              <feComponentTransfer>
                <feFuncR type="discrete" tableValues={table} />
                <feFuncG type="discrete" tableValues={table} />
                <feFuncB type="discrete" tableValues={table} />
              </feComponentTransfer>
            </filter>
          )}
          <image
            href={backgroundSrc}
            width={o.librarySize}
            height={o.librarySize}
            preserveAspectRatio="xMidYMid slice"
            filter={binarize ? `url(#${filterId})` : undefined}
          />
        </>
      )}
      <path d={d} fill={o.dark} />
      {logoBox && (
        <>
          <rect
            x={logoBox.x}
            y={logoBox.y}
            width={logoBox.size}
            height={logoBox.size}
            fill={o.light}
            rx={logoBox.size * 0.12}
          />
          <image
            href={logoSrc}
            x={logoBox.x + logoBox.size * 0.08}
            y={logoBox.y + logoBox.size * 0.08}
            width={logoBox.size * 0.84}
            height={logoBox.size * 0.84}
          />
        </>
      )}
    </svg>
  );
}

const r = (n: number) => Math.round(n * 100) / 100;
