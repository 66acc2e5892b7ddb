import type { FastifyPluginAsync } from 'fastify';
import { courseRoutes } from './course-routes.js';
import { learnerRoutes } from './learner-routes.js';
import { lessonRoutes } from './lesson-routes.js';
import { mediaRoutes } from './media-routes.js';
import { productRoutes } from './product-routes.js';

/**
 * Every course call, each area an encapsulated plugin of its own: courses (catalogue, outline, writes),
 * lessons, products (what purchase courses cost) and learning (enrolment, grants, progress, offline
 * manifest, certificates).
 */
export const coursesRoutes: FastifyPluginAsync = async (app) => {
  await app.register(courseRoutes);
  await app.register(lessonRoutes);
  await app.register(productRoutes);
  await app.register(learnerRoutes);
  await app.register(mediaRoutes);
};
