import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.js';
import {
  createAnnouncement,
  createArticle,
  createBanner,
  createCategory,
  createSlotText,
  createStaff,
  createTag,
  createTopic,
  tokenFor,
} from '../helpers/factories.js';

let t: TestApp;
let staff: string;

const zh = (fields: Record<string, string>) => JSON.stringify({ 'zh-CN': fields });

beforeAll(async () => {
  t = await createTestApp();
  staff = await tokenFor(t, await createStaff(t));
});

function expectInvalid(res: LightMyRequestResponse, field: string) {
  expect(res.statusCode).toBe(400);
  expect(res.json().fields).toHaveProperty(field);
}

/** A 400 naming the field or a part of it (`translations.zh-CN.description`). */
function expectInvalidUnder(res: LightMyRequestResponse, field: string) {
  expect(res.statusCode).toBe(400);
  expect(Object.keys(res.json().fields as object).some((name) => name === field || name.startsWith(`${field}.`))).toBe(true);
}

describe('slot texts in the reader\'s language', () => {
  let intro: Awaited<ReturnType<typeof createSlotText>>;
  let partly: Awaited<ReturnType<typeof createSlotText>>;
  beforeAll(async () => {
    intro = await createSlotText(t, { key: 'intro.bi', title: 'Welcome', text: 'Read with us.', translations: zh({ title: '欢迎', text: '和我们一起读。' }) });
    partly = await createSlotText(t, { key: 'intro.partly', title: 'Only the title', text: 'English body.', translations: zh({ title: '只有标题' }) });
  });

  it('answers the version named by `lang`, and the default one for English', async () => {
    const chinese = await t.api('GET', '/slot/text', { query: { key: 'intro.bi', lang: 'zh-CN' } });
    expect(chinese.statusCode).toBe(200);
    expect(chinese.json()).toEqual([{ id: intro.id, key: 'intro.bi', title: '欢迎', text: '和我们一起读。' }]);
    const english = await t.api('GET', '/slot/text', { query: { key: 'intro.bi', lang: 'en' } });
    expect(english.json()).toEqual([{ id: intro.id, key: 'intro.bi', title: 'Welcome', text: 'Read with us.' }]);
    expect((await t.api('GET', `/slot/text/${intro.id}`, { query: { lang: 'zh-CN' } })).json().title).toBe('欢迎');
  });

  it('falls back field by field to the default language', async () => {
    const res = await t.api('GET', `/slot/text/${partly.id}`, { query: { lang: 'zh-CN' } });
    expect(res.json()).toMatchObject({ title: '只有标题', text: 'English body.' });
  });

  it('takes the language cookie, then Accept-Language, when `lang` is not given, and says the answer varies by them', async () => {
    const byCookie = await t.api('GET', `/slot/text/${intro.id}`, { headers: { cookie: 'lang=zh-CN', 'accept-language': 'en' } });
    expect(byCookie.json().title).toBe('欢迎');
    expect(String(byCookie.headers.vary)).toMatch(/Cookie/);
    expect(String(byCookie.headers.vary)).toMatch(/Accept-Language/);
    const byHeader = await t.api('GET', `/slot/text/${intro.id}`, { headers: { 'accept-language': 'zh-CN,zh;q=0.9' } });
    expect(byHeader.json().title).toBe('欢迎');
    expect((await t.api('GET', `/slot/text/${intro.id}`)).json().title).toBe('Welcome');
    // `lang` wins over the cookie, and the URL then names the answer fully.
    const asked = await t.api('GET', `/slot/text/${intro.id}`, { query: { lang: 'en' }, headers: { cookie: 'lang=zh-CN' } });
    expect(asked.json().title).toBe('Welcome');
    expect(String(asked.headers.vary ?? '')).not.toMatch(/Cookie/);
  });

  it('names a `lang` that is not a language of the site', async () => {
    expectInvalid(await t.api('GET', '/slot/text', { query: { lang: 'fr' } }), 'lang');
    expectInvalid(await t.api('GET', `/slot/text/${intro.id}`, { query: { lang: 'zh' } }), 'lang');
  });
});

describe('announcements and banners in the reader\'s language', () => {
  it('answers announcements in Chinese, falling back to the default text', async () => {
    const both = await createAnnouncement(t, { title: 'New series', content: 'Read it.', translations: zh({ title: '新系列', content: '来读吧。' }) });
    const english = await createAnnouncement(t, { title: 'English only', content: 'No translation.' });
    const list = (await t.api('GET', '/ad/announcement', { query: { lang: 'zh-CN' } })).json() as { id: number; title: string; content: string }[];
    expect(list.find((a) => a.id === both.id)).toMatchObject({ title: '新系列', content: '来读吧。' });
    expect(list.find((a) => a.id === english.id)).toMatchObject({ title: 'English only', content: 'No translation.' });
    expect((await t.api('GET', `/ad/announcement/${both.id}`, { query: { lang: 'en' } })).json().title).toBe('New series');
    expect((await t.api('GET', `/ad/announcement/${both.id}`, { query: { lang: 'zh-CN' } })).json().content).toBe('来读吧。');
    expectInvalid(await t.api('GET', '/ad/announcement', { query: { lang: 'de' } }), 'lang');
  });

  it('answers banners in Chinese, falling back to the default text', async () => {
    const banner = await createBanner(t, { kind: 'hot', title: 'Indexes', subtitle: 'How they work', translations: zh({ title: '索引' }) });
    const [chinese] = (await t.api('GET', '/banner/hot', { query: { lang: 'zh-CN' } })).json() as { id: number; title: string; subtitle: string }[];
    expect(chinese).toMatchObject({ id: banner.id, title: '索引', subtitle: 'How they work' });
    const [english] = (await t.api('GET', '/banner/hot', { query: { lang: 'en' } })).json() as { title: string }[];
    expect(english.title).toBe('Indexes');
  });
});

describe('catalogue descriptions in the reader\'s language', () => {
  it('answers a category in Chinese on every read, and in English by default', async () => {
    const category = await createCategory(t, { name: 'Bilingual', slug: 'bilingual', description: 'About tests.', translations: zh({ description: '关于测试。' }) });
    await createArticle(t, { category_id: category.id });
    const zhQuery = { lang: 'zh-CN' };
    expect((await t.api('GET', `/category/${category.id}`, { query: zhQuery })).json().description).toBe('关于测试。');
    expect((await t.api('GET', '/category/name/bilingual', { query: zhQuery })).json().description).toBe('关于测试。');
    expect((await t.api('GET', '/category/slug/bilingual', { query: zhQuery })).json().description).toBe('关于测试。');
    expect((await t.api('GET', `/categories/${category.id}`, { query: zhQuery })).json().description).toBe('关于测试。');
    const all = (await t.api('GET', '/category', { query: zhQuery })).json() as { id: number; description: string }[];
    expect(all.find((c) => c.id === category.id)?.description).toBe('关于测试。');
    const page = (await t.api('GET', '/categories', { query: { q: 'bilingual', lang: 'zh-CN' } })).json();
    expect(page.results[0].description).toBe('关于测试。');
    expect((await t.api('GET', `/category/${category.id}`)).json()).toEqual({
      id: category.id,
      name: 'Bilingual',
      slug: 'bilingual',
      description: 'About tests.',
      sort_order: 0,
      article_count: 1,
    });
  });

  it('lets staff write the Chinese description, change it alone with PATCH, and drop it with PUT', async () => {
    const created = await t.api('POST', '/categories', {
      token: staff,
      query: { lang: 'zh-CN' },
      body: { name: 'Physics', slug: 'physics', description: 'Forces and fields.', translations: { 'zh-CN': { description: '力与场。' } } },
    });
    expect(created.statusCode).toBe(201);
    const { id } = created.json();
    expect(created.json().description).toBe('力与场。');
    expect((await t.api('GET', `/category/${id}`, { query: { lang: 'en' } })).json().description).toBe('Forces and fields.');

    const patched = await t.api('PATCH', `/categories/${id}`, { token: staff, query: { lang: 'zh-CN' }, body: { translations: { 'zh-CN': { description: '物理学。' } } } });
    expect(patched.statusCode).toBe(200);
    expect(patched.json()).toMatchObject({ name: 'Physics', description: '物理学。' });
    // A PATCH without translations keeps them.
    await t.api('PATCH', `/categories/${id}`, { token: staff, body: { description: 'Matter and motion.' } });
    expect((await t.api('GET', `/category/${id}`, { query: { lang: 'zh-CN' } })).json().description).toBe('物理学。');
    expect((await t.api('GET', `/category/${id}`, { query: { lang: 'en' } })).json().description).toBe('Matter and motion.');
    // An empty version is no version: the default text shows.
    await t.api('PATCH', `/categories/${id}`, { token: staff, body: { translations: { 'zh-CN': { description: '  ' } } } });
    expect((await t.api('GET', `/category/${id}`, { query: { lang: 'zh-CN' } })).json().description).toBe('Matter and motion.');

    await t.api('PATCH', `/categories/${id}`, { token: staff, body: { translations: { 'zh-CN': { description: '物理学。' } } } });
    const replaced = await t.api('PUT', `/categories/${id}`, { token: staff, body: { name: 'Physics', slug: 'physics', description: 'Replaced.' } });
    expect(replaced.statusCode).toBe(200);
    expect((await t.api('GET', `/category/${id}`, { query: { lang: 'zh-CN' } })).json().description).toBe('Replaced.');
  });

  it('names a bad translation: an unknown language, an unknown field, a text too long', async () => {
    const body = (translations: unknown) => ({ name: `Bad ${Math.random()}`, slug: `bad-${Date.now()}`, translations });
    expectInvalidUnder(await t.api('POST', '/categories', { token: staff, body: body({ fr: { description: 'Physique' } }) }), 'translations');
    expectInvalidUnder(await t.api('POST', '/categories', { token: staff, body: body({ 'zh-CN': { slug: 'wuli' } }) }), 'translations');
    expectInvalidUnder(await t.api('POST', '/tags', { token: staff, body: body({ 'zh-CN': { description: 'x'.repeat(2001) } }) }), 'translations');
    expectInvalidUnder(await t.api('PATCH', '/topic/1', { token: staff, body: { translations: 'zh-CN' } }), 'translations');
    expectInvalid(await t.api('GET', '/category', { query: { lang: 'ja' } }), 'lang');
  });

  it('answers tags and topics in Chinese, the hot tags too', async () => {
    const tag = await createTag(t, { name: 'bilingual-tag', slug: 'bilingual-tag', description: 'Tagged.', translations: zh({ description: '标签。' }) });
    await createArticle(t, { tag_ids: [tag.id] });
    expect((await t.api('GET', `/tag/${tag.id}`, { query: { lang: 'zh-CN' } })).json().description).toBe('标签。');
    expect((await t.api('GET', '/tag/name/bilingual-tag', { query: { lang: 'zh-CN' } })).json().description).toBe('标签。');
    const hot = (await t.api('GET', '/tag/hot', { query: { lang: 'zh-CN', limit: '50' } })).json() as { id: number; description: string }[];
    expect(hot.find((h) => h.id === tag.id)?.description).toBe('标签。');
    expect((await t.api('GET', `/tag/${tag.id}`)).json().description).toBe('Tagged.');

    const topic = await createTopic(t, { description: 'A series.', translations: zh({ description: '一个系列。' }) });
    expect((await t.api('GET', `/topic/${topic.id}`, { query: { lang: 'zh-CN' } })).json().description).toBe('一个系列。');
    const topics = (await t.api('GET', '/topic', { query: { lang: 'zh-CN', page_size: '100' } })).json();
    expect(topics.results.find((x: { id: number }) => x.id === topic.id).description).toBe('一个系列。');
    expect((await t.api('GET', `/topic/${topic.id}`, { query: { lang: 'en' } })).json().description).toBe('A series.');
  });

  it("answers an author's description in Chinese when they have one", async () => {
    const writer = await createStaff(t, { display_name: 'Lin', description: 'Writes TypeScript.' });
    await t.db.kysely.updateTable('users').set({ translations: zh({ description: '写 TypeScript。' }) }).where('id', '=', writer.id).execute();
    await createArticle(t, { author: writer });
    expect((await t.api('GET', `/author/${writer.id}`, { query: { lang: 'zh-CN' } })).json().description).toBe('写 TypeScript。');
    expect((await t.api('GET', `/author/${writer.id}`, { headers: { cookie: 'lang=zh-CN' } })).json().description).toBe('写 TypeScript。');
    expect((await t.api('GET', `/author/${writer.id}`, { query: { lang: 'en' } })).json().description).toBe('Writes TypeScript.');
    const plain = await createStaff(t, { description: 'English only.' });
    await createArticle(t, { author: plain });
    expect((await t.api('GET', `/author/${plain.id}`, { query: { lang: 'zh-CN' } })).json().description).toBe('English only.');
  });
});
