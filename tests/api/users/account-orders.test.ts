import { beforeAll, describe, expect, it } from 'vitest';
import { markOrderPaid } from '../../../src/server/modules/orders/payment-service.js';
import type { TestApp } from '../helpers/app.js';
import { createStaff, tokenFor } from '../helpers/factories.js';
import { ADDRESS, basketOf, checkout, newKey, ok, shipsToChina, shopper, stockOf, type OrderOut, type Person } from '../orders/factories.js';
import { createPaymentsApp, notify, paymentRows, providerKeys } from '../payments/helpers.js';
import { createOtherProduct, createPhysical, createVoucher } from '../shop/factories.js';
import { alipayNotificationBody, alipayNotificationParams } from '../../unit/payments/fixtures.js';

let t: TestApp;
let staffToken: string;
let shippingCode: string;
let trade = 0;
const tradeNo = () => `D${process.pid}${Date.now()}${(trade += 1)}`;
const keys = providerKeys();

beforeAll(async () => {
  t = await createPaymentsApp({ paymentDevProvider: true });
  staffToken = await tokenFor(t, await createStaff(t));
  shippingCode = (await shipsToChina(t)).code;
});

const deleteAccount = (person: Person) => t.api('DELETE', `/user/profile/${person.user.id}`, { token: person.token });
const orderRow = (id: number) => t.db.kysely.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirst();
const linesOf = (id: number) => t.db.kysely.selectFrom('order_lines').select(['id', 'quantity']).where('order_id', '=', id).execute();
const voucherOf = (id: number) => t.db.kysely.selectFrom('shop_vouchers').select('num_used').where('id', '=', id).executeTakeFirstOrThrow();
const usesOf = (id: number) => t.db.kysely.selectFrom('shop_voucher_usages').select(['user_id', 'reference']).where('voucher_id', '=', id).execute();

/** A pending order of `quantity` units of a new book, bought with quick checkout (shipped, paid with `dev`). */
async function quickBook(buyer: Person, quantity: number) {
  const book = await createPhysical(t, { stock: 10, price: 5000 });
  const order = ok<OrderOut>(
    await t.api('POST', '/quick_checkout', {
      token: buyer.token,
      headers: { 'idempotency-key': newKey() },
      body: { product: book.product.id, quantity, shipping_address: ADDRESS, shipping_method_code: shippingCode, payment_method: 'dev' },
    }),
    201,
  );
  return { book, order };
}

/** A pending basket order of one new book with a new voucher (10% off). */
async function voucherOrder(buyer: Person) {
  const book = await createPhysical(t, { stock: 5, price: 5000 });
  const voucher = await createVoucher(t);
  const basket = await basketOf(t, buyer.token, [{ product: book.product.id }]);
  ok(await t.api('POST', '/basket/add-voucher', { token: buyer.token, body: { vouchercode: voucher.code } }));
  const order = ok<OrderOut>(await checkout(t, buyer.token, { basket, shipping_address: ADDRESS, shipping_method_code: shippingCode }, newKey()), 201);
  expect(order.voucher_code).toBe(voucher.code);
  return { book, voucher, order };
}

async function paidDownload(buyer: Person) {
  const product = await createOtherProduct(t, 'digital', { price: 1900 });
  const order = ok<OrderOut>(await t.api('POST', '/quick_checkout', { token: buyer.token, headers: { 'idempotency-key': newKey() }, body: { product: product.id, payment_method: 'dev' } }), 201);
  expect((await markOrderPaid(t.app.ctx, { provider: 'dev', providerTradeNo: tradeNo(), orderNumber: order.number, amount: order.total_incl_tax })).outcome).toBe('paid');
  return order;
}

describe('deleting an account that has orders', () => {
  it('cancels its pending orders (stock and voucher uses given back) and keeps every order, line and payment without the owner', async () => {
    const buyer = await shopper(t);
    const held = await quickBook(buyer, 3);
    expect(held.order.status).toBe('pending');
    expect(await stockOf(t, held.book.record.id)).toEqual({ num_in_stock: 10, num_allocated: 3 });
    const digital = await paidDownload(buyer);
    const claimed = await voucherOrder(buyer);
    expect(await voucherOf(claimed.voucher.id)).toEqual({ num_used: 1 });
    const spent = await voucherOrder(buyer);
    expect((await markOrderPaid(t.app.ctx, { provider: 'alipay', providerTradeNo: tradeNo(), orderNumber: spent.order.number, amount: spent.order.total_incl_tax })).outcome).toBe('paid');
    const before = await Promise.all([held.order, digital, claimed.order, spent.order].map(async (o) => ({ lines: await linesOf(o.id), payments: await paymentRows(t, o.id) })));

    const res = await deleteAccount(buyer);
    expect(res.statusCode, res.body).toBe(204);
    expect(await t.db.kysely.selectFrom('users').select('id').where('id', '=', buyer.user.id).executeTakeFirst()).toBeUndefined();

    // Every order stays, with its lines and payments, owned by nobody.
    for (const [i, o] of [held.order, digital, claimed.order, spent.order].entries()) {
      const row = await orderRow(o.id);
      expect(row, `order ${o.number}`).toMatchObject({ id: o.id, number: o.number, user_id: null, total: o.total_incl_tax });
      expect(await linesOf(o.id)).toEqual(before[i].lines);
      expect(await paymentRows(t, o.id)).toEqual(before[i].payments);
    }
    expect((await orderRow(digital.id))?.status).toBe('paid');
    expect((await orderRow(spent.order.id))?.status).toBe('paid');
    expect(await paymentRows(t, digital.id)).toEqual([expect.objectContaining({ provider: 'dev', outcome: 'paid', amount: digital.total_incl_tax })]);

    // The pending orders are cancelled as a cancel does: the units held go back, and the voucher use.
    expect(await orderRow(held.order.id)).toMatchObject({ status: 'cancelled', reserved_until: null });
    expect(await stockOf(t, held.book.record.id)).toEqual({ num_in_stock: 10, num_allocated: 0 });
    const holds = await t.db.kysely.selectFrom('order_stock_reservations').select(['state', 'quantity']).where('order_id', '=', held.order.id).execute();
    expect(holds).toEqual([{ state: 'released', quantity: 3 }]);
    expect(await orderRow(claimed.order.id)).toMatchObject({ status: 'cancelled', voucher_claimed: 0 });
    expect(await stockOf(t, claimed.book.record.id)).toEqual({ num_in_stock: 5, num_allocated: 0 });
    expect(await voucherOf(claimed.voucher.id)).toEqual({ num_used: 0 });
    expect(await usesOf(claimed.voucher.id)).toEqual([]);
    // A paid order's voucher use still counts, kept without its user.
    expect(await voucherOf(spent.voucher.id)).toEqual({ num_used: 1 });
    expect(await usesOf(spent.voucher.id)).toEqual([{ user_id: null, reference: `order:${spent.order.id}` }]);
    expect(await stockOf(t, spent.book.record.id)).toEqual({ num_in_stock: 4, num_allocated: 0 });
  });

  it('records a late Alipay notification for a cancelled order of a deleted account for refund', async () => {
    const buyer = await shopper(t);
    const { order } = await quickBook(buyer, 1);
    expect((await deleteAccount(buyer)).statusCode).toBe(204);
    const amount = (order.total_incl_tax / 100).toFixed(2);
    const body = alipayNotificationBody(alipayNotificationParams({ out_trade_no: order.number, total_amount: amount, trade_no: 'A-after-delete' }), keys.alipayPlatform.privateKey);
    const res = await notify(t, '/pay/alipay/notify', body, { 'content-type': 'application/x-www-form-urlencoded; charset=utf-8' });
    expect(res.body).toBe('success');
    expect((await orderRow(order.id))?.status).toBe('cancelled');
    expect(await paymentRows(t, order.id)).toEqual([{ provider: 'alipay', provider_trade_no: 'A-after-delete', amount: order.total_incl_tax, outcome: 'refund_due' }]);
  });

  it('records a test payment made from a link of the deleted buyer for refund', async () => {
    const buyer = await shopper(t);
    const { order } = await quickBook(buyer, 2);
    const start = ok<{ url: string }>(await t.api('GET', `/pay/order/${order.id}/payment/1/update`, { token: buyer.token }));
    const token = new URL(start.url).searchParams.get('token')!;
    expect((await deleteAccount(buyer)).statusCode).toBe(204);
    const res = await t.app.inject({ method: 'POST', url: '/dev/pay', payload: new URLSearchParams({ token, action: 'pay' }).toString(), headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expect(res.statusCode, res.body).toBeLessThan(400);
    expect((await orderRow(order.id))?.status).toBe('cancelled');
    expect(await paymentRows(t, order.id)).toEqual([{ provider: 'dev', provider_trade_no: expect.stringMatching(/^DEV-/), amount: order.total_incl_tax, outcome: 'refund_due' }]);
  });

  it('lets staff list, read and refund the order without an owner; the deleted buyer reaches nothing', async () => {
    const buyer = await shopper(t);
    const order = await paidDownload(buyer);
    expect((await deleteAccount(buyer)).statusCode).toBe(204);

    const listed = ok<{ count: number; results: (OrderOut & { refunds: unknown[] })[] }>(await t.api('GET', '/orders', { token: staffToken, query: { number: order.number } }));
    expect(listed.count).toBe(1);
    expect(listed.results[0]).toMatchObject({ id: order.id, number: order.number, user: null, status: 'paid', refunds: [] });
    const read = ok<OrderOut>(await t.api('GET', `/orders/${order.id}`, { token: staffToken }));
    expect(read).toMatchObject({ id: order.id, user: null, lines: [expect.objectContaining({ quantity: 1 })] });
    const lines = ok<{ count: number }>(await t.api('GET', '/orderlines', { token: staffToken, query: { order: String(order.id) } }));
    expect(lines.count).toBe(1);

    const refunded = await t.api('POST', `/orders/${order.id}/refund`, { token: staffToken, body: { reason: 'Account closed' }, headers: { 'idempotency-key': newKey() } });
    expect(refunded.statusCode, refunded.body).toBe(200);
    expect(refunded.json<OrderOut>()).toMatchObject({ status: 'refunded', user: null });
    const refunds = await t.db.kysely.selectFrom('order_refunds').select(['status', 'amount']).where('order_id', '=', order.id).execute();
    expect(refunds).toEqual([{ status: 'succeeded', amount: order.total_incl_tax }]);

    // The buyer's session ended with the account; another shopper is not its owner either.
    expect((await t.api('GET', `/orders/${order.id}`, { token: buyer.token })).statusCode).toBe(401);
    const other = await shopper(t);
    expect((await t.api('GET', `/orders/${order.id}`, { token: other.token })).statusCode).toBe(404);
    expect(ok<{ count: number }>(await t.api('GET', '/orders', { token: other.token })).count).toBe(0);
  });
});
