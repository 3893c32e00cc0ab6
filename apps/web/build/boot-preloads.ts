import type { OutputBundle, OutputChunk } from 'rollup';
import type { Plugin } from 'vite';

const HOME_PAGE = 'src/features/home/routes/home-page.tsx';
const CATALOGUE = (locale: string) => `src/shared/i18n/locales/${locale}/common.json`;
/** Paths that render the home page (SPEC §2: /, /index, /index.html, /home, and the popup routes). */
const HOME_PATHS = ['/', '/index', '/index.html', '/home', '/login', '/register', '/help'];

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
 * The first screen waits on the entry script, then on the start-up calls, the catalogue and
 * the page chunk. This inline script (production builds only; its hash is allowed by the
 * server's CSP) starts those at HTML parse time, in parallel with the entry: the status and
 * permission calls (the API client adopts these responses), the visitor's language catalogue
 * and, on home paths, the home page chunk.
 */
export function bootPreloads(): Plugin {
  return {
    name: 'wps-boot-preloads',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const bundle = ctx.bundle;
        if (!bundle) return html;
        const home = chunkFor(bundle, HOME_PAGE);
        const en = chunkFor(bundle, CATALOGUE('en'));
        const ne = chunkFor(bundle, CATALOGUE('ne'));
        if (!home || !en || !ne) throw new Error('boot preloads: home page or catalogue chunk not found');
        const files = {
          h: withImports(bundle, home).map((f) => `/${f}`),
          en: `/${en.fileName}`,
          ne: `/${ne.fileName}`,
        };
        const script = [
          '!function(){',
          `var f=${JSON.stringify(files)},l='EN';`,
          "try{l=localStorage.getItem('wps.lang')||l}catch(_){}",
          "var d=document,p=function(u){var k=d.createElement('link');k.rel='modulepreload';k.href=u;d.head.appendChild(k)};",
          "p(l==='NE'?f.ne:f.en);",
          `if(${JSON.stringify(HOME_PATHS)}.indexOf(location.pathname)>=0)f.h.forEach(p);`,
          "var g=function(u){return fetch(u,{headers:{accept:'application/json',lang:l},credentials:'same-origin'})};",
          "window.__wpsEarly={'/wps/system/status':g('/wps/system/status'),'/wps/system/permission':g('/wps/system/permission')}",
          '}()',
        ].join('');
        // Before the stylesheet link: an inline script after a pending stylesheet waits for it.
        const at = html.search(/<script type="module"|<link rel="stylesheet"/);
        if (at < 0) throw new Error('boot preloads: no entry script in index.html');
        return `${html.slice(0, at)}<script>${script}</script>\n    ${html.slice(at)}`;
      },
    },
  };
}
