/*
 * The courses' calls: paths (courses-paths.ts) and schemas, by part: courses and lessons, learning (progress,
 * enrolment, certificates, the offline manifest), products, search and the timeline, member media.
 */

export { coursesPaths, coursePagePath, lessonPagePath } from './courses-paths.js';
export * from './courses-catalogue.js';
export * from './courses-learning.js';
export * from './courses-products.js';
export * from './courses-search.js';
export * from './courses-media.js';
