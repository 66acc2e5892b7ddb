import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { UserRow } from '../../../src/server/db/types.js';
import { docx, samples, zipOf } from '../../unit/content/submission-fixtures.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { createStaff, createUser, tokenFor } from '../helpers/factories.js';

let t: TestApp;
let submitter: UserRow;
let submitterToken: string;
let otherToken: string;
let staffToken: string;
beforeAll(async () => {
  t = await createTestApp();
  submitter = await createUser(t);
  submitterToken = await tokenFor(t, submitter);
  otherToken = await tokenFor(t, await createUser(t));
  staffToken = await tokenFor(t, await createStaff(t));
});

type Part = string | { name: string; data: Buffer; type?: string };

/** A multipart/form-data body as a browser's FormData sends it. */
async function multipart(parts: Array<[string, Part]>) {
  const form = new FormData();
  for (const [field, value] of parts) {
    if (typeof value === 'string') form.append(field, value);
    else form.append(field, new Blob([new Uint8Array(value.data)], { type: value.type ?? 'application/octet-stream' }), value.name);
  }
  const request = new Request('http://upload.test/', { method: 'POST', body: form });
  return { body: Buffer.from(await request.arrayBuffer()), headers: { 'content-type': request.headers.get('content-type')! } };
}

/** `token` null sends the upload as a guest. */
async function upload(parts: Array<[string, Part]>, token: string | null = submitterToken, app = t) {
  const { body, headers } = await multipart(parts);
  return app.api('POST', '/submission/file', { token: token ?? undefined, body, headers });
}

const submissionsDir = () => path.join(t.config.dataDir, 'submissions');

describe('sending a file', () => {
  it('stores a PDF under a random name and records it', async () => {
    const res = await upload([
      ['note', 'For the spring issue.'],
      ['file', { name: 'My Essay.pdf', data: samples.pdf, type: 'application/pdf' }],
    ]);
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({
      user_id: submitter.id,
      original_name: 'My Essay.pdf',
      mime_type: 'application/pdf',
      size: samples.pdf.length,
      note: 'For the spring issue.',
      status: 'pending',
    });
    expect(body).not.toHaveProperty('stored_name');
    const row = await t.db.kysely.selectFrom('submissions').selectAll().where('id', '=', body.id).executeTakeFirstOrThrow();
    expect(row.stored_name).toMatch(/^[0-9a-f]{32}\.pdf$/);
    expect(readFileSync(path.join(submissionsDir(), row.stored_name)).equals(samples.pdf)).toBe(true);
    expect(readdirSync(submissionsDir()).some((f) => f.includes('Essay'))).toBe(false);
  });

  it('reads the note whether it comes before or after the file', async () => {
    const res = await upload([
      ['file', { name: 'notes.md', data: Buffer.from('# Title\n\nSome *text*.\n') }],
      ['note', 'After the file.'],
    ]);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ mime_type: 'text/markdown', note: 'After the file.' });
  });

  it('judges the type by content, not by name or declared type', async () => {
    for (const [name, data, type] of [
      ['scan.png', samples.png, 'image/png'],
      ['photo.jpeg', samples.jpeg, 'image/jpeg'],
      ['image.webp', samples.webp, 'image/webp'],
      ['draft.docx', docx(), 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
      ['readme.txt', Buffer.from('Plain words, 中文 too.\n'), 'text/plain'],
      ['renamed.txt', samples.png, 'image/png'],
      ['no-extension', samples.pdf, 'application/pdf'],
    ] as const) {
      const res = await upload([['file', { name, data, type: 'application/octet-stream' }]]);
      expect(res.statusCode, name).toBe(201);
      expect(res.json().mime_type, name).toBe(type);
    }
  });

  it('refuses other types with 415 naming the file', async () => {
    for (const [name, data] of [
      ['setup.pdf', samples.exe],
      ['page.html', Buffer.from('<html><body>hi</body></html>')],
      ['archive.docx', zipOf({ 'xl/workbook.xml': '<workbook/>' })],
      ['binary.txt', Buffer.from('text\0with a NUL')],
      ['latin1.txt', Buffer.from([0x63, 0x61, 0x66, 0xe9])],
      ['notes', Buffer.from('text without a known extension')],
    ] as const) {
      const res = await upload([['file', { name, data, type: 'application/pdf' }]]);
      expect(res.statusCode, name).toBe(415);
      expect(res.json().fields, name).toHaveProperty('file');
    }
  });

  it('keeps only the last segment of the client name and never uses it on disk', async () => {
    const res = await upload([['file', { name: '../../etc/evil.txt', data: Buffer.from('hello') }]]);
    expect(res.statusCode).toBe(201);
    expect(res.json().original_name).toBe('evil.txt');
    expect(existsSync(path.join(t.config.dataDir, '..', 'etc', 'evil.txt'))).toBe(false);
  });

  it('refuses a file over the size limit with 413 naming the file', async () => {
    const small = await createTestApp({ uploadMaxBytes: 1024 });
    const token = await tokenFor(small, await createUser(small));
    const big = Buffer.concat([samples.pdf, Buffer.alloc(2048, 0x20)]);
    const res = await upload([['file', { name: 'big.pdf', data: big }]], token, small);
    expect(res.statusCode).toBe(413);
    expect(res.json().fields).toHaveProperty('file');
    const fits = await upload([['file', { name: 'small.pdf', data: samples.pdf }]], token, small);
    expect(fits.statusCode).toBe(201);
    expect(await small.db.kysely.selectFrom('submissions').select('id').execute()).toHaveLength(1);
  });

  it('names the field of bad input', async () => {
    const cases: Array<[Array<[string, Part]>, string, number]> = [
      [[['note', 'no file']], 'file', 400],
      [[['file', { name: 'empty.pdf', data: Buffer.alloc(0) }]], 'file', 400],
      [[['attachment', { name: 'a.pdf', data: samples.pdf }]], 'file', 400],
      [[['file', { name: 'a.pdf', data: samples.pdf }], ['file', { name: 'b.pdf', data: samples.pdf }]], 'file', 400],
      [[['file', { name: 'a.pdf', data: samples.pdf }], ['note', 'x'.repeat(2001)]], 'note', 400],
    ];
    for (const [parts, field, status] of cases) {
      const res = await upload(parts);
      expect(res.statusCode).toBe(status);
      expect(res.json().fields).toHaveProperty(field);
    }
    const json = await t.api('POST', '/submission/file', { token: submitterToken, body: { file: 'not multipart' } });
    expect(json.statusCode).toBe(415);
    expect(json.json().fields).toHaveProperty('file');
  });

  it('needs a login', async () => {
    const res = await upload([['file', { name: 'a.pdf', data: samples.pdf }]], null);
    expect(res.statusCode).toBe(401);
  });
});

describe('reading submissions', () => {
  it("lists the caller's own, and everyone's to staff", async () => {
    const fresh = await createUser(t);
    const freshToken = await tokenFor(t, fresh);
    const mine = (await upload([['file', { name: 'mine.pdf', data: samples.pdf }]], freshToken)).json();
    const theirs = (await upload([['file', { name: 'theirs.pdf', data: samples.pdf }]], otherToken)).json();
    const own = await t.api('GET', '/submission/file', { token: freshToken });
    expect(own.statusCode).toBe(200);
    expect(own.json()).toMatchObject({ count: 1, next: null, previous: null });
    expect(own.json().results.map((s: { id: number }) => s.id)).toEqual([mine.id]);
    const all = (await t.api('GET', '/submission/file', { token: staffToken, query: { page_size: '100' } })).json();
    expect(all.results.map((s: { id: number }) => s.id)).toEqual(expect.arrayContaining([mine.id, theirs.id]));
    expect((await t.api('GET', '/submission/file')).statusCode).toBe(401);
    const bad = await t.api('GET', '/submission/file', { token: freshToken, query: { page: 'first' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toHaveProperty('page');
  });

  it('shows a submission to its submitter and staff only', async () => {
    const made = (await upload([['file', { name: 'one.pdf', data: samples.pdf }]])).json();
    const own = await t.api('GET', `/submission/file/${made.id}`, { token: submitterToken });
    expect(own.statusCode).toBe(200);
    expect(own.json()).toEqual(made);
    expect(own.headers['cache-control']).toContain('no-store');
    expect((await t.api('GET', `/submission/file/${made.id}`, { token: staffToken })).statusCode).toBe(200);
    expect((await t.api('GET', `/submission/file/${made.id}`, { token: otherToken })).statusCode).toBe(404);
    expect((await t.api('GET', `/submission/file/${made.id}`)).statusCode).toBe(401);
    expect((await t.api('GET', '/submission/file/2000000000', { token: staffToken })).statusCode).toBe(404);
    const bad = await t.api('GET', '/submission/file/abc', { token: staffToken });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toHaveProperty('id');
  });
});
