import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ONE_YEAR_SECONDS } from '../ssr/options.js';
import { isValidKey, PUBLIC_MEDIA, type ObjectInfo, type StoredObject } from './storage.js';

const etagOf = (info: ObjectInfo) => `W/"${info.size.toString(16)}-${(info.lastModified?.getTime() ?? 0).toString(16)}"`;

/** Whether the client's copy is this one (`If-None-Match`, else `If-Modified-Since`). */
function fresh(request: FastifyRequest, info: ObjectInfo, etag: string): boolean {
  const match = request.headers['if-none-match'];
  if (match !== undefined) return match.split(',').some((tag) => tag.trim() === etag || tag.trim() === '*');
  const since = Date.parse(request.headers['if-modified-since'] ?? '');
  return info.lastModified !== null && !Number.isNaN(since) && Math.floor(info.lastModified.getTime() / 1000) * 1000 <= since;
}

/**
 * Media uploaded at run time (library pictures, avatars) under `/uploads/`, from the configured storage, so
 * every process and machine serves every file whichever wrote it. Names are content hashes: cached for a year.
 * Anything else there (a missing file, a path that leaves the folder) is the site's ordinary 404.
 */
export function registerUploads(app: FastifyInstance): void {
  const { storage } = app.ctx;
  const serve = async (request: FastifyRequest<{ Params: { '*': string } }>, reply: FastifyReply) => {
    const key = `${PUBLIC_MEDIA}/${request.params['*']}`;
    if (!isValidKey(key)) return reply.callNotFound();
    const object: ObjectInfo & { body?: StoredObject['body'] } | null = request.method === 'HEAD' ? await storage.head(key) : await storage.get(key);
    if (!object) return reply.callNotFound();
    const etag = etagOf(object);
    reply.header('cache-control', `public, max-age=${ONE_YEAR_SECONDS}, immutable`).header('etag', etag).header('x-content-type-options', 'nosniff');
    if (object.lastModified) reply.header('last-modified', object.lastModified.toUTCString());
    if (fresh(request, object, etag)) {
      object.body?.destroy();
      return reply.status(304).send();
    }
    reply.type(object.contentType).header('content-length', object.size);
    return object.body ? reply.send(object.body) : reply.send();
  };
  app.route({ method: ['GET', 'HEAD'], url: '/uploads/*', schema: { hide: true }, exposeHeadRoute: false, handler: serve });
}
