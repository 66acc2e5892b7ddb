import type { FastifyPluginAsync } from 'fastify';

export const readingRoutes: FastifyPluginAsync = async (_app) => {};
