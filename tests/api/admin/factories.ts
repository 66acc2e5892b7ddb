import { storeByHash } from '../../../src/server/platform/pictures.js';
import { DOCUMENTS } from '../../../src/server/modules/admin/documents-service.js';
import { nowIso } from '../../../src/server/platform/time.js';
import type { TestApp } from '../helpers/app.js';

let seq = 0;

/** A small file that passes for a PDF (its first bytes are what the library checks), different each call. */
export const pdfBytes = (text = `document ${(seq += 1)}`) => Buffer.from(`%PDF-1.4\n% ${text}\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n`, 'latin1');

/** A document of the library, stored as an upload would be: a PDF unless told otherwise. */
export async function createDocument(t: TestApp, overrides: { title?: string; file_name?: string; bytes?: Buffer } = {}) {
  const bytes = overrides.bytes ?? pdfBytes();
  const n = (seq += 1);
  return t.db.kysely
    .insertInto('documents')
    .values({
      title: overrides.title ?? `Document ${n}`,
      file_name: overrides.file_name ?? `document-${n}.pdf`,
      content_type: 'application/pdf',
      stored_name: await storeByHash(t.app.ctx.storage, DOCUMENTS, bytes, 'pdf'),
      bytes: bytes.byteLength,
      uploaded_by: null,
      created_at: nowIso(),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}
