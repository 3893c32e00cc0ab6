import type { ThemeTokens } from './types.ts';

/**
 * Daylight: paper white with the same gold and emerald, darkened wherever they carry text so
 * every pair stays ≥ 4.5:1 (tokens.test.ts).
 */
export const light: ThemeTokens = {
  bg: '#f3f4f8',
  chrome: '#ffffff',
  surface: '#ffffff',
  surfaceAlt: '#eef0f6',
  border: '#d3d9e6',
  text: '#11162a',
  textMuted: '#4b5671',
  accent: '#8a6206',
  accentBright: '#b8860b',
  brand2: '#0b7a57',
  win: '#0a6a3b',
  loss: '#c0262d',
  onAccent: '#ffffff',
  accentSoft: 'rgba(138, 98, 6, 0.12)',
  link: '#0b5cc2',
  danger: '#c0262d',
  success: '#0a6a3b',
  warning: '#8f5400',
  focus: '#0b5cc2',
  overlay: 'rgba(17, 22, 42, 0.55)',
  shadow: '0 6px 18px rgba(17, 22, 42, 0.12)',
  heroFrom: '#fff1c9',
  heroTo: '#d6efe6',
};
