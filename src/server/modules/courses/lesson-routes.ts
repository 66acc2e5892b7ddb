import { idParam } from '../../../shared/api/common.js';
import { courseNamesQuery, courseTaxonList, coursesPaths, lessonDetail, lessonList, lessonListQuery, lessonNavigation, lessonPatch, lessonWrite } from '../../../shared/api/courses.js';
import { getActor } from '../../platform/auth.js';
import { listAnswer, moduleRoutes, privateResponse } from '../../platform/http.js';
import { requestLanguage } from '../../platform/request-language.js';
import { courseTaxonomy } from './course-service.js';
import { createLesson, deleteLesson, getLesson, isOpenToAll, lessonNavigation as getNavigation, listLessonCards, updateLesson } from './lesson-service.js';
import { registerStaffWrites } from './staff-writes.js';
import { viewerOf } from './viewer.js';

const tags = ['courses'];

/** Lessons: lists and navigation (public), one lesson as the caller may read it, writes (staff). */
export const lessonRoutes = moduleRoutes((app) => {
  const { ctx } = app;

  app.get(coursesPaths.lessons, {
    schema: { tags, summary: 'Lessons of published courses in order, without bodies (filter: course)', querystring: lessonListQuery, response: { 200: lessonList } },
    handler: async (request, reply) => {
      const actor = await getActor(request);
      // Staff also see the lessons of unpublished courses.
      if (actor) privateResponse(reply);
      return listAnswer(request, ctx.config.publicUrl, await listLessonCards(ctx, await viewerOf(ctx, actor), request.query));
    },
  });

  app.get(coursesPaths.lessonCategories, {
    schema: { tags, summary: 'Categories of the courses that have lessons, with course and lesson counts; names in lang', querystring: courseNamesQuery, response: { 200: courseTaxonList } },
    handler: async (request, reply) => courseTaxonomy(ctx, 'category', true, requestLanguage(request, reply)),
  });

  app.get(coursesPaths.lessonTags, {
    schema: { tags, summary: 'Tags of the courses that have lessons, with course and lesson counts; names in lang', querystring: courseNamesQuery, response: { 200: courseTaxonList } },
    handler: async (request, reply) => courseTaxonomy(ctx, 'tag', true, requestLanguage(request, reply)),
  });

  app.get(coursesPaths.lessonNavigation, {
    schema: { tags, summary: 'Previous and next lesson, place in the course, total and chapter', params: idParam, response: { 200: lessonNavigation } },
    handler: async (request, reply) => {
      const actor = await getActor(request);
      if (actor) privateResponse(reply);
      return getNavigation(ctx, await viewerOf(ctx, actor), request.params.id);
    },
  });

  app.get(coursesPaths.lesson, {
    schema: { tags, summary: 'A lesson; its text and media only for callers allowed to read it (locked: title and summary)', params: idParam, response: { 200: lessonDetail } },
    handler: async (request, reply) => {
      const actor = await getActor(request);
      const lesson = await getLesson(ctx, await viewerOf(ctx, actor), request.params.id);
      // A member's or buyer's lesson text is personal: never let a shared cache keep it.
      if (actor || !isOpenToAll(lesson)) privateResponse(reply);
      else reply.header('cache-control', 'public, max-age=0, must-revalidate');
      return lesson;
    },
  });

  registerStaffWrites(app, {
    tags,
    paths: { list: coursesPaths.lessons, item: coursesPaths.lesson },
    singular: 'a lesson',
    summaries: { create: 'Create a lesson (staff); Markdown is rendered now', delete: 'Delete a lesson and the progress recorded in it (staff)' },
    schemas: { detail: lessonDetail, write: lessonWrite, patch: lessonPatch },
    service: { create: (ctx, _actor, viewer, input) => createLesson(ctx, viewer, input), update: updateLesson, remove: deleteLesson },
  });
});
