import { createRequire } from 'node:module';
import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { bootPreloads } from './build/boot-preloads.ts';
import { chunkModules } from './build/chunk-modules.ts';
import { precompress } from './build/precompress.ts';
import { themeCss } from './build/theme-css.ts';

/**
 * react-router's package exports only its development build (dev warnings always on). Production
 * bundles take the production build it ships beside it: same API, about 5 KiB less gzipped.
 */
function reactRouterProduction(): string {
  const devEntry = createRequire(import.meta.url).resolve('react-router');
  return path.join(
    devEntry.slice(0, devEntry.lastIndexOf(`${path.sep}development${path.sep}`)),
    'production',
    'index.mjs',
  );
}

export default defineConfig(({ command }) => ({
  plugins: [react(), themeCss(), bootPreloads(), chunkModules(), precompress()],
  resolve: {
    alias: command === 'build' ? [{ find: /^react-router$/, replacement: reactRouterProduction() }] : [],
  },
  server: {
    // `npm run dev -w apps/web` next to `npm run dev:server`: the API and seamless calls go to the server.
    // ws: the crash game's socket lives under /wps too.
    proxy: { '/wps': { target: 'http://localhost:8080', ws: true } },
  },
  build: {
    target: 'es2022',
    manifest: true,
    // Every browser we support has <link rel=modulepreload>; the polyfill would cost entry bytes.
    modulePreload: { polyfill: false },
    cssCodeSplit: true,
    rollupOptions: {
      treeshake: {
        // The contract package declares zod schemas at top level, but its modules do nothing on
        // import. Saying so lets a module the web only takes types from (auth, wallet…) drop out
        // whole, and zod with it; declaring zod's builders pure trims unused schemas in the rest.
        moduleSideEffects: (id) => !id.includes('/packages/contract/src/'),
        manualPureFunctions: ['z'],
      },
    },
  },
}));
