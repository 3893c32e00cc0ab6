/// <reference types="node" />
// Relative, not @wps/contract: Vite loads its config with Node, which cannot import the package's TypeScript entry.
import { ROUTES } from '../../../packages/contract/src/paths.ts';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { OutputBundle, OutputChunk } from 'rollup';
import type { Plugin } from 'vite';
import { PAGE_MODULES, ROUTE_POPUP_MODULES } from '../src/app/page-modules.ts';
import { SHELL_NAMESPACES } from '../src/shared/i18n/shell-namespaces.ts';

const CATALOGUE = (locale: string, namespace = 'common') =>
  `src/shared/i18n/locales/${locale}/${namespace}.json`;

/** `useTranslation('ns')`, `useTranslation(['a', 'b'])` and `t('ns:key')` in a module's source. */
const NAMESPACE_USE = /useTranslation\(\s*(\[[^\]]*\]|'[^']+')|\bt\(\s*'([a-z-]+):/g;
const namespaceCache = new Map<string, string[]>();
/** The shell's game menus call, exactly as features/games/api/get-game-menus.ts sends it. */
export const GAME_MENUS = '/lgw/games/game_menus?platform=html5-desktop';
/** Modulepreload links the boot script adds in one task (see bootPreloads). */
const PRELOADS_PER_TASK = 5;
/** A page's lazy sections whose namespaces are preloaded with it, at most (see bootManifest). */
const LAZY_PARTS_MAX = 4;

/** The i18n namespaces a source module asks for (read from disk once per build). */
function namespacesOf(moduleId: string): string[] {
  const cached = namespaceCache.get(moduleId);
  if (cached) return cached;
  const found = new Set<string>();
  if (/\.(tsx?|jsx?)$/.test(moduleId) && !moduleId.includes('node_modules') && existsSync(moduleId)) {
    for (const m of readFileSync(moduleId, 'utf8').matchAll(NAMESPACE_USE)) {
      if (m[1]) for (const q of m[1].matchAll(/'([^']+)'/g)) found.add(q[1] ?? '');
      if (m[2]) found.add(m[2]);
    }
  }
  const list = [...found].filter(Boolean);
  namespaceCache.set(moduleId, list);
  return list;
}

function chunkFor(bundle: OutputBundle, source: string): OutputChunk | undefined {
  return Object.values(bundle).find(
    (c): c is OutputChunk =>
      c.type === 'chunk' && (c.facadeModuleId ?? '').replaceAll('\\', '/').endsWith(source),
  );
}

/** A chunk and its static imports, minus the entry (already loading). */
function withImports(bundle: OutputBundle, chunk: OutputChunk): OutputChunk[] {
  const out = new Map<string, OutputChunk>();
  const visit = (c: OutputChunk) => {
    if (c.isEntry || out.has(c.fileName)) return;
    out.set(c.fileName, c);
    for (const dep of c.imports) {
      const next = bundle[dep];
      if (next?.type === 'chunk') visit(next);
    }
  };
  visit(chunk);
  return [...out.values()];
}

/**
 * The boot script's data: every file it may preload, the visitor-language catalogues, and for
 * each SPEC §2 path the page chunk (with its imports) that renders it, as indexes into `files`,
 * and the i18n namespaces that page's modules ask for (`namespaces[path]`, each an index into
 * `catalogues`, which holds the English and Nepali chunk of each namespace). Without the latter
 * a page suspends on one namespace, renders, then suspends on the next its children use: on
 * /promotions four round trips after the entry ran, the page's text painted last (issue 30).
 */
export type BootManifest = ReturnType<typeof bootManifest>;

export function bootManifest(bundle: OutputBundle) {
  const files: string[] = [];
  const index = (f: string) => {
    const at = files.indexOf(`/${f}`);
    return at >= 0 ? at : files.push(`/${f}`) - 1;
  };
  const catalogue = (locale: string, namespace = 'common') => {
    const c = chunkFor(bundle, CATALOGUE(locale, namespace));
    if (!c) throw new Error(`boot preloads: no ${locale} ${namespace} catalogue chunk`);
    return index(c.fileName);
  };
  const lang = { en: catalogue('en'), ne: catalogue('ne') };
  /** Distinct index lists (many paths share a page, and so its lists): `pages` points into it. */
  const lists: number[][] = [];
  const listIndex = (list: number[]) => {
    const key = list.join(',');
    const at = lists.findIndex((l) => l.join(',') === key);
    return at >= 0 ? at : lists.push(list) - 1;
  };
  /** Per path: [its chunks' list, its catalogues' list, 1 if it is guarded (else 0)]. */
  const pages: Record<string, [number, number, number]> = {};
  const catalogues: Array<[number, number]> = [];
  /** Each catalogue's namespace, by the same index. */
  const namespaces: string[] = [];
  const catalogueOf = new Map<string, number>();
  const catalogueIndex = (ns: string) => {
    let at = catalogueOf.get(ns);
    if (at === undefined) {
      at = catalogues.push([catalogue('en', ns), catalogue('ne', ns)]) - 1;
      namespaces[at] = ns;
      catalogueOf.set(ns, at);
    }
    return at;
  };
  // The shell's, which i18next loads with `common` on every page.
  const shell = SHELL_NAMESPACES.map(catalogueIndex);
  for (const route of ROUTES) {
    const modulePath = PAGE_MODULES[route.key];
    if (!modulePath) continue; // the console (/admin) is its own app
    const chunk = chunkFor(bundle, `src/${modulePath}`);
    if (!chunk) throw new Error(`boot preloads: no chunk for ${modulePath}`);
    const chunks = withImports(bundle, chunk);
    const popupModule = ROUTE_POPUP_MODULES[route.path];
    if (popupModule) {
      const popup = chunkFor(bundle, `src/${popupModule}`);
      if (!popup) throw new Error(`boot preloads: no chunk for ${popupModule}`);
      for (const c of withImports(bundle, popup)) if (!chunks.includes(c)) chunks.push(c);
    }
    const chunkFiles = chunks.map((c) => index(c.fileName));
    // The page's own modules and the parts it loads on its own as it renders (its lazy sections:
    // home's game rows, the promotions page's boards), each with its static imports.
    // A page that picks one of many sections by its query (/member?page=...) would name them all:
    // only its own are taken.
    const lazy = [...new Set(chunks.flatMap((c) => c.dynamicImports))];
    const parts =
      lazy.length > LAZY_PARTS_MAX
        ? []
        : lazy.flatMap((f) => {
            const next = bundle[f];
            return next?.type === 'chunk' ? withImports(bundle, next) : [];
          });
    const used = new Set([...chunks, ...parts].flatMap((c) => c.moduleIds.flatMap(namespacesOf)));
    for (const ns of ['common', ...SHELL_NAMESPACES]) used.delete(ns); // preloaded on every page
    // A guarded page is one a visitor without a session is sent from to /login.
    pages[route.path] = [
      listIndex(chunkFiles),
      listIndex([...used].sort().map(catalogueIndex)),
      route.guard === 'public' ? 0 : 1,
    ];
  }
  return { files, lang, lists, pages, catalogues, namespaces, shell };
}

/** The boot script's source for a build's manifest (see bootPreloads). */
export function bootScript(m: BootManifest): string {
  return [
    // Nothing to do if the app already started (cached entry) or for the operator console.
    "!function(){if(window.__wpsEarly||location.pathname.indexOf('/admin')===0)return;",
    `var f=${JSON.stringify(m.files)},u=${JSON.stringify(m.lists)},c=${JSON.stringify(m.catalogues)},N=${JSON.stringify(m.namespaces)},s=${JSON.stringify(m.shell)},P=${JSON.stringify(m.pages)},l='EN';`,
    "try{l=localStorage.getItem('wps.lang')||l}catch(_){}",
    // Each modulepreload link costs the main thread a resource request (~6 ms at Lighthouse's
    // 4x slowdown); twenty-five in one task blocked it for 100-130 ms. They go in batches of
    // PRELOADS_PER_TASK (25-45 ms a task), the start-up calls first, then the catalogues the
    // first render waits on, then the page's chunks.
    "var g=function(u){return fetch(u,{headers:{accept:'application/json',lang:l},credentials:'same-origin'})};",
    // The shell's game menus too (side menu, category bar; a game page's first vendor comes from
    // them, and its tiles after): keyed by path and query, as the API client looks them up.
    `window.__wpsEarly={'/wps/system/status':g('/wps/system/status'),'/wps/system/permission':g('/wps/system/permission'),${JSON.stringify(GAME_MENUS)}:g(${JSON.stringify(GAME_MENUS)})};`,
    `var d=document,L=[],p=function(i){L.push(f[i])};`,
    `p(l==='NE'?${m.lang.ne}:${m.lang.en});`,
    // A guarded page opened without a session (none stored, none in the address) shows /login:
    // preload what that shows.
    "var e=P[location.pathname],t=null;try{t=sessionStorage.getItem('token')||/[?&]token=/.test(location.search)}catch(_){}if(e&&e[2]&&!t)e=P['/login'];",
    "s.concat(e?u[e[1]]:[]).forEach(function(i){p(c[i][l==='NE'?1:0])});",
    // The page's namespaces by name: the entry loads them before its first render (main.tsx).
    'window.__wpsPageNs=e?u[e[1]].map(function(i){return N[i]}):[];',
    'if(e)u[e[0]].forEach(p);',
    `var a=function(){L.splice(0,${PRELOADS_PER_TASK}).forEach(function(h){var k=d.createElement('link');k.rel='modulepreload';k.href=h;d.head.appendChild(k)});if(L.length)setTimeout(a,0)};a()`,
    '}();\n',
  ].join('');
}

/**
 * The first screen waits on the entry script, then on the start-up calls, the catalogue and
 * the page chunk. A small async script (`assets/boot-<hash>.js`, written at build time, so no
 * inline script beyond the pre-paint theme picker) starts all of those while the entry is still
 * downloading: the status and permission calls (the API client adopts these responses), the
 * visitor's language catalogues (common, the shell's and the page's namespaces) and the chunks of
 * the page being opened (for a guarded page without a session, of /login, which it will show).
 */
export function bootPreloads(): Plugin {
  let outDir = 'dist';
  let boot: { fileName: string; source: string } | null = null;
  return {
    name: 'wps-boot-preloads',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        if (!ctx.bundle) return html;
        const m = bootManifest(ctx.bundle);
        const source = bootScript(m);
        const hash = createHash('sha256').update(source).digest('base64url').slice(0, 10);
        boot = { fileName: `assets/boot-${hash}.js`, source };
        // Async: it runs as soon as it arrives, without waiting for the stylesheet or the entry.
        const at = html.search(/<script type="module"|<link rel="stylesheet"/);
        if (at < 0) throw new Error('boot preloads: no entry script in index.html');
        return `${html.slice(0, at)}<script async src="/${boot.fileName}"></script>\n    ${html.slice(at)}`;
      },
    },
    writeBundle() {
      if (!boot) return;
      // Written before closeBundle, so the precompress step gives it .br and .gz siblings too.
      mkdirSync(path.join(outDir, 'assets'), { recursive: true });
      writeFileSync(path.join(outDir, boot.fileName), boot.source);
    },
  };
}
