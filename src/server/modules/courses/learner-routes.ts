import { errorBody, idParam } from '../../../shared/api/common.js';
import {
  certificate,
  certificateParam,
  courseGrantBody,
  courseGrantResult,
  courseProgress,
  courseProgressQuery,
  coursesPaths,
  enrolment,
  lessonProgress,
  myCourseList,
  myCourseQuery,
  offlineManifest,
  progressWrite,
} from '../../../shared/api/courses.js';
import { getActor, requireStaff, requireUser } from '../../platform/auth.js';
import { asZod, moduleRoutes, paginate, privateResponse } from '../../platform/http.js';
import { requestLanguage } from '../../platform/request-language.js';
import { offlineManifest as buildManifest } from './manifest.js';
import { courseProgress as getCourseProgress, enrol, getCertificate, lessonProgress as getLessonProgress, myCourses, recordProgress, staffGrantCourse } from './progress-service.js';
import { viewerOf } from './viewer.js';

const tags = ['courses'];

/**
 * Learning: enrolment, grants (staff), progress and the learner's courses (each the caller's own), the
 * offline manifest (for a caller who may read the course) and certificates (public, by code).
 */
export const learnerRoutes = moduleRoutes((app) => {
  const { ctx } = app;

  app.get(coursesPaths.certificate, {
    schema: { tags, summary: 'A certificate by its code: name, course and date', params: certificateParam, response: { 200: certificate } },
    // A code is 120 random bits; the limit keeps guessing from costing the database anything.
    config: { rateLimit: { max: 60, timeWindow: '1 minute' } },
    handler: async (request) => getCertificate(ctx, request.params.code),
  });

  app.register(async (own) => {
    own.addHook('onRequest', async (_request, reply) => privateResponse(reply));
    const zapp = asZod(own);

    zapp.get(coursesPaths.courseOfflineManifest, {
      schema: { tags, summary: 'What saving the course offline needs: page and API URLs, images, byte sizes, one version (readers of the course)', params: idParam, response: { 200: offlineManifest } },
      handler: async (request) => buildManifest(ctx, await viewerOf(ctx, await getActor(request)), request.params.id),
    });

    zapp.post(coursesPaths.courseEnrol, {
      schema: { tags, summary: 'Enrol the caller: free courses, premium courses for members (purchase courses: 403, they are bought; enrolled already: 409)', params: idParam, response: { 200: enrolment, 409: errorBody } },
      handler: async (request) => {
        const actor = await requireUser(request);
        return enrol(ctx, await viewerOf(ctx, actor), actor, request.params.id);
      },
    });

    zapp.post(coursesPaths.courseGrant, {
      schema: { tags, summary: 'Grant a course to a user (staff; once per reference: a repeated reference is a 409)', params: idParam, body: courseGrantBody, response: { 200: courseGrantResult, 409: errorBody } },
      handler: async (request) => {
        await requireStaff(request);
        return staffGrantCourse(ctx, request.params.id, request.body);
      },
    });

    zapp.get(coursesPaths.courseProgress, {
      schema: { tags, summary: "The caller's progress in a course with resume lesson and certificate (staff: any user_id)", params: idParam, querystring: courseProgressQuery, response: { 200: courseProgress } },
      handler: async (request) => {
        const actor = await requireUser(request);
        return getCourseProgress(ctx, await viewerOf(ctx, actor), actor, request.params.id, request.query.user_id);
      },
    });

    zapp.get(coursesPaths.lessonProgress, {
      schema: { tags, summary: "The caller's progress in a lesson", params: idParam, response: { 200: lessonProgress } },
      handler: async (request) => {
        const actor = await requireUser(request);
        return getLessonProgress(ctx, await viewerOf(ctx, actor), actor, request.params.id);
      },
    });

    zapp.put(coursesPaths.lessonProgress, {
      schema: {
        tags,
        summary: 'Record progress in a lesson (the later client_updated_at wins, done never reverts; done: true on a lesson done already is a 409; 403 for a course the caller may not read)',
        params: idParam,
        body: progressWrite,
        response: { 200: lessonProgress, 409: errorBody },
      },
      handler: async (request) => {
        const actor = await requireUser(request);
        return recordProgress(ctx, await viewerOf(ctx, actor), actor, request.params.id, request.body);
      },
    });

    zapp.get(coursesPaths.myCourses, {
      schema: {
        tags,
        summary: "The caller's enrolled courses with progress, the most recently active first; names in lang",
        querystring: myCourseQuery,
        response: { 200: myCourseList },
      },
      handler: async (request, reply) => {
        const page = await myCourses(ctx, await requireUser(request), request.query, requestLanguage(request, reply));
        return paginate(request, ctx.config.publicUrl, request.query, page.count, page.results);
      },
    });
  });
});
