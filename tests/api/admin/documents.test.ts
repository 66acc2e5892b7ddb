import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { strToU8, zipSync } from 'fflate';
import { beforeAll, describe, expect, it } from 'vitest';
import { DOCUMENT_MAX_BYTES } from '../../../src/shared/api/admin.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { createStaff, createUser, tokenFor } from '../helpers/factories.js';
import { pdfBytes } from './factories.js';

let t: TestApp;
let staff: string;
let reader: string;
beforeAll(async () => {
  t = await createTestApp();
  staff = await tokenFor(t, await createStaff(t));
  reader = await tokenFor(t, await createUser(t));
});

const epubBytes = () => Buffer.from(zipSync({ mimetype: [strToU8('application/epub+zip'), { level: 0 }], 'OEBPS/a.xhtml': strToU8('<html/>') }));
const zipBytes = () => Buffer.from(zipSync({ 'notes.txt': strToU8('some notes') }));

async function multipart(data: Buffer, filename: string, field = 'file') {
  const form = new FormData();
  form.append(field, new Blob([new Uint8Array(data)], { type: 'application/octet-stream' }), filename);
  const encoded = new Response(form);
  return { payload: Buffer.from(await encoded.arrayBuffer()), contentType: encoded.headers.get('content-type')! };
}

async function upload(token: string | undefined, data: Buffer, filename = 'field notes.pdf', query = '') {
  const { payload, contentType } = await multipart(data, filename);
  const headers: Record<string, string> = { 'content-type': contentType };
  if (token) headers.authorization = `Bearer ${token}`;
  return t.app.inject({ method: 'POST', url: `/api/v2/documents${query}`, headers, payload });
}

/** The whole body is the file (no multipart). */
function rawUpload(token: string | undefined, data: Buffer | string, contentType = 'application/octet-stream', query = '?title=Raw') {
  const headers: Record<string, string> = { 'content-type': contentType };
  if (token) headers.authorization = `Bearer ${token}`;
  return t.app.inject({ method: 'POST', url: `/api/v2/documents${query}`, headers, payload: data });
}

const storedFile = (name: string) => path.join(t.config.dataDir, 'documents', name);

describe('the document library (admin documents)', () => {
  it('stores a PDF, an EPUB and a ZIP by their bytes, privately, titled by the file name', async () => {
    const bytes = pdfBytes('library upload');
    const res = await upload(staff, bytes, 'Field Notes.pdf');
    expect(res.statusCode, res.body).toBe(201);
    expect(res.headers['cache-control']).toBe('private, no-store');
    const made = res.json();
    expect(made).toMatchObject({ title: 'Field Notes', file_name: 'Field Notes.pdf', content_type: 'application/pdf', bytes: bytes.length });
    // Stored under DATA_DIR/documents (never DATA_DIR/media, which /uploads/ serves), by its hash.
    const [name] = (await t.db.kysely.selectFrom('documents').select('stored_name').where('id', '=', made.id).executeTakeFirstOrThrow()).stored_name.split('/');
    expect(name).toMatch(/^[0-9a-f]{64}\.pdf$/);
    expect(readFileSync(storedFile(name))).toEqual(bytes);
    expect((await t.app.inject({ method: 'GET', url: `/uploads/${name}` })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/uploads/../documents/${name}` })).statusCode).toBe(404);

    // The type comes from the bytes: an EPUB named .pdf is an EPUB, saved with its own extension.
    const book = (await upload(staff, epubBytes(), 'book.pdf', '?title=The%20Book')).json();
    expect(book).toMatchObject({ title: 'The Book', file_name: 'book.pdf.epub', content_type: 'application/epub+zip' });
    // The whole body works too; the name comes from `file_name`.
    const archive = await rawUpload(staff, zipBytes(), 'application/zip', '?title=Extras&file_name=%E9%99%84%E5%BD%95.zip');
    expect(archive.statusCode, archive.body).toBe(201);
    expect(archive.json()).toMatchObject({ title: 'Extras', file_name: '附录.zip', content_type: 'application/zip' });
    // An octet-stream body takes the documents' limit, not the pictures' 10 MB.
    const large = await rawUpload(staff, Buffer.concat([pdfBytes('large'), Buffer.alloc(12 * 1024 * 1024)]), 'application/octet-stream', '?title=Large');
    expect(large.statusCode, large.body).toBe(201);
  });

  it('lists newest first with a title search, gives one by id, and finds one by exact title', async () => {
    const a = (await upload(staff, pdfBytes('alpha'), 'manual-alpha.pdf')).json();
    const b = (await upload(staff, pdfBytes('beta'), 'manual-beta.pdf')).json();
    const list = await t.api('GET', '/documents', { token: staff, query: { search: 'MANUAL-', page_size: '10' } });
    expect(list.statusCode).toBe(200);
    expect(list.json().results.map((d: { id: number }) => d.id)).toEqual([b.id, a.id]);
    expect(list.json().count).toBe(2);
    expect((await t.api('GET', '/documents', { token: staff, query: { search: '%' } })).json().count).toBe(0);
    const percent = (await upload(staff, pdfBytes('percent'), 'save 20% now.pdf')).json();
    expect((await t.api('GET', '/documents', { token: staff, query: { search: '0%' } })).json().results.map((d: { id: number }) => d.id)).toEqual([percent.id]);
    expect((await t.api('GET', `/documents/${a.id}`, { token: staff })).json()).toEqual(a);
    expect((await t.api('GET', '/documents/find', { token: staff, query: { title: 'manual-beta' } })).json().id).toBe(b.id);
    expect((await t.api('GET', '/documents/find', { token: staff, query: { title: 'manual' } })).statusCode).toBe(404);
    expect((await t.api('GET', '/documents/99999', { token: staff })).statusCode).toBe(404);
  });

  it('is staff only, checked before the body: a guest gets 401 and a reader 403, whatever they send', async () => {
    const pdf = pdfBytes();
    expect((await upload(undefined, pdf)).statusCode).toBe(401);
    expect((await upload(reader, pdf)).statusCode).toBe(403);
    // A body that would be refused (wrong type, too large, bad query) still meets the guard first.
    expect((await rawUpload(reader, 'not a document', 'text/plain')).statusCode).toBe(403);
    expect((await rawUpload(reader, Buffer.alloc(DOCUMENT_MAX_BYTES + 1, 0x25))).statusCode).toBe(403);
    expect((await rawUpload(undefined, Buffer.alloc(DOCUMENT_MAX_BYTES + 1, 0x25))).statusCode).toBe(401);
    expect((await rawUpload(reader, pdf, 'application/pdf', `?title=${'x'.repeat(500)}`)).statusCode).toBe(403);
    expect((await t.api('GET', '/documents', { token: reader, query: { page_size: 'lots' } })).statusCode).toBe(403);
    expect((await t.api('GET', '/documents', {})).statusCode).toBe(401);
    expect((await t.api('GET', '/documents/find', { token: reader })).statusCode).toBe(403);
    expect((await t.api('GET', '/documents/1', { token: reader })).statusCode).toBe(403);
    expect((await t.api('DELETE', '/documents/1', { token: reader })).statusCode).toBe(403);
    expect((await t.api('DELETE', '/documents/1', {})).statusCode).toBe(401);
  });

  it('refuses other files (415), files over the limit (413) and bad input (400 naming the field), storing nothing', async () => {
    const before = (await t.api('GET', '/documents', { token: staff })).json().count;
    // Judged by the bytes: a text file named .pdf, a PNG, a ZIP header alone.
    for (const bytes of [Buffer.from('just some text, not a PDF'), Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]), Buffer.from('PK\x03\x04')]) {
      const res = await upload(staff, bytes, 'fake.pdf');
      expect(res.statusCode).toBe(415);
      expect(res.json().fields).toHaveProperty('file');
    }
    expect((await rawUpload(staff, 'plain text', 'text/plain')).statusCode).toBe(415);
    const tooLarge = await rawUpload(staff, Buffer.concat([pdfBytes(), Buffer.alloc(DOCUMENT_MAX_BYTES)]), 'application/pdf');
    expect(tooLarge.statusCode).toBe(413);
    const tooLargeForm = await upload(staff, Buffer.concat([pdfBytes(), Buffer.alloc(DOCUMENT_MAX_BYTES)]), 'big.pdf');
    expect(tooLargeForm.statusCode).toBe(413);
    expect(tooLargeForm.json().fields).toHaveProperty('file');
    const untitled = await upload(staff, pdfBytes(), '.pdf');
    expect(untitled.statusCode).toBe(400);
    expect(untitled.json().fields).toHaveProperty('title');
    const empty = await rawUpload(staff, '', 'application/pdf');
    expect(empty.statusCode).toBe(400);
    expect((await t.api('GET', '/documents/find', { token: staff })).json().fields).toHaveProperty('title');
    expect((await t.api('GET', '/documents', { token: staff })).json().count).toBe(before);
  });

  it('deletes a document no product delivers, and refuses (409) while one does', async () => {
    const made = (await upload(staff, pdfBytes('to delete'), 'to-delete.pdf')).json();
    const stored = (await t.db.kysely.selectFrom('documents').select('stored_name').where('id', '=', made.id).executeTakeFirstOrThrow()).stored_name;
    const product = await t.api('POST', '/shop/products', { token: staff, body: { product_class: 'digital', title: 'Delete-proof guide', slug: `delete-proof-${Date.now()}`, price: 900, document: made.id } });
    expect(product.statusCode, product.body).toBe(201);

    const refused = await t.api('DELETE', `/documents/${made.id}`, { token: staff });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toContain('"Delete-proof guide"');
    expect(existsSync(storedFile(stored))).toBe(true);

    expect((await t.api('PATCH', `/products/${product.json().id}`, { token: staff, body: { document: null } })).statusCode).toBe(200);
    const deleted = await t.api('DELETE', `/documents/${made.id}`, { token: staff });
    expect(deleted.statusCode).toBe(204);
    expect((await t.api('GET', `/documents/${made.id}`, { token: staff })).statusCode).toBe(404);
    expect(existsSync(storedFile(stored))).toBe(false);
    expect((await t.api('DELETE', `/documents/${made.id}`, { token: staff })).statusCode).toBe(404);
  });
});
