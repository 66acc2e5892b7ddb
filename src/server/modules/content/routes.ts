import type { FastifyPluginAsync } from 'fastify';
import { articleRoutes } from './articles/routes.js';

/** Every content call, each area an encapsulated plugin of its own. */
export const contentRoutes: FastifyPluginAsync = async (app) => {
  await app.register(articleRoutes);
};
