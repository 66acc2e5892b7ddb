import { existsSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { createStaff, createUser, tokenFor } from '../helpers/factories.js';
import { createCourse, createLesson } from '../courses/factories.js';
import { createPhysical } from '../shop/factories.js';

let t: TestApp;
let staff: string;
let reader: string;
beforeAll(async () => {
  t = await createTestApp();
  staff = await tokenFor(t, await createStaff(t));
  reader = await tokenFor(t, await createUser(t));
});

const picture = (width: number, height: number, colour = '#2a6') =>
  sharp({ create: { width, height, channels: 3, background: colour } })
    .withMetadata({ exif: { IFD0: { Copyright: 'someone' } } })
    .jpeg()
    .toBuffer();

async function multipart(data: Buffer, filename: string, field = 'file') {
  const form = new FormData();
  form.append(field, new Blob([new Uint8Array(data)], { type: 'image/jpeg' }), filename);
  const encoded = new Response(form);
  return { payload: Buffer.from(await encoded.arrayBuffer()), contentType: encoded.headers.get('content-type')! };
}

async function upload(token: string | undefined, data: Buffer, filename = 'harbour at dawn.jpg', query = '', field = 'file') {
  const { payload, contentType } = await multipart(data, filename, field);
  const headers: Record<string, string> = { 'content-type': contentType };
  if (token) headers.authorization = `Bearer ${token}`;
  return t.app.inject({ method: 'POST', url: `/api/v2/images${query}`, headers, payload });
}

describe('the picture library (admin images)', () => {
  it('stores an upload as a public WebP at most 1600 px wide, without metadata, titled by its file name', async () => {
    const res = await upload(staff, await picture(3200, 1000));
    expect(res.statusCode).toBe(201);
    const made = res.json();
    expect(made).toMatchObject({ title: 'harbour at dawn', width: 1600, height: 500 });
    expect(made.url).toMatch(/^\/uploads\/images\/[0-9a-f]{64}\.webp$/);
    expect(res.headers['cache-control']).toBe('private, no-store');
    const file = path.join(t.config.dataDir, 'media', 'images', made.url.split('/').pop());
    expect(existsSync(file)).toBe(true);
    const meta = await sharp(file).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 1600, height: 500 });
    expect(meta.exif).toBeUndefined();
    expect(made.bytes).toBeGreaterThan(0);

    // Small pictures are not enlarged; a title given in the query wins over the file's name.
    const small = (await upload(staff, await picture(300, 200, '#c33'), 'x.jpg', '?title=Red%20square')).json();
    expect(small).toMatchObject({ title: 'Red square', width: 300, height: 200 });

    // Usable as a cover at once: the URL passes the cover check.
    const article = await t.api('POST', '/article', { token: staff, body: { title: 'With an uploaded cover', cover: made.url } });
    expect(article.statusCode).toBe(201);
    expect(article.json().cover).toBe(made.url);
  });

  it('lists newest first with a title search, gives one by id, and finds one by exact url or title', async () => {
    const a = (await upload(staff, await picture(200, 200, '#111'), 'library-alpha.jpg')).json();
    const b = (await upload(staff, await picture(200, 200, '#222'), 'library-beta.jpg')).json();
    const list = await t.api('GET', '/images', { token: staff, query: { search: 'LIBRARY-', page_size: '10' } });
    expect(list.statusCode).toBe(200);
    expect(list.json().results.map((i: { id: number }) => i.id)).toEqual([b.id, a.id]);
    expect(list.json().count).toBe(2);
    // `%` and `_` are text in a search: they find the titles that hold them, and only those.
    expect((await t.api('GET', '/images', { token: staff, query: { search: '%' } })).json().count).toBe(0);
    const percent = (await upload(staff, await picture(200, 200, '#333'), '100% cotton.jpg')).json();
    expect((await t.api('GET', '/images', { token: staff, query: { search: '0%' } })).json().results.map((i: { id: number }) => i.id)).toEqual([percent.id]);
    expect((await t.api('GET', '/images', { token: staff, query: { search: '_' } })).json().count).toBe(0);
    expect((await t.api('GET', `/images/${a.id}`, { token: staff })).json()).toEqual(a);
    expect((await t.api('GET', '/images/find', { token: staff, query: { url: b.url } })).json().id).toBe(b.id);
    expect((await t.api('GET', '/images/find', { token: staff, query: { title: 'library-alpha' } })).json().id).toBe(a.id);
    expect((await t.api('GET', '/images/find', { token: staff, query: { title: 'nothing like it' } })).statusCode).toBe(404);
    expect((await t.api('GET', '/images/99999', { token: staff })).statusCode).toBe(404);
  });

  it('is staff only: a guest gets 401 and a reader 403, for uploads and reads alike', async () => {
    const jpeg = await picture(100, 100);
    expect((await upload(undefined, jpeg)).statusCode).toBe(401);
    expect((await upload(reader, jpeg)).statusCode).toBe(403);
    expect((await t.api('GET', '/images', { token: reader })).statusCode).toBe(403);
    expect((await t.api('GET', '/images', {})).statusCode).toBe(401);
    expect((await t.api('GET', '/images/find', { token: reader, query: { title: 'x' } })).statusCode).toBe(403);
    expect((await t.api('GET', '/images/1', { token: reader })).statusCode).toBe(403);
  });

  it('refuses bad uploads and queries with a 4xx naming the field, storing nothing', async () => {
    const before = (await t.api('GET', '/images', { token: staff })).json().count;
    const text = await upload(staff, Buffer.from('not a picture at all'), 'fake.jpg');
    expect(text.statusCode).toBe(415);
    expect(text.json().fields).toHaveProperty('file');
    const wrongField = await upload(staff, await picture(50, 50), 'a.jpg', '', 'avatar');
    expect(wrongField.statusCode).toBe(400);
    expect(wrongField.json().fields).toHaveProperty('file');
    const untitled = await upload(staff, await picture(50, 50), '.jpg');
    expect(untitled.statusCode).toBe(400);
    expect(untitled.json().fields).toHaveProperty('title');
    const both = await t.api('GET', '/images/find', { token: staff, query: { url: '/uploads/x', title: 'x' } });
    expect(both.statusCode).toBe(400);
    expect(both.json().fields).toHaveProperty('url');
    expect((await t.api('GET', '/images', { token: staff })).json().count).toBe(before);
  });
});

describe('deleting a picture', () => {
  const fileOf = (url: string) => path.join(t.config.dataDir, 'media', 'images', url.split('/').pop()!);
  const remove = (id: number, token = staff) => t.api('DELETE', `/images/${id}`, { token });

  it('deletes an unused picture with its file; a reader may not, and a deleted picture is not found', async () => {
    const made = (await upload(staff, await picture(40, 40, '#118'))).json();
    expect((await remove(made.id, reader)).statusCode).toBe(403);
    expect((await remove(made.id)).statusCode).toBe(204);
    expect(existsSync(fileOf(made.url))).toBe(false);
    expect((await t.api('GET', `/images/${made.id}`, { token: staff })).statusCode).toBe(404);
    expect((await remove(made.id)).statusCode).toBe(404);
  });

  it('refuses while the site shows it, naming where: a cover, a product, a lesson’s text; then deletes it once free', async () => {
    const cover = (await upload(staff, await picture(40, 40, '#181'))).json();
    const article = (await t.api('POST', '/article', { token: staff, body: { title: 'Covered', cover: cover.url } })).json();
    let res = await remove(cover.id);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('This picture is shown by article "Covered"; give it another picture first.');
    expect(existsSync(fileOf(cover.url))).toBe(true);
    await t.api('PATCH', `/article/${article.id}`, { token: staff, body: { cover: null } });
    expect((await remove(cover.id)).statusCode).toBe(204);

    const shown = (await upload(staff, await picture(40, 40, '#811'))).json();
    const { product } = await createPhysical(t, { title: 'Pictured mug' });
    await t.db.kysely.updateTable('shop_products').set({ image: shown.url }).where('id', '=', product.id).execute();
    const course = await createCourse(t, staff, { title: 'Pictured course' });
    await createLesson(t, staff, course.id, { title: 'Pictured lesson', body_markdown: `Look:\n\n![a figure](${shown.url})` });
    res = await remove(shown.id);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('This picture is shown by lesson "Pictured lesson", product "Pictured mug"; give them another picture first.');
  });

  it('refuses while a site page shows it, in its own or its Chinese body, live or draft', async () => {
    const shown = (await upload(staff, await picture(40, 40, '#3a3'))).json();
    const created = await t.api('POST', '/pages', {
      token: staff,
      body: { title: 'Our office', slug: 'our-office', body_markdown: 'No picture here.', translations: { 'zh-CN': { title: '办公室', body_markdown: `![办公室](${shown.url})` } } },
    });
    expect(created.statusCode).toBe(201);
    const page = created.json();
    const res = await remove(shown.id);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('This picture is shown by page "Our office"; give it another picture first.');
    expect(existsSync(fileOf(shown.url))).toBe(true);

    await t.api('PATCH', `/pages/${page.id}`, { token: staff, body: { translations: {}, body_markdown: `![office](${shown.url})` } });
    expect((await t.api('POST', `/pages/${page.id}/action/publish`, { token: staff })).statusCode).toBe(200);
    expect((await remove(shown.id)).statusCode).toBe(409);

    await t.api('PATCH', `/pages/${page.id}`, { token: staff, body: { body_markdown: 'The picture is gone.' } });
    expect((await remove(shown.id)).statusCode).toBe(204);
  });

  it('deletes one of two records of the same file even while it is shown, and keeps the file for the other', async () => {
    const bytes = await picture(40, 40, '#888');
    const first = (await upload(staff, bytes, 'a.jpg')).json();
    const second = (await upload(staff, bytes, 'b.jpg')).json();
    expect(second.url).toBe(first.url);
    await t.api('POST', '/article', { token: staff, body: { title: 'Shares a file', cover: first.url } });
    expect((await remove(first.id)).statusCode).toBe(204);
    expect(existsSync(fileOf(first.url))).toBe(true);
    expect((await remove(second.id)).statusCode).toBe(409);
  });
});
