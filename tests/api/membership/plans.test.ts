import { beforeAll, describe, expect, it } from 'vitest';
import { seedMembershipDemo } from '../../../src/server/modules/membership/demo.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { createMembershipPlan, createMembershipProduct, createStaff, createUser, tokenFor } from '../helpers/factories.js';

let t: TestApp;
let userToken: string;
let staffToken: string;
beforeAll(async () => {
  t = await createTestApp();
  userToken = await tokenFor(t, await createUser(t));
  staffToken = await tokenFor(t, await createStaff(t));
});

describe('plans', () => {
  it('staff create, change and delete a plan; everyone reads it', async () => {
    const created = await t.api('POST', '/membership', {
      token: staffToken,
      body: { slug: 'gold', name: 'Gold', description: 'Shiny', perks: ['Everything', 'More'], sort_order: 5 },
    });
    expect(created.statusCode, created.body).toBe(201);
    const plan = created.json() as { id: number };
    expect(created.json()).toMatchObject({ slug: 'gold', perks: ['Everything', 'More'], is_premium: false });

    const read = await t.api('GET', `/membership/${plan.id}`);
    expect(read.statusCode).toBe(200);
    expect(read.json()).toMatchObject({ name: 'Gold', sort_order: 5 });
    expect(((await t.api('GET', '/membership')).json() as { slug: string }[]).map((p) => p.slug)).toContain('gold');

    const changed = await t.api('PATCH', `/membership/${plan.id}`, { token: staffToken, body: { name: 'Gold plus', perks: ['All'] } });
    expect(changed.json()).toMatchObject({ name: 'Gold plus', perks: ['All'], slug: 'gold' });

    expect((await t.api('DELETE', `/membership/${plan.id}`, { token: staffToken })).statusCode).toBe(204);
    expect((await t.api('GET', `/membership/${plan.id}`)).statusCode).toBe(404);
  });

  it('refuses a taken slug and bad input, naming the field', async () => {
    const plan = await createMembershipPlan(t);
    const taken = await t.api('POST', '/membership', { token: staffToken, body: { slug: plan.slug, name: 'Again' } });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().fields).toHaveProperty('slug');
    const bad = await t.api('POST', '/membership', { token: staffToken, body: { slug: 'Has Spaces', name: 'X' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toHaveProperty('slug');
  });

  it('keeps the premium slug and refuses to delete a plan in use', async () => {
    const premium = await createMembershipPlan(t, { slug: 'premium' });
    const renamed = await t.api('PATCH', `/membership/${premium.id}`, { token: staffToken, body: { slug: 'premium-old' } });
    expect(renamed.statusCode).toBe(400);
    expect(renamed.json().fields).toHaveProperty('slug');
    await createMembershipProduct(t, { membership_id: premium.id });
    expect((await t.api('DELETE', `/membership/${premium.id}`, { token: staffToken })).statusCode).toBe(409);
  });

  it('every staff call answers 403 to a user and 401 to a guest', async () => {
    const plan = await createMembershipPlan(t);
    const product = await createMembershipProduct(t, { membership_id: plan.id });
    const calls: [string, string, unknown?][] = [
      ['POST', '/membership', { slug: 'x-plan', name: 'X' }],
      ['PATCH', `/membership/${plan.id}`, { name: 'Y' }],
      ['DELETE', `/membership/${plan.id}`],
      ['POST', '/membership_product', { membership_id: plan.id, name: 'P', price: 1, period_unit: 'day', period_count: 1 }],
      ['PATCH', `/membership_product/${product.id}`, { price: 2 }],
      ['DELETE', `/membership_product/${product.id}`],
    ];
    for (const [method, path, body] of calls) {
      expect((await t.api(method as 'POST', path, { token: userToken, body })).statusCode, `${method} ${path}`).toBe(403);
      expect((await t.api(method as 'POST', path, { body })).statusCode, `${method} ${path}`).toBe(401);
    }
  });
});

describe('products and the price card', () => {
  it('staff create products; the public sees active ones only', async () => {
    const plan = await createMembershipPlan(t);
    const created = await t.api('POST', '/membership_product', {
      token: staffToken,
      body: { membership_id: plan.id, name: 'Monthly', price: 3000, period_unit: 'month', period_count: 1 },
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({ membership_slug: plan.slug, price: 3000, currency: 'CNY', is_active: true });
    const hidden = await createMembershipProduct(t, { membership_id: plan.id, is_active: 0 });

    const list = (await t.api('GET', '/membership_product', { query: { membership: plan.slug } })).json() as { id: number }[];
    expect(list.map((p) => p.id)).toEqual([created.json().id]);
    expect((await t.api('GET', `/membership_product/${hidden.id}`)).statusCode).toBe(404);
    expect((await t.api('GET', `/membership_product/${hidden.id}`, { token: staffToken })).statusCode).toBe(200);
    expect((await t.api('GET', '/membership_product', { query: { include_inactive: '1' } })).statusCode).toBe(403);
    const all = (await t.api('GET', '/membership_product', { token: staffToken, query: { membership: String(plan.id), include_inactive: '1' } })).json() as { id: number }[];
    expect(all).toHaveLength(2);

    const card = (await t.api('GET', '/product_membership')).json() as { slug: string; products: { id: number }[] }[];
    expect(card.find((p) => p.slug === plan.slug)?.products.map((p) => p.id)).toEqual([created.json().id]);
  });

  it('names the field of bad product input', async () => {
    const plan = await createMembershipPlan(t);
    for (const [body, field] of [
      [{ membership_id: plan.id, name: 'P', price: 1.5, period_unit: 'day', period_count: 1 }, 'price'],
      [{ membership_id: plan.id, name: 'P', price: 1, period_unit: 'week', period_count: 1 }, 'period_unit'],
      [{ membership_id: plan.id, name: 'P', price: 1, period_unit: 'day', period_count: 0 }, 'period_count'],
      [{ membership_id: 2_000_000_000, name: 'P', price: 1, period_unit: 'day', period_count: 1 }, 'membership_id'],
    ] as const) {
      const res = await t.api('POST', '/membership_product', { token: staffToken, body });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().fields).toHaveProperty(field);
    }
    expect((await t.api('GET', '/membership_product', { query: { membership: 'no-such-plan' } })).json().fields).toHaveProperty('membership');
  });
});

describe('demo plans', () => {
  it('creates premium (monthly and yearly) and a plan that is not premium, once', async () => {
    const fresh = await createTestApp();
    const first = await seedMembershipDemo(fresh.db.kysely);
    const again = await seedMembershipDemo(fresh.db.kysely);
    expect(again).toEqual(first);
    const card = (await fresh.api('GET', '/product_membership')).json() as { slug: string; is_premium: boolean; products: { period_unit: string; period_count: number }[] }[];
    const premium = card.find((p) => p.slug === 'premium')!;
    expect(premium.products.map((p) => `${p.period_count} ${p.period_unit}`).sort()).toEqual(['1 month', '12 month']);
    expect(card.some((p) => !p.is_premium && p.slug in first)).toBe(true);
  });
});

describe('API reference', () => {
  it('documents the membership and guest calls', async () => {
    const res = await t.app.inject('/api/openapi.json');
    expect(res.statusCode).toBe(200);
    const paths = res.json().paths as Record<string, Record<string, unknown>>;
    expect(paths['/api/v2/membership/redeem'].post).toBeDefined();
    expect(paths['/api/v2/subscription/usermembership/{id}'].get).toBeDefined();
    expect(paths['/api/v2/membership_gift_code/{id}'].delete).toBeDefined();
    expect(paths['/api/v2/usermembership'].get).toBeDefined();
    expect(paths['/api/v2/guest/userfinger'].post).toBeDefined();
  });
});
