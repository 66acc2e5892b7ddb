import type { FastifyPluginAsync } from 'fastify';
import { readingProgressRoutes } from './reading/routes.js';
import { reportRoutes } from './reports/routes.js';
import { searchRoutes } from './search/routes.js';
import { submissionRoutes } from './submissions/routes.js';
import { timelineRoutes } from './timeline/routes.js';

/** The reading area: search, timeline, content URLs, reading progress, reports and file submissions. */
export const readingRoutes: FastifyPluginAsync = async (app) => {
  await app.register(searchRoutes);
  await app.register(timelineRoutes);
  await app.register(readingProgressRoutes);
  await app.register(reportRoutes);
  await app.register(submissionRoutes);
};
