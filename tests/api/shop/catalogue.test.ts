import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { createCategory, createMembershipProduct, createStaff, createUser, tokenFor } from '../helpers/factories.js';
import { createOtherProduct, createPhysical } from './factories.js';

let t: TestApp;
let userToken: string;
let staffToken: string;
beforeAll(async () => {
  t = await createTestApp();
  userToken = await tokenFor(t, await createUser(t));
  staffToken = await tokenFor(t, await createStaff(t));
});

describe('the shop root and reference lists', () => {
  it('lists the shop calls as absolute URLs', async () => {
    const res = await t.api('GET', '/shop');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ basket: 'http://lectern.test/api/v2/basket', products: 'http://lectern.test/api/v2/shop/products', categories: 'http://lectern.test/api/v2/shop/categories' });
  });

  it('lists the seeded countries with names, and one by code', async () => {
    const list = (await t.api('GET', '/countries')).json() as { iso_3166_1_a2: string; name: string }[];
    for (const code of ['CN', 'US', 'GB', 'DE', 'JP', 'FR']) expect(list.map((c) => c.iso_3166_1_a2)).toContain(code);
    expect(list.find((c) => c.iso_3166_1_a2 === 'DE')?.name).toBe('Germany');
    expect((await t.api('GET', '/countries/jp')).json()).toMatchObject({ iso_3166_1_a2: 'JP', iso_3166_1_a3: 'JPN', printable_name: 'Japan' });
    expect((await t.api('GET', '/countries/ZZ')).statusCode).toBe(404);
    const bad = await t.api('GET', '/countries/123');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toHaveProperty('code');
  });

  it('course_banner lists course products only, so none until courses exist', async () => {
    await createOtherProduct(t, 'digital', { is_banner: 1 });
    const res = await t.api('GET', '/course_banner');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([]);
  });
});

describe('products', () => {
  it('shows price, availability and stock records of a physical product', async () => {
    const { product, record } = await createPhysical(t, { price: 5900, stock: 5, allocated: 2 });
    const detail = await t.api('GET', `/products/${product.id}`);
    expect(detail.statusCode).toBe(200);
    expect(detail.json()).toMatchObject({
      id: product.id,
      product_class: 'physical',
      requires_shipping: true,
      price: { currency: 'CNY', excl_tax: 5900, incl_tax: 5900, tax: 0 },
      availability: { is_available_to_buy: true, num_available: 3 },
      stockrecords: [{ id: record.id, num_in_stock: 5, num_allocated: 2, num_available: 3, price: 5900 }],
    });
    expect((await t.api('GET', `/products/${product.id}/price`)).json()).toMatchObject({ excl_tax: 5900 });
    expect((await t.api('GET', `/products/${product.id}/availability`)).json()).toEqual({ is_available_to_buy: true, num_available: 3, message: 'In stock (3 available)' });
    expect((await t.api('GET', `/products/${product.id}/stockrecords`)).json()).toHaveLength(1);
    expect((await t.api('GET', `/products/${product.id}/stockrecords/${record.id}`)).json()).toMatchObject({ partner_sku: record.partner_sku });
    expect((await t.api('GET', `/products/${product.id}/stockrecords/2147483000`)).statusCode).toBe(404);
  });

  it('prices a membership product from its membership product and a digital one from itself', async () => {
    const plan = await createMembershipProduct(t, { price: 3000 });
    const membership = await createOtherProduct(t, 'membership', { membership_product_id: plan.id });
    const digital = await createOtherProduct(t, 'digital', { price: 1900 });
    expect((await t.api('GET', `/products/${membership.id}`)).json()).toMatchObject({ price: { excl_tax: 3000 }, availability: { is_available_to_buy: true, num_available: null }, requires_shipping: false });
    expect((await t.api('GET', `/products/${digital.id}/price`)).json()).toMatchObject({ excl_tax: 1900 });
  });

  it('stops selling a membership product whose membership product is deleted', async () => {
    const plan = await createMembershipProduct(t, { price: 3000 });
    const membership = await createOtherProduct(t, 'membership', { membership_product_id: plan.id });
    expect((await t.api('DELETE', `/membership_product/${plan.id}`, { token: staffToken })).statusCode).toBe(204);
    expect((await t.api('GET', `/products/${membership.id}`)).json()).toMatchObject({ price: null, membership_product: null, availability: { is_available_to_buy: false } });
  });

  it('hides withdrawn products from the public but not from staff', async () => {
    const { product } = await createPhysical(t, { is_public: 0 });
    expect((await t.api('GET', `/products/${product.id}`)).statusCode).toBe(404);
    expect((await t.api('GET', `/products/${product.id}/availability`, { token: userToken })).statusCode).toBe(404);
    const staff = await t.api('GET', `/products/${product.id}`, { token: staffToken });
    expect(staff.statusCode).toBe(200);
    expect(staff.json()).toMatchObject({ is_public: false, availability: { is_available_to_buy: false } });
    const publicIds = ((await t.api('GET', '/shop/products', { query: { page_size: '100' } })).json().results as { id: number }[]).map((p) => p.id);
    expect(publicIds).not.toContain(product.id);
  });

  it('lists by category (with sub-categories), search text and class, paginated', async () => {
    const parent = (await t.api('POST', '/shop/categories', { token: staffToken, body: { name: 'Paper', slug: 'paper' } })).json() as { id: number };
    const child = (await t.api('POST', '/shop/categories', { token: staffToken, body: { name: 'Notebooks', slug: 'notebooks', parent: parent.id } })).json() as { id: number; breadcrumbs: string };
    expect(child.breadcrumbs).toBe('Paper > Notebooks');
    const a = await createPhysical(t, { title: 'Dotted 100% cotton notebook', category_id: child.id });
    const b = await createPhysical(t, { title: 'Plain pad', category_id: parent.id, description: 'Good for 草稿 drafts' });
    await createPhysical(t, { title: 'Unrelated' });

    const byParent = (await t.api('GET', '/shop/products', { query: { category: 'paper' } })).json();
    expect(byParent.count).toBe(2);
    expect((byParent.results as { id: number }[]).map((p) => p.id).sort()).toEqual([a.product.id, b.product.id].sort());
    expect((await t.api('GET', '/shop/products', { query: { category: String(child.id) } })).json().count).toBe(1);
    expect((await t.api('GET', '/shop/products', { query: { q: '100%' } })).json().results.map((p: { id: number }) => p.id)).toEqual([a.product.id]);
    expect((await t.api('GET', '/shop/products', { query: { q: 'DOTTED' } })).json().count).toBe(1);
    expect((await t.api('GET', '/search/草稿')).json().results.map((p: { id: number }) => p.id)).toEqual([b.product.id]);
    const paged = (await t.api('GET', '/shop/products', { query: { page_size: '1', product_class: 'physical' } })).json();
    expect(paged.results).toHaveLength(1);
    expect(paged.next).toContain('page=2');
    const unknown = await t.api('GET', '/shop/products', { query: { category: 'no-such' } });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().fields).toHaveProperty('category');
  });

  it('does not disturb the article categories and the article search', async () => {
    const articleCategory = await createCategory(t);
    const categories = await t.api('GET', '/categories');
    expect(categories.statusCode).toBe(200);
    expect(JSON.stringify(categories.json())).toContain(articleCategory.slug);
    expect((await t.api('GET', `/categories/${articleCategory.id}`)).json()).toMatchObject({ slug: articleCategory.slug });
    expect((await t.api('GET', '/search', { query: { q: 'anything' } })).statusCode).toBe(200);
  });
});

describe('staff writes to the catalogue', () => {
  it('create, change and delete a product with stock records', async () => {
    const created = await t.api('POST', '/shop/products', { token: staffToken, body: { product_class: 'physical', title: 'New book', slug: 'new-book', upc: '9780000000001' } });
    expect(created.statusCode, created.body).toBe(201);
    const id = (created.json() as { id: number }).id;
    expect(created.json()).toMatchObject({ price: null, availability: { is_available_to_buy: false } });

    const record = await t.api('POST', `/products/${id}/stockrecords`, { token: staffToken, body: { partner_sku: 'NB-1', price: 4200, num_in_stock: 4 } });
    expect(record.statusCode, record.body).toBe(201);
    const recordId = (record.json() as { id: number }).id;
    expect((await t.api('GET', `/products/${id}`)).json()).toMatchObject({ price: { excl_tax: 4200 }, availability: { num_available: 4 } });
    const sameSku = await t.api('POST', `/products/${id}/stockrecords`, { token: staffToken, body: { partner_sku: 'NB-1', price: 1, num_in_stock: 1 } });
    expect(sameSku.statusCode).toBe(409);
    expect(sameSku.json().fields).toHaveProperty('partner_sku');

    const patched = await t.api('PATCH', `/products/${id}/stockrecords/${recordId}`, { token: staffToken, body: { num_in_stock: 0 } });
    expect(patched.json()).toMatchObject({ num_in_stock: 0, num_available: 0 });
    expect((await t.api('GET', `/products/${id}/availability`)).json()).toMatchObject({ is_available_to_buy: false, message: 'Out of stock' });

    const renamed = await t.api('PATCH', `/products/${id}`, { token: staffToken, body: { title: 'Renamed book', is_public: false } });
    expect(renamed.json()).toMatchObject({ title: 'Renamed book', is_public: false });
    expect((await t.api('DELETE', `/products/${id}/stockrecords/${recordId}`, { token: staffToken })).statusCode).toBe(204);
    expect((await t.api('DELETE', `/products/${id}`, { token: staffToken })).statusCode).toBe(204);
    expect((await t.api('GET', `/products/${id}`, { token: staffToken })).statusCode).toBe(404);
  });

  it('refuses bad product input, naming the field', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ product_class: 'course', title: 'X', slug: 'x-course' }, 'product_class'],
      [{ product_class: 'digital', title: 'X', slug: 'x-digital' }, 'price'],
      [{ product_class: 'physical', title: 'X', slug: 'x-phys', price: 100 }, 'price'],
      [{ product_class: 'membership', title: 'X', slug: 'x-member' }, 'membership_product'],
      [{ product_class: 'membership', title: 'X', slug: 'x-member', membership_product: 2147483000 }, 'membership_product'],
      [{ product_class: 'physical', title: 'X', slug: 'Bad Slug' }, 'slug'],
      [{ product_class: 'physical', title: '', slug: 'x-empty' }, 'title'],
      [{ product_class: 'physical', title: 'X', slug: 'x-cat', category: 2147483000 }, 'category'],
      [{ product_class: 'physical', title: 'X', slug: 'x-opt', option_ids: [2147483000] }, 'option_ids'],
      [{ product_class: 'digital', title: 'X', slug: 'x-neg', price: -1 }, 'price'],
    ];
    for (const [body, field] of cases) {
      const res = await t.api('POST', '/shop/products', { token: staffToken, body });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().fields, JSON.stringify(body)).toHaveProperty(field);
    }
    const digital = await createOtherProduct(t, 'digital');
    const stock = await t.api('POST', `/products/${digital.id}/stockrecords`, { token: staffToken, body: { partner_sku: 'D-1', price: 100, num_in_stock: 1 } });
    expect(stock.statusCode).toBe(400);
    expect(stock.json().fields).toHaveProperty('product');
  });

  it('manages categories, ranges and options', async () => {
    const cat = (await t.api('POST', '/shop/categories', { token: staffToken, body: { name: 'Maps', slug: 'maps' } })).json() as { id: number };
    const loop = await t.api('PATCH', `/shop/categories/${cat.id}`, { token: staffToken, body: { parent: cat.id } });
    expect(loop.statusCode).toBe(400);
    expect(loop.json().fields).toHaveProperty('parent');
    const { product } = await createPhysical(t, { category_id: cat.id });
    expect((await t.api('DELETE', `/shop/categories/${cat.id}`, { token: staffToken })).statusCode).toBe(409);
    expect((await t.api('GET', `/shop/categories/${cat.id}`)).json()).toMatchObject({ name: 'Maps' });

    const range = await t.api('POST', '/ranges', { token: staffToken, body: { name: 'Maps range', slug: 'maps-range', products: [product.id] } });
    expect(range.statusCode, range.body).toBe(201);
    const rangeId = (range.json() as { id: number }).id;
    expect((await t.api('GET', `/ranges/${rangeId}`)).json()).toMatchObject({ products: [product.id], includes_all_products: false });
    expect((await t.api('PATCH', `/ranges/${rangeId}`, { token: staffToken, body: { includes_all_products: true, products: [] } })).json()).toMatchObject({ products: [], includes_all_products: true });
    const badRange = await t.api('POST', '/ranges', { token: staffToken, body: { name: 'R', slug: 'r-bad', products: [2147483000] } });
    expect(badRange.json().fields).toHaveProperty('products');
    expect(((await t.api('GET', '/ranges')).json() as { id: number }[]).map((r) => r.id)).toContain(rangeId);
    expect((await t.api('DELETE', `/ranges/${rangeId}`, { token: staffToken })).statusCode).toBe(204);

    const option = await t.api('POST', '/options', { token: staffToken, body: { name: 'Engraving', code: 'engraving', type: 'text' } });
    expect(option.statusCode).toBe(201);
    const optionId = (option.json() as { id: number }).id;
    expect((await t.api('GET', `/options/${optionId}`)).json()).toMatchObject({ code: 'engraving', required: false });
    expect((await t.api('POST', '/options', { token: staffToken, body: { name: 'Again', code: 'engraving' } })).statusCode).toBe(409);
    const withOption = await t.api('PATCH', `/products/${product.id}`, { token: staffToken, body: { option_ids: [optionId] } });
    expect(withOption.json().options).toMatchObject([{ id: optionId, code: 'engraving' }]);
  });

  it('answers 403 to users and 401 to guests on every catalogue write', async () => {
    const { product, record } = await createPhysical(t);
    const cat = (await t.api('POST', '/shop/categories', { token: staffToken, body: { name: 'Guarded', slug: 'guarded' } })).json() as { id: number };
    const calls: [string, string, unknown?][] = [
      ['POST', '/shop/products', { product_class: 'physical', title: 'X', slug: 'x-guard' }],
      ['PATCH', `/products/${product.id}`, { title: 'Y' }],
      ['DELETE', `/products/${product.id}`],
      ['POST', `/products/${product.id}/stockrecords`, { partner_sku: 'G', price: 1, num_in_stock: 1 }],
      ['PATCH', `/products/${product.id}/stockrecords/${record.id}`, { price: 2 }],
      ['DELETE', `/products/${product.id}/stockrecords/${record.id}`],
      ['POST', '/shop/categories', { name: 'C', slug: 'c-guard' }],
      ['PATCH', `/shop/categories/${cat.id}`, { name: 'D' }],
      ['DELETE', `/shop/categories/${cat.id}`],
      ['POST', '/ranges', { name: 'R', slug: 'r-guard' }],
      ['PATCH', '/ranges/1', { name: 'R' }],
      ['DELETE', '/ranges/1'],
      ['POST', '/options', { name: 'O', code: 'o-guard' }],
    ];
    for (const [method, path, body] of calls) {
      expect((await t.api(method as 'POST', path, { token: userToken, body })).statusCode, `${method} ${path}`).toBe(403);
      expect((await t.api(method as 'POST', path, { body })).statusCode, `${method} ${path}`).toBe(401);
    }
  });
});
