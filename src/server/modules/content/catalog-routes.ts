import type { FastifyPluginAsync } from 'fastify';
import { announcementRoutes } from './announcements/routes.js';
import { authorRoutes } from './authors/routes.js';
import { bannerRoutes } from './banners/routes.js';
import { categoryRoutes } from './categories/routes.js';
import { shortcutRoutes } from './shortcuts/routes.js';
import { slotRoutes } from './slots/routes.js';
import { tagRoutes } from './tags/routes.js';
import { topicRoutes } from './topics/routes.js';

/** The catalogue: how content is grouped and introduced, each area an encapsulated plugin. */
export const catalogRoutes: FastifyPluginAsync = async (app) => {
  await app.register(categoryRoutes);
  await app.register(tagRoutes);
  await app.register(topicRoutes);
  await app.register(authorRoutes);
  await app.register(bannerRoutes);
  await app.register(announcementRoutes);
  await app.register(slotRoutes);
  await app.register(shortcutRoutes);
};
