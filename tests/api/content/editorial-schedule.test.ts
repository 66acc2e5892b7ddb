import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { createStaff, tokenFor } from '../helpers/factories.js';

let t: TestApp;
let staff: string;
beforeAll(async () => {
  t = await createTestApp();
  staff = await tokenFor(t, await createStaff(t));
});

const word = () => `zq${Math.random().toString(36).slice(2, 9)}`;
const articleFields = (title: string, text: string) => ({ title, slug: '', summary: '', cover: '', body_markdown: text, category_id: null, tag_ids: [], topic_ids: [], access: 'free', free_read: false, language: 'en' });
const pageFields = (title: string, slug: string) => ({ title, slug, body_markdown: 'Page text.', zh_title: '', zh_body_markdown: '', show_in_footer: true, sort_order: 0 });
const courseFields = (title: string) => ({ title, slug: '', summary: '', cover: '', body_markdown: 'About it.', level: 'beginner', category_id: null, tag_ids: [], access: 'free', language: 'en' });

async function make(kind: string, fields: Record<string, unknown>) {
  const res = await t.api('POST', `/editorial/${kind}`, { token: staff, body: { fields } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: number; fields: { slug: string } };
}
const act = (kind: string, id: number, action: string, body?: unknown) => t.api('POST', `/editorial/${kind}/${id}/action/${action}`, { token: staff, ...(body !== undefined && { body }) });
const site = (url: string) => t.app.inject({ method: 'GET', url });
const inFuture = () => new Date(Date.now() + 60 * 60 * 1000).toISOString();

/** What a guest, a feed, search, the sitemap and the offline manifest show of each item. */
async function seen(article: { id: number; title: string }, course: { id: number; title: string }, page: { slug: string }) {
  const [read, list, search, rss, sitemap, urls, courseRead, courseRss, manifest, pageRead, footer] = await Promise.all([
    t.api('GET', `/article/${article.id}`),
    t.api('GET', '/article/summary', { query: { page_size: '100' } }),
    t.api('GET', '/search', { query: { q: article.title } }),
    site('/rss.xml'),
    site('/sitemap.xml'),
    t.api('GET', '/sitemap/urls'),
    t.api('GET', `/course/${course.id}`),
    site('/course/rss.xml'),
    t.api('GET', `/course/${course.id}/offline_manifest`),
    t.api('GET', `/page/s/${page.slug}`),
    t.api('GET', '/page/footer'),
  ]);
  return {
    article: read.statusCode === 200,
    articleListed: list.body.includes(article.title),
    searched: search.body.includes(article.title),
    inFeed: rss.body.includes(article.title),
    inSitemap: sitemap.body.includes(`/article/${article.id}<`) || urls.body.includes(`/article/${article.id}"`),
    course: courseRead.statusCode === 200,
    courseInFeed: courseRss.body.includes(course.title),
    courseInSitemap: sitemap.body.includes(`/course/${course.id}<`),
    manifest: manifest.statusCode === 200,
    page: pageRead.statusCode === 200,
    pageInFooter: footer.body.includes(page.slug),
    pageInSitemap: sitemap.body.includes(`/page/${page.slug}<`),
  };
}

describe('scheduled publishing', () => {
  it('keeps drafts and scheduled items from guests, feeds, search, the sitemap and the offline manifest until the job publishes them', async () => {
    const articleTitle = `Scheduled ${word()}`;
    const courseTitle = `Course ${word()}`;
    const article = await make('article', articleFields(articleTitle, `Body ${word()}`));
    const course = await make('course', courseFields(courseTitle));
    const page = await make('page', pageFields('Scheduled page', `scheduled-${word()}`));
    const items = [{ id: article.id, title: articleTitle }, { id: course.id, title: courseTitle }, { slug: page.fields.slug }] as const;

    const none = { article: false, articleListed: false, searched: false, inFeed: false, inSitemap: false, course: false, courseInFeed: false, courseInSitemap: false, manifest: false, page: false, pageInFooter: false, pageInSitemap: false };
    expect(await seen(...items), 'drafts').toEqual(none);

    for (const [kind, id] of [['article', article.id], ['course', course.id], ['page', page.id]] as const) {
      const res = await act(kind, id, 'schedule', { at: inFuture() });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ status: 'scheduled' });
    }
    // Guests asked already: their cached answers must not outlive the publication either.
    expect(await seen(...items), 'scheduled').toEqual(none);
    // Not due yet: the job publishes nothing.
    expect(await t.app.ctx.jobs.tick('content.publish-scheduled')).toBe(true);
    expect(await seen(...items), 'not due').toEqual(none);

    // The time comes (the schedule's clock moved, as the job's next run would find it).
    await t.db.kysely.updateTable('publish_schedules').set({ publish_at: new Date(Date.now() - 1000).toISOString() }).execute();
    await t.db.kysely.updateTable('job_schedule').set({ next_run_at: new Date(Date.now() - 1000).toISOString() }).where('name', '=', 'content.publish-scheduled').execute();
    expect(await t.app.ctx.jobs.tick('content.publish-scheduled')).toBe(true);
    expect(await seen(...items), 'published').toEqual(Object.fromEntries(Object.keys(none).map((key) => [key, true])));
    expect((await t.api('GET', `/editorial/article/${article.id}`, { token: staff })).json()).toMatchObject({ status: 'live', scheduled_at: null });
  });

  it('refuses a time in the past, a missing time, a lesson, and a live item, naming why', async () => {
    const article = await make('article', articleFields(`Past ${word()}`, 'x'));
    expect((await act('article', article.id, 'schedule', { at: new Date(Date.now() - 60_000).toISOString() })).json().fields).toHaveProperty('at');
    expect((await act('article', article.id, 'schedule', { at: 'tomorrow' })).json().fields).toHaveProperty('at');
    expect((await act('article', article.id, 'schedule', {})).json().fields).toHaveProperty('at');
    await act('article', article.id, 'publish');
    expect((await act('article', article.id, 'schedule', { at: inFuture() })).statusCode).toBe(409);
    const draft = await make('article', articleFields(`Unschedule ${word()}`, 'x'));
    await act('article', draft.id, 'schedule', { at: inFuture() });
    expect((await act('article', draft.id, 'unschedule')).json()).toMatchObject({ status: 'draft', scheduled_at: null });
  });

  it('publishes a due schedule once, however many runs overlap', async () => {
    const article = await make('article', articleFields(`Once ${word()}`, 'x'));
    await act('article', article.id, 'schedule', { at: inFuture() });
    await t.db.kysely.updateTable('publish_schedules').set({ publish_at: new Date(Date.now() - 1000).toISOString() }).execute();
    const { publishDue } = await import('../../../src/server/modules/content/editorial/action-service.js');
    const counts = await Promise.all([publishDue(t.app.ctx), publishDue(t.app.ctx), publishDue(t.app.ctx)]);
    expect(counts.reduce((a, b) => a + b, 0)).toBe(1);
  });
});
