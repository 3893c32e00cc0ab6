import { describe, expect, it } from 'vitest';
import { cssVar, THEMES, themeStylesheet } from './index.ts';

function luminance(hex: string): number {
  const n = Number.parseInt(hex.slice(1), 16);
  const channel = (c: number) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel((n >> 16) & 255) + 0.7152 * channel((n >> 8) & 255) + 0.0722 * channel(n & 255);
}
const contrast = (a: string, b: string) => {
  const [x, y] = [luminance(a), luminance(b)].sort((p, q) => q - p) as [number, number];
  return (x + 0.05) / (y + 0.05);
};

describe('theme tokens', () => {
  it('define the same tokens in every theme', () => {
    expect(Object.keys(THEMES.light).sort()).toEqual(Object.keys(THEMES.dark).sort());
  });

  it('keep body text, muted text, links and brand buttons readable (WCAG AA, 4.5:1)', () => {
    for (const [name, t] of Object.entries(THEMES)) {
      for (const surface of [t.bg, t.surface, t.chrome]) {
        expect(contrast(t.text, surface), `${name} text`).toBeGreaterThanOrEqual(4.5);
        expect(contrast(t.textMuted, surface), `${name} muted`).toBeGreaterThanOrEqual(4.5);
        expect(contrast(t.link, surface), `${name} link`).toBeGreaterThanOrEqual(4.5);
        for (const money of ['win', 'loss', 'success', 'danger', 'warning', 'accent'] as const) {
          if (money === 'accent' && name === 'dark') continue;
          expect(contrast(t[money], surface), `${name} ${money}`).toBeGreaterThanOrEqual(4.5);
        }
      }
      expect(contrast(t.onAccent, t.accent), `${name} button`).toBeGreaterThanOrEqual(4.5);
    }
  });

  it('keep status badges and the human-check status readable on their tinted and nested surfaces', () => {
    // wallet.css badges: the colour as text over 14% of itself on the card; auth.css human check:
    // the colour on surfaceAlt. Both failed AA in the light theme before.
    const mix = (fg: string, bg: string, share: number) => {
      const [a, b] = [Number.parseInt(fg.slice(1), 16), Number.parseInt(bg.slice(1), 16)];
      const ch = (n: number, shift: number) => (n >> shift) & 255;
      const c = [16, 8, 0].map((sh) => Math.round(ch(a, sh) * share + ch(b, sh) * (1 - share)));
      return `#${c.map((v) => v.toString(16).padStart(2, '0')).join('')}`;
    };
    for (const [name, t] of Object.entries(THEMES)) {
      for (const colour of [t.success, t.warning, t.danger, t.link, t.win, t.loss]) {
        expect(
          contrast(colour, mix(colour, t.surface, 0.14)),
          `${name} ${colour} badge`,
        ).toBeGreaterThanOrEqual(4.5);
        expect(contrast(colour, t.surfaceAlt), `${name} ${colour} on surfaceAlt`).toBeGreaterThanOrEqual(4.5);
      }
    }
  });

  it('become one stylesheet keyed by data-theme, dark also being the default', () => {
    const css = themeStylesheet();
    expect(css).toContain(':root,:root[data-theme="dark"]{');
    expect(css).toContain(':root[data-theme="light"]{');
    expect(css).toContain(`${cssVar('textMuted')}:${THEMES.light.textMuted};`);
    expect(cssVar('onAccent')).toBe('--wps-on-accent');
  });
});
