import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { signMediaUrls } from '../../../src/server/modules/courses/member-media.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { courseWithLessons, createCourse, createLesson, ok, person, type LessonOut, type Person } from './factories.js';

/**
 * Member media: a lesson's files load only for callers who may read the lesson (bearer token, or the
 * signed URLs in their own copy of it), with private caching; free lessons' files load for everyone.
 */
let t: TestApp;
let staff: Person;
let user: Person;
let member: Person;
let locked: LessonOut;
let preview: LessonOut;
let lockedUrl: string;
let previewUrl: string;

/** A small PNG: the signature and an IHDR start are all the type check reads. */
const png = (n: number) => Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from(`IHDR member media ${n}`)]);

function upload(lessonId: number, body: Buffer, token?: string) {
  return t.app.inject({
    method: 'POST',
    url: `/api/v2/lesson/${lessonId}/media`,
    headers: { 'content-type': 'application/octet-stream', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    payload: body,
  });
}
const get = (url: string, token?: string) => t.app.inject({ method: 'GET', url, headers: token ? { authorization: `Bearer ${token}` } : {} });

beforeAll(async () => {
  t = await createTestApp();
  [staff, user, member] = [await person(t, 'staff'), await person(t), await person(t, 'member')];
  const { lessons } = await courseWithLessons(t, staff.token, 'premium', 2, true);
  [preview, locked] = lessons;
  lockedUrl = ok<{ url: string }>(await upload(locked.id, png(1), staff.token), 201).url;
  previewUrl = ok<{ url: string }>(await upload(preview.id, png(2), staff.token), 201).url;
  ok(await t.api('PATCH', `/lesson/${locked.id}`, { token: staff.token, body: { body_markdown: `Members see this.\n\n![Chart](${lockedUrl})\n\n![Public](/media/demo/figure-test-layers.webp)`, media_url: `http://lectern.test${lockedUrl}`, media_kind: 'audio' } }));
});

describe('uploading member media', () => {
  it('is for staff, checks the bytes, and stores outside the public uploads folder', async () => {
    expect(lockedUrl).toMatch(/^\/api\/v2\/member_media\/lesson\/\d+\/[0-9a-f]{64}\.png$/);
    expect((await upload(locked.id, png(3))).statusCode).toBe(401);
    expect((await upload(locked.id, png(3), member.token)).statusCode).toBe(403);
    const text = await upload(locked.id, Buffer.from('just some text, not a picture'), staff.token);
    expect(text.statusCode).toBe(415);
    expect(text.json().fields).toHaveProperty('file');
    expect((await upload(999_999, png(3), staff.token)).statusCode).toBe(404);
    const stored = path.join(t.app.ctx.config.dataDir, 'member-media');
    expect(path.relative(path.join(t.app.ctx.config.dataDir, 'media'), stored).startsWith('..')).toBe(true);
  });
});

describe('loading a locked lesson file', () => {
  it('refuses guests (401) and readers without access (403)', async () => {
    expect((await get(lockedUrl)).statusCode).toBe(401);
    expect((await get(lockedUrl, user.token)).statusCode).toBe(403);
  });

  it('serves members and staff with private caching', async () => {
    for (const token of [member.token, staff.token]) {
      const res = await get(lockedUrl, token);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/png');
      expect(res.headers['cache-control']).toMatch(/^private/);
      expect(res.headers['cache-control']).not.toContain('immutable');
      expect(res.rawPayload.equals(png(1))).toBe(true);
    }
  });

  it('answers 404 for a name that is not a stored file, or a lesson that does not exist', async () => {
    expect((await get(lockedUrl.replace(/[0-9a-f]{64}/, 'f'.repeat(64)), member.token)).statusCode).toBe(404);
    expect((await get(lockedUrl.replace(/\.png$/, '.exe'), member.token)).statusCode).toBe(404);
    expect((await get(lockedUrl.replace(/lesson\/\d+/, 'lesson/999999'), member.token)).statusCode).toBe(404);
  });

  it('is hidden (404) while its course is unpublished, except from staff', async () => {
    const course = await createCourse(t, staff.token, { access: 'free', is_published: false });
    const lesson = await createLesson(t, staff.token, course.id);
    const url = ok<{ url: string }>(await upload(lesson.id, png(4), staff.token), 201).url;
    expect((await get(url)).statusCode).toBe(404);
    expect((await get(url, member.token)).statusCode).toBe(404);
    expect((await get(url, staff.token)).statusCode).toBe(200);
  });
});

describe('signed URLs in a reader’s copy', () => {
  it('are given to a member, and load without a token, privately', async () => {
    const copy = ok<LessonOut>(await t.api('GET', `/lesson/${locked.id}`, { token: member.token }));
    const signed = /src="([^"]+)"/.exec(String(copy.content_html))![1].replace(/&amp;/g, '&');
    expect(String(copy.content_html)).toMatch(/\?exp=\d+&amp;sig=/);
    expect(signed).toMatch(new RegExp(`^${lockedUrl}\\?exp=\\d+&sig=[\\w-]+$`));
    expect(copy.media_url).toMatch(new RegExp(`^http://lectern.test${lockedUrl}\\?exp=\\d+&sig=`));
    // Public images stay as they are.
    expect(copy.content_html).toContain('src="/media/demo/figure-test-layers.webp"');
    const res = await get(signed);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toMatch(/^private/);
    // A guest's copy is locked: no body, no URL to sign.
    const guestCopy = ok<LessonOut>(await t.api('GET', `/lesson/${locked.id}`));
    expect(guestCopy.content_html).toBeNull();
    expect(JSON.stringify(guestCopy)).not.toContain('member_media');
  });

  it('refuse a forged, altered, misplaced or expired signature', async () => {
    const [pathname, query] = signMediaUrls(t.app.ctx, lockedUrl).split('?');
    const params = new URLSearchParams(query);
    const sig = params.get('sig')!;
    const exp = params.get('exp')!;
    const forged = `${sig.slice(0, -2)}${sig.endsWith('AA') ? 'BB' : 'AA'}`;
    expect((await get(`${pathname}?exp=${exp}&sig=${forged}`)).statusCode).toBe(403);
    expect((await get(`${pathname}?exp=${Number(exp) + 3600}&sig=${sig}`)).statusCode).toBe(403);
    expect((await get(`${previewUrl}?exp=${exp}&sig=${sig}`)).statusCode).toBe(403);
    expect((await get(`${pathname}?sig=${sig}`)).statusCode).toBe(403);
    const expired = new URLSearchParams(signMediaUrls(t.app.ctx, lockedUrl, Date.now() / 1000 - 3 * 3600).split('?')[1]);
    expect((await get(`${pathname}?${expired.toString()}`)).statusCode).toBe(403);
    expect((await get(`${pathname}?${params.toString()}`)).statusCode).toBe(200);
  });

  it('stop working when the lesson is deleted', async () => {
    const course = await createCourse(t, staff.token, { access: 'premium' });
    const lesson = await createLesson(t, staff.token, course.id);
    const url = signMediaUrls(t.app.ctx, ok<{ url: string }>(await upload(lesson.id, png(5), staff.token), 201).url);
    expect((await get(url)).statusCode).toBe(200);
    expect((await t.api('DELETE', `/lesson/${lesson.id}`, { token: staff.token })).statusCode).toBe(204);
    expect((await get(url)).statusCode).toBe(404);
  });
});

describe('the offline manifest', () => {
  it('lists the signed URL of a member file, with its size, as in the saved copy of the lesson', async () => {
    const manifest = ok<{ images: Array<{ url: string; bytes: number | null }>; lessons: Array<{ id: number; images: string[] }> }>(
      await t.api('GET', `/course/${locked.course_id}/offline_manifest`, { token: member.token }),
    );
    const entry = manifest.images.find((i) => i.url.startsWith(`${lockedUrl}?exp=`));
    expect(entry?.bytes).toBe(png(1).length);
    expect(manifest.lessons.find((l) => l.id === locked.id)!.images).toContain(entry!.url);
    expect((await get(entry!.url)).statusCode).toBe(200);
  });
});

describe('a free preview lesson file', () => {
  it('loads for everyone, publicly cacheable but not immutable, and its copy is not signed', async () => {
    const res = await get(previewUrl);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toMatch(/^public/);
    expect(res.headers['cache-control']).not.toContain('immutable');
    ok(await t.api('PATCH', `/lesson/${preview.id}`, { token: staff.token, body: { body_markdown: `![Free](${previewUrl})` } }));
    // Open to everyone (a guest's copy, the same for every guest): nothing to sign.
    const copy = ok<LessonOut>(await t.api('GET', `/lesson/${preview.id}`));
    expect(copy.reason).toBe('preview');
    expect(copy.content_html).toContain(`src="${previewUrl}"`);
    // Once it is no longer a preview, a guest is refused.
    ok(await t.api('PATCH', `/lesson/${preview.id}`, { token: staff.token, body: { is_free_preview: false } }));
    expect((await get(previewUrl)).statusCode).toBe(401);
  });
});
