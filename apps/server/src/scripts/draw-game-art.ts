/**
 * Draws the game artwork (issue 27) into apps/web/public/game-art and writes the list of files
 * with their versions (modules/games/artwork/manifest.ts), which the catalogue answers URLs from.
 * Run after changing a motif or the demo catalogue: `npm run art -w apps/server`; a test fails
 * while the committed files differ from what this draws.
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { drawAll } from '../modules/games/artwork/draw.ts';
import { artVersionOf } from '../modules/games/artwork/files.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const outDir = path.resolve(here, '../../../web/public/game-art');
const manifestPath = path.resolve(here, '../modules/games/artwork/manifest.ts');

const files = drawAll();
rmSync(outDir, { recursive: true, force: true });
for (const [rel, svg] of files) {
  mkdirSync(path.dirname(path.join(outDir, rel)), { recursive: true });
  writeFileSync(path.join(outDir, rel), svg);
}
const entries = [...files]
  .sort(([a], [b]) => a.localeCompare(b))
  .map(([rel, svg]) => `  '${rel}': '${artVersionOf(svg)}',`);
writeFileSync(
  manifestPath,
  `// Written by src/scripts/draw-game-art.ts: the drawn game artwork files and their versions.\nexport const ART_FILES: Readonly<Record<string, string>> = {\n${entries.join('\n')}\n};\n`,
);
const sizes = [...files.values()].map((s) => Buffer.byteLength(s));
console.log(
  `${files.size} files in ${path.relative(process.cwd(), outDir)}: largest ${Math.max(...sizes)} bytes, total ${sizes.reduce((a, b) => a + b, 0)} bytes`,
);
