import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  adminPaths,
  DOCUMENT_MAX_BYTES,
  document,
  documentFindQuery,
  documentList,
  documentListQuery,
  documentUploadQuery,
  IMAGE_MAX_BYTES,
  image,
  imageFindQuery,
  imageList,
  imageListQuery,
  imageUploadQuery,
} from '../../../shared/api/admin.js';
import { errorBody, idParam } from '../../../shared/api/common.js';
import { requireStaff } from '../../platform/auth.js';
import { Invalid, UnsupportedMediaType } from '../../platform/errors.js';
import { readUploadBody } from '../../platform/upload-body.js';
import { moduleRoutes, paginate, privateResponse } from '../../platform/http.js';
import { deleteLibraryDocument, findLibraryDocument, getDocument, listDocumentLibrary, uploadDocument } from './documents-service.js';
import { deleteLibraryImage, findLibraryImage, getImage, listLibrary, uploadImage } from './images-service.js';

const tags = ['admin'];
const IMAGE_TYPES = ['application/octet-stream', 'image/png', 'image/jpeg', 'image/webp', 'image/gif'];
/** Whole-body document uploads (octet-stream shares the images' parser; each route sets its own size limit). */
const DOCUMENT_TYPES = ['application/pdf', 'application/epub+zip', 'application/zip'];
const DOCUMENT_MB = DOCUMENT_MAX_BYTES / 1024 / 1024;

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
 * The back-office's picture and document libraries (SPEC's admin images and documents: list, one, find), with the
 * uploads that fill them and the deletion of a document. Staff only (each handler's requireStaff, which
 * platform/route-guard.ts also runs as the request arrives, before the body is read); answers are private. A
 * picture's URL is public, as covers and product pictures are; a document is never public.
 */
export const adminRoutes = moduleRoutes((app) => {
  const { ctx } = app;
  app.addContentTypeParser(IMAGE_TYPES, { parseAs: 'buffer', bodyLimit: IMAGE_MAX_BYTES }, (_request, body, done) => done(null, body));
  app.addContentTypeParser(DOCUMENT_TYPES, { parseAs: 'buffer', bodyLimit: DOCUMENT_MAX_BYTES }, (_request, body, done) => done(null, body));
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

  app.delete(adminPaths.image, {
    schema: { tags, summary: 'Delete a picture (staff); 409 while the site shows it (a cover, a banner, a product, a text)', params: idParam, response: { 204: z.null().describe('No content'), 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody } },
    handler: async (request, reply) => {
      await requireStaff(request);
      await deleteLibraryImage(ctx, request.params.id);
      return reply.status(204).send(null);
    },
  });

  app.get(adminPaths.documents, {
    schema: { tags, summary: 'The document library (the files digital products deliver), newest first (staff); `search` matches the title', querystring: documentListQuery, response: { 200: documentList, 400: errorBody, 401: errorBody, 403: errorBody } },
    handler: async (request) => {
      await requireStaff(request);
      const page = await listDocumentLibrary(ctx, request.query);
      return paginate(request, ctx.config.publicUrl, request.query, page.count, page.results);
    },
  });

  app.post(adminPaths.documents, {
    schema: {
      tags,
      summary: `Upload a document (PDF, EPUB or ZIP judged by its bytes, at most ${DOCUMENT_MB} MB; staff): private, delivered to the buyers of the digital products that name it`,
      querystring: documentUploadQuery,
      consumes: ['multipart/form-data', 'application/octet-stream', ...DOCUMENT_TYPES],
      response: { 201: document, 400: errorBody, 401: errorBody, 403: errorBody, 413: errorBody, 415: errorBody },
    },
    bodyLimit: DOCUMENT_MAX_BYTES,
    handler: async (request, reply) => {
      const actor = await requireStaff(request);
      // A body of another type (text, JSON) was parsed as such: it cannot be a document.
      if (!request.isMultipart() && request.body !== undefined && request.body !== null && !Buffer.isBuffer(request.body)) {
        throw new UnsupportedMediaType('The document must be a PDF, an EPUB or a ZIP file.', 'file');
      }
      const { bytes, filename } = await readUploadBody(request, {
        field: 'file',
        maxBytes: DOCUMENT_MAX_BYTES,
        tooLarge: `The document may be at most ${DOCUMENT_MB} MB.`,
        wrongField: 'Send the document in the multipart field "file".',
        missing: 'Send a document as multipart field "file" or as the request body.',
      });
      const made = await uploadDocument(ctx, actor, { bytes, title: request.query.title, fileName: request.query.file_name, uploadName: filename });
      return reply.status(201).send(made);
    },
  });

  // Registered before `documents/:id`, which would otherwise take "find" for an id.
  app.get(adminPaths.documentFind, {
    schema: { tags, summary: 'One document by its exact title (staff)', querystring: documentFindQuery, response: { 200: document, 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody } },
    handler: async (request) => {
      await requireStaff(request);
      return findLibraryDocument(ctx, request.query.title);
    },
  });

  app.get(adminPaths.document, {
    schema: { tags, summary: 'One document (staff)', params: idParam, response: { 200: document, 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody } },
    handler: async (request) => {
      await requireStaff(request);
      return getDocument(ctx, request.params.id);
    },
  });

  app.delete(adminPaths.document, {
    schema: { tags, summary: 'Delete a document (staff); 409 while a product delivers it', params: idParam, response: { 204: z.null().describe('No content'), 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody } },
    handler: async (request, reply) => {
      await requireStaff(request);
      await deleteLibraryDocument(ctx, request.params.id);
      return reply.status(204).send(null);
    },
  });
});
