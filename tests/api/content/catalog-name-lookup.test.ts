import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { createCategory, createTag } from '../helpers/factories.js';

/*
 * `category/name/{name}` and `tag/name/{name}` (the pages /category/n/{name} and /tag/n/{name}) open a row by the
 * name a reader is shown: its default name whatever the case, else its name in another language. A default name
 * wins over another row's translation of the same words.
 */

const zh = (fields: Record<string, string>) => JSON.stringify({ 'zh-CN': fields });
const path = (kind: 'category' | 'tag', name: string, rest = '') => `/${kind}/name/${encodeURIComponent(name)}${rest}`;

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});

describe('a category by name', () => {
  it('is found by its Chinese name, with its articles, and named in the language asked for', async () => {
    const harbour = await createCategory(t, { name: 'Harbour Lore', slug: 'harbour-lore', translations: zh({ name: '港口掌故' }) });
    const res = await t.api('GET', path('category', '港口掌故'), { query: { lang: 'zh-CN' } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id: harbour.id, name: '港口掌故' });
    const articles = await t.api('GET', path('category', '港口掌故', '/article'));
    expect(articles.statusCode, articles.body).toBe(200);
    expect(articles.json()).toMatchObject({ count: 0, results: [] });
    expect((await t.api('GET', path('category', 'HARBOUR LORE'))).json()).toMatchObject({ id: harbour.id });
  });

  it('prefers a default name to a translation, and answers 404 to a name nobody has', async () => {
    await createCategory(t, { name: 'Quays', slug: 'quays', translations: zh({ name: 'Moorings' }) });
    const moorings = await createCategory(t, { name: 'Moorings', slug: 'moorings' });
    expect((await t.api('GET', path('category', 'moorings'))).json()).toMatchObject({ id: moorings.id });
    // Only a description says it: a name lookup does not find it.
    await createCategory(t, { name: 'Slipways', slug: 'slipways', translations: zh({ description: '船台' }) });
    expect((await t.api('GET', path('category', '船台'))).statusCode).toBe(404);
  });
});

describe('a tag by name', () => {
  it('is found by its Chinese name, with its articles', async () => {
    const knots = await createTag(t, { name: 'sailing-knots', slug: 'sailing-knots', translations: zh({ name: '绳结' }) });
    const res = await t.api('GET', path('tag', '绳结'));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id: knots.id, name: 'sailing-knots' });
    expect((await t.api('GET', path('tag', '绳结', '/article'))).statusCode).toBe(200);
    expect((await t.api('GET', path('tag', '没有这个标签'))).statusCode).toBe(404);
  });
});

describe('names are unique in every language', () => {
  it('refuses a name, in any language, that another item bears in any language, naming the field (categories, tags, topics)', async () => {
    const { createStaff, tokenFor } = await import('../helpers/factories.js');
    const staff = await tokenFor(t, await createStaff(t));
    for (const [collection, noun] of [['/categories', 'category'], ['/tags', 'tag'], ['/topic', 'topic']] as const) {
      const first = await t.api('POST', collection, { token: staff, body: { name: `Reading ${noun}`, slug: `reading-${noun}`, translations: { 'zh-CN': { name: `阅读${noun}` } } } });
      expect(first.statusCode, first.body).toBe(201);
      const message = `A ${noun} with that name exists.`;

      // Another item's Chinese name as a default name, whatever its case.
      let res = await t.api('POST', collection, { token: staff, body: { name: `阅读${noun.toUpperCase()}`, slug: `cn-${noun}` } });
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json()).toMatchObject({ message, fields: { name: message } });
      // Another item's default name, or its Chinese name, as a Chinese name.
      for (const taken of [`reading ${noun}`, `阅读${noun}`]) {
        res = await t.api('POST', collection, { token: staff, body: { name: `Other ${noun}`, slug: `other-${noun}`, translations: { 'zh-CN': { name: taken } } } });
        expect(res.statusCode, res.body).toBe(409);
        expect(res.json().fields).toEqual({ 'translations.zh-CN.name': message });
      }
      // The same through a change of an existing item.
      const other = await t.api('POST', collection, { token: staff, body: { name: `Other ${noun}`, slug: `other-${noun}` } });
      expect(other.statusCode, other.body).toBe(201);
      res = await t.api('PATCH', `${collection}/${other.json().id}`, { token: staff, body: { translations: { 'zh-CN': { name: `阅读${noun}` } } } });
      expect(res.statusCode, res.body).toBe(409);
      // An item may bear its own name in both languages, and keep it through a change.
      res = await t.api('PATCH', `${collection}/${first.json().id}`, { token: staff, body: { name: `Reading ${noun}`, translations: { 'zh-CN': { name: `Reading ${noun}` } } } });
      expect(res.statusCode, res.body).toBe(200);
    }
  });
});
