import { beforeAll, describe, expect, it } from 'vitest';
import { runOrderJob } from '../../../src/server/modules/orders/order-job.js';
import { markOrderPaid } from '../../../src/server/modules/orders/payment-service.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { createPhysical, createVoucher } from '../shop/factories.js';
import { ADDRESS, basketOf, checkout, ok, shipsToChina, shopper, stockOf, type OrderOut } from './factories.js';

let t: TestApp;
let shippingCode: string;
beforeAll(async () => {
  t = await createTestApp({ reservationMinutes: 10, orderPaymentMinutes: 20, paymentDevProvider: true });
  shippingCode = (await shipsToChina(t)).code;
});

const minutesFromNow = (m: number) => new Date(Date.now() + m * 60_000);
const voucherUses = async (id: number) => (await t.db.kysely.selectFrom('shop_vouchers').select('num_used').where('id', '=', id).executeTakeFirstOrThrow()).num_used;

async function orderWithVoucher() {
  const voucher = await createVoucher(t, { usage_limit: 1 });
  const buyer = await shopper(t);
  const book = await createPhysical(t, { stock: 2 });
  const basket = await basketOf(t, buyer.token, [{ product: book.product.id, quantity: 2 }]);
  ok(await t.api('POST', '/basket/add-voucher', { token: buyer.token, body: { vouchercode: voucher.code } }));
  const order = ok<OrderOut>(await checkout(t, buyer.token, { basket, shipping_address: ADDRESS, shipping_method_code: shippingCode }), 201);
  return { voucher, buyer, book, order };
}

describe('the order job', () => {
  it('shows the configured hold and payment times on the order', async () => {
    const { order } = await orderWithVoucher();
    expect(Math.round((Date.parse(order.reserved_until!) - Date.now()) / 60_000)).toBe(10);
    expect(Math.round((Date.parse(order.expires_at) - Date.now()) / 60_000)).toBe(20);
  });

  it('gives back a lapsed hold, then expires the unpaid order with its voucher use; several runs at once act once', async () => {
    const { voucher, buyer, book, order } = await orderWithVoucher();
    expect(await stockOf(t, book.record.id)).toEqual({ num_in_stock: 2, num_allocated: 2 });
    expect(await voucherUses(voucher.id)).toBe(1);

    await runOrderJob(t.app.ctx, undefined, minutesFromNow(5));
    expect(await stockOf(t, book.record.id)).toEqual({ num_in_stock: 2, num_allocated: 2 });

    const held = await Promise.all([runOrderJob(t.app.ctx, undefined, minutesFromNow(11)), runOrderJob(t.app.ctx, undefined, minutesFromNow(11))]);
    expect(held.reduce((n, r) => n + r.released, 0)).toBeGreaterThanOrEqual(1);
    expect(await stockOf(t, book.record.id)).toEqual({ num_in_stock: 2, num_allocated: 0 });
    const view = ok<OrderOut>(await t.api('GET', `/orders/${order.id}`, { token: buyer.token }));
    expect(view).toMatchObject({ status: 'pending', can_pay: true });
    expect(await voucherUses(voucher.id)).toBe(1);

    const runs = await Promise.all([runOrderJob(t.app.ctx, undefined, minutesFromNow(21)), runOrderJob(t.app.ctx, undefined, minutesFromNow(21))]);
    expect(runs.reduce((n, r) => n + r.expired, 0)).toBeGreaterThanOrEqual(1);
    expect(ok<OrderOut>(await t.api('GET', `/orders/${order.id}`, { token: buyer.token })).status).toBe('expired');
    expect(await stockOf(t, book.record.id)).toEqual({ num_in_stock: 2, num_allocated: 0 });
    expect(await voucherUses(voucher.id)).toBe(0);
    expect(await t.db.kysely.selectFrom('shop_voucher_usages').select('id').where('voucher_id', '=', voucher.id).execute()).toEqual([]);
    // The voucher can be used again by someone else.
    const next = await shopper(t);
    const other = await createPhysical(t);
    await basketOf(t, next.token, [{ product: other.product.id }]);
    expect((await t.api('POST', '/basket/add-voucher', { token: next.token, body: { vouchercode: voucher.code } })).statusCode).toBe(200);
  });

  it('leaves paid orders alone', async () => {
    const { voucher, book, order } = await orderWithVoucher();
    expect((await markOrderPaid(t.app.ctx, { provider: 'dev', providerTradeNo: `job-${order.number}`, orderNumber: order.number, amount: order.total_incl_tax })).outcome).toBe('paid');
    await runOrderJob(t.app.ctx, undefined, minutesFromNow(60));
    const row = await t.db.kysely.selectFrom('orders').select('status').where('id', '=', order.id).executeTakeFirstOrThrow();
    expect(row.status).toBe('paid');
    expect(await stockOf(t, book.record.id)).toEqual({ num_in_stock: 0, num_allocated: 0 });
    expect(await voucherUses(voucher.id)).toBe(1);
  });
});
