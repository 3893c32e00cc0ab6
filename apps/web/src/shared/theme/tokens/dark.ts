import type { ThemeTokens } from './types.ts';

/** Night-market dark: deep navy with a warm gold brand colour. Contrast pairs checked ≥ 4.5:1. */
export const dark: ThemeTokens = {
  bg: '#0d1220',
  chrome: '#121a2e',
  surface: '#18223a',
  surfaceAlt: '#202c48',
  border: '#2c3a5c',
  text: '#eef1f8',
  textMuted: '#a9b3cc',
  accent: '#f2b705',
  onAccent: '#1a1300',
  accentSoft: 'rgba(242, 183, 5, 0.14)',
  link: '#7cb7ff',
  danger: '#ff6b6b',
  success: '#3ddc97',
  warning: '#ffb347',
  focus: '#7cb7ff',
  overlay: 'rgba(3, 6, 14, 0.72)',
  shadow: '0 8px 24px rgba(0, 0, 0, 0.45)',
  heroFrom: '#2a1f5c',
  heroTo: '#0f4c5c',
};
