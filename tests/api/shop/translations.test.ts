import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { createStaff, tokenFor } from '../helpers/factories.js';
import { createPhysical } from './factories.js';

let t: TestApp;
let staff: string;
beforeAll(async () => {
  t = await createTestApp();
  staff = await tokenFor(t, await createStaff(t));
});

interface Category {
  id: number;
  name: string;
  description: string;
  breadcrumbs: string;
}

/** A 400 naming the field or a part of it (`translations.zh-CN.name`). */
function expectInvalidUnder(res: LightMyRequestResponse, field: string) {
  expect(res.statusCode, res.body).toBe(400);
  expect(Object.keys(res.json().fields as object).some((name) => name === field || name.startsWith(`${field}.`)), res.body).toBe(true);
}

const varies = (res: LightMyRequestResponse) => String(res.headers.vary ?? '');

describe("shop categories and options in the reader's language", () => {
  let parentId: number;
  let childId: number;
  let optionId: number;
  let productId: number;
  beforeAll(async () => {
    const parent = await t.api('POST', '/shop/categories', {
      token: staff,
      body: { name: 'Gadgets', slug: 'tr-gadgets', description: 'Small useful things.', translations: { 'zh-CN': { name: '小物件', description: '实用的小东西。' } } },
    });
    expect(parent.statusCode, parent.body).toBe(201);
    parentId = parent.json().id;
    // Only the name has a Chinese version: the description falls back to the default.
    const child = await t.api('POST', '/shop/categories', {
      token: staff,
      query: { lang: 'zh-CN' },
      body: { name: 'Pens', slug: 'tr-pens', description: 'Write with them.', parent: parentId, translations: { 'zh-CN': { name: '钢笔' } } },
    });
    expect(child.statusCode, child.body).toBe(201);
    expect(child.json()).toMatchObject({ name: '钢笔', description: 'Write with them.', breadcrumbs: '小物件 > 钢笔' });
    childId = child.json().id;
    const option = await t.api('POST', '/options', { token: staff, body: { name: 'Engraving', code: 'tr-engraving', translations: { 'zh-CN': { name: '刻字' } } } });
    expect(option.statusCode, option.body).toBe(201);
    expect(option.json().name).toBe('Engraving');
    optionId = option.json().id;
    const product = await t.api('POST', '/shop/products', { token: staff, body: { product_class: 'digital', title: 'Pen guide', slug: 'tr-pen-guide', price: 900, category: childId, option_ids: [optionId] } });
    expect(product.statusCode, product.body).toBe(201);
    productId = product.json().id;
  });

  it('answers the categories in Chinese to a Chinese reader, breadcrumbs included, falling back field by field', async () => {
    const zh = (await t.api('GET', '/shop/categories', { query: { lang: 'zh-CN' } })).json() as Category[];
    expect(zh.find((c) => c.id === parentId)).toMatchObject({ name: '小物件', description: '实用的小东西。', breadcrumbs: '小物件' });
    expect(zh.find((c) => c.id === childId)).toMatchObject({ name: '钢笔', description: 'Write with them.', breadcrumbs: '小物件 > 钢笔' });
    const en = (await t.api('GET', '/shop/categories', { query: { lang: 'en' } })).json() as Category[];
    expect(en.find((c) => c.id === childId)).toMatchObject({ name: 'Pens', description: 'Write with them.', breadcrumbs: 'Gadgets > Pens' });
    expect((await t.api('GET', `/shop/categories/${childId}`, { query: { lang: 'zh-CN' } })).json()).toMatchObject({ name: '钢笔', breadcrumbs: '小物件 > 钢笔' });
    expect((await t.api('GET', `/shop/categories/${childId}`)).json()).toMatchObject({ name: 'Pens', breadcrumbs: 'Gadgets > Pens' });
  });

  it('names the option and the category of a product in the reader’s language, never its title', async () => {
    const zh = (await t.api('GET', `/products/${productId}`, { query: { lang: 'zh-CN' } })).json();
    expect(zh).toMatchObject({ title: 'Pen guide', category: { id: childId, name: '钢笔', slug: 'tr-pens' }, options: [{ id: optionId, name: '刻字', code: 'tr-engraving' }] });
    const en = (await t.api('GET', `/products/${productId}`, { query: { lang: 'en' } })).json();
    expect(en).toMatchObject({ title: 'Pen guide', category: { name: 'Pens' }, options: [{ name: 'Engraving' }] });

    const list = (await t.api('GET', '/shop/products', { query: { category: 'tr-gadgets', lang: 'zh-CN' } })).json();
    expect(list.results).toEqual([expect.objectContaining({ id: productId, title: 'Pen guide', category: { id: childId, name: '钢笔', slug: 'tr-pens' } })]);
    const search = (await t.api('GET', '/search/Pen%20guide', { query: { lang: 'zh-CN' } })).json();
    expect(search.results.find((p: { id: number }) => p.id === productId).category.name).toBe('钢笔');

    expect((await t.api('GET', `/options/${optionId}`, { query: { lang: 'zh-CN' } })).json().name).toBe('刻字');
    const options = (await t.api('GET', '/options', { query: { lang: 'zh-CN' } })).json() as { id: number; name: string }[];
    expect(options.find((o) => o.id === optionId)?.name).toBe('刻字');
    expect((await t.api('GET', `/options/${optionId}`)).json().name).toBe('Engraving');
  });

  it('takes the language from the cookie, then Accept-Language, and says the answer varies by them; `lang` names it fully', async () => {
    const byCookie = await t.api('GET', '/shop/categories', { headers: { cookie: 'lang=zh-CN' } });
    expect((byCookie.json() as Category[]).find((c) => c.id === parentId)?.name).toBe('小物件');
    expect(varies(byCookie)).toMatch(/Cookie/);
    expect(varies(byCookie)).toMatch(/Accept-Language/);
    const byHeader = await t.api('GET', `/products/${productId}`, { headers: { 'accept-language': 'zh-CN,zh;q=0.9' } });
    expect(byHeader.json()).toMatchObject({ category: { name: '钢笔' }, options: [{ name: '刻字' }] });
    expect(varies(byHeader)).toMatch(/Accept-Language/);
    const options = await t.api('GET', '/options', { headers: { 'accept-language': 'zh-CN' } });
    expect((options.json() as { id: number; name: string }[]).find((o) => o.id === optionId)?.name).toBe('刻字');
    expect(varies(options)).toMatch(/Accept-Language/);
    // With `lang` the URL names the language: the cookie does not override it, and the answer does not vary by it.
    const named = await t.api('GET', '/shop/categories', { query: { lang: 'en' }, headers: { cookie: 'lang=zh-CN', 'accept-language': 'zh-CN' } });
    expect((named.json() as Category[]).find((c) => c.id === parentId)?.name).toBe('Gadgets');
    expect(varies(named)).not.toMatch(/Accept-Language/);
    expect((await t.api('GET', '/shop/categories', { query: { lang: 'de' } })).json().fields).toHaveProperty('lang');
  });

  it('changes the translations alone with PATCH, keeps them on a PATCH without them, and drops empty ones', async () => {
    const patched = await t.api('PATCH', `/shop/categories/${childId}`, { token: staff, query: { lang: 'zh-CN' }, body: { translations: { 'zh-CN': { name: '笔', description: '用来写字。' } } } });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(patched.json()).toMatchObject({ name: '笔', description: '用来写字。', slug: 'tr-pens' });
    // A PATCH of other fields keeps the translations and the default texts it does not name.
    const renamed = await t.api('PATCH', `/shop/categories/${childId}`, { token: staff, body: { name: 'Pens and pencils' } });
    expect(renamed.json()).toMatchObject({ name: 'Pens and pencils', description: 'Write with them.' });
    expect((await t.api('GET', `/shop/categories/${childId}`, { query: { lang: 'zh-CN' } })).json()).toMatchObject({ name: '笔', description: '用来写字。' });
    // A blank version is none: the default text shows.
    await t.api('PATCH', `/shop/categories/${childId}`, { token: staff, body: { translations: { 'zh-CN': { name: '  ' } } } });
    expect((await t.api('GET', `/shop/categories/${childId}`, { query: { lang: 'zh-CN' } })).json()).toMatchObject({ name: 'Pens and pencils', description: 'Write with them.' });
    const stored = await t.db.kysely.selectFrom('shop_categories').select('translations').where('id', '=', childId).executeTakeFirstOrThrow();
    expect(JSON.parse(stored.translations)).toEqual({});
    await t.api('PATCH', `/shop/categories/${childId}`, { token: staff, body: { translations: { 'zh-CN': { name: '钢笔' } } } });
  });

  it('refuses bad translations with a 400 naming `translations`', async () => {
    const cases: [string, string, Record<string, unknown>][] = [
      ['POST', '/shop/categories', { name: 'Bad', slug: 'tr-bad-1', translations: { fr: { name: 'Mauvais' } } }],
      ['POST', '/shop/categories', { name: 'Bad', slug: 'tr-bad-2', translations: { 'zh-CN': { title: '标题' } } }],
      ['POST', '/shop/categories', { name: 'Bad', slug: 'tr-bad-3', translations: { 'zh-CN': { name: 'x'.repeat(101) } } }],
      ['POST', '/shop/categories', { name: 'Bad', slug: 'tr-bad-4', translations: ['zh-CN'] }],
      ['PATCH', `/shop/categories/${childId}`, { translations: { 'zh-CN': { description: 42 } } }],
      ['PATCH', `/shop/categories/${childId}`, { translations: { 'zh-CN': 'name' } }],
      ['POST', '/options', { name: 'Bad', code: 'tr-bad-option-1', translations: { 'zh-CN': { description: '不适用' } } }],
      ['POST', '/options', { name: 'Bad', code: 'tr-bad-option-2', translations: { ja: { name: '悪い' } } }],
    ];
    for (const [method, path, body] of cases) expectInvalidUnder(await t.api(method, path, { token: staff, body }), 'translations');
    expect(await t.db.kysely.selectFrom('shop_options').select('id').where('code', 'like', 'tr-bad-option%').execute()).toEqual([]);
  });

  it('gives rows made before translations existed, and rows without them, the default texts', async () => {
    const now = new Date().toISOString();
    const plain = await t.db.kysely
      .insertInto('shop_categories')
      .values({ name: 'Plain', slug: 'tr-plain', description: '', parent_id: null, sort_order: 0, created_at: now, updated_at: now })
      .returning(['id', 'translations'])
      .executeTakeFirstOrThrow();
    expect(plain.translations).toBe('{}');
    const { product } = await createPhysical(t, { category_id: plain.id });
    expect((await t.api('GET', `/products/${product.id}`, { query: { lang: 'zh-CN' } })).json().category.name).toBe('Plain');
  });
});
