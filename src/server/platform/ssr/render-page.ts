import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { COLOR_MODE_COOKIE, LANGUAGE_COOKIE } from '../../../shared/constants.js';
import { pickLanguage } from '../../../shared/i18n/index.js';
import type { RenderResult } from '../../../web/entry-server.js';
import { bootDataElement } from '../../../web/lib/boot-data.js';
import { parseColorMode } from '../../../web/lib/color-mode.js';
import { COMPRESS_MIN_BYTES, compressBytes, negotiateCoding, type ContentCoding } from '../compression.js';
import { injectFetch } from './inject-fetch.js';
import type { RenderFn, SsrOptions } from './options.js';
import { cacheableUrl, PageCache, pageCacheKey } from './page-cache.js';

type HtmlResult = Extract<RenderResult, { type: 'html' }>;

const SHARED = 'public, max-age=0, must-revalidate';

/** The page in the template. Replacer functions, so a `$&` or `$'` in an article is text, not a pattern. */
export function fillTemplate(template: string, result: HtmlResult): string {
  return template
    .replace('<html lang="en" data-color-mode="system">', () => `<html lang="${result.boot.lang}" data-color-mode="${result.boot.colorMode}">`)
    .replace('<!--app-head-->', () => result.head)
    .replace('<!--app-html-->', () => result.html)
    .replace('<!--app-state-->', () => bootDataElement(result.boot));
}

/**
 * Sends a page's bytes. Pages are answered by the not-found handler, which no compression hook reaches, so
 * they arrive here compressed already (or plain) and say so in `Content-Encoding`.
 */
function sendHtml(reply: FastifyReply, status: number, body: { bytes: Buffer; coding: ContentCoding | null }, cacheControl: string) {
  reply.status(status).type('text/html; charset=utf-8').header('cache-control', cacheControl);
  if (body.coding) reply.header('content-encoding', body.coding);
  return reply.send(body.bytes);
}

/** A page's bytes for this request alone: compressed quickly, as every answer made per request is. */
async function dynamicBody(html: Buffer, coding: ContentCoding | null) {
  if (coding === null || html.byteLength < COMPRESS_MIN_BYTES) return { bytes: html, coding: null };
  return { bytes: await compressBytes(html, coding, 'dynamic'), coding };
}

/**
 * Renders pages as a guest sees them (personal data is fetched by the browser afterwards). In production
 * the HTML is kept in a `PageCache` per page URL, language and colour mode.
 */
export function createPageServer(app: FastifyInstance, options: SsrOptions, template: string | undefined) {
  const { config, events, pageViews } = app.ctx;
  const cache = new PageCache({
    maxBytes: options.mode === 'production' ? config.ssrCacheMaxBytes : 0,
    maxEntries: config.ssrCacheEntries,
    ttlSeconds: config.ssrCacheTtlSeconds,
    events,
  });
  const fetchApi = injectFetch(app);
  const guestReads = (path: string, query: Parameters<typeof app.ctx.guestReads.read>[1]) => app.ctx.guestReads.read(path, query);
  let render: RenderFn | undefined;

  async function servePage(request: FastifyRequest, reply: FastifyReply) {
    const cookies = request.cookies ?? {};
    const lang = pickLanguage(cookies[LANGUAGE_COOKIE], request.headers['accept-language']);
    const colorMode = parseColorMode(cookies[COLOR_MODE_COOKIE]);
    const pageUrl = cacheableUrl(request.url);
    const key = pageUrl !== null && cache.enabled ? pageCacheKey(lang, colorMode, pageUrl) : null;
    const coding = negotiateCoding(request.headers['accept-encoding']);
    reply.header('vary', 'Cookie, Accept-Language, Accept-Encoding');

    const cached = key === null ? undefined : cache.get(key);
    if (cached) {
      // A rendered page counted its view through the API call of its loader; a copy from the cache counts here.
      if (cached.view) pageViews.count(cached.view);
      reply.header('x-ssr-cache', 'hit');
      // The cache's compressed copy: made by the first hit that asks for its coding, sent as it is by every later one.
      return sendHtml(reply, cached.status, await cache.body(key!, cached, coding), SHARED);
    }

    // A cached page is rendered from its cache URL, so what is kept is exactly what every request of that key gets.
    const url = key === null ? request.url : pageUrl!;
    let pageTemplate = template;
    if (options.vite) pageTemplate = await options.vite.transformIndexHtml(url, readFileSync(path.resolve('index.html'), 'utf8'));
    render ??= await options.loadRender!();
    const version = cache.version();
    const headers: Record<string, string> = { accept: 'application/json' };
    if (request.headers['accept-language']) headers['accept-language'] = request.headers['accept-language'];
    const result = await render({ url, headers, fetch: fetchApi, guestReads, lang, colorMode, publicUrl: config.publicUrl, siteName: config.siteName });
    if (result.type === 'redirect') return reply.redirect(result.location, result.status);

    const html = Buffer.from(fillTemplate(pageTemplate!, result));
    reply.header('x-ssr-cache', pageUrl === null ? 'bypass' : 'miss');
    // Compressed quickly for this request: most rendered pages are never asked for again before they
    // expire, so the cache's smallest copy is made on the first hit, for a page that is being read.
    const body = await dynamicBody(html, coding);
    if (key !== null && result.status === 200) {
      // The cache keeps this request's Brotli bytes when it asked for Brotli, else the HTML.
      cache.keep(key, { status: result.status, html, view: result.view }, version, body.coding === 'br' ? body.bytes : undefined);
    }
    // A page with a reader's secret in its URL (a reset link) is theirs alone: no shared cache may keep it.
    return sendHtml(reply, result.status, body, result.status === 200 && pageUrl !== null ? SHARED : 'no-store');
  }

  return servePage;
}
