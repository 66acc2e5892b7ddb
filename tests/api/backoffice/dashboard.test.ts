import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { markOrderPaid } from '../../../src/server/modules/orders/payment-service.js';
import type { Dashboard, PaymentToReturn } from '../../../src/shared/api/backoffice.js';
import { backofficePaths } from '../../../src/shared/api/backoffice-paths.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { createArticle, createUser } from '../helpers/factories.js';
import { ADDRESS, basketOf, checkout, ok, shipsToChina, shopper, type OrderOut } from '../orders/factories.js';
import { createPhysical } from '../shop/factories.js';
import { crew, type Crew } from './helpers.js';

let t: TestApp;
let people: Crew;
let shippingCode: string;

interface Page<T> {
  count: number;
  results: T[];
}

beforeAll(async () => {
  // Counted on every call here; the figures kept between counts are tested below.
  t = await createTestApp({ paymentDevProvider: true, dashboardCacheSeconds: 0 });
  people = await crew(t);
  shippingCode = (await shipsToChina(t)).code;
});

const dashboardNow = async () => ok<Dashboard>(await t.api('GET', backofficePaths.dashboard, { token: people.staff.token }));
const pay = (o: OrderOut, tradeNo = `dev-${o.number}`) => markOrderPaid(t.app.ctx, { provider: 'dev', providerTradeNo: tradeNo, orderNumber: o.number, amount: o.total_incl_tax });

async function placeOrder(price = 4200) {
  const buyer = await shopper(t);
  const book = await createPhysical(t, { price });
  const basket = await basketOf(t, buyer.token, [{ product: book.product.id }]);
  return ok<OrderOut>(await checkout(t, buyer.token, { basket, shipping_address: ADDRESS, shipping_method_code: shippingCode }), 201);
}

describe('the dashboard', () => {
  it("counts today's and this month's reads, sign-ups, orders and money from the server's own records", async () => {
    const usersNow = async () => Number((await t.db.kysely.selectFrom('users').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
    const users = await usersNow();
    const before = await dashboardNow();
    const article = await createArticle(t, { title: 'Most read of the month' });
    // What the view counter's flush does: the trigger of migration 0037 books the increment on today.
    await t.db.kysely.updateTable('articles').set({ view_count: 7 }).where('id', '=', article.id).execute();
    await createUser(t);
    const o = await placeOrder(4200);
    await pay(o);
    const after = await dashboardNow();
    expect(after.today.views - before.today.views).toBe(7);
    expect(after.month.views - before.month.views).toBe(7);
    // The article's author, the new reader and the buyer.
    expect(after.today.signups - before.today.signups).toBe((await usersNow()) - users);
    expect((await usersNow()) - users).toBeGreaterThanOrEqual(2);
    expect(after.today.orders - before.today.orders).toBe(1);
    expect(after.today.revenue - before.today.revenue).toBe(o.total_incl_tax);
    expect(after.month.revenue - before.month.revenue).toBe(o.total_incl_tax);
    expect(after.top_articles[0]).toEqual({ id: article.id, title: 'Most read of the month', views: 7 });
    expect(after.days).toHaveLength(14);
    expect(after.days.at(-1)).toMatchObject({ day: new Date().toISOString().slice(0, 10), views: after.today.views, revenue: after.today.revenue });
    expect(after.waiting.paid_orders - before.waiting.paid_orders).toBe(1);
    expect(after.currency).toBe(t.config.currency);
  });

  it('does not count money that went back', async () => {
    const before = await dashboardNow();
    const o = await placeOrder(1500);
    await pay(o);
    ok(await t.api('POST', `/orders/${o.id}/refund`, { token: people.staff.token, body: { reason: 'Returned' } }));
    const after = await dashboardNow();
    expect(after.today.revenue).toBe(before.today.revenue);
    expect(after.today.orders - before.today.orders).toBe(1);
  });
});

describe('payments waiting for return', () => {
  it('lists money that reached a cancelled order until the refund call returns it', async () => {
    const o = await placeOrder(900);
    ok(await t.api('POST', `/orders/${o.id}/cancel`, { token: people.staff.token }));
    expect((await pay(o, `late-${o.number}`)).outcome).toBe('recorded_for_refund');
    const listed = ok<Page<PaymentToReturn>>(await t.api('GET', backofficePaths.paymentsToReturn, { token: people.staff.token }));
    const mine = listed.results.find((p) => p.order === o.id);
    expect(mine).toMatchObject({ order_number: o.number, order_status: 'cancelled', provider: 'dev', amount: o.total_incl_tax, refund_status: null });
    expect((await dashboardNow()).waiting.payments_to_return).toBeGreaterThanOrEqual(1);
    ok(await t.api('POST', `/orders/${o.id}/refund`, { token: people.staff.token, body: { reason: 'Paid too late', payment: mine!.id } }));
    const after = ok<Page<PaymentToReturn>>(await t.api('GET', backofficePaths.paymentsToReturn, { token: people.staff.token }));
    expect(after.results.some((p) => p.order === o.id)).toBe(false);
  });

  it('pages its list', async () => {
    const res = ok<Page<PaymentToReturn> & { next: string | null }>(await t.api('GET', backofficePaths.paymentsToReturn, { token: people.staff.token, query: { page_size: '1', page: '1' } }));
    expect(res.results.length).toBeLessThanOrEqual(1);
  });
});

describe('figures kept between counts', () => {
  let site: TestApp;
  let staff: Crew['staff'];
  beforeAll(async () => {
    site = await createTestApp({ paymentDevProvider: true, dashboardCacheSeconds: 15 });
  });
  /** Staff signed in at the (fake) time set: a token from the real time would have expired. */
  const signIn = async (at: number) => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(at);
    staff = (await crew(site)).staff;
  };
  afterAll(() => {
    vi.useRealTimers();
  });
  const board = async () => ok<Dashboard>(await site.api('GET', backofficePaths.dashboard, { token: staff.token }));

  it('answers the figures counted in the last DASHBOARD_CACHE_SECONDS with their time, and what waits counted now', async () => {
    const start = Date.UTC(2031, 4, 20, 10, 0, 0);
    await signIn(start);
    const first = await board();
    expect(first.figures_at).toBe(new Date(start).toISOString());
    await createUser(site);
    const reported = await createArticle(site, { title: 'Reported while the figures were kept' });
    ok(await site.api('POST', '/report', { token: staff.token, body: { article_id: reported.id, reason: 'error', detail: 'Typo in the title.' } }), 201);
    vi.setSystemTime(start + 14_000);
    const kept = await board();
    expect(kept.figures_at).toBe(first.figures_at);
    expect(kept.today.signups).toBe(first.today.signups);
    expect(kept.waiting.open_reports).toBe(first.waiting.open_reports + 1);
    vi.setSystemTime(start + 15_000);
    const counted = await board();
    expect(counted.figures_at).toBe(new Date(start + 15_000).toISOString());
    expect(counted.today.signups).toBeGreaterThan(first.today.signups);
  });

  it('counts again when the UTC day ends', async () => {
    const late = Date.UTC(2031, 4, 21, 23, 59, 59);
    await signIn(late);
    const before = await board();
    vi.setSystemTime(late + 2_000);
    const after = await board();
    expect(after.figures_at).not.toBe(before.figures_at);
    expect(after.days.at(-1)?.day).toBe('2031-05-22');
  });
});
