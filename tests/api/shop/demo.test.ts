import { readFileSync } from 'node:fs';
import path from 'node:path';
import { strFromU8, unzipSync } from 'fflate';
import { PDFDocument } from 'pdf-lib';
import { beforeAll, describe, expect, it } from 'vitest';
import { seedIfEmpty } from '../../../src/server/db/seed/index.js';
import { documentTypeOf } from '../../../src/server/modules/admin/document-types.js';
import { createTestApp, type TestApp } from '../helpers/app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await seedIfEmpty({ ...t.config, demoMode: true }, t.db, { passwords: { editor: 'editor-pass-for-tests', reader: 'reader-pass-for-tests', member: 'member-pass-for-tests' } });
});

interface Card {
  id: number;
  product_class: string;
  price: { excl_tax: number } | null;
  availability: { is_available_to_buy: boolean; num_available: number | null };
}

describe('the demo shop', () => {
  it('sells books with stock (some low, one sold out), downloads and the membership plans', async () => {
    const products = (await t.api('GET', '/shop/products', { query: { page_size: '100' } })).json() as { count: number; results: Card[] };
    expect(products.count).toBeGreaterThanOrEqual(12);
    const byClass = (c: string) => products.results.filter((p) => p.product_class === c);
    expect(byClass('physical').length).toBeGreaterThanOrEqual(6);
    expect(byClass('digital').length).toBeGreaterThanOrEqual(1);
    expect(byClass('membership')).toHaveLength(3);
    expect(byClass('membership').every((p) => p.price !== null && p.availability.is_available_to_buy)).toBe(true);
    const stock = byClass('physical').map((p) => p.availability.num_available ?? 0);
    expect(stock.filter((n) => n > 0 && n <= 3).length).toBeGreaterThanOrEqual(2);
    expect(stock).toContain(0);
    expect((await t.api('GET', '/shop/categories')).json().length).toBeGreaterThanOrEqual(4);
  });

  it('names its categories and the gift-message option in Chinese for a Chinese reader (product titles stay as written)', async () => {
    const names = async (lang: string) => ((await t.api('GET', '/shop/categories', { query: { lang } })).json() as { slug: string; name: string; breadcrumbs: string }[]);
    const zh = await names('zh-CN');
    expect(zh.map((c) => c.name)).toEqual(['图书', '编程', '设计', '阅读周边', '下载', '会员']);
    expect(zh.find((c) => c.slug === 'programming-books')?.breadcrumbs).toBe('图书 > 编程');
    expect((await names('en')).map((c) => c.name)).toEqual(['Books', 'Programming', 'Design', 'Reading goods', 'Downloads', 'Memberships']);
    const book = (await t.db.kysely.selectFrom('shop_products').select('id').where('slug', '=', 'sql-indexes-explained').executeTakeFirstOrThrow()).id;
    const product = (await t.api('GET', `/products/${book}`, { headers: { cookie: 'lang=zh-CN' } })).json();
    expect(product).toMatchObject({ title: 'SQL Indexes Explained', category: { name: '编程' }, options: [{ code: 'gift-message', name: '礼品留言' }] });
    expect((await t.api('GET', `/products/${book}`, { query: { lang: 'en' } })).json().options[0].name).toBe('Gift message');
  });

  it('has two vouchers that apply and three shipping methods', async () => {
    const vouchers = await t.db.kysely.selectFrom('shop_vouchers').select('code').orderBy('code').execute();
    expect(vouchers.map((v) => v.code)).toEqual(['BOOKS20', 'WELCOME10']);
    const methods = await t.db.kysely.selectFrom('shop_shipping_methods').select('code').execute();
    expect(methods).toHaveLength(3);
    const login = await t.api('POST', '/rest-auth/login/', { body: { username: 'reader', password: 'reader-pass-for-tests' } });
    const token = (login.json() as { access: string }).access;
    const book = (await t.db.kysely.selectFrom('shop_products').select('id').where('slug', '=', 'lectern-tote-bag').executeTakeFirstOrThrow()).id;
    await t.api('POST', '/basket/add-product', { token, body: { product: book } });
    const basket = (await t.api('POST', '/basket/add-voucher', { token, body: { vouchercode: 'welcome10' } })).json();
    expect(basket).toMatchObject({ total_excl_tax_excl_discounts: 9900, total_excl_tax: 8910 });
    const shipping = (await t.api('GET', '/basket/shipping-methods', { token, query: { country: 'CN' } })).json() as { code: string }[];
    expect(shipping.map((m) => m.code)).toEqual(['standard', 'express']);
  });

  it('delivers real files with its downloads: a PDF workbook of a few pages and an EPUB e-book', async () => {
    const rows = await t.db.kysely
      .selectFrom('shop_products as p')
      .innerJoin('documents as d', 'd.id', 'p.document_id')
      .select(['p.id', 'p.slug', 'd.file_name', 'd.content_type', 'd.stored_name', 'd.bytes'])
      .where('p.product_class', '=', 'digital')
      .orderBy('p.slug')
      .execute();
    expect(rows.map((r) => [r.slug, r.file_name, r.content_type])).toEqual([
      ['offline-first-web-apps-epub', 'offline-first-web-apps.epub', 'application/epub+zip'],
      ['reading-habits-workbook-pdf', 'reading-habits-workbook.pdf', 'application/pdf'],
    ]);
    for (const row of rows) expect(((await t.api('GET', `/products/${row.id}`)).json() as Card).availability.is_available_to_buy).toBe(true);
    const [epub, pdf] = rows.map((r) => readFileSync(path.join(t.config.dataDir, 'documents', r.stored_name)));
    expect(pdf.length).toBe(rows[1].bytes);

    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const workbook = await PDFDocument.load(pdf);
    expect(workbook.getPageCount()).toBeGreaterThanOrEqual(3);
    expect(workbook.getTitle()).toBe('Reading Habits Workbook');

    expect(documentTypeOf(epub)?.ext).toBe('epub');
    const files = unzipSync(new Uint8Array(epub));
    expect(Object.keys(files)[0]).toBe('mimetype');
    expect(strFromU8(files['META-INF/container.xml'])).toContain('full-path="OEBPS/content.opf"');
    const opf = strFromU8(files['OEBPS/content.opf']);
    for (const href of [...opf.matchAll(/href="([^"]+)"/g)].map((m) => m[1])) expect(files[`OEBPS/${href}`], href).toBeDefined();
    expect(opf).toContain('properties="nav"');
  });
});
