import type { z } from 'zod';
import { idParam, type PageQuery, type Paginated } from '../../../shared/api/common.js';
import { requireStaff } from '../../platform/auth.js';
import type { AppContext } from '../../platform/context.js';
import { paginate, type ZodApp } from '../../platform/http.js';
import type { Page } from './articles/service.js';

/** One catalogue area (categories, tags, topics): its paths, schemas, service and OpenAPI words. */
export interface CatalogCrud<Item, ListQuery extends PageQuery, Write, Patch> {
  /** The OpenAPI tags the calls are grouped under. */
  tags: string[];
  /** List (GET) and create (POST). */
  collectionPath: string;
  /** Get, replace (PUT), change (PATCH) and delete one by `:id`. */
  itemPath: string;
  /** One item with its article ("a category"): the summaries of create, get, PUT and PATCH say it. */
  singular: string;
  /** Summaries that say more than the name: how the list is ordered, what deleting leaves behind. */
  summaries: { list: string; delete: string };
  schemas: {
    item: z.ZodType<Item, Item>;
    list: z.ZodType<Paginated<Item>, Paginated<Item>>;
    listQuery: z.ZodType<ListQuery, unknown>;
    write: z.ZodType<Write, unknown>;
    patch: z.ZodType<Patch, unknown>;
  };
  // Function properties, not methods: their parameters are then checked strictly at the call site.
  service: {
    list: (ctx: AppContext, query: ListQuery) => Promise<Page<Item>>;
    create: (ctx: AppContext, input: Write) => Promise<Item>;
    get: (ctx: AppContext, id: number) => Promise<Item>;
    /** PUT sends a whole Write, PATCH a Patch: the area's update takes both. */
    update: (ctx: AppContext, id: number, input: Write | Patch) => Promise<Item>;
    remove: (ctx: AppContext, id: number) => Promise<void>;
  };
}

const capitalised = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/**
 * Registers the list, create, get, replace, change and delete calls of a catalogue area: reads are
 * public, writes staff only (201 on create, 204 on delete). What an area has beyond these stays in
 * its own routes.
 */
export function registerCatalogCrud<Item, ListQuery extends PageQuery, Write, Patch>(
  app: ZodApp,
  area: CatalogCrud<Item, ListQuery, Write, Patch>,
): void {
  // The type parameters check at the call site that an area's schemas and service agree; Fastify's
  // request types do not resolve through type parameters, so the routes, which only hand what a
  // schema validated to the same area's service, work on the widened type.
  registerRoutes(app, area as CatalogCrud<unknown, PageQuery, unknown, unknown>);
}

function registerRoutes(app: ZodApp, area: CatalogCrud<unknown, PageQuery, unknown, unknown>): void {
  const { ctx } = app;
  const { tags, schemas, service, singular } = area;

  app.get(area.collectionPath, {
    schema: { tags, summary: area.summaries.list, querystring: schemas.listQuery, response: { 200: schemas.list } },
    handler: async (request) => {
      const page = await service.list(ctx, request.query);
      return paginate(request, ctx.config.publicUrl, request.query, page.count, page.results);
    },
  });

  app.post(area.collectionPath, {
    schema: { tags, summary: `Create ${singular} (staff)`, body: schemas.write, response: { 201: schemas.item } },
    handler: async (request, reply) => {
      await requireStaff(request);
      return reply.status(201).send(await service.create(ctx, request.body));
    },
  });

  app.get(area.itemPath, {
    schema: { tags, summary: capitalised(singular), params: idParam, response: { 200: schemas.item } },
    handler: async (request) => service.get(ctx, request.params.id),
  });

  app.put(area.itemPath, {
    schema: { tags, summary: `Replace ${singular} (staff)`, params: idParam, body: schemas.write, response: { 200: schemas.item } },
    handler: async (request) => {
      await requireStaff(request);
      return service.update(ctx, request.params.id, request.body);
    },
  });

  app.patch(area.itemPath, {
    schema: { tags, summary: `Change some fields of ${singular} (staff)`, params: idParam, body: schemas.patch, response: { 200: schemas.item } },
    handler: async (request) => {
      await requireStaff(request);
      return service.update(ctx, request.params.id, request.body);
    },
  });

  app.delete(area.itemPath, {
    schema: { tags, summary: area.summaries.delete, params: idParam },
    handler: async (request, reply) => {
      await requireStaff(request);
      await service.remove(ctx, request.params.id);
      return reply.status(204).send();
    },
  });
}
