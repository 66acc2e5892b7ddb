import { beforeAll, describe, expect, it } from 'vitest';
import type { StaffOrderSummary } from '../../../src/shared/api/backoffice.js';
import { backofficePaths } from '../../../src/shared/api/backoffice-paths.js';
import { markOrderPaid } from '../../../src/server/modules/orders/payment-service.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { ADDRESS, basketOf, checkout, ok, shipsToChina, shopper, type OrderOut, type Person } from '../orders/factories.js';
import { createPhysical } from '../shop/factories.js';
import { crew, type Crew } from './helpers.js';

/**
 * `GET backoffice/orders`: the orders list as the back office shows it. Each row says what the full order says
 * of the same fields (title, total, payments to return), with the filters of `GET orders`; staff only.
 */
let t: TestApp;
let people: Crew;
let buyer: Person;
let shippingCode: string;

interface Page<T> {
  count: number;
  results: T[];
}

beforeAll(async () => {
  t = await createTestApp({ paymentDevProvider: true });
  people = await crew(t);
  buyer = await shopper(t);
  shippingCode = (await shipsToChina(t)).code;
});

async function placeOrder(products: number, language?: 'zh-CN') {
  const items = [];
  for (let i = 0; i < products; i++) items.push({ product: (await createPhysical(t, { price: 1200 + i })).product.id });
  const basket = await basketOf(t, buyer.token, items);
  const res = await checkout(t, buyer.token, { basket, shipping_address: ADDRESS, shipping_method_code: shippingCode }, undefined);
  const order = ok<OrderOut>(res, 201);
  if (language) await t.db.kysely.updateTable('orders').set({ language }).where('id', '=', order.id).execute();
  return order;
}
const pay = (o: OrderOut, tradeNo = `dev-${o.number}`) => markOrderPaid(t.app.ctx, { provider: 'dev', providerTradeNo: tradeNo, orderNumber: o.number, amount: o.total_incl_tax });
const summaries = async (query: Record<string, string> = {}) => ok<Page<StaffOrderSummary>>(await t.api('GET', backofficePaths.orders, { token: people.staff.token, query }));
const fullOrders = async (query: Record<string, string> = {}) => ok<Page<StaffOrderSummary & Record<string, unknown>>>(await t.api('GET', '/orders', { token: people.staff.token, query }));
const fieldsOf = (o: Record<string, unknown>) => ({
  id: o.id,
  number: o.number,
  user: o.user,
  status: o.status,
  currency: o.currency,
  total_incl_tax: o.total_incl_tax,
  payment_method: o.payment_method,
  date_placed: o.date_placed,
  title: o.title,
  payments_to_return: o.payments_to_return,
});

describe('the staff orders list', () => {
  it('answers staff only: 401 for a guest, 403 for a reader', async () => {
    expect((await t.api('GET', backofficePaths.orders)).statusCode).toBe(401);
    expect((await t.api('GET', backofficePaths.orders, { token: people.reader.token })).statusCode).toBe(403);
  });

  it('names a bad filter', async () => {
    for (const [field, value] of [
      ['status', 'lost'],
      ['payment_method', 'cheque'],
      ['placed_after', 'yesterday'],
      ['user', '-1'],
      ['page_size', '0'],
    ]) {
      const res = await t.api('GET', backofficePaths.orders, { token: people.staff.token, query: { [field]: value } });
      expect(res.statusCode, field).toBe(400);
      expect(res.json().fields, field).toHaveProperty(field);
    }
  });

  it('says of each order what the full order says: title, total, status and payments to return', async () => {
    const one = await placeOrder(1);
    const two = await placeOrder(2);
    const three = await placeOrder(3, 'zh-CN');
    await pay(two);
    // Money that reached a cancelled order waits for its return.
    ok(await t.api('POST', `/orders/${three.id}/cancel`, { token: people.staff.token }));
    expect((await pay(three, `late-${three.number}`)).outcome).toBe('recorded_for_refund');

    const query = { user: String(buyer.user.id) };
    const listed = await summaries(query);
    const full = await fullOrders(query);
    expect(listed.count).toBe(full.count);
    expect(listed.results).toEqual(full.results.map(fieldsOf));
    const byId = new Map(listed.results.map((o) => [o.id, o]));
    expect(byId.get(one.id)).toMatchObject({ status: 'pending', payments_to_return: 0, title: one.lines[0]!.title });
    expect(byId.get(two.id)).toMatchObject({ status: 'paid', title: `${two.lines[0]!.title} and 1 more` });
    expect(byId.get(three.id)).toMatchObject({ status: 'cancelled', payments_to_return: 1, title: `${three.lines[0]!.title} 等 3 件商品` });
  });

  it('filters as GET orders does, newest first, and pages', async () => {
    const paid = await placeOrder(1);
    await pay(paid);
    const queries: Record<string, string>[] = [{ status: 'paid' }, { status: 'pending', payment_method: 'dev' }, { number: paid.number }, { placed_after: new Date(Date.now() - 60_000).toISOString() }, { page_size: '2', page: '2' }];
    for (const query of queries) {
      const listed = await summaries(query);
      const full = await fullOrders(query);
      expect(listed.results.map((o) => o.id), JSON.stringify(query)).toEqual(full.results.map((o) => o.id));
      expect(listed.count, JSON.stringify(query)).toBe(full.count);
    }
    const ids = (await summaries()).results.map((o) => o.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    expect((await summaries({ number: paid.number })).results).toEqual([expect.objectContaining({ id: paid.id, status: 'paid' })]);
  });
});
