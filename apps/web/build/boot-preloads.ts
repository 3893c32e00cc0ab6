/// <reference types="node" />
// Relative, not @wps/contract: Vite loads its config with Node, which cannot import the package's TypeScript entry.
import { ROUTES } from '../../../packages/contract/src/paths.ts';
import { createHash } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { OutputBundle, OutputChunk } from 'rollup';
import type { Plugin } from 'vite';
import { PAGE_MODULES } from '../src/app/page-modules.ts';

const CATALOGUE = (locale: string) => `src/shared/i18n/locales/${locale}/common.json`;

function chunkFor(bundle: OutputBundle, source: string): OutputChunk | undefined {
  return Object.values(bundle).find(
    (c): c is OutputChunk =>
      c.type === 'chunk' && (c.facadeModuleId ?? '').replaceAll('\\', '/').endsWith(source),
  );
}

/** A chunk and its static imports, minus the entry (already loading). */
function withImports(bundle: OutputBundle, chunk: OutputChunk): string[] {
  const out = new Set<string>();
  const visit = (c: OutputChunk) => {
    if (c.isEntry || out.has(c.fileName)) return;
    out.add(c.fileName);
    for (const dep of c.imports) {
      const next = bundle[dep];
      if (next?.type === 'chunk') visit(next);
    }
  };
  visit(chunk);
  return [...out];
}

/**
 * The boot script's data: every file it may preload, the visitor-language catalogues, and for
 * each SPEC §2 path the page chunk (with its imports) that renders it, as indexes into `files`.
 */
export function bootManifest(bundle: OutputBundle) {
  const files: string[] = [];
  const index = (f: string) => {
    const at = files.indexOf(`/${f}`);
    return at >= 0 ? at : files.push(`/${f}`) - 1;
  };
  const catalogue = (locale: string) => {
    const c = chunkFor(bundle, CATALOGUE(locale));
    if (!c) throw new Error(`boot preloads: no ${locale} catalogue chunk`);
    return index(c.fileName);
  };
  const lang = { en: catalogue('en'), ne: catalogue('ne') };
  const routes: Record<string, number[]> = {};
  for (const route of ROUTES) {
    const modulePath = PAGE_MODULES[route.key];
    if (!modulePath) continue; // the console (/admin) is its own app
    const chunk = chunkFor(bundle, `src/${modulePath}`);
    if (!chunk) throw new Error(`boot preloads: no chunk for ${modulePath}`);
    routes[route.path] = withImports(bundle, chunk).map(index);
  }
  return { files, lang, routes };
}

/**
 * The first screen waits on the entry script, then on the start-up calls, the catalogue and
 * the page chunk. A small async script (`assets/boot-<hash>.js`, written at build time, so no
 * inline script beyond the pre-paint theme picker) starts all of those while the entry is still
 * downloading: the status and permission calls (the API client adopts these responses), the
 * visitor's language catalogue and the chunk of the page being opened.
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
        const source = [
          // Nothing to do if the app already started (cached entry) or for the operator console.
          "!function(){if(window.__wpsEarly||location.pathname.indexOf('/admin')===0)return;",
          `var f=${JSON.stringify(m.files)},r=${JSON.stringify(m.routes)},l='EN';`,
          "try{l=localStorage.getItem('wps.lang')||l}catch(_){}",
          "var d=document,p=function(i){var k=d.createElement('link');k.rel='modulepreload';k.href=f[i];d.head.appendChild(k)};",
          `p(l==='NE'?${m.lang.ne}:${m.lang.en});`,
          '(r[location.pathname]||[]).forEach(p);',
          "var g=function(u){return fetch(u,{headers:{accept:'application/json',lang:l},credentials:'same-origin'})};",
          "window.__wpsEarly={'/wps/system/status':g('/wps/system/status'),'/wps/system/permission':g('/wps/system/permission')}",
          '}();\n',
        ].join('');
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
