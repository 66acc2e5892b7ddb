import { z } from 'zod';
import { idParam } from '../../../shared/api/common.js';
import { requireStaff, staffCreates, staffDeletes, type Actor } from '../../platform/auth.js';
import type { AppContext } from '../../platform/context.js';
import type { ZodApp } from '../../platform/http.js';
import { viewerOf, type Viewer } from './viewer.js';

/**
 * The staff writes of courses or lessons: create (201), replace (PUT, a whole write), change some fields
 * (PATCH) and delete (204). Each answers the item as staff see it; anyone else gets 403 (401 without a login).
 */
export interface StaffWrites<Detail, Write, Patch> {
  tags: string[];
  /** Create on `list`; replace, change and delete on `item` (`:id`). */
  paths: { list: string; item: string };
  /** The item with its article, as the PUT and PATCH summaries say it ("a course"). */
  singular: string;
  summaries: { create: string; delete: string };
  schemas: { detail: z.ZodType<Detail, Detail>; write: z.ZodType<Write, unknown>; patch: z.ZodType<Patch, unknown> };
  // Function properties, not methods: their parameters are then checked strictly at the call site.
  service: {
    create: (ctx: AppContext, actor: Actor, viewer: Viewer, input: Write) => Promise<Detail>;
    /** PUT sends a whole Write, PATCH a Patch: the update takes both. */
    update: (ctx: AppContext, viewer: Viewer, id: number, input: Write | Patch) => Promise<Detail>;
    remove: (ctx: AppContext, id: number) => Promise<void>;
  };
}

type AnyWrites = StaffWrites<unknown, unknown, unknown>;

/** Registers the four writes (see StaffWrites). */
export function registerStaffWrites<Detail, Write, Patch>(app: ZodApp, writes: StaffWrites<Detail, Write, Patch>): void {
  // The type parameters check at the call site that the schemas and the service agree; Fastify's request types
  // do not resolve through type parameters, so the routes work on the widened type.
  const { tags, paths, singular, summaries, schemas, service } = writes as unknown as AnyWrites;
  const { ctx } = app;
  // Each handler names its guard itself: the route's guard and its OpenAPI security are read from the handler.

  app.post(paths.list, {
    schema: { tags, summary: summaries.create, body: schemas.write, response: { 201: schemas.detail } },
    handler: async (request, reply) => staffCreates(request, reply, async (actor) => service.create(ctx, actor, await viewerOf(ctx, actor), request.body)),
  });

  app.put(paths.item, {
    schema: { tags, summary: `Replace ${singular} (staff)`, params: idParam, body: schemas.write, response: { 200: schemas.detail } },
    handler: async (request) => service.update(ctx, await viewerOf(ctx, await requireStaff(request)), request.params.id, request.body),
  });

  app.patch(paths.item, {
    schema: { tags, summary: `Change some fields of ${singular} (staff)`, params: idParam, body: schemas.patch, response: { 200: schemas.detail } },
    handler: async (request) => service.update(ctx, await viewerOf(ctx, await requireStaff(request)), request.params.id, request.body),
  });

  app.delete(paths.item, {
    schema: { tags, summary: summaries.delete, params: idParam, response: { 204: z.null().describe('No content') } },
    handler: async (request, reply) => staffDeletes(request, reply, () => service.remove(ctx, request.params.id)),
  });
}
