import type { FastifyRequest } from 'fastify';
import { adminPaths, IMAGE_MAX_BYTES, image, imageFindQuery, imageList, imageListQuery, imageUploadQuery } from '../../../shared/api/admin.js';
import { errorBody, idParam } from '../../../shared/api/common.js';
import { requireStaff } from '../../platform/auth.js';
import { Invalid, PayloadTooLarge } from '../../platform/errors.js';
import { moduleRoutes, paginate, privateResponse } from '../../platform/http.js';
import { findLibraryImage, getImage, listLibrary, uploadImage } from './images-service.js';

const tags = ['admin'];
const IMAGE_TYPES = ['application/octet-stream', 'image/png', 'image/jpeg', 'image/webp', 'image/gif'];
const tooLarge = () => new PayloadTooLarge(`The picture may be at most ${IMAGE_MAX_BYTES / 1024 / 1024} MB.`, 'file');

/** The file's name without its folder and extension: the title of an upload that was given none. */
const titleOfName = (name: string | undefined) => (name ?? '').replace(/^.*[\\/]/, '').replace(/\.[^.]*$/, '').trim().slice(0, 200);

/** The picture arrives as the multipart field `file`, or as the whole body (octet-stream or image/*). */
async function readUpload(request: FastifyRequest, title: string | undefined): Promise<{ bytes: Buffer; title: string }> {
  let bytes: Buffer | undefined;
  let name: string | undefined;
  if (request.isMultipart()) {
    const part = await request.file({ limits: { fileSize: IMAGE_MAX_BYTES, files: 1 } });
    if (!part || part.fieldname !== 'file') throw Invalid.field('file', 'Send the picture in the multipart field "file".');
    try {
      bytes = await part.toBuffer();
    } catch (err) {
      if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
      throw err;
    }
    name = part.filename;
  } else if (Buffer.isBuffer(request.body) && request.body.length > 0) {
    bytes = request.body;
  }
  if (!bytes) throw Invalid.field('file', 'Send a picture as multipart field "file" or as an image body.');
  const chosen = title ?? titleOfName(name);
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
