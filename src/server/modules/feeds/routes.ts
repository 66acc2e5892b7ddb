import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { API_PREFIX, pageQuery } from '../../../shared/api/common.js';
import { contentPaths, sitemapUrls as sitemapUrlsSchema } from '../../../shared/api/content.js';
import { moduleRoutes, paginate } from '../../platform/http.js';
import { courseFeedDocument, feedDocument, privateFeedDocument, robotsTxt, sitemapUrls, sitemapXml, type FeedScope, type XmlDocument } from './service.js';

const FEED_TYPES = { rss: 'application/rss+xml; charset=utf-8', atom: 'application/atom+xml; charset=utf-8' } as const;
const SITEMAP_TYPE = 'application/xml; charset=utf-8';
// Public documents: readers and crawlers may keep them a few minutes, then revalidate with the ETag.
const PUBLIC_CACHE = 'public, max-age=300';
// Ids in feed paths: anything else is no route at all (a plain 404).
const ID = ':id(^[1-9]\\d{0,8})';
const idParam = z.object({ id: z.coerce.number().int().positive() });
const tokenQuery = z.object({ token: z.string().min(1).max(200).optional() });

function sendXml(request: FastifyRequest, reply: FastifyReply, doc: XmlDocument, type: string) {
  reply.header('cache-control', PUBLIC_CACHE).header('etag', doc.etag);
  if (request.headers['if-none-match'] === doc.etag) return reply.status(304).send();
  return reply.type(type).send(doc.body);
}

/**
 * Feeds, sitemap and robots.txt live at the site root (not under /api); the sitemap's URL list is also
 * an API call. Absolute URLs always come from PUBLIC_URL, never from the Host header.
 */
export const feedRoutes = moduleRoutes((app) => {
  const { ctx } = app;
  const hide = { hide: true };

  for (const path of ['/feed', '/rss']) {
    app.get(path, { schema: hide }, async (_request, reply) => reply.redirect('/rss.xml', 301));
  }

  for (const format of ['rss', 'atom'] as const) {
    app.get(`/${format}.xml`, { schema: { ...hide, querystring: tokenQuery } }, async (request, reply) => {
      const { token } = request.query;
      if (token === undefined) return sendXml(request, reply, await feedDocument(ctx, { kind: 'site' }, format), FEED_TYPES[format]);
      // A reader's private feed: personal, so never in a shared cache.
      const doc = await privateFeedDocument(ctx, token, format);
      reply.header('cache-control', 'private, no-store');
      return reply.type(FEED_TYPES[format]).send(doc.body);
    });
    app.get(`/course/${format}.xml`, { schema: hide }, async (request, reply) => sendXml(request, reply, await courseFeedDocument(ctx, format), FEED_TYPES[format]));
    for (const kind of ['category', 'tag', 'author'] as const) {
      app.get(`/${kind}/${ID}/${format}.xml`, { schema: { ...hide, params: idParam } }, async (request, reply) => {
        const scope: FeedScope = { kind, id: request.params.id };
        return sendXml(request, reply, await feedDocument(ctx, scope, format), FEED_TYPES[format]);
      });
    }
  }

  app.get('/sitemap.xml', { schema: hide }, async (request, reply) => sendXml(request, reply, await sitemapXml(ctx, null), SITEMAP_TYPE));
  app.get('/sitemap-:n(^\\d{1,6}).xml', { schema: { ...hide, params: z.object({ n: z.coerce.number().int() }) } }, async (request, reply) =>
    sendXml(request, reply, await sitemapXml(ctx, request.params.n), SITEMAP_TYPE),
  );

  app.get('/robots.txt', { schema: hide }, async (_request, reply) =>
    reply.header('cache-control', 'public, max-age=3600').type('text/plain; charset=utf-8').send(robotsTxt(ctx)),
  );

  app.get(`${API_PREFIX}${contentPaths.sitemapUrls}`, {
    schema: { tags: ['feeds'], summary: 'Every public canonical page of the site with its last change, as in the sitemap', querystring: pageQuery, response: { 200: sitemapUrlsSchema } },
    handler: async (request) => {
      const page = await sitemapUrls(ctx, request.query);
      return paginate(request, ctx.config.publicUrl, request.query, page.count, page.results);
    },
  });
});
