import type { SVGProps } from 'react';

/** A few line icons drawn on a 24-unit grid; decorative unless given a title by the caller. */
const PATHS = {
  menu: 'M4 6h16M4 12h16M4 18h16',
  home: 'M3 11l9-7 9 7M5 10v10h5v-6h4v6h5V10',
  house: 'M12 3l2.5 5.5L20 9.5l-4 4 1 6-5-3-5 3 1-6-4-4 5.5-1z',
  slots: 'M4 5h16v14H4zM9 5v14M15 5v14M6 11h1M11.5 11h1M17 11h1',
  live: 'M3 7h18v11H3zM8 21h8M12 18v3M10 10.5l4 2-4 2z',
  fish: 'M3 12c4-5 10-5 14 0-4 5-10 5-14 0zM17 12l4-3v6zM8 11.5h.01',
  cards: 'M5 4h10v15H5zM15 7l4 1-3 13-6-1.5',
  sports: 'M12 3a9 9 0 100 18 9 9 0 000-18zM12 7l4 3-1.5 5h-5L8 10z',
  esports:
    'M6 9h12a3 3 0 013 3v3a2 2 0 01-3.5 1.3L15 14H9l-2.5 2.3A2 2 0 013 15v-3a3 3 0 013-3zM8 11v2M7 12h2M16 12h.01',
  rooster: 'M7 20l2-5c-3-1-4-4-3-7 2 1 3 1 4 0 1-3 4-4 6-3l-1 2 3 1-2 2c1 4-1 8-5 9l1 1',
  lottery: 'M5 5h14v14H5zM9 9h.01M15 9h.01M12 12h.01M9 15h.01M15 15h.01',
  gift: 'M4 10h16v10H4zM3 7h18v3H3zM12 7v13M12 7c-2-4-6-3-5 0M12 7c2-4 6-3 5 0',
  download: 'M12 4v11M7 11l5 5 5-5M5 20h14',
  chat: 'M4 5h16v11H9l-5 4z',
  globe: 'M12 3a9 9 0 100 18 9 9 0 000-18zM3 12h18M12 3c3 3 3 15 0 18M12 3c-3 3-3 15 0 18',
  sun: 'M12 8a4 4 0 100 8 4 4 0 000-8zM12 2v2M12 20v2M2 12h2M20 12h2M5 5l1.5 1.5M17.5 17.5L19 19M5 19l1.5-1.5M17.5 6.5L19 5',
  moon: 'M20 14.5A8 8 0 119.5 4a6.5 6.5 0 0010.5 10.5z',
  user: 'M12 4a4 4 0 100 8 4 4 0 000-8zM4 21c1-4 4-6 8-6s7 2 8 6',
  wallet: 'M3 7h18v12H3zM3 7l13-3v3M16 13h2',
  cashout: 'M3 7h18v12H3zM12 10v6M9 13l3 3 3-3',
  agent: 'M8 7a3 3 0 106 0 3 3 0 00-6 0M3 20c.5-3.5 3.5-6 8-6M17 13v8M13 17h8',
  chevronLeft: 'M15 5l-7 7 7 7',
  chevronRight: 'M9 5l7 7-7 7',
  star: 'M12 3l2.7 5.6 6.1.9-4.4 4.3 1 6.1L12 17l-5.4 2.9 1-6.1L3.2 9.5l6.1-.9z',
  trophy: 'M7 4h10v5a5 5 0 01-10 0zM7 6H4a3 3 0 003 4M17 6h3a3 3 0 01-3 4M12 14v3M8 21h8M9 17h6v4H9z',
  mail: 'M3 6h18v12H3zM3 6l9 7 9-7',
  tool: 'M14.5 5.5a4 4 0 005 5L20 11l-9 9a2.1 2.1 0 01-3-3l9-9zM3 4l4 4M5 3l3 3-2 2-3-3z',
  shield: 'M12 3l8 3v6c0 4.5-3.4 8-8 9-4.6-1-8-4.5-8-9V6zM9 9l6 6M15 9l-6 6',
  clock: 'M12 3a9 9 0 100 18 9 9 0 000-18zM12 7v5l3 2',
  image: 'M4 5h16v14H4zM4 16l5-5 4 4 3-3 4 4M15 9h.01',
  alert: 'M12 3l10 18H2zM12 10v4M12 17.5h.01',
  signal: 'M2 9a15 15 0 0120 0M5.5 12.5a10 10 0 0113 0M9 16a5 5 0 016 0M12 19.5h.01M3 3l18 18',
} as const;

export type IconName = keyof typeof PATHS;

export function Icon({
  name,
  size = 20,
  ...rest
}: { name: IconName; size?: number } & SVGProps<SVGSVGElement>) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      {...rest}
    >
      <path d={PATHS[name]} />
    </svg>
  );
}
