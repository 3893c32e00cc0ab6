/// <reference types="node" />
import path from 'node:path';
import type { Plugin } from 'vite';

/**
 * Vite's manifest names only a chunk's facade module, so a module merged into a shared chunk is
 * invisible there. This writes every chunk's full module list to `.vite/chunk-modules.json`,
 * letting the bundle check prove that no admin module is reachable from the player's first route.
 */
export function chunkModules(): Plugin {
  let root = process.cwd();
  return {
    name: 'wps-chunk-modules',
    apply: 'build',
    configResolved(config) {
      root = config.root;
    },
    generateBundle(_options, bundle) {
      // file → { module path (relative to apps/web) → rendered bytes }, largest first.
      const chunks: Record<string, Record<string, number>> = {};
      for (const [fileName, item] of Object.entries(bundle)) {
        if (item.type !== 'chunk') continue;
        const entries = Object.entries(item.modules)
          .map(
            ([id, m]) =>
              [
                path.relative(root, id.replace(/\?.*$/, '')).split(path.sep).join('/'),
                m.renderedLength,
              ] as const,
          )
          .sort((a, b) => b[1] - a[1]);
        chunks[fileName] = Object.fromEntries(entries);
      }
      this.emitFile({
        type: 'asset',
        fileName: '.vite/chunk-modules.json',
        source: JSON.stringify(chunks, null, 1),
      });
    },
  };
}
