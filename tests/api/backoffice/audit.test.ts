import { beforeAll, describe, expect, it } from 'vitest';
import { markOrderPaid } from '../../../src/server/modules/orders/payment-service.js';
import type { AuditEntry } from '../../../src/shared/api/backoffice.js';
import { backofficePaths } from '../../../src/shared/api/backoffice-paths.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { createPremiumProduct, createUser } from '../helpers/factories.js';
import { ADDRESS, basketOf, checkout, ok, shipsToChina, shopper, type OrderOut } from '../orders/factories.js';
import { createPhysical } from '../shop/factories.js';
import { crew, type Crew } from './helpers.js';

let t: TestApp;
let people: Crew;

beforeAll(async () => {
  t = await createTestApp({ paymentDevProvider: true });
  people = await crew(t);
});

interface Page<T> {
  count: number;
  results: T[];
}
const log = async (query: Record<string, string> = {}) => ok<Page<AuditEntry>>(await t.api('GET', backofficePaths.audit, { token: people.superuser.token, query }));

describe('the staff audit log', () => {
  it('records a refund: who, which call, on what, the order before and after', async () => {
    const code = (await shipsToChina(t)).code;
    const { product } = await createPhysical(t, { price: 2500 });
    const buyer = await shopper(t);
    const basket = await basketOf(t, buyer.token, [{ product: product.id }]);
    const o = ok<OrderOut>(await checkout(t, buyer.token, { basket, shipping_address: ADDRESS, shipping_method_code: code }), 201);
    await markOrderPaid(t.app.ctx, { provider: 'dev', providerTradeNo: `dev-${o.number}`, orderNumber: o.number, amount: o.total_incl_tax });
    ok(await t.api('POST', `/orders/${o.id}/refund`, { token: people.staff.token, body: { reason: 'Lost in the post' } }));
    const [entry] = (await log({ target: `id=${o.id}`, route: 'POST /api/v2/orders/:id/refund' })).results;
    expect(entry).toMatchObject({
      actor: { id: people.staff.user.id, name: people.staff.user.username },
      method: 'POST',
      path: `/api/v2/orders/${o.id}/refund`,
      status: 200,
      request: { reason: 'Lost in the post' },
      before: { id: o.id, status: 'paid' },
      after: { id: o.id, status: 'refunded' },
    });
    expect((await log({ actor: String(people.staff.user.id) })).results.map((e) => e.id)).toContain(entry.id);
  });

  it('records blocks, keeps no refused write, and hides gift codes', async () => {
    const user = await createUser(t);
    const before = (await log()).count;
    expect((await t.api('POST', `/backoffice/users/${user.id}/block`, { token: people.staff.token, body: { reason: '' } })).statusCode).toBe(400);
    expect((await log()).count).toBe(before);
    ok(await t.api('POST', `/backoffice/users/${user.id}/block`, { token: people.staff.token, body: { reason: 'Abuse' } }));
    const [block] = (await log({ target: `id=${user.id}` })).results;
    expect(block).toMatchObject({ route: 'POST /api/v2/backoffice/users/:id/block', before: { blocked: false }, after: { blocked: true, blocked_reason: 'Abuse' } });

    const product = await createPremiumProduct(t);
    const made = ok<{ code: string }[]>(await t.api('POST', '/membership_gift_code', { token: people.staff.token, body: { product_id: product.id, count: 1, expires_at: '2099-01-01T00:00:00Z' } }), 201);
    const [gift] = (await log({ route: 'POST /api/v2/membership_gift_code' })).results;
    expect(JSON.stringify(gift)).not.toContain(made[0].code);
    expect(gift.after).toEqual([expect.objectContaining({ code: '[hidden]' })]);
  });

  it('records what staff do on calls they share with owners, but not what owners do', async () => {
    const buyer = await shopper(t);
    const code = (await shipsToChina(t)).code;
    const place = async () => {
      const { product } = await createPhysical(t);
      const basket = await basketOf(t, buyer.token, [{ product: product.id }]);
      return ok<OrderOut>(await checkout(t, buyer.token, { basket, shipping_address: ADDRESS, shipping_method_code: code }), 201);
    };
    const own = await place();
    ok(await t.api('POST', `/orders/${own.id}/cancel`, { token: buyer.token }));
    expect((await log({ target: `id=${own.id}` })).count).toBe(0);
    const other = await place();
    ok(await t.api('POST', `/orders/${other.id}/cancel`, { token: people.staff.token }));
    expect((await log({ target: `id=${other.id}` })).results[0]).toMatchObject({ actor: { id: people.staff.user.id }, after: { status: 'cancelled' } });
  });

  it('is read by superusers only, newest first, a page at a time', async () => {
    expect((await t.api('GET', backofficePaths.audit, { token: people.staff.token })).statusCode).toBe(403);
    const page = await log({ page_size: '2' });
    expect(page.results).toHaveLength(2);
    expect(page.results[0].id).toBeGreaterThan(page.results[1].id);
  });
});
