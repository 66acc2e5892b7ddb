import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { createStaff, createUser, tokenFor } from '../helpers/factories.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});

const image = (format: 'png' | 'jpeg' | 'webp' | 'gif', colour = '#c33', width = 400, height = 300) =>
  sharp({ create: { width, height, channels: 3, background: colour } }).toFormat(format).toBuffer();

async function multipart(field: string, data: Buffer, filename = 'avatar.png', type = 'image/png') {
  const form = new FormData();
  form.append(field, new Blob([new Uint8Array(data)], { type }), filename);
  const encoded = new Response(form);
  return { payload: Buffer.from(await encoded.arrayBuffer()), contentType: encoded.headers.get('content-type')! };
}

function upload(id: number, token: string | undefined, payload: Buffer, contentType: string) {
  const headers: Record<string, string> = { 'content-type': contentType };
  if (token) headers.authorization = `Bearer ${token}`;
  return t.app.inject({ method: 'POST', url: `/api/v2/user/profile/${id}/avatar`, headers, payload });
}

const stored = (url: string) => path.join(t.config.dataDir, 'media', 'avatars', url.split('/').pop()!);

describe('avatar upload', () => {
  it('takes a multipart PNG and stores a 256x256 WebP named by its content', async () => {
    const user = await createUser(t);
    const { payload, contentType } = await multipart('avatar', await image('png'));
    const res = await upload(user.id, await tokenFor(t, user), payload, contentType);
    expect(res.statusCode, res.body).toBe(200);
    const url = res.json().avatar;
    expect(url).toMatch(/^\/uploads\/avatars\/[0-9a-f]{64}\.webp$/);
    const meta = await sharp(readFileSync(stored(url))).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 256, height: 256 });
    const me = await t.api('GET', '/rest-auth/user/', { token: await tokenFor(t, user) });
    expect(me.json().avatar).toBe(url);
  });

  it('takes JPEG, WebP and GIF as an octet-stream body, whatever the declared type', async () => {
    const user = await createUser(t);
    const token = await tokenFor(t, user);
    const urls = new Set<string>();
    for (const [format, colour] of [['jpeg', '#123'], ['webp', '#456'], ['gif', '#789']] as const) {
      const res = await upload(user.id, token, await image(format, colour), 'application/octet-stream');
      expect(res.statusCode, format).toBe(200);
      urls.add(res.json().avatar);
    }
    expect(urls.size).toBe(3);
    // Replaced avatars are removed; the current one stays.
    const [first, second, last] = [...urls];
    expect(existsSync(stored(first))).toBe(false);
    expect(existsSync(stored(second))).toBe(false);
    expect(existsSync(stored(last))).toBe(true);
  });

  it('checks the type by content: SVG, text and a PNG name on other bytes are refused', async () => {
    const user = await createUser(t);
    const token = await tokenFor(t, user);
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>');
    for (const body of [svg, Buffer.from('just some text')]) {
      const { payload, contentType } = await multipart('avatar', body, 'avatar.png', 'image/png');
      const res = await upload(user.id, token, payload, contentType);
      expect(res.statusCode).toBe(415);
      expect(res.json().fields).toHaveProperty('avatar');
    }
  });

  it('takes a 48-megapixel phone photo, and refuses a picture claiming more than 120 megapixels with its own message', async () => {
    const user = await createUser(t);
    const token = await tokenFor(t, user);
    const photo = await sharp({ create: { width: 8000, height: 6000, channels: 3, background: '#3a7' } }).jpeg({ quality: 50 }).toBuffer();
    const res = await upload(user.id, token, photo, 'application/octet-stream');
    expect(res.statusCode, res.body).toBe(200);
    expect(await sharp(readFileSync(stored(res.json().avatar))).metadata()).toMatchObject({ width: 256, height: 256 });

    // A tiny PNG whose header claims 20000 x 20000 pixels: refused from its header, before anything is decoded.
    const png = Buffer.from(await image('png', '#000', 1, 1));
    png.writeUInt32BE(20_000, 16);
    png.writeUInt32BE(20_000, 20);
    png.writeUInt32BE(zlib.crc32(png.subarray(12, 29)) >>> 0, 29);
    const huge = await upload(user.id, token, png, 'application/octet-stream');
    expect(huge.statusCode).toBe(400);
    expect(huge.json()).toMatchObject({ fields: { avatar: 'The picture has too many pixels: at most 120 megapixels.' } });
  });

  it('refuses more than 5 MB with 413, in both forms', async () => {
    const user = await createUser(t);
    const token = await tokenFor(t, user);
    const big = Buffer.alloc(5 * 1024 * 1024 + 10, 1);
    const { payload, contentType } = await multipart('avatar', big);
    const viaForm = await upload(user.id, token, payload, contentType);
    expect(viaForm.statusCode).toBe(413);
    expect(viaForm.json().fields).toHaveProperty('avatar');
    const raw = await upload(user.id, token, big, 'application/octet-stream');
    expect(raw.statusCode).toBe(413);
    // Refused before it is read, it still says the limit (not "Request body is too large").
    expect(raw.json()).toMatchObject({ error: 'payload_too_large', message: 'The body may be at most 5 MB.' });
  });

  it('names a missing field and an empty body', async () => {
    const user = await createUser(t);
    const token = await tokenFor(t, user);
    const { payload, contentType } = await multipart('picture', await image('png'));
    expect((await upload(user.id, token, payload, contentType)).json().fields).toHaveProperty('avatar');
    const empty = await upload(user.id, token, Buffer.alloc(0), 'application/octet-stream');
    expect(empty.statusCode).toBe(400);
  });

  it('is the owner’s or staff’s: others get 404, guests 401', async () => {
    const owner = await createUser(t);
    const other = await createUser(t);
    const png = await image('png');
    expect((await upload(owner.id, await tokenFor(t, other), png, 'application/octet-stream')).statusCode).toBe(404);
    expect((await upload(owner.id, undefined, png, 'application/octet-stream')).statusCode).toBe(401);
    const staff = await createStaff(t);
    expect((await upload(owner.id, await tokenFor(t, staff), png, 'application/octet-stream')).statusCode).toBe(200);
  });
});
