import type { ThemeTokens } from './types.ts';

/**
 * Casino night: near-black navy surfaces, warm gold as the brand colour and emerald beside it,
 * green and red kept for money. Contrast pairs checked ≥ 4.5:1 (tokens.test.ts).
 */
export const dark: ThemeTokens = {
  bg: '#090d18',
  chrome: '#0e1424',
  surface: '#141c31',
  surfaceAlt: '#1b2540',
  border: '#2a3657',
  text: '#f2f4fa',
  textMuted: '#a9b3cb',
  accent: '#f5b916',
  accentBright: '#ffd866',
  brand2: '#19c08a',
  win: '#37d89a',
  loss: '#ff7b7b',
  onAccent: '#1a1200',
  accentSoft: 'rgba(245, 185, 22, 0.14)',
  link: '#82bcff',
  danger: '#ff6b6b',
  success: '#37d89a',
  warning: '#ffb347',
  focus: '#82bcff',
  overlay: 'rgba(2, 4, 10, 0.75)',
  shadow: '0 10px 28px rgba(0, 0, 0, 0.5)',
  heroFrom: '#0d3b36',
  heroTo: '#2b1a52',
};
