import type { FastifyPluginAsync } from 'fastify';
import { articleRoutes } from './articles/routes.js';
import { catalogRoutes } from './catalog-routes.js';
import { editorialRoutes } from './editorial/routes.js';
import { readingRoutes } from './reading-routes.js';

/**
 * Every content call, each area an encapsulated plugin of its own: articles; the catalogue
 * (categories, tags, topics, authors, banners, announcements, slot texts, shortcuts); reading
 * (search, timeline, content URLs, sitemap URLs, reading progress, reports, submissions); the back office's
 * writing (editorial: revisions, scheduled publishing, the actions, for every kind its module registers).
 */
export const contentRoutes: FastifyPluginAsync = async (app) => {
  await app.register(articleRoutes);
  await app.register(catalogRoutes);
  await app.register(readingRoutes);
  await app.register(editorialRoutes);
};
