import type { FastifyPluginAsync } from 'fastify';

export const catalogRoutes: FastifyPluginAsync = async (_app) => {};
