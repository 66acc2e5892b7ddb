import { beforeAll, describe, expect, it } from 'vitest';
import type { Subscription } from '../../../src/shared/api/membership.js';
import { markOrderPaid } from '../../../src/server/modules/orders/payment-service.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { createPremiumProduct, createStaff, tokenFor } from '../helpers/factories.js';
import { apiFrom, freshIp } from '../messaging/outbox.js';
import { newKey, ok, shopper, type OrderOut, type Person } from '../orders/factories.js';

/**
 * A subscription is a chain of grant periods: a refund takes back only the part of its own order's period
 * still ahead in the current term; every other order's or code's time stays, and no two periods overlap.
 */

const DAY = 24 * 3600 * 1000;
const ms = (iso: string) => Date.parse(iso);

let t: TestApp;
let staffToken: string;
let trade = 0;

beforeAll(async () => {
  t = await createTestApp({ paymentDevProvider: true });
  staffToken = await tokenFor(t, await createStaff(t));
});

async function buyAndPay(buyer: Person, productId: number): Promise<OrderOut> {
  const order = ok<OrderOut>(
    await t.api('POST', '/quick_checkout', { token: buyer.token, headers: { 'idempotency-key': newKey() }, body: { membership_product: productId, payment_method: 'dev' } }),
    201,
  );
  const receipt = { provider: 'dev' as const, providerTradeNo: `RC${process.pid}${Date.now()}${(trade += 1)}`, orderNumber: order.number, amount: order.total_incl_tax };
  expect((await markOrderPaid(t.app.ctx, receipt)).outcome).toBe('paid');
  return order;
}

const refund = async (order: OrderOut) => ok<OrderOut>(await t.api('POST', `/orders/${order.id}/refund`, { token: staffToken, body: { reason: 'Asked for it back' } }));

async function subscriptionOf(buyer: Person): Promise<Subscription> {
  const um = ok<{ subscription_id: number }>(await t.api('GET', `/usermembership/user/${buyer.user.id}`, { token: buyer.token }));
  return ok<Subscription>(await t.api('GET', `/subscription/${um.subscription_id}`, { token: buyer.token }));
}

const grantOf = (sub: Subscription, source: string, reference: string) => sub.grants.find((g) => g.source === source && g.reference.startsWith(reference));

async function giftCode(productId: number): Promise<{ id: number; code: string }> {
  const res = await t.api('POST', '/membership_gift_code', { token: staffToken, body: { product_id: productId, count: 1, expires_at: new Date(Date.now() + 30 * DAY).toISOString() } });
  expect(res.statusCode, res.body).toBe(201);
  return (res.json() as { id: number; code: string }[])[0];
}

async function redeem(buyer: Person, code: string): Promise<void> {
  const res = await apiFrom(t, freshIp(), 'POST', '/membership/redeem', { token: buyer.token, body: { code } });
  expect(res.statusCode, res.body).toBe(200);
}

/** The periods of the current term, in order, follow each other from its start to its end. */
function expectChain(sub: Subscription): void {
  const current = sub.grants.filter((g) => ms(g.ends_at) > ms(sub.starts_at)).sort((a, b) => ms(a.starts_at) - ms(b.starts_at));
  expect(current.length).toBeGreaterThan(0);
  expect(current[0].starts_at).toBe(sub.starts_at);
  for (let i = 1; i < current.length; i += 1) expect(current[i].starts_at).toBe(current[i - 1].ends_at);
  expect(current.at(-1)!.ends_at).toBe(sub.ends_at);
}

describe('a refund after the subscription was ended and bought again', () => {
  it('keeps the new order’s month: the refunded order’s ended period is not taken from it', async () => {
    const plan = await createPremiumProduct(t, { period_unit: 'month', period_count: 1 });
    const buyer = await shopper(t);
    const first = await buyAndPay(buyer, plan.id);
    const sub = await subscriptionOf(buyer);
    expect(ok(await t.api('POST', `/subscription/${sub.id}/end`, { token: staffToken }))).toMatchObject({ active: false });

    const second = await buyAndPay(buyer, plan.id);
    const bought = await subscriptionOf(buyer);
    expect(bought.active).toBe(true);
    expect(ms(bought.ends_at) - Date.now()).toBeGreaterThan(27 * DAY);

    expect((await refund(first)).status).toBe('refunded');
    const after = await subscriptionOf(buyer);
    expect(after).toMatchObject({ active: true, starts_at: bought.starts_at, ends_at: bought.ends_at });
    // The refunded period stays in the history, marked taken back, ending where the first term ended.
    const kept = grantOf(after, 'order', `${first.number}/`)!;
    expect(kept.revoked_at).not.toBeNull();
    expect(ms(kept.ends_at)).toBeLessThanOrEqual(ms(bought.starts_at));
    expect(grantOf(after, 'order', `${second.number}/`)).toMatchObject({ starts_at: bought.starts_at, ends_at: bought.ends_at });
    expectChain(after);
  });

  it('keeps two gift codes redeemed after the end whole, one after the other', async () => {
    const plan = await createPremiumProduct(t, { period_unit: 'month', period_count: 1 });
    const buyer = await shopper(t);
    const order = await buyAndPay(buyer, plan.id);
    const sub = await subscriptionOf(buyer);
    ok(await t.api('POST', `/subscription/${sub.id}/end`, { token: staffToken }));
    const [a, b] = [await giftCode(plan.id), await giftCode(plan.id)];
    await redeem(buyer, a.code);
    await redeem(buyer, b.code);
    const gifted = await subscriptionOf(buyer);

    expect((await refund(order)).status).toBe('refunded');
    const after = await subscriptionOf(buyer);
    expect(after).toMatchObject({ active: true, starts_at: gifted.starts_at, ends_at: gifted.ends_at });
    const [ga, gb] = [grantOf(after, 'gift', String(a.id))!, grantOf(after, 'gift', String(b.id))!];
    expect(ga).toMatchObject({ starts_at: gifted.starts_at });
    expect(gb.starts_at).toBe(ga.ends_at);
    expect(gb.ends_at).toBe(gifted.ends_at);
    expectChain(after);
  });

  it('takes nothing from a subscription that has ended', async () => {
    const plan = await createPremiumProduct(t, { period_unit: 'day', period_count: 30 });
    const buyer = await shopper(t);
    const order = await buyAndPay(buyer, plan.id);
    const sub = await subscriptionOf(buyer);
    const ended = ok<Subscription>(await t.api('POST', `/subscription/${sub.id}/end`, { token: staffToken }));
    expect((await refund(order)).status).toBe('refunded');
    const after = await subscriptionOf(buyer);
    expect(after).toMatchObject({ active: false, ends_at: ended.ends_at });
    // Its lived period stays in the history, marked taken back.
    expect(after.grants).toEqual([expect.objectContaining({ source: 'order', ends_at: ended.ends_at, revoked_at: expect.any(String) })]);
  });
});

describe('a refund within a running term', () => {
  it('moves the grants after the refunded one earlier by its unlived part, so none overlap', async () => {
    const plan = await createPremiumProduct(t, { period_unit: 'day', period_count: 10 });
    const buyer = await shopper(t);
    const first = await buyAndPay(buyer, plan.id);
    const middle = await buyAndPay(buyer, plan.id);
    const [a, b] = [await giftCode(plan.id), await giftCode(plan.id)];
    await redeem(buyer, a.code);
    await redeem(buyer, b.code);
    const before = await subscriptionOf(buyer);
    expect(ms(before.ends_at) - ms(before.starts_at)).toBe(40 * DAY);
    const middleGrant = grantOf(before, 'order', `${middle.number}/`)!;

    // A period not begun comes off whole: the gifts move 10 days earlier.
    expect((await refund(middle)).status).toBe('refunded');
    const once = await subscriptionOf(buyer);
    expect(ms(before.ends_at) - ms(once.ends_at)).toBe(10 * DAY);
    expect(grantOf(once, 'gift', String(a.id))).toMatchObject({ starts_at: middleGrant.starts_at, ends_at: middleGrant.ends_at });
    expectChain(once);

    // The running period comes off from now: the first gift starts now.
    const refundedAt = Date.now();
    expect((await refund(first)).status).toBe('refunded');
    const twice = await subscriptionOf(buyer);
    expect(twice.active).toBe(true);
    const gift = grantOf(twice, 'gift', String(a.id))!;
    expect(ms(gift.starts_at)).toBeGreaterThanOrEqual(refundedAt);
    expect(ms(gift.starts_at)).toBeLessThan(refundedAt + 60_000);
    expect(ms(twice.ends_at) - ms(gift.starts_at)).toBe(20 * DAY);
    // The middle order's period had not begun: it is gone. The first's lived part stays, ending when it was refunded,
    // and the gifts follow on from there.
    expect(grantOf(twice, 'order', `${middle.number}/`)).toBeUndefined();
    const firstGrant = grantOf(twice, 'order', `${first.number}/`)!;
    expect(firstGrant.revoked_at).not.toBeNull();
    expect(firstGrant.ends_at).toBe(gift.starts_at);
    expect(twice.grants).toHaveLength(3);
    for (let i = 1; i < twice.grants.length; i += 1) expect(twice.grants[i].starts_at).toBe(twice.grants[i - 1].ends_at);
    expectChain(twice);
  });

  it('two refunds at the same moment each take only their own order’s time', async () => {
    const plan = await createPremiumProduct(t, { period_unit: 'day', period_count: 10 });
    const buyer = await shopper(t);
    const orders = [await buyAndPay(buyer, plan.id), await buyAndPay(buyer, plan.id), await buyAndPay(buyer, plan.id)];
    const start = Date.now();
    const answers = await Promise.all([t.api('POST', `/orders/${orders[0].id}/refund`, { token: staffToken, body: { reason: 'x' } }), t.api('POST', `/orders/${orders[2].id}/refund`, { token: staffToken, body: { reason: 'y' } })]);
    for (const a of answers) expect(a.statusCode, a.body).toBe(200);
    const after = await subscriptionOf(buyer);
    // The first order's lived moment stays, taken back; the third's had not begun and is gone.
    expect(after.grants.filter((g) => g.revoked_at === null)).toHaveLength(1);
    expect(grantOf(after, 'order', `${orders[2].number}/`)).toBeUndefined();
    const kept = grantOf(after, 'order', `${orders[1].number}/`)!;
    expect(ms(kept.ends_at) - ms(kept.starts_at)).toBe(10 * DAY);
    expect(ms(kept.starts_at)).toBeGreaterThanOrEqual(start);
    expect(kept.ends_at).toBe(after.ends_at);
  });
});
