import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { createStaff, createUser, tokenFor } from '../helpers/factories.js';
import { createOtherProduct, createPhysical, createShippingMethod, createVoucher } from './factories.js';

let t: TestApp;
let staffToken: string;
let flat: { code: string };
let freeOver: { code: string };
let perCountry: { code: string };
beforeAll(async () => {
  t = await createTestApp();
  staffToken = await tokenFor(t, await createStaff(t));
  flat = await createShippingMethod(t, { code: 'flat', charge: 2000 });
  freeOver = await createShippingMethod(t, { code: 'free-over', charge: 800, free_over: 9900 }, [{ country: 'CN', charge: null }]);
  perCountry = await createShippingMethod(t, { code: 'abroad', charge: 6000 }, [
    { country: 'JP', charge: 3500 },
    { country: 'US', charge: null },
  ]);
  await createShippingMethod(t, { code: 'retired', is_active: 0 });
});

async function shopperWith(productId: number, quantity = 1) {
  const token = await tokenFor(t, await createUser(t));
  await t.api('POST', '/basket/add-product', { token, body: { product: productId, quantity } });
  return token;
}

const offered = async (token: string, country?: string) =>
  ((await t.api('GET', '/basket/shipping-methods', { token, query: country ? { country } : undefined })).json() as { code: string; price: number; is_discounted: boolean }[]).map((m) => [m.code, m.price, m.is_discounted]);

describe('shipping for a basket', () => {
  it('offers the active methods that ship to the country, at that country’s charge', async () => {
    const { product } = await createPhysical(t, { price: 5000 });
    const token = await shopperWith(product.id);
    expect(await offered(token)).toEqual([['flat', 2000, false]]);
    expect(await offered(token, 'CN')).toEqual([
      ['flat', 2000, false],
      ['free-over', 800, false],
    ]);
    expect(await offered(token, 'jp')).toEqual([
      ['flat', 2000, false],
      ['abroad', 3500, false],
    ]);
    expect(await offered(token, 'US')).toEqual([
      ['flat', 2000, false],
      ['abroad', 6000, false],
    ]);
    const bad = await t.api('GET', '/basket/shipping-methods', { token, query: { country: 'Japan' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toHaveProperty('country');
    // A well-formed code of no country is named too, as choosing a method does, not answered with no methods.
    const none = await t.api('GET', '/basket/shipping-methods', { token, query: { country: 'ZZ' } });
    expect(none.statusCode).toBe(400);
    expect(none.json().fields).toEqual({ country: 'Unknown country.' });
  });

  it('is free over the threshold, counted after discounts', async () => {
    const { product } = await createPhysical(t, { price: 5000 });
    const token = await shopperWith(product.id, 2);
    const chosen = await t.api('POST', '/basket/shipping-methods', { token, body: { code: freeOver.code, country: 'CN' } });
    expect(chosen.statusCode, chosen.body).toBe(200);
    expect(chosen.json()).toMatchObject({
      shipping_country: 'CN',
      shipping_method: { code: 'free-over', price: 0, is_discounted: true, discount: 800 },
      shipping_charge: 0,
      order_total: 10000,
    });
    const voucher = await createVoucher(t, { value: 5 });
    const discounted = (await t.api('POST', '/basket/add-voucher', { token, body: { vouchercode: voucher.code } })).json();
    expect(discounted).toMatchObject({ total_excl_tax: 9500, shipping_charge: 800, order_total: 10300, shipping_method: { is_discounted: false } });
  });

  it('refuses a method that does not ship there, and drops a chosen one that stops fitting', async () => {
    const { product } = await createPhysical(t);
    const token = await shopperWith(product.id);
    const cases: [Record<string, unknown>, string][] = [
      [{ code: perCountry.code, country: 'GB' }, 'shipping_method'],
      [{ code: 'retired', country: 'CN' }, 'shipping_method'],
      [{ code: 'no-such', country: 'CN' }, 'shipping_method'],
      [{ code: flat.code, country: 'ZZ' }, 'shipping_country'],
      [{ code: flat.code }, 'country'],
    ];
    for (const [body, field] of cases) {
      const res = await t.api('POST', '/basket/shipping-methods', { token, body });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().fields, JSON.stringify(body)).toHaveProperty(field);
    }
    const basket = (await t.api('POST', '/basket/shipping-methods', { token, body: { code: perCountry.code, country: 'JP' } })).json();
    expect(basket).toMatchObject({ shipping_charge: 3500, order_total: 8500 });
    const moved = await t.api('PATCH', `/baskets/${basket.id}`, { token, body: { shipping_country: 'GB' } });
    expect(moved.json()).toMatchObject({ shipping_country: 'GB', shipping_method: null, corrections: [{ code: 'shipping_method_removed' }] });
    const put = await t.api('PUT', `/baskets/${basket.id}`, { token, body: { shipping_country: 'US', shipping_method: perCountry.code } });
    expect(put.json()).toMatchObject({ shipping_charge: 6000 });
    const missing = await t.api('PUT', `/baskets/${basket.id}`, { token, body: { shipping_country: 'US' } });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().fields).toHaveProperty('shipping_method');
  });

  it('needs no shipping for downloads and memberships', async () => {
    const download = await createOtherProduct(t, 'digital', { price: 1900 });
    const token = await shopperWith(download.id);
    expect(await offered(token, 'CN')).toEqual([]);
    const res = await t.api('POST', '/basket/shipping-methods', { token, body: { code: flat.code, country: 'CN' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields.shipping_method).toContain('needs shipping');
    expect((await t.api('GET', '/basket', { token })).json()).toMatchObject({ shipping_required: false, shipping_charge: 0, order_total: 1900 });
  });
});

describe('shipping methods as staff manage them', () => {
  it('create with countries, change, list and delete', async () => {
    const created = await t.api('POST', '/shop/shipping-methods', {
      token: staffToken,
      body: { code: 'pickup', name: 'Pick up', charge: 0, countries: [{ country: 'cn' }, { country: 'HK', charge: 500 }] },
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = (created.json() as { id: number }).id;
    expect(created.json()).toMatchObject({ countries: [{ country: 'CN', charge: null }, { country: 'HK', charge: 500 }], free_over: null, is_active: true });
    expect((await t.api('PATCH', `/shop/shipping-methods/${id}`, { token: staffToken, body: { free_over: 10000, countries: [] } })).json()).toMatchObject({ free_over: 10000, countries: [] });
    expect(((await t.api('GET', '/shop/shipping-methods', { token: staffToken })).json() as { code: string }[]).map((m) => m.code)).toContain('pickup');
    expect((await t.api('GET', `/shop/shipping-methods/${id}`, { token: staffToken })).json()).toMatchObject({ code: 'pickup' });
    expect((await t.api('DELETE', `/shop/shipping-methods/${id}`, { token: staffToken })).statusCode).toBe(204);
  });

  it('refuses bad input, naming the field, and answers 403/401 to others', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ code: 'x1', name: 'X', charge: -5 }, 'charge'],
      [{ code: 'x2', name: 'X', charge: 5, countries: [{ country: 'ZZ' }] }, 'countries'],
      [{ code: 'x3', name: 'X', charge: 5, countries: [{ country: 'CN' }, { country: 'CN' }] }, 'countries'],
      [{ code: flat.code, name: 'X', charge: 5 }, 'code'],
    ];
    for (const [body, field] of cases) {
      const res = await t.api('POST', '/shop/shipping-methods', { token: staffToken, body });
      expect([400, 409], JSON.stringify(body)).toContain(res.statusCode);
      expect(res.json().fields, JSON.stringify(body)).toHaveProperty(field);
    }
    const userToken = await tokenFor(t, await createUser(t));
    for (const [method, path] of [
      ['GET', '/shop/shipping-methods'],
      ['GET', '/shop/shipping-methods/1'],
      ['PATCH', '/shop/shipping-methods/1'],
      ['DELETE', '/shop/shipping-methods/1'],
      ['POST', '/shop/shipping-methods'],
    ] as const) {
      const body = method === 'PATCH' ? { name: 'Y' } : method === 'POST' ? { code: 'guard', name: 'G', charge: 1 } : undefined;
      expect((await t.api(method, path, { token: userToken, body })).statusCode, `${method} ${path}`).toBe(403);
      expect((await t.api(method, path, { body })).statusCode, `${method} ${path}`).toBe(401);
    }
  });
});
