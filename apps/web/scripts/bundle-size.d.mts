export interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
export type Manifest = Record<string, ManifestChunk>;
export type ChunkModules = Record<string, Record<string, number>>;
export interface FileSize {
  file: string;
  raw: number;
  gzip: number;
}
export interface Measurement {
  entry: string;
  js: Array<FileSize & { key: string; static: boolean }>;
  css: FileSize[];
  jsGzip: number;
  entryStaticGzip: number;
  cssGzip: number;
  adminLeaks: string[];
}
export const FIRST_ROUTE_LAZY: string[];
export function isAdminModule(id: string): boolean;
export function firstRouteChunks(
  manifest: Manifest,
  lazyKeys?: string[],
): { entryKey: string; staticKeys: string[]; allKeys: string[] };
export function cssFor(manifest: Manifest, keys: string[]): string[];
export function adminModulesIn(chunkModules: ChunkModules, files: string[]): string[];
export function measure(distDir: string): Measurement;
export function kib(bytes: number): string;
