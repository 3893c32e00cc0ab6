import type { ComponentType } from 'react';
import type { PageProps } from '../shared/lib/page.ts';
import { type LazyChunk, lazyChunk } from './lazy-page.tsx';
import { NOT_FOUND_MODULE, PAGE_MODULES } from './page-modules.ts';

type Page = LazyChunk<ComponentType<PageProps>>;

/** Every page module, each its own chunk (route-level code splitting). Keys: `../features/x/routes/y-page.tsx`. */
const modules = import.meta.glob<{ default: ComponentType<PageProps> }>([
  '../features/*/routes/*-page.tsx',
  './routes/*-page.tsx',
]);

const byModule = new Map<string, Page>();
/** One lazy chunk per module, shared by the route keys it renders; named after the page for error messages. */
function chunkOf(modulePath: string): Page {
  let page = byModule.get(modulePath);
  if (page) return page;
  const importKey = modulePath.startsWith('app/') ? `./${modulePath.slice(4)}` : `../${modulePath}`;
  const load = modules[importKey];
  if (!load) throw new Error(`page module ${modulePath} does not exist`);
  const name = (modulePath.split('/').pop() ?? modulePath).replace(/-page\.tsx$/, '');
  page = lazyChunk(name, load);
  byModule.set(modulePath, page);
  return page;
}

export const notFoundPage = chunkOf(NOT_FOUND_MODULE);

/** Route key → page chunk. */
export const PAGES: Readonly<Record<string, Page>> = Object.fromEntries(
  Object.entries(PAGE_MODULES).map(([key, modulePath]) => [key, chunkOf(modulePath)]),
);

export function pageFor(routeKey: string): Page {
  return PAGES[routeKey] ?? notFoundPage;
}
