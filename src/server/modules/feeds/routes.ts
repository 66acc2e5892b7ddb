import type { FastifyPluginAsync } from 'fastify';

/** Feeds live at the site root (not under /api): /rss.xml, /atom.xml, /sitemap.xml, /robots.txt. */
export const feedRoutes: FastifyPluginAsync = async (app) => {
  for (const path of ['/feed', '/rss']) {
    app.get(path, { schema: { hide: true } }, async (_request, reply) => reply.redirect('/rss.xml', 301));
  }
};
