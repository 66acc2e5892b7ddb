import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { listOutbox } from '../../../src/server/platform/mail.js';
import { markOrderPaid, payableOrder } from '../../../src/server/modules/orders/payment-service.js';
import { staffGrantCourse } from '../../../src/server/modules/courses/progress-service.js';
import { runOrderJob } from '../../../src/server/modules/orders/order-job.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { createMembershipProduct, createStaff, tokenFor } from '../helpers/factories.js';
import { createCourse } from '../courses/factories.js';
import { createPhysical } from '../shop/factories.js';
import { ADDRESS, basketOf, checkout, ok, shipsToChina, shopper, stockOf, type OrderOut, type Person } from './factories.js';

let t: TestApp;
let staffToken: string;
let shippingCode: string;
let trade = 0;
const tradeNo = () => `T${process.pid}${Date.now()}${(trade += 1)}`;

beforeAll(async () => {
  t = await createTestApp({ paymentDevProvider: true });
  staffToken = await tokenFor(t, await createStaff(t));
  shippingCode = (await shipsToChina(t)).code;
});

async function bookOrder(buyer: Person, stock = 5, quantity = 1) {
  const book = await createPhysical(t, { stock, price: 5000 });
  const basket = await basketOf(t, buyer.token, [{ product: book.product.id, quantity }]);
  const order = ok<OrderOut>(await checkout(t, buyer.token, { basket, shipping_address: ADDRESS, shipping_method_code: shippingCode }), 201);
  return { book, order };
}

const paid = (order: OrderOut, provider: 'alipay' | 'wechatpay' | 'dev' = 'alipay', no = tradeNo()) => ({ provider, providerTradeNo: no, orderNumber: order.number, amount: order.total_incl_tax });

describe('markOrderPaid', () => {
  it('pays a pending order once: stock sold, the order paid, a repeat changes nothing', async () => {
    const buyer = await shopper(t);
    const { book, order } = await bookOrder(buyer, 5, 2);
    const receipt = paid(order);
    expect(await markOrderPaid(t.app.ctx, receipt)).toEqual({ outcome: 'paid', orderId: order.id });
    expect(await stockOf(t, book.record.id)).toEqual({ num_in_stock: 3, num_allocated: 0 });
    const view = ok<OrderOut & { date_paid: string | null }>(await t.api('GET', `/orders/${order.id}`, { token: buyer.token }));
    expect(view).toMatchObject({ status: 'paid', can_pay: false, reserved_until: null });
    expect(view.date_paid).not.toBeNull();
    expect(await markOrderPaid(t.app.ctx, receipt)).toEqual({ outcome: 'already_paid', orderId: order.id });
    expect(await stockOf(t, book.record.id)).toEqual({ num_in_stock: 3, num_allocated: 0 });
    const payments = await t.db.kysely.selectFrom('order_payments').selectAll().where('order_id', '=', order.id).execute();
    expect(payments.map((p) => [p.provider, p.outcome, p.amount])).toEqual([['alipay', 'paid', order.total_incl_tax]]);
  });

  it('makes exactly one transition for identical notifications at the same moment', async () => {
    const buyer = await shopper(t);
    const { book, order } = await bookOrder(buyer, 4);
    const receipt = paid(order, 'wechatpay');
    const outcomes = await Promise.all(Array.from({ length: 5 }, () => markOrderPaid(t.app.ctx, receipt)));
    expect(outcomes.map((o) => o.outcome).sort()).toEqual(['already_paid', 'already_paid', 'already_paid', 'already_paid', 'paid']);
    expect(await stockOf(t, book.record.id)).toEqual({ num_in_stock: 3, num_allocated: 0 });
  });

  it('records a second payment of a paid order for refund, and never reverts the order', async () => {
    const buyer = await shopper(t);
    const { order } = await bookOrder(buyer);
    const [a, b] = await Promise.all([markOrderPaid(t.app.ctx, paid(order, 'alipay')), markOrderPaid(t.app.ctx, paid(order, 'wechatpay'))]);
    expect([a.outcome, b.outcome].sort()).toEqual(['paid', 'recorded_for_refund']);
    const outcomes = await t.db.kysely.selectFrom('order_payments').select('outcome').where('order_id', '=', order.id).execute();
    expect(outcomes.map((p) => p.outcome).sort()).toEqual(['paid', 'refund_due']);
    expect(ok<OrderOut>(await t.api('GET', `/orders/${order.id}`, { token: buyer.token })).status).toBe('paid');
  });

  it('refuses a wrong amount naming it, an unknown order, a bad receipt', async () => {
    const buyer = await shopper(t);
    const { order } = await bookOrder(buyer);
    await expect(markOrderPaid(t.app.ctx, { ...paid(order), amount: order.total_incl_tax - 1 })).rejects.toMatchObject({ status: 400, fields: { amount: expect.any(String) } });
    await expect(markOrderPaid(t.app.ctx, { ...paid(order), orderNumber: '999999999' })).rejects.toMatchObject({ status: 404, message: 'Order not found.' });
    await expect(markOrderPaid(t.app.ctx, { ...paid(order), providerTradeNo: '' })).rejects.toMatchObject({ status: 400, fields: { providerTradeNo: expect.any(String) } });
    expect(ok<OrderOut>(await t.api('GET', `/orders/${order.id}`, { token: buyer.token })).status).toBe('pending');
    expect(await t.db.kysely.selectFrom('order_payments').select('id').where('order_id', '=', order.id).execute()).toEqual([]);
  });

  it('records a payment for an expired order for refund and changes nothing else', async () => {
    const buyer = await shopper(t);
    const { book, order } = await bookOrder(buyer, 2);
    await runOrderJob(t.app.ctx, undefined, new Date(Date.now() + 31 * 60_000));
    expect(ok<OrderOut>(await t.api('GET', `/orders/${order.id}`, { token: buyer.token })).status).toBe('expired');
    expect(await stockOf(t, book.record.id)).toEqual({ num_in_stock: 2, num_allocated: 0 });
    const receipt = paid(order);
    expect((await markOrderPaid(t.app.ctx, receipt)).outcome).toBe('recorded_for_refund');
    expect((await markOrderPaid(t.app.ctx, receipt)).outcome).toBe('recorded_for_refund');
    expect(ok<OrderOut>(await t.api('GET', `/orders/${order.id}`, { token: buyer.token })).status).toBe('expired');
    expect(await stockOf(t, book.record.id)).toEqual({ num_in_stock: 2, num_allocated: 0 });
    const rows = await t.db.kysely.selectFrom('order_payments').select('outcome').where('order_id', '=', order.id).execute();
    expect(rows).toEqual([{ outcome: 'refund_due' }]);
    // Staff record the refund of that late payment; the order stays expired.
    const refunded = ok<OrderOut>(await t.api('POST', `/orders/${order.id}/refund`, { token: staffToken, body: { reason: 'Paid after expiry' } }));
    expect(refunded.status).toBe('expired');
    expect(await t.db.kysely.selectFrom('order_refunds').select('amount').where('order_id', '=', order.id).execute()).toEqual([{ amount: order.total_incl_tax }]);
  });

  it('refunds a payment that arrived after the order was refunded, once; the order stays refunded', async () => {
    const buyer = await shopper(t);
    const plan = await createMembershipProduct(t, { price: 2200 });
    const order = ok<OrderOut>(await t.api('POST', '/quick_checkout', { token: buyer.token, body: { membership_product: plan.id, payment_method: 'dev' } }), 201);
    expect((await markOrderPaid(t.app.ctx, paid(order, 'dev'))).outcome).toBe('paid');
    const refund = () => t.api('POST', `/orders/${order.id}/refund`, { token: staffToken, body: { reason: 'Changed their mind' } });
    expect(ok<OrderOut>(await refund()).status).toBe('refunded');
    expect((await refund()).statusCode).toBe(409);

    // The provider reports a second, genuine payment (another trade number) after the refund.
    expect((await markOrderPaid(t.app.ctx, paid(order, 'dev'))).outcome).toBe('recorded_for_refund');
    const payments = await t.db.kysely.selectFrom('order_payments').select(['id', 'outcome']).where('order_id', '=', order.id).orderBy('id').execute();
    expect(payments.map((p) => p.outcome)).toEqual(['paid', 'refund_due']);
    expect(ok<OrderOut>(await refund()).status).toBe('refunded');
    const refunds = await t.db.kysely.selectFrom('order_refunds').select(['payment_id', 'status', 'amount']).where('order_id', '=', order.id).orderBy('id').execute();
    expect(refunds).toEqual(payments.map((p) => ({ payment_id: p.id, status: 'succeeded', amount: 2200 })));
    // Nothing more is due: a further refund is refused and records nothing.
    const again = await refund();
    expect(again.statusCode).toBe(409);
    expect(again.json<{ message: string }>().message).toContain('refunded');
    expect(await t.db.kysely.selectFrom('order_refunds').select('id').where('order_id', '=', order.id).execute()).toHaveLength(2);
  });

  it('takes the units again when the hold lapsed but they are still there; cancels and records for refund when they are gone', async () => {
    const buyer = await shopper(t);
    const { book, order } = await bookOrder(buyer, 1);
    await runOrderJob(t.app.ctx, undefined, new Date(Date.now() + 16 * 60_000));
    expect(await stockOf(t, book.record.id)).toEqual({ num_in_stock: 1, num_allocated: 0 });
    expect((await markOrderPaid(t.app.ctx, paid(order))).outcome).toBe('paid');
    expect(await stockOf(t, book.record.id)).toEqual({ num_in_stock: 0, num_allocated: 0 });

    const second = await shopper(t);
    const late = await bookOrder(second, 1);
    await runOrderJob(t.app.ctx, undefined, new Date(Date.now() + 16 * 60_000));
    const third = await shopper(t);
    const basket = await basketOf(t, third.token, [{ product: late.book.product.id }]);
    ok(await checkout(t, third.token, { basket, shipping_address: ADDRESS, shipping_method_code: shippingCode }), 201);
    expect((await markOrderPaid(t.app.ctx, paid(late.order))).outcome).toBe('recorded_for_refund');
    expect(ok<OrderOut>(await t.api('GET', `/orders/${late.order.id}`, { token: second.token })).status).toBe('cancelled');
    expect(await stockOf(t, late.book.record.id)).toEqual({ num_in_stock: 1, num_allocated: 1 });
  });

  it('grants a membership and a course exactly once, and mails the confirmation once in the buyer’s language', async () => {
    const buyer = await shopper(t);
    const plan = await createMembershipProduct(t, { price: 3000, period_unit: 'day', period_count: 30 });
    const course = await createCourse(t, staffToken, { access: 'purchase' });
    const courseProduct = ok<{ id: number }>(await t.api('POST', '/course_product', { token: staffToken, body: { course_id: course.id, name: 'Lifetime', price: 4900 } }), 201);
    const membershipOrder = ok<OrderOut>(
      await t.api('POST', '/quick_checkout', { token: buyer.token, body: { membership_product: plan.id, payment_method: 'dev' }, headers: { 'accept-language': 'zh-CN' } }),
      201,
    );
    const courseOrder = ok<OrderOut>(await t.api('POST', '/quick_checkout', { token: buyer.token, body: { course_product: courseProduct.id, payment_method: 'dev' }, headers: { 'accept-language': 'en' } }), 201);
    expect(courseOrder.title).toBe(`${String(course.title)}: Lifetime`);
    const named = ok<{ id: number }>(await t.api('POST', '/course_product', { token: staffToken, body: { course_id: course.id, name: `${String(course.title)}: lifetime access`, price: 5900 } }), 201);
    const namedOrder = ok<OrderOut>(await t.api('POST', '/quick_checkout', { token: (await shopper(t)).token, body: { course_product: named.id, payment_method: 'dev' } }), 201);
    expect(namedOrder.title).toBe(`${String(course.title)}: lifetime access`);
    for (const o of [membershipOrder, courseOrder]) {
      const receipt = paid(o, 'dev');
      const outcomes = await Promise.all([markOrderPaid(t.app.ctx, receipt), markOrderPaid(t.app.ctx, receipt)]);
      expect(outcomes.map((x) => x.outcome).sort()).toEqual(['already_paid', 'paid']);
    }
    const grants = await t.db.kysely
      .selectFrom('membership_grants as g')
      .innerJoin('subscriptions as s', 's.id', 'g.subscription_id')
      .innerJoin('user_memberships as um', 'um.id', 's.user_membership_id')
      .select(['g.source', 'um.user_id', 'g.product_id'])
      .where('g.source_key', 'like', `order:${membershipOrder.number}/%`)
      .execute();
    expect(grants).toEqual([{ source: 'order', user_id: buyer.user.id, product_id: plan.id }]);
    const courseGrants = await t.db.kysely.selectFrom('course_grants').select(['user_id', 'course_id', 'source']).where('source_key', 'like', `order:${courseOrder.number}/%`).execute();
    expect(courseGrants).toEqual([{ user_id: buyer.user.id, course_id: course.id, source: 'order' }]);
    expect(ok<{ enrolled: boolean }>(await t.api('GET', `/course/${course.id}`, { token: buyer.token })).enrolled).toBe(true);

    const mails = listOutbox(path.join(t.config.dataDir, 'mail')).filter((m) => m.to === buyer.user.email);
    const zh = mails.filter((m) => m.subject.includes(membershipOrder.number));
    const en = mails.filter((m) => m.subject.includes(courseOrder.number));
    expect(zh).toHaveLength(1);
    expect(zh[0].subject).toContain('已付款');
    expect(zh[0].subject).not.toContain('is paid');
    expect(en).toHaveLength(1);
    expect(en[0].subject).toContain('is paid');
    expect(en[0].text).toContain('Open now:');
    // The job finds nothing left to finish for these orders.
    await runOrderJob(t.app.ctx);
    expect(listOutbox(path.join(t.config.dataDir, 'mail')).filter((m) => m.to === buyer.user.email)).toHaveLength(2);
  });
});

describe('payableOrder', () => {
  it('answers the owner, staff and trusted calls, and 404 for anyone else', async () => {
    const buyer = await shopper(t);
    const { order } = await bookOrder(buyer);
    const other = await shopper(t);
    const expected = { id: order.id, number: order.number, status: 'pending', total: order.total_incl_tax, currency: 'CNY', user_id: buyer.user.id, payment_method: 'dev', expires_at: order.expires_at, title: order.title, buys_held_course: false };
    expect(await payableOrder(t.app.ctx, null, { number: order.number })).toEqual(expected);
    const actor = { id: buyer.user.id, role: buyer.user.role, username: buyer.user.username, email: buyer.user.email, display_name: buyer.user.display_name, avatar: buyer.user.avatar };
    expect(await payableOrder(t.app.ctx, actor, { id: order.id })).toEqual(expected);
    await expect(payableOrder(t.app.ctx, { ...actor, id: other.user.id }, { id: order.id })).rejects.toMatchObject({ status: 404 });
    await expect(payableOrder(t.app.ctx, { ...actor, id: other.user.id, role: 'staff' }, { id: order.id })).resolves.toEqual(expected);
    await expect(payableOrder(t.app.ctx, null, { number: 'nope' })).rejects.toMatchObject({ status: 404 });
  });

  it('takes no second payment for a course the buyer holds: a new order is refused, older unpaid ones close', async () => {
    const buyer = await shopper(t);
    const course = await createCourse(t, staffToken, { access: 'purchase' });
    const product = ok<{ id: number }>(await t.api('POST', '/course_product', { token: staffToken, body: { course_id: course.id, name: 'Lifetime', price: 4900 } }), 201);
    const order = () => t.api('POST', '/quick_checkout', { token: buyer.token, body: { course_product: product.id, payment_method: 'dev' } });
    const first = ok<OrderOut>(await order(), 201);
    const second = ok<OrderOut>(await order(), 201);
    expect((await markOrderPaid(t.app.ctx, paid(first, 'dev'))).outcome).toBe('paid');
    // The other unpaid order for the course closed with the payment; a new one is refused, naming the field.
    expect(ok<OrderOut>(await t.api('GET', `/orders/${second.id}`, { token: buyer.token })).status).toBe('cancelled');
    const third = await order();
    expect(third.statusCode).toBe(409);
    expect(third.json()).toMatchObject({ fields: { course_product: 'You have this course already.' } });

    // Held another way (staff gave it) while an order was open: it cannot be started, and money that still
    // arrives is recorded for refund, the order cancelled.
    const other = await shopper(t);
    const open = ok<OrderOut>(await t.api('POST', '/quick_checkout', { token: other.token, body: { course_product: product.id, payment_method: 'dev' } }), 201);
    await staffGrantCourse(t.app.ctx, course.id, { user_id: other.user.id, reference: 'gift' });
    const start = await t.api('GET', `/pay/order/${open.id}/payment/1/update`, { token: other.token });
    expect(start.statusCode).toBe(409);
    expect(start.json().message).toContain('You have this course already');
    expect((await markOrderPaid(t.app.ctx, paid(open, 'dev'))).outcome).toBe('recorded_for_refund');
    expect(ok<OrderOut>(await t.api('GET', `/orders/${open.id}`, { token: other.token })).status).toBe('cancelled');
  });
});

describe('a second payment of a paid order', () => {
  type Staffed = OrderOut & { status: string; payments_to_return: number; payments?: Array<{ id: number; outcome: string; refunded: boolean }>; refunds?: Array<{ payment: number; status: string }> };
  it('shows to the buyer and staff, and staff return it alone, the order staying paid', async () => {
    const buyer = await shopper(t);
    const { order } = await bookOrder(buyer);
    expect((await markOrderPaid(t.app.ctx, paid(order, 'dev'))).outcome).toBe('paid');
    expect((await markOrderPaid(t.app.ctx, paid(order, 'dev'))).outcome).toBe('recorded_for_refund');

    const own = ok<Staffed>(await t.api('GET', `/orders/${order.id}`, { token: buyer.token }));
    expect(own.payments_to_return).toBe(1);
    expect(own.payments).toBeUndefined();
    const seen = ok<Staffed>(await t.api('GET', `/orders/${order.id}`, { token: staffToken }));
    expect(seen.payments!.map((p) => [p.outcome, p.refunded])).toEqual([['paid', false], ['refund_due', false]]);
    const [settling, late] = seen.payments!;

    const refund = (body: unknown) => t.api('POST', `/orders/${order.id}/refund`, { token: staffToken, body });
    const wrong = await refund({ reason: 'Paid twice', payment: settling.id });
    expect(wrong.statusCode).toBe(409);
    expect(wrong.json().fields).toEqual({ payment: 'This payment settled the order: refund the order, without a payment, to return it.' });
    const unknown = await refund({ reason: 'Paid twice', payment: 2147483000 });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().fields).toHaveProperty('payment');

    const done = ok<Staffed>(await refund({ reason: 'Paid twice', payment: late.id }));
    expect(done.status).toBe('paid');
    expect(done.payments_to_return).toBe(0);
    expect(done.payments!.map((p) => p.refunded)).toEqual([false, true]);
    expect(done.refunds!.map((r) => [r.payment, r.status])).toEqual([[late.id, 'succeeded']]);
    const again = await refund({ reason: 'Again', payment: late.id });
    expect(again.statusCode).toBe(409);
    expect(again.json().fields).toEqual({ payment: 'This payment has been returned already.' });

    // The whole order later: only the settling payment is still to return.
    const whole = ok<Staffed>(await refund({ reason: 'Returned the book' }));
    expect(whole.status).toBe('refunded');
    expect(whole.refunds!.map((r) => [r.payment, r.status])).toEqual([[late.id, 'succeeded'], [settling.id, 'succeeded']]);
  });
});
