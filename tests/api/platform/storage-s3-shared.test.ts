import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, InjectOptions } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../src/server/app.js';
import { signMediaUrls } from '../../../src/server/modules/courses/member-media.js';
import { localBus } from '../../../src/server/platform/cluster/bus.js';
import { courseWithLessons, ok, person, type LessonOut, type Person } from '../courses/factories.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { startTestBucket, type TestBucket } from '../helpers/s3.js';

/*
 * Two processes of one site (one database, one bucket, each its own data folder, as on two machines): a file
 * either one stores, the other serves; member media keep their checks on both; a delete through one is seen by both.
 */

const PREFIX = 'shared';
let bucket: TestBucket;
let a: TestApp;
let b: FastifyInstance;
let bDir: string;
let staff: Person;
let user: Person;
let member: Person;
let locked: LessonOut;
let lockedUrl: string;

/** A small PNG: the signature and an IHDR start are all the type check reads. */
const png = (n: number) => Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from(`IHDR shared member media ${n}`)]);
const get = (app: FastifyInstance, url: string, token?: string, method: InjectOptions['method'] = 'GET') =>
  app.inject({ method, url, headers: token ? { authorization: `Bearer ${token}` } : {} });
const bearer = (token: string, type: string) => ({ authorization: `Bearer ${token}`, 'content-type': type });

beforeAll(async () => {
  bucket = await startTestBucket('lectern-shared');
  a = await createTestApp({ storage: bucket.location(PREFIX) });
  bDir = mkdtempSync(path.join(os.tmpdir(), 'lectern-second-'));
  b = await buildApp({ ...a.config, dataDir: bDir }, { db: a.db, migrate: false, ssr: false, jobs: false, bus: localBus() });
  await b.ready();
  [staff, user, member] = [await person(a, 'staff'), await person(a), await person(a, 'member')];
  const { lessons } = await courseWithLessons(a, staff.token, 'premium', 2, true);
  locked = lessons[1];
  lockedUrl = ok<{ url: string }>(await a.app.inject({ method: 'POST', url: `/api/v2/lesson/${locked.id}/media`, headers: bearer(staff.token, 'application/octet-stream'), payload: png(1) }), 201).url;
  ok(await a.api('PATCH', `/lesson/${locked.id}`, { token: staff.token, body: { body_markdown: `Members only.\n\n![Chart](${lockedUrl})` } }));
});

afterAll(async () => {
  await b.close();
  await a.app.close();
  rmSync(bDir, { recursive: true, force: true });
  await bucket.stop();
});

describe('member media on S3', () => {
  it('are stored in the bucket, outside the public folder, and in no data folder', async () => {
    expect(lockedUrl).toMatch(/^\/api\/v2\/member_media\/lesson\/\d+\/[0-9a-f]{64}\.png$/);
    const key = `${PREFIX}/member-media/lesson/${locked.id}/${lockedUrl.split('/').pop()}`;
    expect((await bucket.read(key))?.equals(png(1))).toBe(true);
    expect(existsSync(path.join(a.config.dataDir, 'member-media'))).toBe(false);
    // Not reachable as a public upload, by any path.
    expect((await get(a.app, `/uploads/../member-media/lesson/${locked.id}/${lockedUrl.split('/').pop()}`)).statusCode).toBe(404);
  });

  it('load for members and staff on either process, privately, and never for a guest (401) or a non-member (403)', async () => {
    for (const app of [a.app, b]) {
      expect((await get(app, lockedUrl)).statusCode).toBe(401);
      const refused = await get(app, lockedUrl, user.token);
      expect(refused.statusCode).toBe(403);
      expect(refused.rawPayload.includes(Buffer.from('shared member media'))).toBe(false);
      for (const token of [member.token, staff.token]) {
        const res = await get(app, lockedUrl, token);
        expect(res.statusCode).toBe(200);
        expect(res.headers['content-type']).toBe('image/png');
        expect(res.headers['cache-control']).toMatch(/^private/);
        expect(res.rawPayload.equals(png(1))).toBe(true);
      }
    }
    // A name that is not stored is 404 for a member.
    expect((await get(b, lockedUrl.replace(/[0-9a-f]{64}/, 'e'.repeat(64)), member.token)).statusCode).toBe(404);
  });

  it("load by the signed URL of a member's copy on the other process, until it expires", async () => {
    const copy = ok<LessonOut>(await a.api('GET', `/lesson/${locked.id}`, { token: member.token }));
    const signed = /src="([^"]+)"/.exec(String(copy.content_html))![1].replace(/&amp;/g, '&');
    expect(signed).toMatch(/\?exp=\d+&sig=/);
    // The process that did not store the file serves it.
    const res = await get(b, signed);
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(png(1))).toBe(true);
    const expired = signMediaUrls(a.app.ctx, lockedUrl, Date.now() / 1000 - 3 * 3600);
    expect((await get(b, expired)).statusCode).toBe(403);
    expect((await get(a.app, expired)).statusCode).toBe(403);
    // A non-member's copy is locked: no key to the file.
    const guestCopy = ok<LessonOut>(await b.inject({ method: 'GET', url: `/api/v2/lesson/${locked.id}`, headers: { authorization: `Bearer ${user.token}` } }));
    expect(JSON.stringify(guestCopy)).not.toContain('member_media');
  });

  it("of a premium article load for a member on the other process, never for a guest or a non-member", async () => {
    const premium = ok<{ id: number }>(
      await a.api('POST', '/article', { token: staff.token, body: { title: `Shared charts ${Date.now()}`, summary: 'Charts.', body_markdown: 'Draft.', status: 'published', access: 'premium', tag_ids: [], topic_ids: [] } }),
      201,
    );
    const url = ok<{ url: string }>(await a.app.inject({ method: 'POST', url: `/api/v2/article/${premium.id}/media`, headers: bearer(staff.token, 'application/octet-stream'), payload: png(2) }), 201).url;
    expect(await bucket.keys(`${PREFIX}/member-media/article/${premium.id}/`)).toEqual([`${PREFIX}/member-media/article/${premium.id}/${url.split('/').pop()}`]);
    expect((await get(b, url)).statusCode).toBe(401);
    expect((await get(b, url, user.token)).statusCode).toBe(403);
    const res = await get(b, url, member.token);
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(png(2))).toBe(true);
  });

  it("give their size from the bucket in a course's offline manifest", async () => {
    const manifest = ok<{ images: Array<{ url: string; bytes: number | null }> }>(
      await b.inject({ method: 'GET', url: `/api/v2/course/${locked.course_id}/offline_manifest`, headers: { authorization: `Bearer ${member.token}` } }),
    );
    expect(manifest.images.find((i) => i.url.startsWith(`${lockedUrl}?exp=`))?.bytes).toBe(png(1).length);
  });
});

describe('two processes on one bucket', () => {
  it("serve each other's pictures and avatars, and a delete through one is seen by both", async () => {
    const jpeg = await sharp({ create: { width: 320, height: 200, channels: 3, background: '#39c' } }).jpeg().toBuffer();
    const made = ok<{ id: number; url: string; bytes: number }>(
      await a.app.inject({ method: 'POST', url: '/api/v2/images?title=Shared', headers: bearer(staff.token, 'image/jpeg'), payload: jpeg }),
      201,
    );
    const onB = await get(b, made.url);
    expect(onB.statusCode).toBe(200);
    expect(onB.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(onB.rawPayload.byteLength).toBe(made.bytes);

    const avatar = ok<{ avatar: string }>(
      await b.inject({ method: 'POST', url: `/api/v2/user/profile/${user.user.id}/avatar`, headers: bearer(user.token, 'image/jpeg'), payload: jpeg }),
    ).avatar;
    expect((await get(a.app, avatar)).statusCode).toBe(200);

    expect((await b.inject({ method: 'DELETE', url: `/api/v2/images/${made.id}`, headers: { authorization: `Bearer ${staff.token}` } })).statusCode).toBe(204);
    expect(await bucket.keys(`${PREFIX}/media/images/`)).toEqual([]);
    expect((await get(a.app, made.url)).statusCode).toBe(404);
    expect((await get(b, made.url, undefined, 'HEAD')).statusCode).toBe(404);
    expect(existsSync(path.join(bDir, 'media'))).toBe(false);
  });

  it('refuse to start on a bucket that does not exist, naming STORAGE_URL', async () => {
    const { checkStorage } = await import('../../../src/server/platform/storage/index.js');
    const missing = { ...bucket.location(PREFIX), bucket: 'no-such-bucket' };
    await expect(checkStorage({ dataDir: bDir, storage: missing })).rejects.toThrow(/STORAGE_URL .*no-such-bucket.*no such bucket/);
    await expect(checkStorage({ dataDir: bDir, storage: bucket.location(PREFIX) })).resolves.toBeUndefined();
  });
});
