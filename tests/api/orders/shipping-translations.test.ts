import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { createMembershipProduct, createStaff, tokenFor } from '../helpers/factories.js';
import { createPhysical } from '../shop/factories.js';
import { ADDRESS, basketOf, ok, shopper, type OrderOut } from './factories.js';

let t: TestApp;
let staff: string;
let methodId: number;
beforeAll(async () => {
  t = await createTestApp({ paymentDevProvider: true });
  staff = await tokenFor(t, await createStaff(t));
  const created = await t.api('POST', '/shop/shipping-methods', {
    token: staff,
    body: {
      code: 'standard-zh',
      name: 'Standard delivery',
      description: 'Three to five days.',
      charge: 800,
      countries: [{ country: 'CN' }],
      translations: { 'zh-CN': { name: '标准配送', description: '三到五天送达。' } },
    },
  });
  expect(created.statusCode, created.body).toBe(201);
  methodId = created.json().id;
});

type Offered = { code: string; name: string; description: string; price: number };
const ours = (res: LightMyRequestResponse) => (res.json() as Offered[]).find((m) => m.code === 'standard-zh');

/** A 400 naming the field or a part of it (`translations.zh-CN.name`). */
function expectInvalidUnder(res: LightMyRequestResponse, field: string) {
  expect(res.statusCode, res.body).toBe(400);
  expect(Object.keys(res.json().fields as object).some((name) => name === field || name.startsWith(`${field}.`))).toBe(true);
}

describe("shipping methods in the shopper's language", () => {
  it('stores what staff write, and answers staff with the default texts and every translation, whatever their language', async () => {
    const stored = { name: 'Standard delivery', description: 'Three to five days.', translations: { 'zh-CN': { name: '标准配送', description: '三到五天送达。' } } };
    expect((await t.api('GET', `/shop/shipping-methods/${methodId}`, { token: staff, query: { lang: 'zh-CN' } })).json()).toMatchObject(stored);
    expect((await t.api('GET', `/shop/shipping-methods/${methodId}`, { token: staff, query: { lang: 'en' } })).json()).toMatchObject(stored);
    const listed = (await t.api('GET', '/shop/shipping-methods', { token: staff, headers: { cookie: 'lang=zh-CN' } })).json() as { id: number; name: string }[];
    expect(listed.find((m) => m.id === methodId)).toMatchObject(stored);
  });

  it('lets staff send back what they read in the Chinese interface without overwriting the default texts', async () => {
    const read = (await t.api('GET', `/shop/shipping-methods/${methodId}`, { token: staff, headers: { cookie: 'lang=zh-CN' } })).json();
    const { id: _id, ...fields } = read as { id: number };
    const written = await t.api('PATCH', `/shop/shipping-methods/${methodId}`, { token: staff, headers: { cookie: 'lang=zh-CN' }, body: fields });
    expect(written.statusCode, written.body).toBe(200);
    expect(written.json()).toMatchObject({ name: 'Standard delivery', translations: { 'zh-CN': { name: '标准配送' } } });
  });

  it('offers the methods at checkout in Chinese to a Chinese shopper and in English by default; the basket names its method the same way', async () => {
    const { token } = await shopper(t);
    const book = await createPhysical(t, { price: 5000 });
    await basketOf(t, token, [{ product: book.product.id }]);
    expect(ours(await t.api('GET', '/basket/shipping-methods', { token, query: { country: 'CN', lang: 'zh-CN' } }))).toMatchObject({ name: '标准配送', description: '三到五天送达。', price: 800 });
    expect(ours(await t.api('GET', '/basket/shipping-methods', { token, query: { country: 'CN' } }))).toMatchObject({ name: 'Standard delivery', description: 'Three to five days.' });
    expect(ours(await t.api('GET', '/basket/shipping-methods', { token, query: { country: 'CN' }, headers: { cookie: 'lang=zh-CN' } }))?.name).toBe('标准配送');

    const chosen = await t.api('POST', '/basket/shipping-methods', { token, query: { lang: 'zh-CN' }, body: { code: 'standard-zh', country: 'CN' } });
    expect(chosen.statusCode, chosen.body).toBe(200);
    expect(chosen.json().shipping_method).toMatchObject({ code: 'standard-zh', name: '标准配送' });
    expect((await t.api('GET', '/basket', { token, query: { lang: 'en' } })).json().shipping_method).toMatchObject({ name: 'Standard delivery' });
  });

  it("keeps on the order the name the shopper saw, in their language, whatever the method is called later", async () => {
    const chinese = await shopper(t);
    const english = await shopper(t);
    const book = await createPhysical(t, { price: 5000, stock: 10 });
    const place = async (token: string, cookie: string) => {
      const basket = await basketOf(t, token, [{ product: book.product.id }]);
      const res = await t.api('POST', '/checkout', {
        token,
        headers: { cookie },
        body: { basket, payment_method: 'dev', shipping_address: ADDRESS, shipping_method_code: 'standard-zh' },
      });
      return ok<OrderOut & { shipping_method: string }>(res, 201);
    };
    const zhOrder = await place(chinese.token, 'lang=zh-CN');
    const enOrder = await place(english.token, 'lang=en');
    expect(zhOrder.shipping_method).toBe('标准配送');
    expect(enOrder.shipping_method).toBe('Standard delivery');

    // Staff rename the method in both languages: the orders keep what was shown when they were placed.
    const renamed = await t.api('PATCH', `/shop/shipping-methods/${methodId}`, {
      token: staff,
      body: { name: 'Economy delivery', translations: { 'zh-CN': { name: '经济配送' } } },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json()).toMatchObject({ name: 'Economy delivery', description: 'Three to five days.', charge: 800 });
    expect(ok<{ shipping_method: string }>(await t.api('GET', `/orders/${zhOrder.id}`, { token: chinese.token, query: { lang: 'en' } })).shipping_method).toBe('标准配送');
    expect(ok<{ shipping_method: string }>(await t.api('GET', `/orders/${enOrder.id}`, { token: english.token, headers: { cookie: 'lang=zh-CN' } })).shipping_method).toBe('Standard delivery');
    // The Chinese description was dropped by that write (translations are replaced as a whole).
    expect((await t.api('GET', `/shop/shipping-methods/${methodId}`, { token: staff })).json().translations).toEqual({ 'zh-CN': { name: '经济配送' } });
    await t.api('PATCH', `/shop/shipping-methods/${methodId}`, { token: staff, body: { name: 'Standard delivery', translations: { 'zh-CN': { name: '标准配送', description: '三到五天送达。' } } } });
  });

  it('names a bought plan on the order in the language the shopper bought it in', async () => {
    const { token } = await shopper(t);
    const product = await createMembershipProduct(t, { name: 'Gold, monthly', price: 1200 });
    await t.db.kysely.updateTable('membership_products').set({ translations: JSON.stringify({ 'zh-CN': { name: '金卡（按月）' } }) }).where('id', '=', product.id).execute();
    const placed = await t.api('POST', '/quick_checkout', { token, headers: { 'accept-language': 'zh-CN' }, body: { membership_product: product.id, payment_method: 'dev' } });
    expect(ok<OrderOut>(placed, 201)).toMatchObject({ title: '金卡（按月）', lines: [expect.objectContaining({ title: '金卡（按月）' })] });
    const inEnglish = await t.api('POST', '/quick_checkout', { token, body: { membership_product: product.id, payment_method: 'dev' } });
    expect(ok<OrderOut>(inEnglish, 201).title).toBe('Gold, monthly');
  });

  it('refuses bad translations with a 400 naming the field', async () => {
    const base = { code: 'bad-zh', name: 'Bad', charge: 100 };
    const cases: [string, string, Record<string, unknown>][] = [
      ['POST', '/shop/shipping-methods', { ...base, translations: { ja: { name: '悪い' } } }],
      ['POST', '/shop/shipping-methods', { ...base, translations: { 'zh-CN': { title: '标题' } } }],
      ['POST', '/shop/shipping-methods', { ...base, translations: { 'zh-CN': { description: 'x'.repeat(1001) } } }],
      ['PATCH', `/shop/shipping-methods/${methodId}`, { translations: { 'zh-CN': { name: 7 } } }],
      ['PATCH', `/shop/shipping-methods/${methodId}`, { translations: 'zh-CN' }],
    ];
    for (const [method, path, body] of cases) expectInvalidUnder(await t.api(method, path, { token: staff, body }), 'translations');
    const { token } = await shopper(t);
    const badLang = await t.api('GET', '/basket/shipping-methods', { token, query: { lang: 'zh' } });
    expect(badLang.statusCode).toBe(400);
    expect(badLang.json().fields).toHaveProperty('lang');
  });
});
