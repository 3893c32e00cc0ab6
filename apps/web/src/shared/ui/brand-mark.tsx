import { useId } from 'react';

const NOTCHES = [0, 60, 120, 180, 240, 300];

/**
 * The brand mark: a gold casino chip with the W of the name. The same drawing is public/favicon.svg
 * and the PNG app icons (scripts/make-icons.mjs); change them together.
 */
export function BrandMark({ size = 32, className }: { size?: number; className?: string }) {
  // Two marks on one page (header and side menu) must not share a gradient id.
  const gradient = `brand-gold-${useId().replace(/:/g, '')}`;
  const fill = `url(#${gradient})`;
  return (
    <svg className={className} viewBox="0 0 64 64" width={size} height={size} aria-hidden="true">
      <defs>
        <linearGradient id={gradient} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#ffe083" />
          <stop offset=".55" stopColor="#f5b916" />
          <stop offset="1" stopColor="#b97f00" />
        </linearGradient>
      </defs>
      <circle cx="32" cy="32" r="31" fill={fill} />
      <g fill="#0e1424">
        {NOTCHES.map((a) => (
          <rect key={a} x="28.5" y="1" width="7" height="9" rx="1.5" transform={`rotate(${a} 32 32)`} />
        ))}
        <circle cx="32" cy="32" r="20" />
      </g>
      <circle
        cx="32"
        cy="32"
        r="17"
        fill="none"
        stroke="#f5b916"
        strokeWidth="1.2"
        strokeDasharray="2.5 2.2"
        opacity=".7"
      />
      <path
        fill={fill}
        d="M19.5 23h5.2l3.1 12.2L31 23h2l3.2 12.2L39.3 23h5.2l-6 18h-4.4L32 33.4 29.9 41h-4.4z"
      />
    </svg>
  );
}
