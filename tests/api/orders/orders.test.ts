import { beforeAll, describe, expect, it } from 'vitest';
import { markOrderPaid } from '../../../src/server/modules/orders/payment-service.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { createMembershipProduct, createStaff, tokenFor } from '../helpers/factories.js';
import { createOtherProduct, createPhysical, createVoucher } from '../shop/factories.js';
import { ADDRESS, basketOf, checkout, newKey, ok, shipsToChina, shopper, stockOf, type OrderOut, type Person } from './factories.js';

let t: TestApp;
let staffToken: string;
let shippingCode: string;
let owner: Person;
let stranger: Person;
let order: OrderOut;
let optionId: number;

interface Page<T> {
  count: number;
  next: string | null;
  results: T[];
}

beforeAll(async () => {
  t = await createTestApp({ paymentDevProvider: true });
  staffToken = await tokenFor(t, await createStaff(t));
  shippingCode = (await shipsToChina(t)).code;
  owner = await shopper(t);
  stranger = await shopper(t);
  const option = ok<{ id: number }>(await t.api('POST', '/options', { token: staffToken, body: { name: 'Gift message', code: `gift-${Date.now()}` } }), 201);
  optionId = option.id;
  const { product } = await createPhysical(t, { price: 3000 });
  ok(await t.api('PATCH', `/products/${product.id}`, { token: staffToken, body: { option_ids: [option.id] } }));
  ok(await t.api('POST', '/basket/add-product', { token: owner.token, body: { product: product.id, options: [{ option: option.id, value: 'For Mei' }] } }));
  const basket = ok<{ id: number }>(await t.api('GET', '/basket', { token: owner.token })).id;
  order = ok<OrderOut>(await checkout(t, owner.token, { basket, shipping_address: ADDRESS, shipping_method_code: shippingCode }), 201);
});

const pay = (o: OrderOut) => markOrderPaid(t.app.ctx, { provider: 'dev', providerTradeNo: `dev-${o.number}-${Date.now()}`, orderNumber: o.number, amount: o.total_incl_tax });

describe('reading orders', () => {
  it('needs a login on every call', async () => {
    for (const p of ['/orders', `/orders/${order.id}`, `/orders/${order.id}/lines`, '/orderlines', `/orderlines/${order.lines[0].id}`, '/orderlineattributes', '/my_order']) {
      expect((await t.api('GET', p)).statusCode, p).toBe(401);
    }
  });

  it('shows the owner their order, lines and option values, and staff too', async () => {
    for (const token of [owner.token, staffToken]) {
      const view = ok<OrderOut>(await t.api('GET', `/orders/${order.id}`, { token }));
      expect(view.lines[0].attributes.map((a) => a.value)).toEqual(['For Mei']);
      const lines = ok<OrderOut['lines']>(await t.api('GET', `/orders/${order.id}/lines`, { token }));
      expect(lines.map((l) => l.id)).toEqual([order.lines[0].id]);
      expect(ok<{ id: number; title: string }>(await t.api('GET', `/orderlines/${order.lines[0].id}`, { token })).title).toBe(order.lines[0].title);
      const attributeId = order.lines[0].attributes[0].id;
      expect(ok<{ option: number; value: string }>(await t.api('GET', `/orderlineattributes/${attributeId}`, { token }))).toMatchObject({ option: optionId, value: 'For Mei' });
    }
    const res = await t.api('GET', `/orders/${order.id}`, { token: owner.token });
    expect(res.headers['cache-control']).toBe('private, no-store');
  });

  it('answers 404 to anyone else, on every call', async () => {
    const token = stranger.token;
    const line = order.lines[0];
    for (const p of [`/orders/${order.id}`, `/orders/${order.id}/lines`, `/orderlines/${line.id}`, `/orderlineattributes/${line.attributes[0].id}`]) {
      expect((await t.api('GET', p, { token })).statusCode, p).toBe(404);
    }
    expect((await t.api('GET', '/orderlines', { token, query: { order: String(order.id) } })).statusCode).toBe(404);
    expect((await t.api('GET', '/orderlineattributes', { token, query: { line: String(line.id) } })).statusCode).toBe(404);
    expect(ok<Page<unknown>>(await t.api('GET', '/orders', { token })).count).toBe(0);
    expect(ok<Page<unknown>>(await t.api('GET', '/orderlines', { token })).count).toBe(0);
    expect(ok<Page<unknown>>(await t.api('GET', '/orderlineattributes', { token })).count).toBe(0);
    expect((await t.api('GET', '/orders', { token, query: { user: String(owner.user.id) } })).statusCode).toBe(403);
  });

  it('lists the caller’s orders in my_order by status and page', async () => {
    const buyer = await shopper(t);
    const download = await createOtherProduct(t, 'digital', { price: 900 });
    const placed: OrderOut[] = [];
    for (let i = 0; i < 3; i += 1) placed.push(ok<OrderOut>(await t.api('POST', '/quick_checkout', { token: buyer.token, body: { product: download.id, payment_method: 'dev' } }), 201));
    await pay(placed[0]);
    const all = ok<Page<OrderOut>>(await t.api('GET', '/my_order', { token: buyer.token, query: { page_size: '2' } }));
    expect(all.count).toBe(3);
    expect(all.results.map((o) => o.id)).toEqual([placed[2].id, placed[1].id]);
    expect(all.next).toContain('page=2');
    const paidOnly = ok<Page<OrderOut>>(await t.api('GET', '/my_order', { token: buyer.token, query: { status: 'paid' } }));
    expect(paidOnly.results.map((o) => o.id)).toEqual([placed[0].id]);
    const bad = await t.api('GET', '/my_order', { token: buyer.token, query: { status: 'lost' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ fields: { status: expect.any(String) } });
  });

  it('lets staff list every order with filters', async () => {
    const list = ok<Page<OrderOut>>(await t.api('GET', '/orders', { token: staffToken, query: { user: String(owner.user.id) } }));
    expect(list.results.map((o) => o.id)).toContain(order.id);
    expect(list.results.every((o) => o.user === owner.user.id)).toBe(true);
    const byNumber = ok<Page<OrderOut>>(await t.api('GET', '/orders', { token: staffToken, query: { number: order.number } }));
    expect(byNumber.results.map((o) => o.id)).toEqual([order.id]);
    const later = ok<Page<OrderOut>>(await t.api('GET', '/orders', { token: staffToken, query: { placed_after: new Date(Date.now() + 60_000).toISOString() } }));
    expect(later.count).toBe(0);
    const lines = ok<Page<{ order: number }>>(await t.api('GET', '/orderlines', { token: staffToken, query: { order: String(order.id) } }));
    expect(lines.results.map((l) => l.order)).toEqual([order.id]);
    const bad = await t.api('GET', '/orders', { token: staffToken, query: { placed_after: 'yesterday' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ fields: { placed_after: expect.any(String) } });
  });
});

describe('quick calls', () => {
  it('buys a membership product now, leaving the basket as it is', async () => {
    const buyer = await shopper(t);
    const book = await createPhysical(t);
    await basketOf(t, buyer.token, [{ product: book.product.id }]);
    const plan = await createMembershipProduct(t, { price: 2500 });
    const placed = ok<OrderOut>(await t.api('POST', '/quick_checkout', { token: buyer.token, body: { membership_product: plan.id, payment_method: 'dev' } }), 201);
    expect(placed).toMatchObject({ status: 'pending', total_incl_tax: 2500, title: plan.name });
    expect(ok<{ lines: unknown[] }>(await t.api('GET', '/basket', { token: buyer.token })).lines).toHaveLength(1);
  });

  it('makes a one-product basket and orders it', async () => {
    const buyer = await shopper(t);
    const book = await createPhysical(t, { stock: 3, price: 4000 });
    const basket = ok<{ id: number; status: string; total: number; shipping_required: boolean }>(await t.api('POST', '/quick_create_basket', { token: buyer.token, body: { product: book.product.id, quantity: 2 } }), 201);
    expect(basket).toMatchObject({ status: 'frozen', total: 8000, shipping_required: true });
    const placed = ok<OrderOut>(await t.api('POST', '/quick_create_order', { token: buyer.token, body: { basket: basket.id, shipping_address: ADDRESS, shipping_method_code: shippingCode, payment_method: 'dev' } }), 201);
    expect(placed).toMatchObject({ total_incl_tax: 9000, basket: basket.id });
    expect(await stockOf(t, book.record.id)).toEqual({ num_in_stock: 3, num_allocated: 2 });
    // The shopper's open basket is not a quick basket.
    const open = ok<{ id: number }>(await t.api('GET', '/basket', { token: buyer.token }));
    const refused = await t.api('POST', '/quick_create_order', { token: buyer.token, body: { basket: open.id, payment_method: 'dev' } });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ fields: { basket: expect.any(String) } });
  });

  it('refuses bad items naming the field', async () => {
    const buyer = await shopper(t);
    const plan = await createMembershipProduct(t);
    const book = await createPhysical(t, { stock: 1 });
    const field = async (path: string, body: Record<string, unknown>, name: string) => {
      const res = await t.api('POST', path, { token: buyer.token, body: { payment_method: 'dev', ...body } });
      expect(res.statusCode, res.body).toBe(400);
      expect(Object.keys((res.json() as { fields?: Record<string, string> }).fields ?? {}), res.body).toContain(name);
    };
    await field('/quick_checkout', {}, 'product');
    await field('/quick_checkout', { product: book.product.id, membership_product: plan.id }, 'product');
    await field('/quick_checkout', { membership_product: 2147483000 }, 'membership_product');
    await field('/quick_checkout', { course_product: 2147483000 }, 'course_product');
    await field('/quick_checkout', { membership_product: plan.id, quantity: 2 }, 'quantity');
    await field('/quick_checkout', { product: book.product.id, quantity: 2, shipping_address: ADDRESS, shipping_method_code: shippingCode }, 'quantity');
    await field('/quick_checkout', { product: book.product.id, quantity: 0 }, 'quantity');
    await field('/quick_create_basket', { product: 2147483000 }, 'product');
  });
});

describe('status transitions', () => {
  async function newOrder(stock = 5) {
    const buyer = await shopper(t);
    const book = await createPhysical(t, { stock });
    const basket = await basketOf(t, buyer.token, [{ product: book.product.id }]);
    return { buyer, book, order: ok<OrderOut>(await checkout(t, buyer.token, { basket, shipping_address: ADDRESS, shipping_method_code: shippingCode }), 201) };
  }
  const act = (o: OrderOut, action: string, token = staffToken, body?: unknown, key?: string) =>
    t.api('POST', `/orders/${o.id}/${action}`, { token, body, headers: key ? { 'idempotency-key': key } : {} });

  it('are staff calls, but for a buyer cancelling their own unpaid order', async () => {
    const { buyer, book, order: o } = await newOrder();
    expect((await act(o, 'fulfil', buyer.token)).statusCode).toBe(403);
    expect((await act(o, 'refund', buyer.token, { reason: 'x' })).statusCode).toBe(403);
    expect((await act({ ...o, id: 2147483000 }, 'cancel')).statusCode).toBe(404);
    // Someone else's order is not found; the buyer's own is cancelled and its held stock goes back.
    const other = await shopper(t);
    expect((await act(o, 'cancel', other.token)).statusCode).toBe(404);
    expect(ok<OrderOut>(await act(o, 'cancel', buyer.token)).status).toBe('cancelled');
    expect(await stockOf(t, book.record.id)).toEqual({ num_in_stock: 5, num_allocated: 0 });
    expect((await act(o, 'cancel', buyer.token)).statusCode).toBe(409);
  });

  it('cancel a pending order, giving back its stock and voucher use; refuse what its status does not allow', async () => {
    const voucher = await createVoucher(t, { usage_limit: 1 });
    const buyer = await shopper(t);
    const book = await createPhysical(t, { stock: 2 });
    const basket = await basketOf(t, buyer.token, [{ product: book.product.id }]);
    ok(await t.api('POST', '/basket/add-voucher', { token: buyer.token, body: { vouchercode: voucher.code } }));
    const o = ok<OrderOut>(await checkout(t, buyer.token, { basket, shipping_address: ADDRESS, shipping_method_code: shippingCode }), 201);
    expect(await stockOf(t, book.record.id)).toEqual({ num_in_stock: 2, num_allocated: 1 });
    const key = newKey();
    expect(ok<OrderOut>(await act(o, 'cancel', staffToken, undefined, key)).status).toBe('cancelled');
    // A repeat with the same key answers the same; without it the transition is refused.
    expect(ok<OrderOut>(await act(o, 'cancel', staffToken, undefined, key)).status).toBe('cancelled');
    const again = await act(o, 'cancel');
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ fields: { status: expect.any(String) } });
    expect(await stockOf(t, book.record.id)).toEqual({ num_in_stock: 2, num_allocated: 0 });
    const v = await t.db.kysely.selectFrom('shop_vouchers').select('num_used').where('id', '=', voucher.id).executeTakeFirstOrThrow();
    expect(v.num_used).toBe(0);
    expect((await act(o, 'fulfil')).statusCode).toBe(409);
    expect((await act(o, 'refund', staffToken, { reason: 'x' })).statusCode).toBe(409);
    expect((await markOrderPaid(t.app.ctx, { provider: 'dev', providerTradeNo: `late-${o.number}`, orderNumber: o.number, amount: o.total_incl_tax })).outcome).toBe('recorded_for_refund');
  });

  it('fulfil a paid order, refund it with a refund record; a pending order cannot be fulfilled or refunded', async () => {
    const { book, order: o } = await newOrder(3);
    expect((await act(o, 'fulfil')).statusCode).toBe(409);
    expect((await act(o, 'refund', staffToken, { reason: 'Changed mind' })).statusCode).toBe(409);
    await pay(o);
    expect(ok<OrderOut & { date_fulfilled: string }>(await act(o, 'fulfil')).status).toBe('fulfilled');
    expect((await act(o, 'cancel')).statusCode).toBe(409);
    const missing = await act(o, 'refund', staffToken, {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ fields: { reason: expect.any(String) } });
    expect(ok<OrderOut>(await act(o, 'refund', staffToken, { reason: 'Damaged in transit' })).status).toBe('refunded');
    const refunds = await t.db.kysely.selectFrom('order_refunds').select(['amount', 'reason', 'payment_id']).where('order_id', '=', o.id).execute();
    expect(refunds).toEqual([{ amount: o.total_incl_tax, reason: 'Damaged in transit', payment_id: expect.any(Number) }]);
    // Shipped units do not come back on the shelf.
    expect(await stockOf(t, book.record.id)).toEqual({ num_in_stock: 2, num_allocated: 0 });
    expect((await act(o, 'refund', staffToken, { reason: 'again' })).statusCode).toBe(409);
    // A paid order refunded before shipping puts its units back.
    const second = await newOrder(3);
    await pay(second.order);
    expect(ok<OrderOut>(await act(second.order, 'refund', staffToken, { reason: 'Out of print' })).status).toBe('refunded');
    expect(await stockOf(t, second.book.record.id)).toEqual({ num_in_stock: 3, num_allocated: 0 });
  });
});
