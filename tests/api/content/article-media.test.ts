import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { signMediaUrls } from '../../../src/server/modules/courses/member-media.js';
import { render } from '../../../src/web/entry-server.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { ok, person, type Person } from '../courses/factories.js';

/**
 * An article's own media (`member_media/article/{id}/...`) load only for callers who may read the article:
 * a premium article's files for members and staff (by token, or the signed URLs of their own copy, which a
 * metered reader's unlock carries too), never for a guest or a user without a read; a free article's files
 * for everyone. No guest answer (API or page) names a premium article's file.
 */
let t: TestApp;
let staff: Person;
let user: Person;
let member: Person;
let premium: { id: number };
let free: { id: number };
let premiumUrl: string;
let freeUrl: string;

/** A small PNG: the signature and an IHDR start are all the type check reads. */
const png = (n: number) => Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from(`IHDR article media ${n}`)]);

function upload(articleId: number, body: Buffer, token?: string) {
  return t.app.inject({
    method: 'POST',
    url: `/api/v2/article/${articleId}/media`,
    headers: { 'content-type': 'application/octet-stream', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    payload: body,
  });
}
const get = (url: string, token?: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers: { ...headers, ...(token ? { authorization: `Bearer ${token}` } : {}) } });

async function article(fields: Record<string, unknown>): Promise<{ id: number }> {
  return ok<{ id: number }>(
    await t.api('POST', '/article', {
      token: staff.token,
      body: { title: `Harbour charts ${Math.random().toString(36).slice(2)}`, summary: 'Tides and charts.', body_markdown: 'Draft.', status: 'published', tag_ids: [], topic_ids: [], ...fields },
    }),
    201,
  );
}

/** The first image URL of an HTML body, as the browser would request it. */
const firstImage = (html: string | null) => /src="([^"]+)"/.exec(String(html))![1].replace(/&amp;/g, '&');

/** Pages rendered by the production renderer, so the test sees what a guest's browser gets. */
async function createPageApp(): Promise<TestApp> {
  const distDir = path.join(process.env.TMPDIR ?? '/tmp', `lectern-article-media-${process.pid}-${Math.random().toString(36).slice(2)}`);
  mkdirSync(path.join(distDir, 'client'), { recursive: true });
  writeFileSync(path.join(distDir, 'client', 'index.html'), readFileSync('index.html', 'utf8'));
  return createTestApp({ distDir, freeReadsGuest: 3, freeReadsUser: 1 }, { ssr: { mode: 'production', loadRender: async () => render } });
}

beforeAll(async () => {
  t = await createPageApp();
  [staff, user, member] = [await person(t, 'staff'), await person(t), await person(t, 'member')];
  premium = await article({ access: 'premium' });
  free = await article({ access: 'free' });
  premiumUrl = ok<{ url: string }>(await upload(premium.id, png(1), staff.token), 201).url;
  freeUrl = ok<{ url: string }>(await upload(free.id, png(2), staff.token), 201).url;
  ok(await t.api('PATCH', `/article/${premium.id}`, { token: staff.token, body: { body_markdown: `Members see the chart.\n\n![Chart](${premiumUrl})\n\n![Public](/media/demo/figure-test-layers.webp)` } }));
  ok(await t.api('PATCH', `/article/${free.id}`, { token: staff.token, body: { body_markdown: `Everyone sees this.\n\n![Free](${freeUrl})` } }));
});

describe('uploading an article file', () => {
  it('is for staff, checks the bytes, and names the article in its URL', async () => {
    expect(premiumUrl).toMatch(new RegExp(`^/api/v2/member_media/article/${premium.id}/[0-9a-f]{64}\\.png$`));
    expect((await upload(premium.id, png(3))).statusCode).toBe(401);
    expect((await upload(premium.id, png(3), member.token)).statusCode).toBe(403);
    const text = await upload(premium.id, Buffer.from('plain words, not a picture'), staff.token);
    expect(text.statusCode).toBe(415);
    expect(text.json().fields).toHaveProperty('file');
    expect((await upload(999_999, png(3), staff.token)).statusCode).toBe(404);
  });
});

describe("a premium article's file", () => {
  it('is refused to a guest (401) and to a user who is not a member (403)', async () => {
    expect((await get(premiumUrl)).statusCode).toBe(401);
    expect((await get(premiumUrl, user.token)).statusCode).toBe(403);
  });

  it('loads for members and staff by token, privately and not immutable', async () => {
    for (const token of [member.token, staff.token]) {
      const res = await get(premiumUrl, token);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/png');
      expect(res.headers['cache-control']).toMatch(/^private/);
      expect(res.headers['cache-control']).not.toContain('immutable');
      expect(res.rawPayload.equals(png(1))).toBe(true);
    }
  });

  it("is signed in a member's copy (GET and unlock), and the signed URL loads without a token", async () => {
    for (const copy of [
      ok<{ content_html: string }>(await t.api('GET', `/article/${premium.id}`, { token: member.token })),
      ok<{ content_html: string }>(await t.api('POST', `/article/${premium.id}/unlock`, { token: member.token })),
    ]) {
      expect(copy.content_html).toMatch(/\?exp=\d+&amp;sig=/);
      // Public images stay as they are.
      expect(copy.content_html).toContain('src="/media/demo/figure-test-layers.webp"');
      const signed = firstImage(copy.content_html);
      expect(signed).toMatch(new RegExp(`^${premiumUrl}\\?exp=\\d+&sig=[\\w-]+$`));
      const res = await get(signed);
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toMatch(/^private/);
    }
  });

  it("is signed in a metered reader's unlock, and not loadable by their token alone", async () => {
    const reader = await person(t);
    const unlocked = ok<{ reason: string; content_html: string }>(await t.api('POST', `/article/${premium.id}/unlock`, { token: reader.token }));
    expect(unlocked.reason).toBe('metered');
    expect((await get(firstImage(unlocked.content_html))).statusCode).toBe(200);
    expect((await get(premiumUrl, reader.token)).statusCode).toBe(403);
  });

  it('never appears in what a guest or a user without a read gets: API, status, page', async () => {
    const guestCopy = await t.api('GET', `/article/${premium.id}`);
    expect(guestCopy.json()).toMatchObject({ locked: true, content_html: null });
    expect(guestCopy.body).not.toContain('member_media');
    // A user whose monthly read is spent on another article.
    const spent = await person(t);
    const other = await article({ access: 'premium' });
    ok(await t.api('POST', `/article/${other.id}/unlock`, { token: spent.token }));
    const refused = ok<{ locked: boolean; content_html: string | null }>(await t.api('POST', `/article/${premium.id}/unlock`, { token: spent.token }));
    expect(refused).toMatchObject({ locked: true, content_html: null });
    expect(JSON.stringify(refused)).not.toContain('member_media');
    expect((await t.api('GET', `/article/membership_status/${premium.id}`)).body).not.toContain('member_media');
    const page = await get(`/article/${premium.id}`, undefined, { accept: 'text/html' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Harbour charts');
    expect(page.body).not.toContain('member_media');
    expect(page.body).not.toContain('Members see the chart');
  });

  it('answers 404 for an unknown name or article, and hides a draft from all but staff', async () => {
    expect((await get(premiumUrl.replace(/[0-9a-f]{64}/, 'e'.repeat(64)), member.token)).statusCode).toBe(404);
    expect((await get(premiumUrl.replace(/\.png$/, '.svg'), member.token)).statusCode).toBe(404);
    expect((await get(premiumUrl.replace(/article\/\d+/, 'article/999999'), member.token)).statusCode).toBe(404);
    const draft = await article({ access: 'free', status: 'draft' });
    const url = ok<{ url: string }>(await upload(draft.id, png(4), staff.token), 201).url;
    expect((await get(url)).statusCode).toBe(404);
    expect((await get(url, member.token)).statusCode).toBe(404);
    expect((await get(url, staff.token)).statusCode).toBe(200);
  });

  it("refuses a signature made for another file, and stops loading once the article is deleted", async () => {
    const [pathname, query] = signMediaUrls(t.app.ctx, premiumUrl).split('?');
    expect((await get(`${freeUrl}?${query}`)).statusCode).toBe(403);
    const gone = await article({ access: 'premium' });
    const url = signMediaUrls(t.app.ctx, ok<{ url: string }>(await upload(gone.id, png(5), staff.token), 201).url);
    expect((await get(url)).statusCode).toBe(200);
    expect((await t.api('DELETE', `/article/${gone.id}`, { token: staff.token })).statusCode).toBe(204);
    expect((await get(url)).statusCode).toBe(404);
    expect((await get(`${pathname}?${query}`)).statusCode).toBe(200);
  });

  it("signs only the article's own files: a lesson's file linked from a premium body stays unsigned", async () => {
    const lessonFile = '/api/v2/member_media/lesson/7/' + 'a'.repeat(64) + '.png';
    const other = await article({ access: 'premium', body_markdown: `![Lesson](${lessonFile})` });
    const copy = ok<{ content_html: string }>(await t.api('GET', `/article/${other.id}`, { token: member.token }));
    expect(copy.content_html).toContain(`src="${lessonFile}"`);
  });
});

describe("a free article's file", () => {
  it('loads for everyone, publicly cacheable, and its copy is not signed', async () => {
    const res = await get(freeUrl);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toMatch(/^public/);
    const copy = ok<{ content_html: string }>(await t.api('GET', `/article/${free.id}`));
    expect(copy.content_html).toContain(`src="${freeUrl}"`);
    // Once the article is premium, a guest is refused.
    ok(await t.api('PATCH', `/article/${free.id}`, { token: staff.token, body: { access: 'premium' } }));
    expect((await get(freeUrl)).statusCode).toBe(401);
    expect((await get(freeUrl, member.token)).statusCode).toBe(200);
    ok(await t.api('PATCH', `/article/${free.id}`, { token: staff.token, body: { access: 'free' } }));
  });

  it('is public for a premium article opened to all as a free read', async () => {
    const open = await article({ access: 'premium', free_read: true });
    const url = ok<{ url: string }>(await upload(open.id, png(6), staff.token), 201).url;
    expect((await get(url)).statusCode).toBe(200);
  });
});
