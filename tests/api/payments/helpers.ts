import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import type { Config } from '../../../src/server/config.js';
import type { PaymentMethod } from '../../../src/shared/api/payments-paths.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { createUser, tokenFor } from '../helpers/factories.js';
import { ADDRESS } from '../orders/factories.js';
import { createOtherProduct, createPhysical } from '../shop/factories.js';
import { providerEnv, providerKeys, testConfig } from '../../unit/payments/fixtures.js';

export { providerKeys };

/** An app with Alipay, WeChat Pay (its gateway at `wechatGateway`) and, when asked, the test payment page. */
export async function createPaymentsApp(overrides: Partial<Config> = {}, wechatGateway?: string): Promise<TestApp> {
  const keyed = testConfig(providerEnv(providerKeys(), wechatGateway));
  return createTestApp({ alipay: keyed.alipay, wechatpay: keyed.wechatpay, currency: 'CNY', ...overrides });
}

export interface Buyer {
  user: Awaited<ReturnType<typeof createUser>>;
  token: string;
}

export async function createBuyer(t: TestApp): Promise<Buyer> {
  const user = await createUser(t);
  return { user, token: await tokenFor(t, user) };
}

export interface PlacedOrder {
  id: number;
  number: string;
  total: number;
  status: string;
}

/** A pending order of one digital product, placed through the orders module's quick checkout. */
export async function placeOrder(t: TestApp, buyer: Buyer, paymentMethod: PaymentMethod, price = 9900): Promise<PlacedOrder> {
  const product = await createOtherProduct(t, 'digital', { price });
  const res = await t.api('POST', '/quick_checkout', {
    token: buyer.token,
    headers: { 'idempotency-key': randomUUID() },
    body: { product: product.id, payment_method: paymentMethod },
  });
  expect(res.statusCode, res.body).toBe(201);
  const order = res.json<PlacedOrder & { total_incl_tax: number }>();
  return { id: order.id, number: order.number, total: order.total_incl_tax, status: order.status };
}

export async function orderRow(t: TestApp, id: number) {
  return t.db.kysely.selectFrom('orders').select(['status', 'paid_at']).where('id', '=', id).executeTakeFirstOrThrow();
}

export async function paymentRows(t: TestApp, orderId: number) {
  return t.db.kysely.selectFrom('order_payments').select(['provider', 'provider_trade_no', 'amount', 'outcome']).where('order_id', '=', orderId).orderBy('id').execute();
}

/** Posts to a notify route the way a provider does: the raw body with its own content type. */
export function notify(t: TestApp, path: string, body: string, headers: Record<string, string>) {
  return t.app.inject({ method: 'POST', url: `/api/v2${path}`, payload: body, headers });
}

/** A pending order of one book held in stock (a reservation), so a refusal can be checked against stock too. */
export async function placeStockedOrder(t: TestApp, buyer: Buyer, paymentMethod: PaymentMethod, shippingCode: string): Promise<PlacedOrder & { stockRecordId: number }> {
  const book = await createPhysical(t, { stock: 10, price: 5000 });
  const res = await t.api('POST', '/quick_checkout', {
    token: buyer.token,
    headers: { 'idempotency-key': randomUUID() },
    body: { product: book.product.id, quantity: 2, shipping_address: ADDRESS, shipping_method_code: shippingCode, payment_method: paymentMethod },
  });
  expect(res.statusCode, res.body).toBe(201);
  const order = res.json<PlacedOrder & { total_incl_tax: number }>();
  return { id: order.id, number: order.number, total: order.total_incl_tax, status: order.status, stockRecordId: book.record.id };
}

/** Everything a notification could change about an order: the order row, its payments, its stock and holds. */
export async function orderFootprint(t: TestApp, order: { id: number; stockRecordId: number }) {
  const db = t.db.kysely;
  return {
    order: await db.selectFrom('orders').selectAll().where('id', '=', order.id).executeTakeFirstOrThrow(),
    payments: await db.selectFrom('order_payments').selectAll().where('order_id', '=', order.id).orderBy('id').execute(),
    stock: await db.selectFrom('shop_stock_records').select(['num_in_stock', 'num_allocated', 'updated_at']).where('id', '=', order.stockRecordId).executeTakeFirstOrThrow(),
    holds: await db.selectFrom('order_stock_reservations').selectAll().where('order_id', '=', order.id).orderBy('id').execute(),
  };
}
