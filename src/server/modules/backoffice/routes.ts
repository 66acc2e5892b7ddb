import fp from 'fastify-plugin';
import { z } from 'zod';
import {
  auditList,
  auditListQuery,
  backofficePaths,
  blockBody,
  dashboard as dashboardSchema,
  paymentToReturnList,
  productRemoval,
  roleBody,
  staffUser,
  staffUserDetail,
  staffOrderList,
  staffUserList,
  submissionListQuery,
  submissionStatusBody,
  userListQuery,
} from '../../../shared/api/backoffice.js';
import { errorBody, idParam, pageQuery } from '../../../shared/api/common.js';
import { submission, submissionList } from '../../../shared/api/content-readers.js';
import { myCourseList, myCourseQuery } from '../../../shared/api/courses.js';
import { orderListQuery } from '../../../shared/api/orders.js';
import { attachmentHeader } from '../../platform/attachment.js';
import { requireStaff } from '../../platform/auth.js';
import { API_PREFIX, moduleRoutes, paginate, privateResponse } from '../../platform/http.js';
import { requestLanguage } from '../../platform/request-language.js';
import { hideComment } from '../comments/service.js';
import { listOrderSummariesForStaff } from '../orders/service.js';
import { listSubmissionsForReview, setSubmissionStatus, submissionFileFor } from '../content/submissions/service.js';
import { blockUser, changeRole, listUsersForStaff, unblockUser } from '../users/back-office-service.js';
import { installStaffAudit } from './audit.js';
import { listAudit } from './audit-service.js';
import { removeProduct } from './catalogue-service.js';
import { dashboard, paymentsToReturn } from './dashboard-service.js';
import { userCourses, userDetail } from './people-service.js';

const tags = ['backoffice'];
const staffErrors = { 401: errorBody, 403: errorBody };
const writeErrors = { 400: errorBody, 404: errorBody, 409: errorBody, ...staffErrors };

/** The back office's own calls (paths: shared/api/backoffice-paths.ts); every one for staff, answered privately. */
const backofficeCalls = moduleRoutes((app) => {
  const { ctx } = app;
  app.addHook('onRequest', async (_request, reply) => privateResponse(reply));

  app.get(backofficePaths.dashboard, {
    schema: { tags, summary: "Today's and this month's views, sign-ups, new members, orders and revenue; the last days; the most-read articles; what waits", response: { 200: dashboardSchema, ...staffErrors } },
    handler: async (request) => dashboard(ctx, await requireStaff(request)),
  });

  app.get(backofficePaths.paymentsToReturn, {
    schema: { tags, summary: 'Payments that reached an order when it could no longer take them and are not yet returned, oldest first', querystring: pageQuery, response: { 200: paymentToReturnList, 400: errorBody, ...staffErrors } },
    handler: async (request) => {
      const page = await paymentsToReturn(ctx, await requireStaff(request), request.query);
      return paginate(request, ctx.config.publicUrl, request.query, page.count, page.results);
    },
  });

  app.get(backofficePaths.orders, {
    schema: { tags, summary: 'Orders as the orders list shows them, newest first, with the filters of GET orders', querystring: orderListQuery, response: { 200: staffOrderList, 400: errorBody, ...staffErrors } },
    handler: async (request) => {
      const page = await listOrderSummariesForStaff(ctx, await requireStaff(request), request.query);
      return paginate(request, ctx.config.publicUrl, request.query, page.count, page.results);
    },
  });

  app.get(backofficePaths.users, {
    schema: { tags, summary: 'Users, newest first: `q` matches the start of a username, e-mail or display name, or an id; `role`; `blocked`', querystring: userListQuery, response: { 200: staffUserList, 400: errorBody, ...staffErrors } },
    handler: async (request) => {
      const page = await listUsersForStaff(ctx, await requireStaff(request), request.query);
      return paginate(request, ctx.config.publicUrl, request.query, page.count, page.results);
    },
  });

  app.get(backofficePaths.user, {
    schema: { tags, summary: 'A user, their block, membership and counts of orders, comments and courses', params: idParam, response: { 200: staffUserDetail, 404: errorBody, ...staffErrors } },
    handler: async (request) => userDetail(ctx, await requireStaff(request), request.params.id),
  });

  app.get(backofficePaths.userCourses, {
    schema: { tags, summary: "A user's courses with their progress", params: idParam, querystring: myCourseQuery, response: { 200: myCourseList, 400: errorBody, 404: errorBody, ...staffErrors } },
    handler: async (request, reply) => {
      const page = await userCourses(ctx, await requireStaff(request), request.params.id, request.query, requestLanguage(request, reply));
      return paginate(request, ctx.config.publicUrl, request.query, page.count, page.results);
    },
  });

  app.post(backofficePaths.userBlock, {
    schema: { tags, summary: 'Block a user: no login, and every session of theirs ends at once (only a superuser blocks staff)', params: idParam, body: blockBody, response: { 200: staffUser, ...writeErrors } },
    handler: async (request) => blockUser(ctx, await requireStaff(request), request.params.id, request.body.reason),
  });

  app.post(backofficePaths.userUnblock, {
    schema: { tags, summary: 'Let a blocked user log in again', params: idParam, response: { 200: staffUser, ...writeErrors } },
    handler: async (request) => unblockUser(ctx, await requireStaff(request), request.params.id),
  });

  app.post(backofficePaths.userRole, {
    schema: { tags, summary: 'Make a user staff, or staff a user again (superuser)', params: idParam, body: roleBody, response: { 200: staffUser, ...writeErrors } },
    handler: async (request) => changeRole(ctx, await requireStaff(request), request.params.id, request.body.role),
  });

  app.post(backofficePaths.commentHide, {
    schema: { tags, summary: 'Hide a comment from readers until staff approve it', params: idParam, response: { 204: z.null(), ...writeErrors } },
    handler: async (request, reply) => {
      await hideComment(ctx, await requireStaff(request), request.params.id);
      return reply.status(204).send(null);
    },
  });

  app.get(backofficePaths.submissions, {
    schema: { tags, summary: 'Submitted files, newest first, by status', querystring: submissionListQuery, response: { 200: submissionList, 400: errorBody, ...staffErrors } },
    handler: async (request) => {
      const page = await listSubmissionsForReview(ctx, await requireStaff(request), request.query);
      return paginate(request, ctx.config.publicUrl, request.query, page.count, page.results);
    },
  });

  app.patch(backofficePaths.submission, {
    schema: { tags, summary: 'Accept or reject a submission (or make it pending again)', params: idParam, body: submissionStatusBody, response: { 200: submission, ...writeErrors } },
    handler: async (request) => setSubmissionStatus(ctx, await requireStaff(request), request.params.id, request.body.status),
  });

  app.get(backofficePaths.submissionFile, {
    schema: { tags, summary: 'The submitted file, as an attachment', params: idParam },
    handler: async (request, reply) => {
      const file = await submissionFileFor(ctx, await requireStaff(request), request.params.id);
      return reply
        .type(file.type)
        .header('content-length', file.size)
        .header('content-disposition', attachmentHeader(file.name))
        .header('x-content-type-options', 'nosniff')
        .send(file.body);
    },
  });

  app.post(backofficePaths.productRemove, {
    schema: { tags, summary: 'Delete a product, or archive it (withdrawn, kept) when an order bought it or a basket holds it', params: idParam, response: { 200: productRemoval, ...writeErrors } },
    handler: async (request) => removeProduct(ctx, await requireStaff(request), request.params.id),
  });

  app.get(backofficePaths.audit, {
    schema: { tags, summary: 'The staff audit log, newest first (superuser): who, which call, on what, when, before and after', querystring: auditListQuery, response: { 200: auditList, 400: errorBody, ...staffErrors } },
    handler: async (request) => {
      const page = await listAudit(ctx, await requireStaff(request), request.query);
      return paginate(request, ctx.config.publicUrl, request.query, page.count, page.results);
    },
  });
});

/**
 * Not encapsulated (fastify-plugin), so that the audit's route hook sees every API route registered after it:
 * it comes first in `apiModules`. Its own calls are an encapsulated plugin under the API prefix, as any module's.
 */
export const backofficeRoutes = fp(
  async (app) => {
    installStaffAudit(app);
    await app.register(backofficeCalls, { prefix: API_PREFIX });
  },
  { name: 'backoffice' },
);
