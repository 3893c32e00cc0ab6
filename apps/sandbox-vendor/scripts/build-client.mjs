import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

export const distDir = fileURLToPath(new URL('../dist', import.meta.url));

/** One small bundle for every game class (no framework). */
export async function buildClient() {
  mkdirSync(distDir, { recursive: true });
  await build({
    entryPoints: [fileURLToPath(new URL('../src/client/main.ts', import.meta.url))],
    outfile: `${distDir}/game.js`,
    bundle: true,
    minify: true,
    format: 'iife',
    target: 'es2020',
    sourcemap: false,
    logLevel: 'warning',
  });
}
