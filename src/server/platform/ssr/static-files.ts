import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { ONE_YEAR_SECONDS } from './options.js';

/** The copies the build writes (`compression` in vite.config.ts): served in place of their originals only. */
const PRECOMPRESSED_COPIES = ['**/*.{js,mjs,css,svg,html,json,webmanifest,xml}.{br,gz}'];
const COMPRESSED_COPY = /\.(?:br|gz)$/i;

/** The build's hashed files (Vite's `assets` folder). */
const ASSETS_DIR = 'assets';

/** Where browsers look for a site's icon unasked, and the icon the site has (an SVG, named by every page's head). */
export const FAVICON_ICO = '/favicon.ico';
export const FAVICON_SVG = '/favicon.svg';

/**
 * Serves the built PWA from `clientDir` and returns its `index.html`, the template every page is rendered
 * into. Hashed assets are immutable; the service worker, the template and the manifest are revalidated.
 * The build writes Brotli and gzip copies beside its text files (`x.js.br`, `x.js.gz`): a client that
 * accepts one gets those bytes with `Content-Encoding` and `Vary: Accept-Encoding`, under the plain URL
 * (the copies have no URL of their own). A file without a copy is compressed per request like any answer.
 * `/favicon.ico`, which browsers and crawlers ask for on every site, is a permanent redirect to the SVG icon:
 * one icon to keep, and a client that follows it remembers the redirect.
 */
export async function registerClientFiles(app: FastifyInstance, clientDir: string): Promise<string> {
  const templateFile = path.join(clientDir, 'index.html');
  if (!existsSync(templateFile)) throw new Error(`No build found at ${clientDir}: run \`npm run build\` (npm start does it).`);
  const template = readFileSync(templateFile, 'utf8');
  const setHeaders = (reply: { header(name: string, value: string): unknown }, filePath: string) => {
    // The file sent may be a compressed copy: its headers are those of the file it is a copy of.
    const rel = path.relative(clientDir, filePath).replaceAll(path.sep, '/').replace(COMPRESSED_COPY, '');
    if (rel.startsWith('assets/')) reply.header('cache-control', `public, max-age=${ONE_YEAR_SECONDS}, immutable`);
    else if (rel === 'sw.js' || rel === 'index.html' || rel.endsWith('.webmanifest')) reply.header('cache-control', 'no-cache');
    else if (rel.startsWith('media/') || rel.startsWith('icons/')) reply.header('cache-control', `public, max-age=${30 * 24 * 3600}`);
    else reply.header('cache-control', 'public, max-age=3600');
  };
  // The hashed assets (most of the build's files) under one route: a route per file made every process's start
  // slower by a tenth (listing them, and the router's work for each). A name that is not there is not found, and
  // neither is a compressed copy's own name.
  await app.register(fastifyStatic, {
    root: path.join(clientDir, ASSETS_DIR),
    prefix: `/${ASSETS_DIR}/`,
    index: false,
    preCompressed: true,
    allowedPath: (pathname) => !COMPRESSED_COPY.test(pathname),
    setHeaders,
  });
  // The few files at the top (the service worker, the manifest, icons, the build's pictures): a route each, so any
  // other path is left to the pages.
  await app.register(fastifyStatic, {
    root: clientDir,
    index: false,
    wildcard: false,
    preCompressed: true,
    decorateReply: false,
    globIgnore: [`${ASSETS_DIR}/**`, ...PRECOMPRESSED_COPIES],
    setHeaders,
  });
  app.get(FAVICON_ICO, { schema: { hide: true } }, (_req, reply) => reply.header('cache-control', `public, max-age=${30 * 24 * 3600}`).redirect(FAVICON_SVG, 301));
  return template;
}
