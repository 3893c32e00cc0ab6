/// <reference types="node" />
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

/** Text assets worth compressing; fonts and images are compressed formats already. */
const COMPRESSIBLE = /\.(js|mjs|css|json|svg|html|txt|xml|webmanifest)$/;

function walk(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? walk(full) : [full];
  });
}

/**
 * Writes `.br` and `.gz` beside every text asset after the build, so the server can hand out
 * the precompressed file instead of compressing on each request.
 */
export function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'wps-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      // The hashed assets, and the game artwork (public/game-art, served with a long cache too).
      const dirs = ['assets', 'game-art'].map((d) => path.join(outDir, d)).filter((d) => existsSync(d));
      let count = 0;
      for (const file of dirs.flatMap(walk)) {
        if (!COMPRESSIBLE.test(file)) continue;
        const data = readFileSync(file);
        writeFileSync(
          `${file}.br`,
          brotliCompressSync(data, {
            params: {
              [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
              [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
            },
          }),
        );
        writeFileSync(`${file}.gz`, gzipSync(data, { level: 9 }));
        count++;
      }
      this.info?.(`precompressed ${count} assets (.br, .gz)`);
    },
  };
}
