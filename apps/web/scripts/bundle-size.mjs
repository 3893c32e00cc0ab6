// Figures for the bundle budget: what the first route (`/`) downloads, from Vite's manifest.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

/**
 * Source modules the first route loads lazily right after the entry: the home page chunk (the
 * router preloads it at start-up) and the default-language catalogue. A rename must update
 * this list; a missing key fails the check rather than quietly measuring less.
 */
export const FIRST_ROUTE_LAZY = [
  'src/features/home/routes/home-page.tsx',
  'src/shared/i18n/locales/en/common.json',
  // The side menu's app-download QR codes: deferred past first paint, but still fetched on `/`.
  'src/app/layouts/app-download.tsx',
  // The home page's game sections (tiles, winners) and their catalogue: fetched right after it.
  'src/features/games/components/home-games.tsx',
  'src/shared/i18n/locales/en/games.json',
];

/** Modules that belong to the operator console and must never reach a player's first route. */
export const isAdminModule = (id) => id.startsWith('src/admin/');

/**
 * Chunks `/` loads: the entry, the listed lazy chunks, and every static import of those,
 * transitively. Returns manifest keys in load order.
 */
export function firstRouteChunks(manifest, lazyKeys = FIRST_ROUTE_LAZY) {
  const entryKey = Object.keys(manifest).find((k) => manifest[k].isEntry);
  if (!entryKey) throw new Error('manifest has no entry chunk');
  const seen = new Set();
  const order = [];
  const visit = (key) => {
    if (seen.has(key)) return;
    const chunk = manifest[key];
    if (!chunk) throw new Error(`manifest has no chunk for ${key}`);
    seen.add(key);
    order.push(key);
    for (const dep of chunk.imports ?? []) visit(dep);
  };
  visit(entryKey);
  const staticKeys = [...order];
  for (const key of lazyKeys) visit(key);
  return { entryKey, staticKeys, allKeys: order };
}

/** CSS files the given chunks bring in (entry CSS is render-blocking; lazy CSS arrives with its chunk). */
export function cssFor(manifest, keys) {
  return [...new Set(keys.flatMap((k) => manifest[k].css ?? []))];
}

/** Admin modules found inside any of the given files, per the chunk module map. */
export function adminModulesIn(chunkModules, files) {
  return files.flatMap((file) =>
    Object.keys(chunkModules[file] ?? {})
      .filter(isAdminModule)
      .map((m) => `${file}: ${m}`),
  );
}

const gz = (buf) => gzipSync(buf, { level: 9 }).length;

/** Everything the check prints and decides on, for a built `dist` directory. */
export function measure(distDir) {
  const manifest = JSON.parse(readFileSync(path.join(distDir, '.vite', 'manifest.json'), 'utf8'));
  const chunkModules = JSON.parse(readFileSync(path.join(distDir, '.vite', 'chunk-modules.json'), 'utf8'));
  const { entryKey, staticKeys, allKeys } = firstRouteChunks(manifest);
  const size = (file) => {
    const buf = readFileSync(path.join(distDir, file));
    return { file, raw: buf.length, gzip: gz(buf) };
  };
  const js = allKeys.map((k) => ({ key: k, static: staticKeys.includes(k), ...size(manifest[k].file) }));
  // Scripts index.html loads outside the manifest (the async boot script) count too.
  const html = readFileSync(path.join(distDir, 'index.html'), 'utf8');
  for (const m of html.matchAll(/<script[^>]*\ssrc="\/([^"]+\.js)"/g)) {
    const file = m[1];
    if (!js.some((j) => j.file === file)) js.push({ key: file, static: true, ...size(file) });
  }
  const css = cssFor(manifest, allKeys).map(size);
  const sum = (list) => list.reduce((a, b) => a + b.gzip, 0);
  return {
    entry: manifest[entryKey].file,
    js,
    css,
    jsGzip: sum(js),
    entryStaticGzip: sum(js.filter((j) => j.static)),
    cssGzip: sum(css),
    adminLeaks: adminModulesIn(
      chunkModules,
      js.map((j) => j.file),
    ),
  };
}

export const kib = (bytes) => `${(bytes / 1024).toFixed(1)} KiB`;
