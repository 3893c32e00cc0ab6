import type { ThemeTokens } from './types.ts';

/** Daylight: paper white with the same gold, darkened where it carries text. Contrast ≥ 4.5:1. */
export const light: ThemeTokens = {
  bg: '#f3f5fa',
  chrome: '#ffffff',
  surface: '#ffffff',
  surfaceAlt: '#eef1f7',
  border: '#d5dbe8',
  text: '#141a2a',
  textMuted: '#4f5b75',
  accent: '#8f6708',
  onAccent: '#ffffff',
  accentSoft: 'rgba(143, 103, 8, 0.12)',
  link: '#0b5cc2',
  danger: '#c62828',
  success: '#1b7f4b',
  warning: '#9a5b00',
  focus: '#0b5cc2',
  overlay: 'rgba(20, 26, 42, 0.55)',
  shadow: '0 6px 18px rgba(20, 26, 42, 0.12)',
  heroFrom: '#fde9b0',
  heroTo: '#cfe4ff',
};
