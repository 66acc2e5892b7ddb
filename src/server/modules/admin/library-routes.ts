import { z } from 'zod';
import { errorBody, idParam, type PageQuery } from '../../../shared/api/common.js';
import { requireStaff } from '../../platform/auth.js';
import type { AppContext } from '../../platform/context.js';
import { paginate, type ZodApp } from '../../platform/http.js';

/**
 * One of the back-office's libraries (pictures, documents): the paths and schemas of its reads and its delete,
 * the service that answers them and the words of the API reference. Uploads differ (what a file may be, how
 * it is stored) and stay in routes.ts.
 */
export interface LibraryArea<Item, ListQuery extends PageQuery, FindQuery> {
  paths: { collection: string; find: string; item: string };
  schemas: { item: z.ZodType<Item, Item>; list: z.ZodType<unknown, unknown>; listQuery: z.ZodType<ListQuery, unknown>; findQuery: z.ZodType<FindQuery, unknown> };
  summaries: { list: string; find: string; item: string; delete: string };
  // Function properties, not methods: their parameters are then checked strictly at the call site.
  service: {
    list: (ctx: AppContext, query: ListQuery) => Promise<{ count: number; results: Item[] }>;
    find: (ctx: AppContext, query: FindQuery) => Promise<Item>;
    get: (ctx: AppContext, id: number) => Promise<Item>;
    remove: (ctx: AppContext, id: number) => Promise<void>;
  };
}

type AnyArea = LibraryArea<unknown, PageQuery, unknown>;

/** Registers a library's list, find (before `:id`, which would take "find" for an id), one and delete; staff only. */
export function registerLibraryReads<Item, ListQuery extends PageQuery, FindQuery>(app: ZodApp, tags: string[], area: LibraryArea<Item, ListQuery, FindQuery>): void {
  // The type parameters check at the call site that the schemas and the service agree; Fastify's request types
  // do not resolve through type parameters, so the routes work on the widened type.
  const { paths, schemas, summaries, service } = area as unknown as AnyArea;
  const { ctx } = app;
  const refusals = { 400: errorBody, 401: errorBody, 403: errorBody };

  app.get(paths.collection, {
    schema: { tags, summary: summaries.list, querystring: schemas.listQuery, response: { 200: schemas.list, ...refusals } },
    handler: async (request) => {
      await requireStaff(request);
      const page = await service.list(ctx, request.query);
      return paginate(request, ctx.config.publicUrl, request.query, page.count, page.results);
    },
  });

  app.get(paths.find, {
    schema: { tags, summary: summaries.find, querystring: schemas.findQuery, response: { 200: schemas.item, ...refusals, 404: errorBody } },
    handler: async (request) => {
      await requireStaff(request);
      return service.find(ctx, request.query);
    },
  });

  app.get(paths.item, {
    schema: { tags, summary: summaries.item, params: idParam, response: { 200: schemas.item, ...refusals, 404: errorBody } },
    handler: async (request) => {
      await requireStaff(request);
      return service.get(ctx, request.params.id);
    },
  });

  app.delete(paths.item, {
    schema: { tags, summary: summaries.delete, params: idParam, response: { 204: z.null().describe('No content'), ...refusals, 404: errorBody, 409: errorBody } },
    handler: async (request, reply) => {
      await requireStaff(request);
      await service.remove(ctx, request.params.id);
      return reply.status(204).send(null);
    },
  });
}
