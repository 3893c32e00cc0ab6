import type { Plugin } from 'vite';
import { themeStylesheet } from '../src/shared/theme/tokens/index.ts';

const ID = 'virtual:wps-theme.css';
const RESOLVED = `\0${ID}`;

/** Serves the theme token modules as a real stylesheet, so colours exist before any script runs. */
export function themeCss(): Plugin {
  return {
    name: 'wps-theme-css',
    resolveId: (id) => (id === ID ? RESOLVED : undefined),
    load: (id) => (id === RESOLVED ? themeStylesheet() : undefined),
  };
}
