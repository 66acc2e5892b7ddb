import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest, HTTPMethods } from 'fastify';
import { LRUCache } from 'lru-cache';
import type { ViteDevServer } from 'vite';
import { COLOR_MODE_COOKIE, LANGUAGE_COOKIE } from '../../shared/constants.js';
import { pickLanguage } from '../../shared/i18n/index.js';
import type { RenderRequest, RenderResult } from '../../web/entry-server.js';
import { parseColorMode } from '../../web/lib/color-mode.js';

export type RenderFn = (req: RenderRequest) => Promise<RenderResult>;

export interface SsrOptions {
  mode: 'production' | 'development';
  /** Loads the server entry: the bundled module in production, Vite's ssrLoadModule in development. */
  loadRender?: () => Promise<RenderFn>;
  vite?: ViteDevServer;
}

const ONE_YEAR = 365 * 24 * 3600;

function escapeJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/** fastify.inject behind fetch's signature: SSR loaders reach the API with no network hop. */
export function injectFetch(app: FastifyInstance) {
  return async (request: Request): Promise<Response> => {
    const url = new URL(request.url);
    const headers: Record<string, string> = {};
    request.headers.forEach((value, key) => {
      headers[key] = value;
    });
    const payload = request.body ? Buffer.from(await request.arrayBuffer()) : undefined;
    const res = await app.inject({ method: request.method as HTTPMethods, url: url.pathname + url.search, headers, payload });
    const responseHeaders = new Headers();
    for (const [key, value] of Object.entries(res.headers)) {
      if (value !== undefined) responseHeaders.set(key, Array.isArray(value) ? value.join(', ') : String(value));
    }
    const empty = res.statusCode === 204 || res.statusCode === 304;
    return new Response(empty ? null : new Uint8Array(res.rawPayload), { status: res.statusCode, headers: responseHeaders });
  };
}

function fillTemplate(template: string, result: Extract<RenderResult, { type: 'html' }>): string {
  return template
    .replace('<html lang="en" data-color-mode="system">', `<html lang="${result.boot.lang}" data-color-mode="${result.boot.colorMode}">`)
    .replace('<!--app-head-->', result.head)
    .replace('<!--app-html-->', result.html)
    .replace('<!--app-state-->', `<script>window.__LECTERN__=${escapeJson(result.boot)}</script>`);
}

/**
 * Serves the built PWA (static files) and renders every other GET page on the server. Pages are
 * rendered as a guest sees them (personal data is fetched by the browser afterwards), so the rendered
 * HTML is cached per URL, language and colour mode, and dropped whenever content changes.
 */
export async function registerSsr(app: FastifyInstance, options: SsrOptions): Promise<void> {
  const { config, events } = app.ctx;
  const clientDir = path.join(config.distDir, 'client');
  let template: string | undefined;
  let render: RenderFn | undefined;

  if (options.mode === 'production') {
    const templateFile = path.join(clientDir, 'index.html');
    if (!existsSync(templateFile)) throw new Error(`No build found at ${clientDir}: run \`npm run build\` (npm start does it).`);
    template = readFileSync(templateFile, 'utf8');
    await app.register(fastifyStatic, {
      root: clientDir,
      index: false,
      wildcard: false,
      preCompressed: false,
      setHeaders(reply, filePath) {
        const rel = path.relative(clientDir, filePath).replaceAll(path.sep, '/');
        if (rel.startsWith('assets/')) reply.header('cache-control', `public, max-age=${ONE_YEAR}, immutable`);
        else if (rel === 'sw.js' || rel === 'index.html' || rel.endsWith('.webmanifest')) reply.header('cache-control', 'no-cache');
        else if (rel.startsWith('media/') || rel.startsWith('icons/')) reply.header('cache-control', `public, max-age=${30 * 24 * 3600}`);
        else reply.header('cache-control', 'public, max-age=3600');
      },
    });
  }

  // Media uploaded at run time (covers, avatars): content-addressed names, so cache them for a year.
  const mediaDir = path.join(config.dataDir, 'media');
  mkdirSync(mediaDir, { recursive: true });
  await app.register(fastifyStatic, {
    root: mediaDir,
    prefix: '/uploads/',
    decorateReply: options.mode !== 'production',
    index: false,
    setHeaders(reply) {
      reply.header('cache-control', `public, max-age=${ONE_YEAR}, immutable`);
    },
  });

  const cache = new LRUCache<string, { status: number; html: string }>({
    max: Math.max(1, config.ssrCacheEntries),
    ttl: config.ssrCacheTtlSeconds * 1000 || undefined,
  });
  events.onChanged(() => cache.clear());
  const fetchApi = injectFetch(app);

  async function renderPage(request: FastifyRequest, reply: FastifyReply) {
    const url = request.url;
    const cookies = request.cookies ?? {};
    const lang = pickLanguage(cookies[LANGUAGE_COOKIE], request.headers['accept-language']);
    const colorMode = parseColorMode(cookies[COLOR_MODE_COOKIE]);
    const key = `${lang}|${colorMode}|${url}`;
    const useCache = options.mode === 'production' && config.ssrCacheEntries > 0;
    reply.header('vary', 'Cookie, Accept-Language');
    const cached = useCache ? cache.get(key) : undefined;
    if (cached) {
      reply.header('x-ssr-cache', 'hit');
      return reply.status(cached.status).type('text/html; charset=utf-8').header('cache-control', 'public, max-age=0, must-revalidate').send(cached.html);
    }
    let pageTemplate = template;
    if (options.vite) {
      pageTemplate = await options.vite.transformIndexHtml(url, readFileSync(path.resolve('index.html'), 'utf8'));
    }
    render ??= await options.loadRender!();
    const version = events.current;
    const headers: Record<string, string> = { accept: 'application/json' };
    if (request.headers['accept-language']) headers['accept-language'] = request.headers['accept-language'];
    const result = await render({
      url,
      headers,
      fetch: fetchApi,
      lang,
      colorMode,
      publicUrl: config.publicUrl,
      siteName: config.siteName,
    });
    if (result.type === 'redirect') return reply.redirect(result.location, result.status);
    const html = fillTemplate(pageTemplate!, result);
    // Cache only what was rendered from unchanged content.
    if (useCache && result.status === 200 && version === events.current) cache.set(key, { status: result.status, html });
    reply.header('x-ssr-cache', 'miss');
    return reply
      .status(result.status)
      .type('text/html; charset=utf-8')
      .header('cache-control', result.status === 200 ? 'public, max-age=0, must-revalidate' : 'no-store')
      .send(html);
  }

  app.setNotFoundHandler(async (request, reply) => {
    const pathname = request.url.split('?')[0];
    if (pathname.startsWith('/api/') || pathname === '/api' || (request.method !== 'GET' && request.method !== 'HEAD')) {
      return reply.status(404).send({ error: 'not_found', message: `No route ${request.method} ${pathname}` });
    }
    // A missing asset is a plain 404, not a rendered page.
    if (/\.[a-z0-9]{1,8}$/i.test(pathname) && !pathname.startsWith('/article')) {
      return reply.status(404).type('text/plain').send('Not Found');
    }
    try {
      return await renderPage(request, reply);
    } catch (err) {
      request.log.error({ err }, 'page render failed');
      return reply
        .status(500)
        .type('text/html; charset=utf-8')
        .send('<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Internal Server Error</title></head><body><main><h1>Internal Server Error</h1><p>The page could not be rendered. Try again in a moment.</p></main></body></html>');
    }
  });
}
