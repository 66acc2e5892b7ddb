import type { FastifyRequest } from 'fastify';
import { adminPaths, IMAGE_MAX_BYTES, image, imageFindQuery, imageList, imageListQuery, imageUploadQuery } from '../../../shared/api/admin.js';
import { errorBody, idParam } from '../../../shared/api/common.js';
import { requireStaff } from '../../platform/auth.js';
import { Invalid } from '../../platform/errors.js';
import { readUploadBody } from '../../platform/upload-body.js';
import { moduleRoutes, paginate, privateResponse } from '../../platform/http.js';
import { findLibraryImage, getImage, listLibrary, uploadImage } from './images-service.js';

const tags = ['admin'];
const IMAGE_TYPES = ['application/octet-stream', 'image/png', 'image/jpeg', 'image/webp', 'image/gif'];

/** The file's name without its folder and extension: the title of an upload that was given none. */
const titleOfName = (name: string | undefined) => (name ?? '').replace(/^.*[\\/]/, '').replace(/\.[^.]*$/, '').trim().slice(0, 200);

/** The picture arrives as the multipart field `file`, or as the whole body (octet-stream or image/*). */
async function readUpload(request: FastifyRequest, title: string | undefined): Promise<{ bytes: Buffer; title: string }> {
  const { bytes, filename } = await readUploadBody(request, {
    field: 'file',
    maxBytes: IMAGE_MAX_BYTES,
    tooLarge: `The picture may be at most ${IMAGE_MAX_BYTES / 1024 / 1024} MB.`,
    wrongField: 'Send the picture in the multipart field "file".',
    missing: 'Send a picture as multipart field "file" or as an image body.',
  });
  const chosen = title ?? titleOfName(filename);
  if (!chosen) throw Invalid.field('title', 'Give the picture a title (the query parameter "title").');
  return { bytes, title: chosen };
}

/**
 * The back-office's picture library (SPEC's admin images: list, one, find), with the upload that fills it. Staff
 * only; answers are private. A picture's URL is public, as covers and product pictures are.
 */
export const adminRoutes = moduleRoutes((app) => {
  const { ctx } = app;
  app.addContentTypeParser(IMAGE_TYPES, { parseAs: 'buffer', bodyLimit: IMAGE_MAX_BYTES }, (_request, body, done) => done(null, body));
  app.addHook('onRequest', async (_request, reply) => privateResponse(reply));

  app.get(adminPaths.images, {
    schema: { tags, summary: 'The picture library, newest first (staff); `search` matches the title', querystring: imageListQuery, response: { 200: imageList, 400: errorBody, 401: errorBody, 403: errorBody } },
    handler: async (request) => {
      await requireStaff(request);
      const page = await listLibrary(ctx, request.query);
      return paginate(request, ctx.config.publicUrl, request.query, page.count, page.results);
    },
  });

  app.post(adminPaths.images, {
    schema: {
      tags,
      summary: `Upload a picture (PNG, JPEG, WebP or GIF, at most ${IMAGE_MAX_BYTES / 1024 / 1024} MB; staff): stored as WebP, at most 1600 px wide`,
      querystring: imageUploadQuery,
      consumes: ['multipart/form-data', ...IMAGE_TYPES],
      response: { 201: image, 400: errorBody, 401: errorBody, 403: errorBody, 413: errorBody, 415: errorBody },
    },
    bodyLimit: IMAGE_MAX_BYTES,
    handler: async (request, reply) => {
      const actor = await requireStaff(request);
      const made = await uploadImage(ctx, actor, await readUpload(request, request.query.title));
      return reply.status(201).send(made);
    },
  });

  // Registered before `images/:id`, which would otherwise take "find" for an id.
  app.get(adminPaths.imageFind, {
    schema: { tags, summary: 'One picture by its exact url or title (staff)', querystring: imageFindQuery, response: { 200: image, 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody } },
    handler: async (request) => {
      await requireStaff(request);
      return findLibraryImage(ctx, request.query);
    },
  });

  app.get(adminPaths.image, {
    schema: { tags, summary: 'One picture (staff)', params: idParam, response: { 200: image, 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody } },
    handler: async (request) => {
      await requireStaff(request);
      return getImage(ctx, request.params.id);
    },
  });
});
