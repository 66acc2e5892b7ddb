import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

/** One row of Vite's `.vite/manifest.json`. */
export interface ManifestChunk {
  file: string;
  name?: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}

export type Manifest = Record<string, ManifestChunk>;

export function readManifest(clientDir: string): Manifest {
  return JSON.parse(readFileSync(path.join(clientDir, '.vite', 'manifest.json'), 'utf8')) as Manifest;
}

/** The keys of the given chunks and of every chunk they import statically, however deep (not their dynamic imports). */
export function staticClosure(manifest: Manifest, roots: string[]): string[] {
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    const chunk = manifest[key];
    if (!chunk) throw new Error(`The manifest has no chunk ${key}`);
    seen.add(key);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const root of roots) visit(root);
  return [...seen];
}

/** The app the entry imports once the page is painted (React, the router, the query cache): part of every visit. */
export const APP_START = 'src/web/app/start-client.tsx';

/**
 * The JavaScript a first visit to a server-rendered page loads before it can hydrate: the entry chunk, the app
 * it imports right after the first paint, the page's route chunk (the app resolves the matched routes before it
 * creates the router), and everything those import statically. The page's messages come in its boot data; the
 * message catalogues load only later.
 */
export function firstVisitKeys(manifest: Manifest, pageSrc: string, appStart: string = APP_START): string[] {
  const entry = Object.keys(manifest).find((key) => manifest[key].isEntry);
  if (!entry) throw new Error('The manifest has no entry chunk');
  if (!manifest[entry].dynamicImports?.includes(appStart)) throw new Error(`The entry chunk does not import ${appStart}`);
  return staticClosure(manifest, [entry, appStart, pageSrc]);
}

export interface Weight {
  raw: number;
  /** Brotli size: the precompressed `.br` file when the build wrote one, else Brotli quality 11 here. */
  compressed: number;
}

export function weightOf(clientDir: string, file: string): Weight {
  const full = path.join(clientDir, file);
  const body = readFileSync(full);
  const compressed = existsSync(`${full}.br`)
    ? readFileSync(`${full}.br`).length
    : zlib.brotliCompressSync(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length } }).length;
  return { raw: body.length, compressed };
}
