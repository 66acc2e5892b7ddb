import { beforeAll, describe, expect, it } from 'vitest';
import { markOrderPaid } from '../../../src/server/modules/orders/payment-service.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { createStaff, tokenFor } from '../helpers/factories.js';
import { ADDRESS, basketOf, checkout, ok, shipsToChina, shopper, stockOf, type OrderOut } from '../orders/factories.js';
import { createPhysical, createVoucher } from '../shop/factories.js';
import { expectOneWinner, race } from './race.js';

/**
 * Ten copies of one order write at once, as a double tap or two staff on one order send them: one does the work
 * and answers 2xx, the other nine get the 409 a later request gets, on SQLite and on PostgreSQL alike; the
 * ledger (refund rows, stock, voucher uses) moves once.
 */

let t: TestApp;
let staffToken: string;
let shippingCode: string;

beforeAll(async () => {
  t = await createTestApp({ paymentDevProvider: true });
  staffToken = await tokenFor(t, await createStaff(t));
  shippingCode = (await shipsToChina(t)).code;
});

/** A pending order of one book (of `stock`), with a voucher when asked. */
async function pendingOrder(stock = 5, voucherCode?: string) {
  const buyer = await shopper(t);
  const book = await createPhysical(t, { stock });
  const basket = await basketOf(t, buyer.token, [{ product: book.product.id }]);
  if (voucherCode) ok(await t.api('POST', '/basket/add-voucher', { token: buyer.token, body: { vouchercode: voucherCode } }));
  const order = ok<OrderOut>(await checkout(t, buyer.token, { basket, shipping_address: ADDRESS, shipping_method_code: shippingCode }), 201);
  return { buyer, book, order };
}

async function paidOrder(stock = 5) {
  const placed = await pendingOrder(stock);
  const { order } = placed;
  expect((await markOrderPaid(t.app.ctx, { provider: 'dev', providerTradeNo: `race-${order.number}`, orderNumber: order.number, amount: order.total_incl_tax })).outcome).toBe('paid');
  return placed;
}

const act = (o: OrderOut, action: string, token = staffToken, body?: unknown) => t.api('POST', `/orders/${o.id}/${action}`, { token, body });

const orderStatus = async (id: number) => (await t.db.kysely.selectFrom('orders').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status;

describe('ten at once', () => {
  it('refund: one 200, nine 409; one refund row, the stock back once', async () => {
    const { book, order } = await paidOrder(5);
    expect(await stockOf(t, book.record.id)).toEqual({ num_in_stock: 4, num_allocated: 0 });
    const winner = expectOneWinner(await race(() => act(order, 'refund', staffToken, { reason: 'Damaged' })), 200, 409, /An order that is refunded cannot be refunded/);
    expect(winner.json<{ status: string; refunds: unknown[] }>()).toMatchObject({ status: 'refunded', refunds: [{ status: 'succeeded' }] });
    const refunds = await t.db.kysely.selectFrom('order_refunds').select(['status', 'amount']).where('order_id', '=', order.id).execute();
    expect(refunds).toEqual([{ status: 'succeeded', amount: order.total_incl_tax }]);
    expect(await stockOf(t, book.record.id)).toEqual({ num_in_stock: 5, num_allocated: 0 });
    expect(await orderStatus(order.id)).toBe('refunded');
  });

  it('refund of a late payment alone: one 200, nine 409; the payment returned once', async () => {
    const { order } = await pendingOrder();
    ok(await act(order, 'cancel'));
    expect((await markOrderPaid(t.app.ctx, { provider: 'dev', providerTradeNo: `late-${order.number}`, orderNumber: order.number, amount: order.total_incl_tax })).outcome).toBe('recorded_for_refund');
    const payment = (await t.db.kysely.selectFrom('order_payments').select('id').where('order_id', '=', order.id).executeTakeFirstOrThrow()).id;
    expectOneWinner(await race(() => act(order, 'refund', staffToken, { reason: 'Paid too late', payment })), 200, 409, /This payment has been returned already/);
    const refunds = await t.db.kysely.selectFrom('order_refunds').select('status').where('order_id', '=', order.id).execute();
    expect(refunds).toEqual([{ status: 'succeeded' }]);
    expect(await orderStatus(order.id)).toBe('cancelled');
  });

  it('cancel: one 200, nine 409; the held stock and the voucher use given back once', async () => {
    const voucher = await createVoucher(t, { usage_limit: 5 });
    const { book, order } = await pendingOrder(5, voucher.code);
    expect(await stockOf(t, book.record.id)).toEqual({ num_in_stock: 5, num_allocated: 1 });
    const winner = expectOneWinner(await race(() => act(order, 'cancel')), 200, 409, /An order that is cancelled cannot be cancelled/);
    expect(winner.json<OrderOut>().status).toBe('cancelled');
    expect(await stockOf(t, book.record.id)).toEqual({ num_in_stock: 5, num_allocated: 0 });
    const v = await t.db.kysely.selectFrom('shop_vouchers').select('num_used').where('id', '=', voucher.id).executeTakeFirstOrThrow();
    expect(v.num_used).toBe(0);
  });

  it('fulfil: one 200, nine 409', async () => {
    const { order } = await paidOrder();
    const winner = expectOneWinner(await race(() => act(order, 'fulfil')), 200, 409, /An order that is fulfilled cannot be fulfilled/);
    expect(winner.json<OrderOut>().status).toBe('fulfilled');
    expect(await orderStatus(order.id)).toBe('fulfilled');
  });

  it('checkout of one basket: one 201, nine 409; one order, one unit held, one voucher use', async () => {
    const voucher = await createVoucher(t, { usage_limit: 5 });
    const buyer = await shopper(t);
    const book = await createPhysical(t, { stock: 5 });
    const basket = await basketOf(t, buyer.token, [{ product: book.product.id }]);
    ok(await t.api('POST', '/basket/add-voucher', { token: buyer.token, body: { vouchercode: voucher.code } }));
    const answers = await race(() => checkout(t, buyer.token, { basket, shipping_address: ADDRESS, shipping_method_code: shippingCode }));
    expectOneWinner(answers, 201, 409, /This basket has been ordered already/);
    const orders = await t.db.kysely.selectFrom('orders').select('id').where('user_id', '=', buyer.user.id).execute();
    expect(orders).toHaveLength(1);
    expect(await stockOf(t, book.record.id)).toEqual({ num_in_stock: 5, num_allocated: 1 });
    const v = await t.db.kysely.selectFrom('shop_vouchers').select('num_used').where('id', '=', voucher.id).executeTakeFirstOrThrow();
    expect(v.num_used).toBe(1);
  });
});
