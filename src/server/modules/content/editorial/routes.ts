import { z } from 'zod';
import { errorBody } from '../../../../shared/api/common.js';
import {
  actionBody,
  actionParams,
  createBody,
  editorialItem,
  editorialList,
  editorialListQuery,
  editorialOptions as optionsSchema,
  editorialPaths,
  itemParams,
  kindParams,
  previewAnswer,
  previewBody,
  revisionDetail,
  revisionList,
  revisionParams,
  saveBody,
} from '../../../../shared/api/content-editorial.js';
import { requireStaff } from '../../../platform/auth.js';
import { moduleRoutes, paginate, privateResponse } from '../../../platform/http.js';
import { defineScheduledPublishing, itemAction } from './action-service.js';
import { createItem, editorialOptions, itemRevision, itemRevisions, listItems, openItem, previewMarkdown, saveItem } from './service.js';

const tags = ['editorial'];
const staffErrors = { 400: errorBody, 401: errorBody, 403: errorBody };

/**
 * The back office's writing calls, one family for articles, courses, lessons and the site's pages (each module
 * registers its kind). Every answer is private; every call is staff-only (requireStaff, which
 * platform/route-guard.ts also runs as the request arrives, before the body is read).
 */
export const editorialRoutes = moduleRoutes((app) => {
  const { ctx } = app;
  defineScheduledPublishing(ctx);
  app.addHook('onRequest', async (_request, reply) => privateResponse(reply));

  app.post(editorialPaths.preview, {
    schema: { tags, summary: 'Markdown rendered and sanitised exactly as readers will see it (staff)', body: previewBody, response: { 200: previewAnswer, ...staffErrors } },
    handler: async (request) => {
      await requireStaff(request);
      return previewMarkdown(request.body.markdown);
    },
  });

  app.get(editorialPaths.options, {
    schema: { tags, summary: 'The categories, tags and topics an editor chooses from (staff)', response: { 200: optionsSchema, ...staffErrors } },
    handler: async (request) => {
      await requireStaff(request);
      return editorialOptions(ctx);
    },
  });

  app.get(editorialPaths.items, {
    schema: { tags, summary: 'Every item of a kind, drafts and scheduled ones included, newest change first (staff)', params: kindParams, querystring: editorialListQuery, response: { 200: editorialList, ...staffErrors } },
    handler: async (request) => {
      await requireStaff(request);
      const found = await listItems(ctx, request.params.kind, request.query);
      return paginate(request, ctx.config.publicUrl, request.query, found.count, found.results);
    },
  });

  app.post(editorialPaths.items, {
    schema: { tags, summary: 'A new draft, with its first revision (staff); each bad field named', params: kindParams, body: createBody, response: { 201: editorialItem, ...staffErrors, 409: errorBody } },
    handler: async (request, reply) => {
      const actor = await requireStaff(request);
      return reply.status(201).send(await createItem(ctx, actor, request.params.kind, request.body.fields));
    },
  });

  app.get(editorialPaths.item, {
    schema: { tags, summary: 'An item as its editor opens it, with the version to save against (staff)', params: itemParams, response: { 200: editorialItem, ...staffErrors, 404: errorBody } },
    handler: async (request) => {
      await requireStaff(request);
      return openItem(ctx, request.params.kind, request.params.id);
    },
  });

  app.post(editorialPaths.save, {
    schema: {
      tags,
      summary: "Save the editor's fields as a new revision (staff): 409 when someone saved since `base_version`; a live item's changes wait for `publish`",
      params: itemParams,
      body: saveBody,
      response: { 200: editorialItem, ...staffErrors, 404: errorBody, 409: errorBody },
    },
    handler: async (request) => {
      const actor = await requireStaff(request);
      return saveItem(ctx, actor, request.params.kind, request.params.id, request.body.base_version, request.body.fields);
    },
  });

  app.get(editorialPaths.revisions, {
    schema: { tags, summary: "An item's revisions, newest first: who saved, when (staff)", params: itemParams, response: { 200: revisionList, ...staffErrors, 404: errorBody } },
    handler: async (request) => {
      await requireStaff(request);
      return itemRevisions(ctx, request.params.kind, request.params.id);
    },
  });

  app.get(editorialPaths.revision, {
    schema: { tags, summary: "One revision's fields (staff)", params: revisionParams, response: { 200: revisionDetail, ...staffErrors, 404: errorBody } },
    handler: async (request) => {
      await requireStaff(request);
      return itemRevision(ctx, request.params.kind, request.params.id, request.params.revision);
    },
  });

  app.post(editorialPaths.action, {
    schema: {
      tags,
      summary: '`publish`, `unpublish`, `copy`, `move`, `create_alias` (201: the alias, in the place the body names), `convert_alias`, `revert_to_page_revision`, `schedule`, `unschedule` or `delete` (staff)',
      params: actionParams,
      body: actionBody,
      response: { 200: editorialItem, 201: editorialItem, 204: z.null().describe('No content'), ...staffErrors, 404: errorBody, 409: errorBody },
    },
    handler: async (request, reply) => {
      const actor = await requireStaff(request);
      const done = await itemAction(ctx, actor, request.params.kind, request.params.id, request.params.action, request.body);
      if (!done.item) return reply.status(204).send(null);
      return reply.status(done.created ? 201 : 200).send(done.item);
    },
  });
});
