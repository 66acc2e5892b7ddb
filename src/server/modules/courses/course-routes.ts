import type { FastifyReply } from 'fastify';
import { idParam } from '../../../shared/api/common.js';
import {
  courseDetail,
  courseList,
  courseListQuery,
  courseOutline,
  coursePatch,
  coursePriceCard as coursePriceCardSchema,
  courseNamesQuery,
  coursesPaths,
  courseTaxonList,
  courseWrite,
} from '../../../shared/api/courses.js';
import type { Actor } from '../../platform/auth.js';
import { getActor } from '../../platform/auth.js';
import { listAnswer, moduleRoutes, privateResponse } from '../../platform/http.js';
import { requestLanguage } from '../../platform/request-language.js';
import { courseOutline as getOutline, coursePriceCard, courseTaxonomy, createCourse, deleteCourse, getCourse, listCourseCards, updateCourse } from './course-service.js';
import { registerStaffWrites } from './staff-writes.js';
import { viewerOf } from './viewer.js';
import { registerEditable } from '../content/editorial/service.js';
import { courseEditing } from './course-editing.js';
import { lessonEditing } from './lesson-editing.js';

const tags = ['courses'];

/** An answer that says what this caller may do is theirs alone; a guest's is the same for every guest. */
function cacheFor(reply: FastifyReply, actor: Actor | null): void {
  if (actor) privateResponse(reply);
  else reply.header('cache-control', 'public, max-age=0, must-revalidate');
}

/**
 * Courses: the catalogue (public), one course and its outline (as the caller may read it), writes (staff).
 * Cards and the course name their category and tags in the reader's language (`lang`, else cookie or
 * Accept-Language, with vary).
 */
export const courseRoutes = moduleRoutes((app) => {
  const { ctx } = app;
  registerEditable(ctx, courseEditing);
  registerEditable(ctx, lessonEditing);

  app.get(coursesPaths.courses, {
    schema: {
      tags,
      summary: 'Published courses in order, filtered by category, tag, level, access, language (staff: include_drafts); names in lang',
      querystring: courseListQuery,
      response: { 200: courseList },
    },
    handler: async (request, reply) => {
      const actor = await getActor(request);
      if (request.query.include_drafts) privateResponse(reply);
      return listAnswer(request, ctx.config.publicUrl, await listCourseCards(ctx, await viewerOf(ctx, actor), request.query, requestLanguage(request, reply)));
    },
  });

  app.get(coursesPaths.courseCategories, {
    schema: { tags, summary: 'Categories that have published courses, with course and lesson counts; names in lang', querystring: courseNamesQuery, response: { 200: courseTaxonList } },
    handler: async (request, reply) => courseTaxonomy(ctx, 'category', false, requestLanguage(request, reply)),
  });

  app.get(coursesPaths.courseTags, {
    schema: { tags, summary: 'Tags that have published courses, with course and lesson counts; names in lang', querystring: courseNamesQuery, response: { 200: courseTaxonList } },
    handler: async (request, reply) => courseTaxonomy(ctx, 'tag', false, requestLanguage(request, reply)),
  });

  app.get(coursesPaths.productCourse, {
    schema: {
      tags,
      summary: 'The price card: every published purchase course with its products on sale; names in lang',
      querystring: courseNamesQuery,
      response: { 200: coursePriceCardSchema },
    },
    handler: async (request, reply) => coursePriceCard(ctx, requestLanguage(request, reply)),
  });

  app.get(coursesPaths.course, {
    schema: {
      tags,
      summary: 'A course, with whether the caller may read its lessons (drafts: staff); names in lang',
      params: idParam,
      querystring: courseNamesQuery,
      response: { 200: courseDetail },
    },
    handler: async (request, reply) => {
      const actor = await getActor(request);
      cacheFor(reply, actor);
      return getCourse(ctx, await viewerOf(ctx, actor), request.params.id, requestLanguage(request, reply));
    },
  });

  app.get(coursesPaths.courseLessons, {
    schema: { tags, summary: "The course's outline: every lesson, locked or not for the caller, with the caller's done flags", params: idParam, response: { 200: courseOutline } },
    handler: async (request, reply) => {
      const actor = await getActor(request);
      cacheFor(reply, actor);
      return getOutline(ctx, await viewerOf(ctx, actor), request.params.id);
    },
  });

  registerStaffWrites(app, {
    tags,
    paths: { list: coursesPaths.courses, item: coursesPaths.course },
    singular: 'a course',
    summaries: { create: 'Create a course (staff)', delete: 'Delete a course with its lessons (staff); one that was bought or granted stays' },
    schemas: { detail: courseDetail, write: courseWrite, patch: coursePatch },
    service: { create: createCourse, update: updateCourse, remove: deleteCourse },
  });
});
