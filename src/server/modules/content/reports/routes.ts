import { idParam } from '../../../../shared/api/common.js';
import { contentPaths } from '../../../../shared/api/content.js';
import { report, reportCreate, reportList, reportListQuery, reportReplace, reportUpdate } from '../../../../shared/api/content-readers.js';
import { privateCaller, requireUser } from '../../../platform/auth.js';
import { listAnswer, moduleRoutes } from '../../../platform/http.js';
import { createReport, deleteReport, getReport, listOwnReports, updateReport } from './service.js';

const tags = ['reports'];

/** Reports of wrong or abusive content: reporters see and edit their own while open; staff see and decide all. */
export const reportRoutes = moduleRoutes((app) => {
  const { ctx } = app;

  app.get(contentPaths.reports, {
    schema: { tags, summary: "The caller's reports, newest first (staff: everyone's)", querystring: reportListQuery, response: { 200: reportList } },
    handler: async (request, reply) => listAnswer(request, ctx.config.publicUrl, await listOwnReports(ctx, await privateCaller(request, reply), request.query)),
  });

  app.post(contentPaths.reports, {
    schema: { tags, summary: 'Report an article or a URL', body: reportCreate, response: { 201: report } },
    handler: async (request, reply) => reply.status(201).send(await createReport(ctx, await privateCaller(request, reply), request.body)),
  });

  app.get(contentPaths.report, {
    schema: { tags, summary: 'One report (its reporter or staff)', params: idParam, response: { 200: report } },
    handler: async (request, reply) => getReport(ctx, await privateCaller(request, reply), request.params.id),
  });

  app.put(contentPaths.report, {
    schema: { tags, summary: 'Replace the reason and detail of a report; staff may set its status', params: idParam, body: reportReplace, response: { 200: report } },
    handler: async (request, reply) => updateReport(ctx, await privateCaller(request, reply), request.params.id, request.body),
  });

  app.patch(contentPaths.report, {
    schema: { tags, summary: 'Change some fields of a report; only staff change the status', params: idParam, body: reportUpdate, response: { 200: report } },
    handler: async (request, reply) => updateReport(ctx, await privateCaller(request, reply), request.params.id, request.body),
  });

  app.delete(contentPaths.report, {
    schema: { tags, summary: 'Withdraw an open report (its reporter) or delete any (staff)', params: idParam },
    handler: async (request, reply) => {
      const actor = await requireUser(request);
      await deleteReport(ctx, actor, request.params.id);
      return reply.status(204).send();
    },
  });
});
