import { existsSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { markOrderPaid } from '../../../src/server/modules/orders/payment-service.js';
import { backofficePaths } from '../../../src/shared/api/backoffice-paths.js';
import { pdfBytes } from '../admin/factories.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { createStaff, createUser, tokenFor } from '../helpers/factories.js';
import { startTestBucket, type TestBucket } from '../helpers/s3.js';
import { newKey, ok } from '../orders/factories.js';

/*
 * Uploads on an S3-compatible bucket (STORAGE_URL): pictures, avatars, documents and submitted files are written
 * to the bucket under its prefix, served from it, and removed from it; nothing lands in DATA_DIR.
 */

let bucket: TestBucket;
let t: TestApp;
let staff: string;
const PREFIX = 'site-a';
const YEAR = 'public, max-age=31536000, immutable';

beforeAll(async () => {
  bucket = await startTestBucket();
  t = await createTestApp({ storage: bucket.location(PREFIX), paymentDevProvider: true });
  staff = await tokenFor(t, await createStaff(t));
});

afterAll(async () => {
  await t.app.close();
  await bucket.stop();
});

const picture = (colour: string, width = 640, height = 360) => sharp({ create: { width, height, channels: 3, background: colour } }).jpeg().toBuffer();

async function form(field: string, data: Buffer, filename: string, type: string, extra: Array<[string, string]> = []) {
  const body = new FormData();
  for (const [name, value] of extra) body.append(name, value);
  body.append(field, new Blob([new Uint8Array(data)], { type }), filename);
  const encoded = new Response(body);
  return { payload: Buffer.from(await encoded.arrayBuffer()), 'content-type': encoded.headers.get('content-type')! };
}

async function post(url: string, token: string, multipart: { payload: Buffer; 'content-type': string }) {
  return t.app.inject({ method: 'POST', url, headers: { authorization: `Bearer ${token}`, 'content-type': multipart['content-type'] }, payload: multipart.payload });
}

const uploadPicture = async (colour: string) => ok<{ id: number; url: string; bytes: number }>(await post('/api/v2/images', staff, await form('file', await picture(colour), 'harbour.jpg', 'image/jpeg')), 201);
const keyOf = (url: string) => `${PREFIX}/media/${url.replace(/^\/uploads\//, '')}`;

describe('library pictures on S3', () => {
  it('are stored in the bucket under the prefix, not in DATA_DIR, and served from it with the year-long cache', async () => {
    const made = await uploadPicture('#2a6');
    expect(made.url).toMatch(/^\/uploads\/images\/[0-9a-f]{64}\.webp$/);
    const stored = await bucket.read(keyOf(made.url));
    expect(stored?.byteLength).toBe(made.bytes);
    expect(existsSync(path.join(t.config.dataDir, 'media'))).toBe(false);

    const res = await t.app.inject({ method: 'GET', url: made.url });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/webp');
    expect(res.headers['cache-control']).toBe(YEAR);
    expect(Number(res.headers['content-length'])).toBe(made.bytes);
    expect(res.rawPayload.equals(stored!)).toBe(true);
    expect((await sharp(res.rawPayload).metadata()).format).toBe('webp');

    // A browser's revalidation is answered without the bytes; HEAD gives the size alone.
    const again = await t.app.inject({ method: 'GET', url: made.url, headers: { 'if-none-match': String(res.headers.etag) } });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.byteLength).toBe(0);
    const head = await t.app.inject({ method: 'HEAD', url: made.url });
    expect(head.statusCode).toBe(200);
    expect(Number(head.headers['content-length'])).toBe(made.bytes);
  });

  it('are 404 when missing or outside the public folder', async () => {
    expect((await t.app.inject({ method: 'GET', url: `/uploads/images/${'0'.repeat(64)}.webp` })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/uploads/../documents/x.pdf' })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/uploads/%2e%2e/documents/x.pdf' })).statusCode).toBe(404);
  });

  it('leave the bucket when the last record naming them is deleted', async () => {
    const made = await uploadPicture('#c33');
    const twin = await uploadPicture('#c33');
    expect(twin.url).toBe(made.url);
    expect((await t.api('DELETE', `/images/${made.id}`, { token: staff })).statusCode).toBe(204);
    // Another record names the same file: it stays.
    expect(await bucket.keys(keyOf(made.url))).toEqual([keyOf(made.url)]);
    expect((await t.api('DELETE', `/images/${twin.id}`, { token: staff })).statusCode).toBe(204);
    expect(await bucket.keys(keyOf(made.url))).toEqual([]);
    expect((await t.app.inject({ method: 'GET', url: made.url })).statusCode).toBe(404);
  });
});

describe('avatars on S3', () => {
  it('are stored and served from the bucket, and the replaced one is removed', async () => {
    const user = await createUser(t);
    const token = await tokenFor(t, user);
    const url = `/api/v2/user/profile/${user.id}/avatar`;
    const first = ok<{ avatar: string }>(await post(url, token, await form('avatar', await picture('#123', 400, 300), 'me.jpg', 'image/jpeg'))).avatar;
    expect(first).toMatch(/^\/uploads\/avatars\/[0-9a-f]{64}\.webp$/);
    const served = await t.app.inject({ method: 'GET', url: first });
    expect(served.statusCode).toBe(200);
    expect(served.headers['cache-control']).toBe(YEAR);
    expect(await sharp(served.rawPayload).metadata()).toMatchObject({ width: 256, height: 256 });
    const second = ok<{ avatar: string }>(await post(url, token, await form('avatar', await picture('#456', 400, 300), 'me.jpg', 'image/jpeg'))).avatar;
    expect(second).not.toBe(first);
    expect(await bucket.keys(`${PREFIX}/media/avatars/`)).toEqual([keyOf(second)]);
  });
});

describe('documents on S3', () => {
  it('are stored privately in the bucket, downloaded by a paying buyer, and removed with their record', async () => {
    const bytes = pdfBytes('S3 workbook');
    const doc = ok<{ id: number }>(
      await t.app.inject({ method: 'POST', url: '/api/v2/documents?title=S3%20workbook', headers: { authorization: `Bearer ${staff}`, 'content-type': 'application/pdf' }, payload: bytes }),
      201,
    );
    const row = await t.db.kysely.selectFrom('documents').select('stored_name').where('id', '=', doc.id).executeTakeFirstOrThrow();
    const key = `${PREFIX}/documents/${row.stored_name}`;
    expect((await bucket.read(key))?.equals(bytes)).toBe(true);
    expect(existsSync(path.join(t.config.dataDir, 'documents'))).toBe(false);
    // Never under /uploads/, which serves the public folder only.
    expect((await t.app.inject({ method: 'GET', url: `/uploads/${row.stored_name}` })).statusCode).toBe(404);

    const product = ok<{ id: number }>(
      await t.api('POST', '/shop/products', { token: staff, body: { product_class: 'digital', title: 'S3 workbook', slug: `s3-workbook-${Date.now()}`, price: 900, document: doc.id } }),
      201,
    );
    const buyer = await tokenFor(t, await createUser(t));
    const order = ok<{ id: number; number: string; total_incl_tax: number }>(
      await t.api('POST', '/quick_checkout', { token: buyer, headers: { 'idempotency-key': newKey() }, body: { product: product.id, payment_method: 'dev' } }),
      201,
    );
    await markOrderPaid(t.app.ctx, { provider: 'dev', providerTradeNo: `dev-${order.number}`, orderNumber: order.number, amount: order.total_incl_tax });
    const link = ok<{ lines: Array<{ download_url: string }> }>(await t.api('GET', `/orders/${order.id}`, { token: buyer })).lines[0].download_url;
    const download = await t.app.inject({ method: 'GET', url: link });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(Number(download.headers['content-length'])).toBe(bytes.byteLength);
    expect(download.rawPayload.equals(bytes)).toBe(true);

    // A document that no product delivers can go, and its object with it.
    ok(await t.api('PATCH', `/products/${product.id}`, { token: staff, body: { document: null } }));
    expect((await t.api('DELETE', `/documents/${doc.id}`, { token: staff })).statusCode).toBe(204);
    expect(await bucket.read(key)).toBeNull();
  });
});

describe('submitted files on S3', () => {
  it('are stored in the bucket and handed to staff from it', async () => {
    const writer = await tokenFor(t, await createUser(t));
    const text = Buffer.from('# My essay\n\nWritten for the spring issue.\n');
    const made = ok<{ id: number }>(await post('/api/v2/submission/file', writer, await form('file', text, 'essay.md', 'text/markdown', [['note', 'Spring']])), 201);
    const row = await t.db.kysely.selectFrom('submissions').select('stored_name').where('id', '=', made.id).executeTakeFirstOrThrow();
    expect((await bucket.read(`${PREFIX}/submissions/${row.stored_name}`))?.equals(text)).toBe(true);
    const file = await t.api('GET', backofficePaths.submissionFile.replace(':id', String(made.id)), { token: staff });
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.equals(text)).toBe(true);
    expect((await t.api('GET', backofficePaths.submissionFile.replace(':id', String(made.id)), { token: writer })).statusCode).toBe(403);
  });
});

describe('/uploads/ on the data folder (no STORAGE_URL)', () => {
  it('serves from DATA_DIR/media with the same headers', async () => {
    const local = await createTestApp();
    const token = await tokenFor(local, await createStaff(local));
    const made = ok<{ url: string; bytes: number }>(
      await local.app.inject({ method: 'POST', url: '/api/v2/images?title=Grey', headers: { authorization: `Bearer ${token}`, 'content-type': 'image/jpeg' }, payload: await picture('#777') }),
      201,
    );
    expect(existsSync(path.join(local.config.dataDir, 'media', 'images', path.basename(made.url)))).toBe(true);
    const res = await local.app.inject({ method: 'GET', url: made.url });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe(YEAR);
    expect(res.headers['content-type']).toBe('image/webp');
    expect(res.rawPayload.byteLength).toBe(made.bytes);
    expect((await local.app.inject({ method: 'GET', url: '/uploads/../secrets.json' })).statusCode).toBe(404);
    expect((await local.app.inject({ method: 'GET', url: '/uploads/%2e%2e/secrets.json' })).statusCode).toBe(404);
  });
});
