import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { UserRow } from '../../../src/server/db/types.js';
import type { Subscription } from '../../../src/shared/api/membership.js';
import { grantMembership, isPremiumMember } from '../../../src/server/modules/membership/service.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { createMembershipProduct, createPremiumProduct, createStaff, createUser, tokenFor } from '../helpers/factories.js';

const DAY = 24 * 3600 * 1000;

let t: TestApp;
let staffToken: string;
beforeAll(async () => {
  t = await createTestApp();
  staffToken = await tokenFor(t, await createStaff(t));
});
afterEach(() => {
  vi.useRealTimers();
});

const ms = (iso: string) => Date.parse(iso);
function ok(res: { statusCode: number; body: string }): void {
  expect(res.statusCode, res.body).toBe(200);
}

describe('grantMembership', () => {
  it('grants once per source, however often it is repeated', async () => {
    const user = await createUser(t);
    const product = await createPremiumProduct(t);
    const first = await grantMembership(t.app.ctx, user.id, product.id, { kind: 'order', reference: 9001 });
    const second = await grantMembership(t.app.ctx, user.id, product.id, { kind: 'order', reference: 9001 });
    expect(first.granted).toBe(true);
    expect(second.granted).toBe(false);
    expect(second.subscription.ends_at).toBe(first.subscription.ends_at);
    expect(second.subscription.grants).toHaveLength(1);
    expect(first.subscription).toMatchObject({ active: true, source: 'order', membership_slug: 'premium', user_id: user.id });
    expect(first.subscription.grants[0]).toMatchObject({ source: 'order', reference: '9001', product_id: product.id });
  });

  it('grants once when the same source arrives twice at the same moment', async () => {
    const user = await createUser(t);
    const product = await createPremiumProduct(t);
    const results = await Promise.all([1, 2, 3].map(() => grantMembership(t.app.ctx, user.id, product.id, { kind: 'order', reference: 'race-1' })));
    expect(results.filter((r) => r.granted)).toHaveLength(1);
    const ends = new Set(results.map((r) => r.subscription.ends_at));
    expect(ends.size).toBe(1);
    expect(ms([...ends][0]) - Date.now()).toBeLessThanOrEqual(30 * DAY);
  });

  it('adds up two different sources granted at the same moment', async () => {
    const user = await createUser(t);
    const product = await createPremiumProduct(t, { period_unit: 'day', period_count: 10 });
    const before = Date.now();
    await Promise.all([
      grantMembership(t.app.ctx, user.id, product.id, { kind: 'order', reference: 'a-1' }),
      grantMembership(t.app.ctx, user.id, product.id, { kind: 'order', reference: 'a-2' }),
    ]);
    const again = await grantMembership(t.app.ctx, user.id, product.id, { kind: 'order', reference: 'a-2' });
    expect(ms(again.subscription.ends_at) - before).toBeGreaterThanOrEqual(20 * DAY);
    expect(ms(again.subscription.ends_at) - before).toBeLessThan(20 * DAY + 60_000);
  });

  it('refuses a reference reused for another user, and unknown users or products', async () => {
    const [a, b] = [await createUser(t), await createUser(t)];
    const product = await createPremiumProduct(t);
    await grantMembership(t.app.ctx, a.id, product.id, { kind: 'staff', reference: 'once' });
    await expect(grantMembership(t.app.ctx, b.id, product.id, { kind: 'staff', reference: 'once' })).rejects.toMatchObject({ status: 409 });
    await expect(grantMembership(t.app.ctx, 2_000_000_000, product.id, { kind: 'order', reference: 'x' })).rejects.toMatchObject({ fields: { user_id: expect.any(String) } });
    await expect(grantMembership(t.app.ctx, a.id, 2_000_000_000, { kind: 'order', reference: 'y' })).rejects.toMatchObject({ fields: { product_id: expect.any(String) } });
  });

  it('renews from the end of a running term', async () => {
    const user = await createUser(t);
    const product = await createPremiumProduct(t, { period_unit: 'day', period_count: 30 });
    const first = await grantMembership(t.app.ctx, user.id, product.id, { kind: 'order', reference: 'r-1' });
    const second = await grantMembership(t.app.ctx, user.id, product.id, { kind: 'order', reference: 'r-2' });
    expect(ms(second.subscription.ends_at) - ms(first.subscription.ends_at)).toBe(30 * DAY);
    expect(second.subscription.starts_at).toBe(first.subscription.starts_at);
    expect(second.subscription.grants[1].starts_at).toBe(first.subscription.ends_at);
  });

  it('renews from now when the term has ended, starting a new term', async () => {
    const user = await createUser(t);
    const product = await createPremiumProduct(t, { period_unit: 'day', period_count: 30 });
    const first = await grantMembership(t.app.ctx, user.id, product.id, { kind: 'order', reference: 'e-1' });
    const past = new Date(Date.now() - 5 * DAY).toISOString();
    await t.db.kysely.updateTable('subscriptions').set({ starts_at: new Date(Date.now() - 40 * DAY).toISOString(), ends_at: past }).where('id', '=', first.subscription.id).execute();
    expect(await isPremiumMember(t.app.ctx, user.id)).toBe(false);
    const before = Date.now();
    const renewed = await grantMembership(t.app.ctx, user.id, product.id, { kind: 'order', reference: 'e-2' });
    expect(renewed.subscription.id).toBe(first.subscription.id);
    expect(ms(renewed.subscription.starts_at)).toBeGreaterThanOrEqual(before);
    expect(ms(renewed.subscription.ends_at) - ms(renewed.subscription.starts_at)).toBe(30 * DAY);
    expect(await isPremiumMember(t.app.ctx, user.id)).toBe(true);
  });

  it('adds calendar months, keeping the day or taking the month end', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2025-01-31T10:00:00.000Z'));
    const user = await createUser(t);
    const product = await createMembershipProduct(t, { period_unit: 'month', period_count: 1 });
    const granted = await grantMembership(t.app.ctx, user.id, product.id, { kind: 'order', reference: 'm-1' });
    expect(granted.subscription.ends_at).toBe('2025-02-28T10:00:00.000Z');
  });
});

describe('isPremiumMember', () => {
  it('is true only for an active subscription of the premium plan', async () => {
    const user = await createUser(t);
    expect(await isPremiumMember(t.app.ctx, user.id)).toBe(false);
    await grantMembership(t.app.ctx, user.id, (await createMembershipProduct(t)).id, { kind: 'order', reference: 'np-1' });
    expect(await isPremiumMember(t.app.ctx, user.id)).toBe(false);
    await grantMembership(t.app.ctx, user.id, (await createPremiumProduct(t)).id, { kind: 'order', reference: 'p-1' });
    expect(await isPremiumMember(t.app.ctx, user.id)).toBe(true);
  });
});

async function member(user: UserRow, reference: string) {
  const product = await createPremiumProduct(t);
  return (await grantMembership(t.app.ctx, user.id, product.id, { kind: 'order', reference })).subscription;
}

describe('reading memberships and subscriptions', () => {
  it('the member check: user membership by user id, then its subscription', async () => {
    const user = await createUser(t);
    const token = await tokenFor(t, user);
    expect((await t.api('GET', `/usermembership/user/${user.id}`, { token })).statusCode).toBe(404);
    const sub = await member(user, 'read-1');
    const um = await t.api('GET', `/usermembership/user/${user.id}`, { token });
    expect(um.statusCode).toBe(200);
    expect(um.json()).toMatchObject({ id: sub.user_membership_id, membership_slug: 'premium', active: true, subscription_id: sub.id });
    expect(um.headers['cache-control']).toContain('no-store');
    const s = await t.api('GET', `/subscription/usermembership/${sub.user_membership_id}`, { token });
    expect(s.json()).toMatchObject({ id: sub.id, active: true });
    expect((await t.api('GET', `/subscription/${sub.id}`, { token })).json()).toMatchObject({ id: sub.id });
    expect((await t.api('GET', `/usermembership/${sub.user_membership_id}`, { token })).json()).toMatchObject({ user_id: user.id });
    const mine = (await t.api('GET', '/usermembership', { token })).json() as { count: number; results: { id: number }[] };
    expect(mine.results.map((r) => r.id)).toEqual([sub.user_membership_id]);
  });

  it('prefers an active premium membership over another plan', async () => {
    const user = await createUser(t);
    const token = await tokenFor(t, user);
    await grantMembership(t.app.ctx, user.id, (await createMembershipProduct(t, { period_count: 300 })).id, { kind: 'order', reference: 'pref-1' });
    await member(user, 'pref-2');
    expect((await t.api('GET', `/usermembership/user/${user.id}`, { token })).json()).toMatchObject({ membership_slug: 'premium' });
  });

  it('every owned call answers 404 to another user, 401 to a guest and 200 to staff', async () => {
    const owner = await createUser(t);
    const otherToken = await tokenFor(t, await createUser(t));
    const sub = await member(owner, 'owned-1');
    const paths = [`/usermembership/${sub.user_membership_id}`, `/usermembership/user/${owner.id}`, `/subscription/${sub.id}`, `/subscription/usermembership/${sub.user_membership_id}`];
    for (const path of paths) {
      expect((await t.api('GET', path, { token: otherToken })).statusCode, path).toBe(404);
      expect((await t.api('GET', path)).statusCode, path).toBe(401);
      expect((await t.api('GET', path, { token: staffToken })).statusCode, path).toBe(200);
    }
    const others = (await t.api('GET', '/usermembership', { token: otherToken })).json() as { count: number };
    expect(others.count).toBe(0);
    expect((await t.api('GET', '/usermembership', { token: otherToken, query: { user_id: String(owner.id) } })).statusCode).toBe(403);
  });
});

describe('staff: grant, extend, end, list members', () => {
  it('grants by API, once per reference (a repeat is a 409 that grants nothing)', async () => {
    const user = await createUser(t);
    const product = await createPremiumProduct(t);
    const body = { user_id: user.id, product_id: product.id, reference: 'ticket-77' };
    const first = await t.api('POST', '/subscription/grant', { token: staffToken, body });
    const second = await t.api('POST', '/subscription/grant', { token: staffToken, body });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ granted: true, subscription: { source: 'staff', active: true } });
    expect(second.statusCode, second.body).toBe(409);
    expect(second.json()).toMatchObject({ message: 'This reference has been granted already.', fields: { reference: expect.any(String) } });
    const held = await t.api('GET', `/subscription/${first.json().subscription.id}`, { token: staffToken });
    expect(held.json()).toMatchObject({ ends_at: first.json().subscription.ends_at });
    const bad = await t.api('POST', '/subscription/grant', { token: staffToken, body: { user_id: user.id, product_id: 'x' } });
    expect(bad.json().fields).toHaveProperty('product_id');
  });

  it('extends from the end, and after an end from now', async () => {
    const user = await createUser(t);
    const sub = await member(user, 'ext-1');
    const extended = await t.api('POST', `/subscription/${sub.id}/extend`, { token: staffToken, body: { period_unit: 'day', period_count: 7 } });
    expect(extended.statusCode, extended.body).toBe(200);
    expect(ms(extended.json().ends_at) - ms(sub.ends_at)).toBe(7 * DAY);

    const ended = await t.api('POST', `/subscription/${sub.id}/end`, { token: staffToken });
    expect(ended.json()).toMatchObject({ active: false });
    expect(ended.json().ended_at).not.toBeNull();
    expect(await isPremiumMember(t.app.ctx, user.id)).toBe(false);
    expect((await t.api('POST', `/subscription/${sub.id}/end`, { token: staffToken })).statusCode).toBe(409);

    const before = Date.now();
    const again = await t.api('POST', `/subscription/${sub.id}/extend`, { token: staffToken, body: { period_unit: 'day', period_count: 7 } });
    expect(again.json()).toMatchObject({ active: true, ended_at: null });
    expect(ms(again.json().ends_at) - before).toBeGreaterThanOrEqual(7 * DAY);
    expect(ms(again.json().ends_at) - before).toBeLessThan(7 * DAY + 60_000);
  });

  it('ending closes the grants’ periods; an extension after it starts a new term from now', async () => {
    const user = await createUser(t);
    const token = await tokenFor(t, user);
    const sub = await member(user, 'hist-1');
    ok(await t.api('POST', `/subscription/${sub.id}/extend`, { token: staffToken, body: { period_unit: 'day', period_count: 7 } }));
    const ended = (await t.api('POST', `/subscription/${sub.id}/end`, { token: staffToken })).json() as Subscription;
    expect(ended.grants).toHaveLength(2);
    const [bought, extension] = ended.grants;
    // The bought period ran until the end; the extension had not begun and is left empty.
    expect(bought.starts_at).toBe(sub.starts_at);
    expect(bought.ends_at).toBe(ended.ends_at);
    expect(extension).toMatchObject({ starts_at: ended.ends_at, ends_at: ended.ends_at });

    const before = Date.now();
    ok(await t.api('POST', `/subscription/${sub.id}/extend`, { token: staffToken, body: { period_unit: 'day', period_count: 7 } }));
    const history = (await t.api('GET', `/subscription/${sub.id}`, { token })).json() as Subscription;
    expect(history.grants.slice(0, 2)).toEqual(ended.grants);
    const renewal = history.grants[2];
    expect(ms(renewal.starts_at)).toBeGreaterThanOrEqual(before);
    expect(renewal).toMatchObject({ starts_at: history.starts_at, ends_at: history.ends_at });
    for (const old of history.grants.slice(0, 2)) expect(ms(old.ends_at)).toBeLessThanOrEqual(ms(history.starts_at));
  });

  it('lists members by plan, active and expiring before', async () => {
    const fresh = await createTestApp();
    const staff = await tokenFor(fresh, await createStaff(fresh));
    const premium = await createPremiumProduct(fresh, { period_count: 10 });
    const other = await createMembershipProduct(fresh, { period_count: 100 });
    const [a, b, c] = [await createUser(fresh), await createUser(fresh), await createUser(fresh)];
    await grantMembership(fresh.app.ctx, a.id, premium.id, { kind: 'order', reference: 'l-a' });
    await grantMembership(fresh.app.ctx, b.id, other.id, { kind: 'order', reference: 'l-b' });
    const cSub = (await grantMembership(fresh.app.ctx, c.id, premium.id, { kind: 'order', reference: 'l-c' })).subscription;
    await fresh.db.kysely.updateTable('subscriptions').set({ ends_at: new Date(Date.now() - DAY).toISOString() }).where('id', '=', cSub.id).execute();

    const list = async (query: Record<string, string>) =>
      ((await fresh.api('GET', '/usermembership', { token: staff, query })).json() as { results: { user_id: number }[] }).results.map((r) => r.user_id).sort();
    expect(await list({})).toEqual([a.id, b.id, c.id].sort());
    expect(await list({ membership: 'premium' })).toEqual([a.id, c.id].sort());
    expect(await list({ membership: 'premium', active: '1' })).toEqual([a.id]);
    expect(await list({ active: 'false' })).toEqual([c.id]);
    expect(await list({ active: '1', expiring_before: new Date(Date.now() + 20 * DAY).toISOString() })).toEqual([a.id]);
    const bad = await fresh.api('GET', '/usermembership', { token: staff, query: { expiring_before: 'soon' } });
    expect(bad.json().fields).toHaveProperty('expiring_before');
  });

  it('every staff call answers 403 to a user', async () => {
    const user = await createUser(t);
    const token = await tokenFor(t, user);
    const sub = await member(user, 'ns-1');
    const product = await createPremiumProduct(t);
    for (const [path, body] of [
      ['/subscription/grant', { user_id: user.id, product_id: product.id }],
      [`/subscription/${sub.id}/extend`, { period_unit: 'day', period_count: 1 }],
      [`/subscription/${sub.id}/end`, undefined],
    ] as const) {
      expect((await t.api('POST', path, { token, body })).statusCode, path).toBe(403);
    }
  });
});
