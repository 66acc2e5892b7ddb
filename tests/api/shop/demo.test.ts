import { beforeAll, describe, expect, it } from 'vitest';
import { seedIfEmpty } from '../../../src/server/db/seed/index.js';
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
});
