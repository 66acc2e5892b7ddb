import type { FastifyRequest } from 'fastify';
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
import { errorBody } from '../../../shared/api/common.js';
import { requireStaff } from '../../platform/auth.js';
import { Invalid, UnsupportedMediaType } from '../../platform/errors.js';
import { readUploadBody } from '../../platform/upload-body.js';
import { moduleRoutes, privateResponse } from '../../platform/http.js';
import { registerLibraryReads } from './library-routes.js';
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

  registerLibraryReads(app, tags, {
    paths: { collection: adminPaths.images, find: adminPaths.imageFind, item: adminPaths.image },
    schemas: { item: image, list: imageList, listQuery: imageListQuery, findQuery: imageFindQuery },
    summaries: {
      list: 'The picture library, newest first (staff); `search` matches the title',
      find: 'One picture by its exact url or title (staff)',
      item: 'One picture (staff)',
      delete: 'Delete a picture (staff); 409 while the site shows it (a cover, a banner, a product, a text)',
    },
    service: { list: listLibrary, find: findLibraryImage, get: getImage, remove: deleteLibraryImage },
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

  registerLibraryReads(app, tags, {
    paths: { collection: adminPaths.documents, find: adminPaths.documentFind, item: adminPaths.document },
    schemas: { item: document, list: documentList, listQuery: documentListQuery, findQuery: documentFindQuery },
    summaries: {
      list: 'The document library (the files digital products deliver), newest first (staff); `search` matches the title',
      find: 'One document by its exact title (staff)',
      item: 'One document (staff)',
      delete: 'Delete a document (staff); 409 while a product delivers it',
    },
    service: { list: listDocumentLibrary, find: (ctx, query) => findLibraryDocument(ctx, query.title), get: getDocument, remove: deleteLibraryDocument },
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
});
