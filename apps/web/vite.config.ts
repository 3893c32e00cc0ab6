import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { bootPreloads } from './build/boot-preloads.ts';
import { chunkModules } from './build/chunk-modules.ts';
import { precompress } from './build/precompress.ts';
import { pureContract } from './build/pure-contract.ts';
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

/** A short content hash of a file beside this config. */
function fileHash(file: string): string {
  const bytes = readFileSync(path.join(path.dirname(new URL(import.meta.url).pathname), file));
  return createHash('sha256').update(bytes).digest('hex').slice(0, 10);
}

export default defineConfig(({ command }) => ({
  plugins: [
    pureContract(),
    react(),
    themeCss(),
    bootPreloads(),
    chunkModules(),
    VitePWA({
      // A new build waits for the player's go-ahead (the update prompt), never reloads mid-game.
      registerType: 'prompt',
      injectRegister: false,
      filename: 'sw.js',
      manifest: {
        name: 'WPS — casino, slots, sports and lottery',
        short_name: 'WPS',
        description: 'Live casino, slots, sports and lottery for players in Nepal.',
        lang: 'en',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        orientation: 'portrait',
        background_color: '#0e1424',
        theme_color: '#0e1424',
        icons: [
          { src: '/icon-192.png', sizes: '192x192', type: 'image/png' },
          { src: '/icon-512.png', sizes: '512x512', type: 'image/png' },
          { src: '/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
          { src: '/apple-touch-icon.png', sizes: '180x180', type: 'image/png' },
        ],
      },
      workbox: {
        // Only the shell is precached: the whole app (console included) would cost a phone
        // megabytes on its first visit. Hashed assets are cached as they are first used.
        globPatterns: ['offline.html', 'favicon.svg', 'icon-192.png'],
        // Web Push (issue 31): the push and notification-click handlers, a static file of public/.
        // Its hash in the URL changes sw.js when it changes, so browsers update the worker.
        importScripts: [`push-sw.js?v=${fileHash('public/push-sw.js')}`],
        navigateFallback: null,
        cleanupOutdatedCaches: true,
        runtimeCaching: [
          {
            // Pages: always from the network (status, maintenance, fresh deploys); offline, the offline page.
            urlPattern: ({ request }) => request.mode === 'navigate',
            handler: 'NetworkOnly',
            options: { precacheFallback: { fallbackURL: 'offline.html' } },
          },
          {
            // Hashed file names never change content: the first copy is good for ever.
            urlPattern: ({ url, sameOrigin }) => sameOrigin && url.pathname.startsWith('/assets/'),
            handler: 'CacheFirst',
            options: {
              cacheName: 'wps-assets',
              expiration: { maxEntries: 300, maxAgeSeconds: 60 * 60 * 24 * 60 },
              cacheableResponse: { statuses: [200] },
            },
          },
          {
            // Banner images: ids are random and the bytes immutable.
            urlPattern: ({ url, sameOrigin }) =>
              sameOrigin && url.pathname.startsWith('/wps/content/images/'),
            handler: 'CacheFirst',
            options: {
              cacheName: 'wps-content-images',
              expiration: { maxEntries: 60, maxAgeSeconds: 60 * 60 * 24 * 30 },
              cacheableResponse: { statuses: [200] },
            },
          },
        ],
      },
    }),
    precompress(),
  ],
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
