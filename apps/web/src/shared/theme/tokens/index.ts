import { dark } from './dark.ts';
import { light } from './light.ts';
import type { ThemeName, ThemeTokens } from './types.ts';

export type { ThemeName, ThemeTokens };
export const THEMES: Record<ThemeName, ThemeTokens> = { dark, light };
export const THEME_NAMES = Object.keys(THEMES) as ThemeName[];

/** camelCase token → `--wps-kebab-case` custom property. */
export const cssVar = (token: string) => `--wps-${token.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`;

/**
 * The stylesheet for every theme: `:root[data-theme=…]` blocks of custom properties. The
 * pre-paint script in index.html sets `data-theme`, so the right block applies on first paint.
 * Dark is also the unset default, so a page with scripts disabled still renders.
 */
export function themeStylesheet(themes: Record<ThemeName, ThemeTokens> = THEMES): string {
  return (Object.entries(themes) as Array<[ThemeName, ThemeTokens]>)
    .map(([name, tokens]) => {
      const selector = name === 'dark' ? ':root,:root[data-theme="dark"]' : `:root[data-theme="${name}"]`;
      const body = Object.entries(tokens)
        .map(([k, v]) => `${cssVar(k)}:${v};`)
        .join('');
      return `${selector}{${body}color-scheme:${name};}`;
    })
    .join('\n');
}
