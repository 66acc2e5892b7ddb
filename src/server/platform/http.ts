import type { FastifyInstance, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { API_PREFIX, type Paginated, type PageQuery } from '../../shared/api/common.js';

export function asZod(app: FastifyInstance) {
  return app.withTypeProvider<ZodTypeProvider>();
}

export type ZodApp = ReturnType<typeof asZod>;

/** A module's routes: an encapsulated plugin that receives the zod-typed instance. */
export function moduleRoutes(register: (app: ZodApp) => void | Promise<void>): FastifyPluginAsync {
  return async (app) => {
    await register(asZod(app));
  };
}

/** Absolute URL of the same list with another page, for `next` / `previous`. */
function pageUrl(request: FastifyRequest, publicUrl: string, page: number): string {
  const url = new URL(request.url, publicUrl);
  url.searchParams.set('page', String(page));
  return url.toString();
}

export function paginate<T>(
  request: FastifyRequest,
  publicUrl: string,
  query: PageQuery,
  count: number,
  results: T[],
): Paginated<T> {
  const lastPage = Math.max(1, Math.ceil(count / query.page_size));
  return {
    count,
    next: query.page < lastPage ? pageUrl(request, publicUrl, query.page + 1) : null,
    previous: query.page > 1 ? pageUrl(request, publicUrl, Math.min(query.page - 1, lastPage)) : null,
    results,
  };
}

/** A list call's answer: the page a service found for the request's query, with links to the pages either side. */
export function listAnswer<T>(request: FastifyRequest & { query: PageQuery }, publicUrl: string, page: { count: number; results: T[] }): Paginated<T> {
  return paginate(request, publicUrl, request.query, page.count, page.results);
}

export const offsetOf = (query: PageQuery) => (query.page - 1) * query.page_size;

/** Responses that depend on who is asking must never sit in a shared cache. */
export function privateResponse(reply: FastifyReply): void {
  reply.header('cache-control', 'private, no-store');
  reply.header('vary', 'Authorization');
}

export { API_PREFIX };

/**
 * An answer serialised by the route's own serialiser (`reply.serialize`: its response schema) into bytes of
 * their own memory block, to keep and send many times: a small Buffer made from a string is otherwise a view
 * into a shared 8 KiB pool, which a long-kept view holds alive whole.
 */
export function serializedJson(reply: FastifyReply, value: unknown): Buffer {
  const text = reply.serialize(value) as string;
  const bytes = Buffer.allocUnsafeSlow(Buffer.byteLength(text));
  bytes.write(text);
  return bytes;
}

/**
 * Sends an answer serialised earlier (a kept guest answer) as it is: no serialising and no schema step, since
 * the bytes were made by the route's own serialiser (`reply.serialize`).
 */
export function sendJsonBytes(reply: FastifyReply, body: Buffer): FastifyReply {
  return reply.type('application/json; charset=utf-8').send(body);
}
