import type { FastifyPluginAsync } from 'fastify';
import { authRoutes } from './auth/routes.js';
import { contentRoutes } from './content/routes.js';

/** API modules, registered under /api/v2 in this order. */
export const apiModules: FastifyPluginAsync[] = [authRoutes, contentRoutes];
