import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { render } from '../../../src/web/entry-server.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { createStaff, tokenFor } from '../helpers/factories.js';

/** A production-mode app whose pages are rendered by the real server entry and kept in the guest page cache. */
async function createPageApp(): Promise<TestApp> {
  const distDir = path.join(process.env.TMPDIR ?? '/tmp', `lectern-shop-pages-${process.pid}-${Math.random().toString(36).slice(2)}`);
  mkdirSync(path.join(distDir, 'client'), { recursive: true });
  writeFileSync(path.join(distDir, 'client', 'index.html'), readFileSync('index.html', 'utf8'));
  return createTestApp({ distDir }, { ssr: { mode: 'production', loadRender: async () => render } });
}

let t: TestApp;
let staff: string;
let productId: number;
let categoryId: number;
beforeAll(async () => {
  t = await createPageApp();
  staff = await tokenFor(t, await createStaff(t));
  const category = await t.api('POST', '/shop/categories', { token: staff, body: { name: 'Stationery', slug: 'page-stationery', translations: { 'zh-CN': { name: '文具' } } } });
  expect(category.statusCode, category.body).toBe(201);
  categoryId = category.json().id;
  const option = await t.api('POST', '/options', { token: staff, body: { name: 'Gift message', code: 'page-gift', translations: { 'zh-CN': { name: '礼品留言' } } } });
  const product = await t.api('POST', '/shop/products', {
    token: staff,
    body: { product_class: 'digital', title: 'Notebook refills', slug: 'page-refills', price: 900, category: categoryId, option_ids: [option.json().id] },
  });
  expect(product.statusCode, product.body).toBe(201);
  productId = product.json().id;
});

const page = (url: string, lang: string) => t.app.inject({ url, headers: { cookie: `lang=${lang}` } });

describe("the shop's guest pages in the reader's language", () => {
  it('renders the category chips in the interface language, each language its own cache entry', async () => {
    t.app.ctx.events.changed('test');
    const zh = await page('/shop', 'zh-CN');
    expect(zh.statusCode).toBe(200);
    expect(zh.headers['x-ssr-cache']).toBe('miss');
    expect(zh.body).toContain('>文具</a>');
    expect(zh.body).not.toContain('>Stationery</a>');
    const en = await page('/shop', 'en');
    expect(en.headers['x-ssr-cache']).toBe('miss');
    expect(en.body).toContain('>Stationery</a>');
    expect(en.body).not.toContain('文具');
    expect((await page('/shop', 'zh-CN')).headers['x-ssr-cache']).toBe('hit');
    expect((await page('/shop', 'en')).body).not.toContain('文具');
  });

  it("names a product's category in its breadcrumb and its option's field in the interface language", async () => {
    const zh = await page(`/product/${productId}`, 'zh-CN');
    expect(zh.statusCode).toBe(200);
    expect(zh.body).toContain('>文具</a>');
    expect(zh.body).toContain('礼品留言');
    expect(zh.body).toContain('Notebook refills');
    const en = await page(`/product/${productId}`, 'en');
    expect(en.body).toContain('>Stationery</a>');
    expect(en.body).toContain('Gift message');
    expect(en.body).not.toContain('礼品留言');
  });

  it('drops the cached pages when a category is renamed, in every language', async () => {
    expect((await page('/shop', 'zh-CN')).headers['x-ssr-cache']).toBe('hit');
    const changed = await t.api('PATCH', `/shop/categories/${categoryId}`, { token: staff, body: { translations: { 'zh-CN': { name: '文具用品' } } } });
    expect(changed.statusCode, changed.body).toBe(200);
    const zh = await page('/shop', 'zh-CN');
    expect(zh.headers['x-ssr-cache']).toBe('miss');
    expect(zh.body).toContain('>文具用品</a>');
  });
});
