import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { render } from '../../../src/web/entry-server.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { createStaff, tokenFor } from '../helpers/factories.js';
import { createSitePage } from './factories.js';

/** A production-mode app whose pages are rendered by the real server entry and kept in the page cache. */
async function createPageApp(): Promise<TestApp> {
  const distDir = path.join(process.env.TMPDIR ?? '/tmp', `lectern-site-pages-${process.pid}-${Math.random().toString(36).slice(2)}`);
  mkdirSync(path.join(distDir, 'client'), { recursive: true });
  writeFileSync(path.join(distDir, 'client', 'index.html'), readFileSync('index.html', 'utf8'));
  return createTestApp({ distDir }, { ssr: { mode: 'production', loadRender: async () => render } });
}

let t: TestApp;
let staff: string;
beforeAll(async () => {
  t = await createPageApp();
  staff = await tokenFor(t, await createStaff(t));
});

const read = (slug: string, lang?: string, headers: Record<string, string> = {}) => t.api('GET', `/page/s/${slug}`, { headers, ...(lang && { query: { lang } }) });
const footer = (lang: string) => t.api('GET', '/page/footer', { query: { lang } });
const act = (id: number, action: string) => t.api('POST', `/pages/${id}/action/${action}`, { token: staff });

describe('reading the site\'s pages', () => {
  it('gives a live page in the reader\'s language, its body as sanitised HTML, each text falling back on its own', async () => {
    await createSitePage(t, {
      slug: 'terms',
      title: 'Terms of use',
      body_markdown: '## Accounts\n\nKeep your password **safe**.\n\n<script>alert(1)</script><a href="javascript:alert(1)">x</a>',
      translations: { 'zh-CN': { title: '使用条款', body_markdown: '## 账户\n\n请妥善保管你的**密码**。' } },
      live: true,
    });
    const en = await read('terms', 'en');
    expect(en.statusCode).toBe(200);
    expect(en.json()).toMatchObject({ slug: 'terms', title: 'Terms of use', first_published_at: expect.any(String), updated_at: expect.any(String) });
    expect(en.json().body_html).toContain('<h2>Accounts</h2>');
    expect(en.json().body_html).toContain('<strong>safe</strong>');
    expect(en.json().body_html).not.toContain('<script');
    expect(en.json().body_html).not.toContain('javascript:');
    expect(en.json().summary).toMatch(/^Accounts Keep your password safe\./);

    const zh = await read('terms', 'zh-CN');
    expect(zh.json()).toMatchObject({ title: '使用条款' });
    expect(zh.json().body_html).toContain('<h2>账户</h2>');

    // Without `lang`: the language cookie, then Accept-Language, and the answer says it varies by them.
    const byHeader = await read('terms', undefined, { 'accept-language': 'zh-CN,zh;q=0.9' });
    expect(byHeader.json().title).toBe('使用条款');
    expect(String(byHeader.headers.vary)).toMatch(/Accept-Language/);

    // A version with only a title keeps the default body.
    await createSitePage(t, { slug: 'half', title: 'Half', body_markdown: 'English only.', translations: { 'zh-CN': { title: '一半' } }, live: true });
    const half = (await read('half', 'zh-CN')).json();
    expect(half.title).toBe('一半');
    expect(half.body_html).toContain('English only.');
  });

  it('answers 404 for a draft and for an unknown slug, to anyone', async () => {
    await createSitePage(t, { slug: 'draft-only', title: 'Not yet' });
    expect((await read('draft-only', 'en')).statusCode).toBe(404);
    expect((await t.api('GET', '/page/s/draft-only', { token: staff })).statusCode).toBe(404);
    expect((await read('no-such-page', 'en')).statusCode).toBe(404);
  });

  it('lists the live footer pages by sort order, titled in the reader\'s language', async () => {
    const second = await createSitePage(t, { slug: 'footer-b', title: 'Footer B', sort_order: 20, live: true, show_in_footer: true, translations: { 'zh-CN': { title: '页脚乙' } } });
    await createSitePage(t, { slug: 'footer-a', title: 'Footer A', sort_order: 10, live: true, show_in_footer: true });
    await createSitePage(t, { slug: 'footer-draft', title: 'Footer draft', sort_order: 5, show_in_footer: true });
    await createSitePage(t, { slug: 'not-in-footer', title: 'Elsewhere', sort_order: 1, live: true });
    t.app.ctx.events.changed('test fixtures');
    const en = await footer('en');
    expect(en.statusCode).toBe(200);
    expect(en.json()).toEqual([{ slug: 'footer-a', title: 'Footer A' }, { slug: 'footer-b', title: 'Footer B' }]);
    expect((await footer('zh-CN')).json()).toEqual([{ slug: 'footer-a', title: 'Footer A' }, { slug: 'footer-b', title: '页脚乙' }]);
    await act(second.id, 'unpublish');
    expect((await footer('en')).json()).toEqual([{ slug: 'footer-a', title: 'Footer A' }]);
  });

  it('drops the kept answer when a page changes: an edit shows at once, and an unpublished page is gone', async () => {
    const page = await createSitePage(t, { slug: 'contact', title: 'Contact', body_markdown: 'Write to us.', live: true });
    expect((await read('contact', 'en')).json().body_html).toContain('Write to us.');
    // Kept: a change made behind the service's back is not seen...
    await t.db.kysely.updateTable('pages').set({ body_markdown: 'Changed behind the cache.' }).where('id', '=', page.id).execute();
    expect((await read('contact', 'en')).json().body_html).toContain('Write to us.');
    // ...but every change through the API drops it.
    const patched = await t.api('PATCH', `/pages/${page.id}`, { token: staff, body: { body_markdown: 'Call us.' } });
    expect(patched.statusCode).toBe(200);
    expect((await read('contact', 'en')).json().body_html).toContain('Call us.');
    await act(page.id, 'unpublish');
    expect((await read('contact', 'en')).statusCode).toBe(404);
    await act(page.id, 'publish');
    expect((await read('contact', 'en')).statusCode).toBe(200);
    await act(page.id, 'delete');
    expect((await read('contact', 'en')).statusCode).toBe(404);
  });

  it('renders the page at /page/{slug} in both languages, with the footer link on every cached page until a change', async () => {
    const made = await t.api('POST', '/pages', {
      token: staff,
      body: { title: 'Privacy', slug: 'privacy', body_markdown: 'We keep **little**.', translations: { 'zh-CN': { title: '隐私政策', body_markdown: '我们只保存**很少**的数据。' } }, show_in_footer: true, sort_order: 1 },
    });
    const id = made.json().id;
    // A draft is not a page yet, and the home page's footer does not link it.
    expect((await t.app.inject({ url: '/page/privacy' })).statusCode).toBe(404);
    const before = await t.app.inject({ url: '/' });
    expect(before.body).not.toContain('href="/page/privacy"');
    expect((await t.app.inject({ url: '/' })).headers['x-ssr-cache']).toBe('hit');

    await act(id, 'publish');
    const home = await t.app.inject({ url: '/' });
    expect(home.headers['x-ssr-cache']).toBe('miss');
    expect(home.body).toMatch(/<a[^>]*href="\/page\/privacy"[^>]*>Privacy<\/a>/);

    const en = await t.app.inject({ url: '/page/privacy' });
    expect(en.statusCode).toBe(200);
    expect(en.body).toContain('<h1>Privacy</h1>');
    expect(en.body).toContain('We keep <strong>little</strong>.');
    expect(en.body).toContain('<title>Privacy');
    expect(en.body).toContain('href="http://lectern.test/page/privacy"');
    const zh = await t.app.inject({ url: '/page/privacy', headers: { cookie: 'lang=zh-CN' } });
    expect(zh.body).toContain('<h1>隐私政策</h1>');
    expect(zh.body).toContain('我们只保存<strong>很少</strong>的数据。');
    expect(zh.body).toMatch(/<a[^>]*href="\/page\/privacy"[^>]*>隐私政策<\/a>/);

    expect((await t.app.inject({ url: '/' })).headers['x-ssr-cache']).toBe('hit');
    await t.api('PATCH', `/pages/${id}`, { token: staff, body: { title: 'Privacy notice' } });
    const renamed = await t.app.inject({ url: '/' });
    expect(renamed.headers['x-ssr-cache']).toBe('miss');
    expect(renamed.body).toMatch(/<a[^>]*href="\/page\/privacy"[^>]*>Privacy notice<\/a>/);
  });

  it('lists live pages in the sitemap, drafts not', async () => {
    await createSitePage(t, { slug: 'sitemap-live', live: true });
    await createSitePage(t, { slug: 'sitemap-draft' });
    t.app.ctx.events.changed('test fixtures');
    const xml = (await t.app.inject({ url: '/sitemap.xml' })).body;
    expect(xml).toContain('<loc>http://lectern.test/page/sitemap-live</loc>');
    expect(xml).not.toContain('/page/sitemap-draft');
  });
});
