import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { createMembershipProduct } from '../helpers/factories.js';
import { createOtherProduct, createPhysical, createVoucher } from '../shop/factories.js';
import { ADDRESS, basketOf, checkout, newKey, ok, shipsToChina, shopper, stockOf, type OrderOut } from './factories.js';

let t: TestApp;
let shippingCode: string;
beforeAll(async () => {
  t = await createTestApp({ paymentDevProvider: true });
  shippingCode = (await shipsToChina(t)).code;
});

describe('checkout', () => {
  it('needs a login', async () => {
    expect((await t.api('POST', '/checkout', { body: { basket: 1, payment_method: 'dev' } })).statusCode).toBe(401);
  });

  it('titles a Chinese buyer’s order in Chinese (the payment pages and the providers show it)', async () => {
    const zh = await shopper(t);
    const book = await createPhysical(t, { price: 5000, stock: 5 });
    const download = await createOtherProduct(t, 'digital', { price: 1900 });
    const basket = await basketOf(t, zh.token, [{ product: book.product.id, quantity: 1 }, { product: download.id }]);
    const order = await t.api('POST', '/checkout', { token: zh.token, headers: { 'accept-language': 'zh-CN' }, body: { payment_method: 'dev', basket, shipping_address: ADDRESS, shipping_method_code: shippingCode } });
    expect(order.statusCode, order.body).toBe(201);
    expect(order.json().title).toBe(`${book.product.title} 等 2 件商品`);
  });

  it('lets one shopper hold stock with at most 3 unpaid orders at once; an order holding none is not limited', async () => {
    const { token } = await shopper(t);
    const book = await createPhysical(t, { price: 1000, stock: 50 });
    const order = async () => checkout(t, token, { basket: await basketOf(t, token, [{ product: book.product.id }]), shipping_address: ADDRESS, shipping_method_code: shippingCode });
    for (let i = 0; i < 3; i += 1) ok(await order(), 201);
    const fourth = await order();
    expect(fourth.statusCode).toBe(409);
    expect(fourth.json().message).toBe('You have 3 unpaid orders holding stock; pay or cancel one of them first.');
    // Nothing of the refused order was held or written.
    expect(await stockOf(t, book.record.id)).toEqual({ num_in_stock: 50, num_allocated: 3 });
    // An order that holds no stock (a membership) is not limited by them.
    const plan = await createMembershipProduct(t, { price: 3000 });
    ok(await t.api('POST', '/quick_checkout', { token, body: { membership_product: plan.id, payment_method: 'dev' } }), 201);
  });

  it('turns the basket into an order: prices frozen, stock held, basket closed, a number', async () => {
    const { user, token } = await shopper(t);
    const book = await createPhysical(t, { price: 5000, stock: 5 });
    const download = await createOtherProduct(t, 'digital', { price: 1900 });
    const basket = await basketOf(t, token, [{ product: book.product.id, quantity: 2 }, { product: download.id }]);
    const order = ok<OrderOut>(await checkout(t, token, { basket, shipping_address: ADDRESS, shipping_method_code: shippingCode, total: 12900 }), 201);
    expect(order).toMatchObject({ user: user.id, status: 'pending', total_excl_tax_excl_discounts: 11900, shipping_incl_tax: 1000, total_incl_tax: 12900, can_pay: true });
    expect(order.number).toMatch(/^\d{6,}$/);
    expect(order.title).toBe(`${book.product.title} and 1 more`);
    expect(order.shipping_address).toMatchObject({ last_name: 'Wei', country: 'CN' });
    expect(order.lines.map((l) => [l.product, l.quantity, l.unit_price_incl_tax, l.line_price_incl_tax])).toEqual([
      [book.product.id, 2, 5000, 10000],
      [download.id, 1, 1900, 1900],
    ]);
    const until = Date.parse(order.reserved_until!) - Date.now();
    expect(until).toBeGreaterThan(14 * 60_000);
    expect(until).toBeLessThanOrEqual(15 * 60_000);
    expect(Date.parse(order.expires_at) - Date.now()).toBeGreaterThan(29 * 60_000);
    expect(await stockOf(t, book.record.id)).toEqual({ num_in_stock: 5, num_allocated: 2 });
    // The basket is closed; the next basket call opens a new one.
    expect((await t.api('GET', `/baskets/${basket}`, { token })).json()).toMatchObject({ status: 'submitted' });
    expect(((await t.api('GET', '/basket', { token })).json() as { id: number }).id).not.toBe(basket);
    // A price change later does not reach the order.
    await t.db.kysely.updateTable('shop_stock_records').set({ price: 9999 }).where('id', '=', book.record.id).execute();
    expect(ok<OrderOut>(await t.api('GET', `/orders/${order.id}`, { token })).lines[0].unit_price_incl_tax).toBe(5000);
    // The same basket cannot be ordered twice.
    expect((await checkout(t, token, { basket, shipping_address: ADDRESS, shipping_method_code: shippingCode })).statusCode).toBe(409);
  });

  it('uses a saved address of the caller only', async () => {
    const { token } = await shopper(t);
    const other = await shopper(t);
    const book = await createPhysical(t);
    const saved = ok<{ id: number }>(await t.api('POST', '/useraddresses', { token, body: ADDRESS }), 201);
    const theirs = ok<{ id: number }>(await t.api('POST', '/useraddresses', { token: other.token, body: ADDRESS }), 201);
    const basket = await basketOf(t, token, [{ product: book.product.id }]);
    const refused = await checkout(t, token, { basket, address: theirs.id, shipping_method_code: shippingCode });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ fields: { address: expect.any(String) } });
    const order = ok<OrderOut>(await checkout(t, token, { basket, address: saved.id, shipping_method_code: shippingCode }), 201);
    expect(order.shipping_address).toMatchObject({ line1: ADDRESS.line1 });
  });

  it('refuses bad input naming the field', async () => {
    const { token } = await shopper(t);
    const other = await shopper(t);
    const book = await createPhysical(t);
    const basket = await basketOf(t, token, [{ product: book.product.id }]);
    const field = async (body: Record<string, unknown>, name: string, who = token) => {
      const res = await checkout(t, who, body);
      expect(res.statusCode, res.body).toBe(400);
      expect(Object.keys((res.json() as { fields: Record<string, string> }).fields ?? {}), res.body).toContain(name);
    };
    await field({ basket, payment_method: 'cash', shipping_address: ADDRESS, shipping_method_code: shippingCode }, 'payment_method');
    // A provider without its keys is not offered, so no order may name it.
    await field({ basket, payment_method: 'alipay', shipping_address: ADDRESS, shipping_method_code: shippingCode }, 'payment_method');
    await field({ basket: 'x' }, 'basket');
    await field({ basket, shipping_method_code: shippingCode }, 'shipping_address');
    await field({ basket, shipping_address: { ...ADDRESS, last_name: '' }, shipping_method_code: shippingCode }, 'shipping_address.last_name');
    await field({ basket, shipping_address: ADDRESS, shipping_method_code: 'nope' }, 'shipping_method_code');
    await field({ basket, shipping_address: ADDRESS, shipping_method_code: shippingCode }, 'basket', other.token);
    const empty = ((await t.api('GET', '/basket', { token: other.token })).json() as { id: number }).id;
    await field({ basket: empty }, 'basket', other.token);
    // A total the shopper did not see is a conflict naming it.
    const res = await checkout(t, token, { basket, shipping_address: ADDRESS, shipping_method_code: shippingCode, total: 1 });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ fields: { total: expect.any(String) } });
    expect(await stockOf(t, book.record.id)).toMatchObject({ num_allocated: 0 });
  });

  it('tells the shopper what changed instead of ordering a changed basket', async () => {
    const { token } = await shopper(t);
    const book = await createPhysical(t, { price: 5000 });
    const basket = await basketOf(t, token, [{ product: book.product.id }]);
    await t.db.kysely.updateTable('shop_stock_records').set({ price: 5500 }).where('id', '=', book.record.id).execute();
    const res = await checkout(t, token, { basket, shipping_address: ADDRESS, shipping_method_code: shippingCode });
    expect(res.statusCode).toBe(409);
    expect((res.json() as { message: string }).message).toContain('55.00');
    // Each change on its own too, for the page to list (the basket read afterwards lists them no more).
    expect(res.json().changes).toEqual([expect.stringMatching(/^The price of ".+" is now 55\.00 CNY \(was 50\.00 CNY\)\.$/)]);
    // Once seen, the basket orders at the new price.
    expect(ok<OrderOut>(await checkout(t, token, { basket, shipping_address: ADDRESS, shipping_method_code: shippingCode }), 201).total_incl_tax).toBe(6500);
  });

  it('never sells the last units twice when shoppers check out at the same moment', async () => {
    const book = await createPhysical(t, { stock: 3 });
    const buyers = await Promise.all(Array.from({ length: 6 }, () => shopper(t)));
    const baskets = await Promise.all(buyers.map((b) => basketOf(t, b.token, [{ product: book.product.id }])));
    const answers = await Promise.all(buyers.map((b, i) => checkout(t, b.token, { basket: baskets[i], shipping_address: ADDRESS, shipping_method_code: shippingCode })));
    const codes = answers.map((r) => r.statusCode).sort();
    expect(codes).toEqual([201, 201, 201, 409, 409, 409]);
    expect(await stockOf(t, book.record.id)).toEqual({ num_in_stock: 3, num_allocated: 3 });
  });

  it('claims a voucher use with the order, never past its limit under concurrency', async () => {
    const voucher = await createVoucher(t, { usage_limit: 2, value: 10 });
    const book = await createOtherProduct(t, 'digital', { price: 2000 });
    const buyers = await Promise.all(Array.from({ length: 5 }, () => shopper(t)));
    const baskets: number[] = [];
    for (const b of buyers) {
      const id = await basketOf(t, b.token, [{ product: book.id }]);
      ok(await t.api('POST', '/basket/add-voucher', { token: b.token, body: { vouchercode: voucher.code } }));
      baskets.push(id);
    }
    const answers = await Promise.all(buyers.map((b, i) => checkout(t, b.token, { basket: baskets[i] })));
    const placed = answers.filter((r) => r.statusCode === 201).map((r) => r.json() as OrderOut);
    expect(placed).toHaveLength(2);
    expect(placed[0]).toMatchObject({ total_discount: 200, total_incl_tax: 1800, voucher_code: voucher.code });
    for (const r of answers.filter((x) => x.statusCode !== 201)) {
      // Refused by the claim itself, or earlier by the basket check when the limit was reached before it.
      expect(r.statusCode).toBe(409);
      expect((r.json() as { message: string }).message).toContain('used up');
    }
    const row = await t.db.kysely.selectFrom('shop_vouchers').select('num_used').where('id', '=', voucher.id).executeTakeFirstOrThrow();
    expect(row.num_used).toBe(2);
    expect((await t.db.kysely.selectFrom('shop_voucher_usages').select('id').where('voucher_id', '=', voucher.id).execute()).length).toBe(2);
  });

  it('keeps a voucher to its per-user limit when the same user orders twice at once', async () => {
    const voucher = await createVoucher(t, { per_user_limit: 1 });
    const { token } = await shopper(t);
    const book = await createOtherProduct(t, 'digital', { price: 2000 });
    const first = await basketOf(t, token, [{ product: book.id }]);
    ok(await t.api('POST', '/basket/add-voucher', { token, body: { vouchercode: voucher.code } }));
    const quick = ok<{ id: number }>(await t.api('POST', '/quick_create_basket', { token, body: { product: book.id } }), 201);
    await t.db.kysely.updateTable('shop_baskets').set({ voucher_id: voucher.id }).where('id', '=', quick.id).execute();
    const [a, b] = await Promise.all([checkout(t, token, { basket: first }), t.api('POST', '/quick_create_order', { token, body: { basket: quick.id, payment_method: 'dev' } })]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([201, 409]);
  });

  it('replays an order for a repeated Idempotency-Key and refuses the key for another request', async () => {
    const { token } = await shopper(t);
    const book = await createPhysical(t, { stock: 4 });
    const basket = await basketOf(t, token, [{ product: book.product.id }]);
    const key = newKey();
    const body = { basket, shipping_address: ADDRESS, shipping_method_code: shippingCode };
    const [one, two] = await Promise.all([checkout(t, token, body, key), checkout(t, token, body, key)]);
    const three = await checkout(t, token, body, key);
    expect([one.statusCode, two.statusCode, three.statusCode]).toEqual([201, 201, 201]);
    expect(new Set([one.json().id, two.json().id, three.json().id]).size).toBe(1);
    expect(await stockOf(t, book.record.id)).toEqual({ num_in_stock: 4, num_allocated: 1 });
    const other = await checkout(t, token, { ...body, payment_method: 'alipay' }, key);
    expect(other.statusCode).toBe(409);
    expect(other.json()).toMatchObject({ fields: { 'idempotency-key': expect.any(String) } });
    // The key is the caller's own: another user's same key is another request.
    const second = await shopper(t);
    const theirs = await basketOf(t, second.token, [{ product: book.product.id }]);
    expect((await checkout(t, second.token, { ...body, basket: theirs }, key)).statusCode).toBe(201);
  });

  it('orders a basket with nothing to ship without an address, and one with nothing to pay as paid', async () => {
    const { token } = await shopper(t);
    const plan = await createMembershipProduct(t, { price: 3000 });
    const membership = await createOtherProduct(t, 'membership', { membership_product_id: plan.id });
    const basket = await basketOf(t, token, [{ product: membership.id }]);
    const order = ok<OrderOut>(await checkout(t, token, { basket }), 201);
    expect(order).toMatchObject({ status: 'pending', total_incl_tax: 3000, shipping_address: null, reserved_until: null });

    const free = await createVoucher(t, { discount_type: 'percentage', value: 100 });
    const other = await shopper(t);
    const second = await basketOf(t, other.token, [{ product: membership.id }]);
    ok(await t.api('POST', '/basket/add-voucher', { token: other.token, body: { vouchercode: free.code } }));
    const paid = ok<OrderOut>(await checkout(t, other.token, { basket: second }), 201);
    expect(paid).toMatchObject({ status: 'paid', total_incl_tax: 0 });
    const grants = await t.db.kysely.selectFrom('membership_grants').select('source').where('source_key', 'like', `order:${paid.number}/%`).execute();
    expect(grants).toEqual([{ source: 'order' }]);
  });
});
