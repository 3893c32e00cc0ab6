// Bundles the server into dist/main.js. Our workspace packages (TypeScript sources) are bundled in;
// every npm dependency stays external and is loaded from node_modules at run time.
import { cpSync, readFileSync, rmSync } from 'node:fs';
import { build } from 'esbuild';

const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
const external = Object.keys({ ...pkg.dependencies, ...pkg.optionalDependencies }).filter(
  (d) => !d.startsWith('@wps/'),
);

rmSync(new URL('../dist', import.meta.url), { recursive: true, force: true });
await build({
  entryPoints: ['src/main.ts', 'src/scripts/ledger-check.ts'],
  outdir: 'dist',
  outbase: 'src',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  external: [...external, 'pg-native'],
  // Bundled CommonJS dependencies may call require(); give ESM output one.
  banner: {
    js: "import { createRequire as __wpsCreateRequire } from 'node:module'; const require = __wpsCreateRequire(import.meta.url);",
  },
  logLevel: 'warning',
});
for (const folder of ['migrations', 'functions'])
  cpSync(new URL(`../src/db/${folder}`, import.meta.url), new URL(`../dist/db/${folder}`, import.meta.url), {
    recursive: true,
  });
console.log('server built: dist/main.js');
