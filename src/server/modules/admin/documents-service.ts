import type { Readable } from 'node:stream';
import type { Kysely } from 'kysely';
import type { DocumentListQuery, LibraryDocument } from '../../../shared/api/admin.js';
import type { PageQuery } from '../../../shared/api/common.js';
import type { Database } from '../../db/types.js';
import type { Actor } from '../../platform/auth.js';
import type { AppContext } from '../../platform/context.js';
import { Conflict, Invalid, NotFound, UnsupportedMediaType } from '../../platform/errors.js';
import { offsetOf } from '../../platform/http.js';
import { storeByHash } from '../../platform/pictures.js';
import { nowIso } from '../../platform/time.js';
import { documentTypeOf, downloadNameOf } from './document-types.js';
import {
  countDocuments,
  deleteDocument,
  findDocument,
  findDocumentByTitle,
  findDocumentsByIds,
  insertDocument,
  listDocuments,
  productsUsing,
  storedNameInUse,
  type DocumentRow,
} from './documents-repo.js';

/**
 * Private files: storage's `documents/` (DATA_DIR/documents on disk) is outside `media/` (which `/uploads/`
 * serves to anyone) and no route serves it; a buyer reaches a file only through the signed link of a paid order.
 */
export const DOCUMENTS = 'documents';

const documentView = (row: DocumentRow): LibraryDocument => ({
  id: row.id,
  title: row.title,
  file_name: row.file_name,
  content_type: row.content_type,
  bytes: row.bytes,
  uploaded_by: row.uploaded_by,
  created_at: row.created_at,
});

/** A name's last part without its extension: the title of an upload that was given none. */
const titleOfName = (name: string) => name.replace(/^.*[\\/]/, '').replace(/\.[^.]*$/, '').trim().slice(0, 200);

/**
 * Adds a document to the library: a PDF, EPUB or ZIP judged by its bytes (415 otherwise), stored once per
 * content under its hash. Its file name comes from `file_name`, else the upload's own name, else the title.
 */
export async function uploadDocument(ctx: AppContext, actor: Actor, upload: { bytes: Buffer; title?: string; fileName?: string; uploadName?: string }): Promise<LibraryDocument> {
  const type = documentTypeOf(upload.bytes);
  if (!type) throw new UnsupportedMediaType('The document must be a PDF, an EPUB or a ZIP file.', 'file');
  const title = upload.title ?? titleOfName(upload.fileName ?? upload.uploadName ?? '');
  if (!title) throw Invalid.field('title', 'Give the document a title (the query parameter "title").');
  const storedName = await storeByHash(ctx.storage, DOCUMENTS, upload.bytes, type.ext);
  const row = await insertDocument(ctx.db.kysely, {
    title,
    file_name: downloadNameOf(upload.fileName ?? upload.uploadName ?? title, type),
    content_type: type.contentType,
    stored_name: storedName,
    bytes: upload.bytes.byteLength,
    uploaded_by: actor.id,
    created_at: nowIso(),
  });
  return documentView(row);
}

export async function listDocumentLibrary(ctx: AppContext, query: DocumentListQuery & PageQuery): Promise<{ count: number; results: LibraryDocument[] }> {
  const db = ctx.db.kysely;
  const [count, rows] = await Promise.all([countDocuments(db, query.search), listDocuments(db, query.search, query.page_size, offsetOf(query))]);
  return { count, results: rows.map(documentView) };
}

export async function getDocument(ctx: AppContext, id: number): Promise<LibraryDocument> {
  const row = await findDocument(ctx.db.kysely, id);
  if (!row) throw new NotFound('Document');
  return documentView(row);
}

export async function findLibraryDocument(ctx: AppContext, title: string): Promise<LibraryDocument> {
  const row = await findDocumentByTitle(ctx.db.kysely, title);
  if (!row) throw new NotFound('Document');
  return documentView(row);
}

/**
 * Deletes a document no product delivers (409 naming the products otherwise: they would sell a file that is
 * gone), and its file once no other record names the same bytes.
 */
export async function deleteLibraryDocument(ctx: AppContext, id: number): Promise<void> {
  const storedName = await ctx.db.kysely.transaction().execute(async (trx) => {
    const row = await findDocument(trx, id);
    if (!row) throw new NotFound('Document');
    const products = await productsUsing(trx, id);
    if (products.length) {
      const names = products.map((title) => `"${title}"`).join(', ');
      throw new Conflict(
        products.length === 1
          ? `This document is the file of ${names}; give that product another document first.`
          : `This document is the file of ${names}; give those products another document first.`,
      );
    }
    await deleteDocument(trx, id);
    return row.stored_name;
  });
  if (!(await storedNameInUse(ctx.db.kysely, storedName))) await ctx.storage.delete(`${DOCUMENTS}/${storedName}`);
}

/** Whether the library has this document (a product may name only one that exists). */
export async function documentExists(ctx: AppContext, id: number): Promise<boolean> {
  return (await findDocument(ctx.db.kysely, id)) !== undefined;
}

/** The name and size of each of these documents that exists, for the links that download them. */
export async function documentSummaries(db: Kysely<Database>, ids: number[]): Promise<Map<number, { file_name: string; bytes: number }>> {
  return new Map((await findDocumentsByIds(db, ids)).map((r) => [r.id, { file_name: r.file_name, bytes: r.bytes }]));
}

/** What a download sends: the stored file (opened), its name and type; null for a document or file that is gone. */
export async function documentFile(ctx: AppContext, id: number): Promise<{ body: Readable; file_name: string; content_type: string; bytes: number } | null> {
  const row = await findDocument(ctx.db.kysely, id);
  if (!row) return null;
  const stored = await ctx.storage.get(`${DOCUMENTS}/${row.stored_name}`);
  if (!stored) return null;
  return { body: stored.body, file_name: row.file_name, content_type: row.content_type, bytes: stored.size };
}
