import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { grantMembership } from '../../../src/server/modules/membership/service.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { createArticle, createMembershipPlan, createMembershipProduct, createPremiumProduct, createStaff, createUser, tokenFor } from '../helpers/factories.js';

let t: TestApp;
let staff: string;
beforeAll(async () => {
  t = await createTestApp();
  staff = await tokenFor(t, await createStaff(t));
});

type Plan = { id: number; name: string; description: string; perks: string[]; products?: { id: number; name: string }[] };

/** A 400 naming the field or a part of it (`translations.zh-CN.name`). */
function expectInvalidUnder(res: LightMyRequestResponse, field: string) {
  expect(res.statusCode, res.body).toBe(400);
  expect(Object.keys(res.json().fields as object).some((name) => name === field || name.startsWith(`${field}.`))).toBe(true);
}

const zhPlan = { 'zh-CN': { name: '金卡', description: '闪闪发光。', perks: ['全部文章', '更多'] } };

describe("membership plans in the reader's language", () => {
  let planId: number;
  let productId: number;
  beforeAll(async () => {
    const created = await t.api('POST', '/membership', {
      token: staff,
      body: { slug: 'gold-zh', name: 'Gold', description: 'Shiny.', perks: ['Every article', 'More'], translations: zhPlan },
    });
    expect(created.statusCode, created.body).toBe(201);
    planId = created.json().id;
    const product = await t.api('POST', '/membership_product', {
      token: staff,
      body: { membership_id: planId, name: 'Gold, monthly', price: 1500, period_unit: 'month', period_count: 1, translations: { 'zh-CN': { name: '金卡（按月）' } } },
    });
    expect(product.statusCode, product.body).toBe(201);
    productId = product.json().id;
  });

  it('stores what staff write and answers it to a Chinese reader on every plan call; English readers get the default texts', async () => {
    const zhQuery = { lang: 'zh-CN' };
    expect((await t.api('GET', `/membership/${planId}`, { query: zhQuery })).json()).toMatchObject({ name: '金卡', description: '闪闪发光。', perks: ['全部文章', '更多'] });
    expect((await t.api('GET', `/membership/${planId}`, { query: { lang: 'en' } })).json()).toMatchObject({ name: 'Gold', description: 'Shiny.', perks: ['Every article', 'More'] });
    expect(((await t.api('GET', '/membership', { query: zhQuery })).json() as Plan[]).find((p) => p.id === planId)?.name).toBe('金卡');

    const card = ((await t.api('GET', '/product_membership', { query: zhQuery })).json() as Plan[]).find((p) => p.id === planId)!;
    expect(card).toMatchObject({ name: '金卡', perks: ['全部文章', '更多'] });
    expect(card.products).toEqual([expect.objectContaining({ id: productId, name: '金卡（按月）', price: 1500 })]);
    const englishCard = ((await t.api('GET', '/product_membership', { query: { lang: 'en' } })).json() as Plan[]).find((p) => p.id === planId)!;
    expect(englishCard).toMatchObject({ name: 'Gold', products: [expect.objectContaining({ name: 'Gold, monthly' })] });

    expect((await t.api('GET', `/membership_product/${productId}`, { query: zhQuery })).json().name).toBe('金卡（按月）');
    const listed = (await t.api('GET', '/membership_product', { query: { membership: 'gold-zh', lang: 'zh-CN' } })).json() as { name: string }[];
    expect(listed.map((p) => p.name)).toEqual(['金卡（按月）']);
    // Without `lang`: the cookie, then Accept-Language, and the answer varies by them.
    const byHeader = await t.api('GET', '/product_membership', { headers: { 'accept-language': 'zh-CN' } });
    expect((byHeader.json() as Plan[]).find((p) => p.id === planId)?.name).toBe('金卡');
    expect(String(byHeader.headers.vary)).toMatch(/Accept-Language/);
    const byCookie = await t.api('GET', `/membership/${planId}`, { headers: { cookie: 'lang=zh-CN' } });
    expect(byCookie.json().name).toBe('金卡');
  });

  it('falls back field by field: a plan without a Chinese description or perks shows the default ones', async () => {
    const plan = await createMembershipPlan(t, { name: 'Silver', description: 'Plain.', perks: ['Some articles'] });
    await t.db.kysely.updateTable('memberships').set({ translations: JSON.stringify({ 'zh-CN': { name: '银卡' } }) }).where('id', '=', plan.id).execute();
    const untranslated = await createMembershipProduct(t, { membership_id: plan.id, name: 'Silver, yearly' });
    const card = ((await t.api('GET', '/product_membership', { query: { lang: 'zh-CN' } })).json() as Plan[]).find((p) => p.id === plan.id)!;
    expect(card).toMatchObject({ name: '银卡', description: 'Plain.', perks: ['Some articles'], products: [expect.objectContaining({ id: untranslated.id, name: 'Silver, yearly' })] });
  });

  it('changes the translations alone with PATCH, keeps them on a PATCH without them, and drops empty ones', async () => {
    const patched = await t.api('PATCH', `/membership/${planId}`, {
      token: staff,
      query: { lang: 'zh-CN' },
      body: { translations: { 'zh-CN': { name: '金卡会员', perks: ['所有付费文章'] } } },
    });
    expect(patched.statusCode, patched.body).toBe(200);
    // The Chinese description was left out of this version: it falls back to the default.
    expect(patched.json()).toMatchObject({ name: '金卡会员', description: 'Shiny.', perks: ['所有付费文章'] });
    // A PATCH of other fields keeps the translations, and the fields it does not name.
    const renamed = await t.api('PATCH', `/membership/${planId}`, { token: staff, body: { name: 'Gold plus' } });
    expect(renamed.json()).toMatchObject({ name: 'Gold plus', description: 'Shiny.', perks: ['Every article', 'More'] });
    expect((await t.api('GET', `/membership/${planId}`, { query: { lang: 'zh-CN' } })).json().name).toBe('金卡会员');
    // Empty versions (a blank name, an empty perks list) are none.
    await t.api('PATCH', `/membership/${planId}`, { token: staff, body: { translations: { 'zh-CN': { name: '  ', perks: [] } } } });
    expect((await t.api('GET', `/membership/${planId}`, { query: { lang: 'zh-CN' } })).json()).toMatchObject({ name: 'Gold plus', perks: ['Every article', 'More'] });

    const product = await t.api('PATCH', `/membership_product/${productId}`, { token: staff, query: { lang: 'zh-CN' }, body: { translations: { 'zh-CN': { name: '金卡（每月）' } } } });
    expect(product.statusCode, product.body).toBe(200);
    expect(product.json()).toMatchObject({ name: '金卡（每月）', price: 1500 });
  });

  it('a PATCH changes only the fields it names: an inactive product stays inactive', async () => {
    const product = await createMembershipProduct(t, { name: 'Retired', is_active: 0, price: 900 });
    const changed = await t.api('PATCH', `/membership_product/${product.id}`, { token: staff, body: { price: 800 } });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({ price: 800, is_active: false });
  });

  it('refuses bad translations with a 400 naming the field', async () => {
    const cases: [string, string, Record<string, unknown>][] = [
      ['POST', '/membership', { slug: 'bad-1', name: 'Bad', translations: { fr: { name: 'Mauvais' } } }],
      ['POST', '/membership', { slug: 'bad-2', name: 'Bad', translations: { 'zh-CN': { title: '标题' } } }],
      ['POST', '/membership', { slug: 'bad-3', name: 'Bad', translations: { 'zh-CN': { perks: '全部' } } }],
      ['POST', '/membership', { slug: 'bad-4', name: 'Bad', translations: { 'zh-CN': { name: 'x'.repeat(101) } } }],
      ['POST', '/membership', { slug: 'bad-5', name: 'Bad', translations: ['zh-CN'] }],
      ['PATCH', `/membership/${planId}`, { translations: { 'zh-CN': { description: 42 } } }],
      ['POST', '/membership_product', { membership_id: planId, name: 'X', price: 1, period_unit: 'day', period_count: 1, translations: { 'zh-CN': { description: '不适用' } } }],
      ['PATCH', `/membership_product/${productId}`, { translations: { 'zh-CN': 'name' } }],
    ];
    for (const [method, path, body] of cases) expectInvalidUnder(await t.api(method, path, { token: staff, body }), 'translations');
    expect((await t.api('GET', '/membership', { query: { lang: 'de' } })).json().fields).toHaveProperty('lang');
  });

  it("names the member's plan in their language in their membership", async () => {
    const user = await createUser(t);
    const token = await tokenFor(t, user);
    await t.api('PATCH', `/membership/${planId}`, { token: staff, body: { translations: { 'zh-CN': { name: '金卡会员' } } } });
    await grantMembership(t.app.ctx, user.id, productId, { kind: 'staff', reference: `plan-zh-${user.id}` });
    const current = await t.api('GET', `/usermembership/user/${user.id}`, { token, headers: { cookie: 'lang=zh-CN' } });
    expect(current.statusCode, current.body).toBe(200);
    expect(current.json().membership_name).toBe('金卡会员');
    const listed = await t.api('GET', '/usermembership', { token, query: { lang: 'en' } });
    expect(listed.json().results[0].membership_name).toBe('Gold plus');
  });

  it("names the plans on a premium article's paywall in the reader's language", async () => {
    const product = await createPremiumProduct(t, { price: 3000 });
    await t.db.kysely.updateTable('memberships').set({ translations: JSON.stringify({ 'zh-CN': { name: '高级会员' } }) }).where('id', '=', product.membership_id).execute();
    await t.db.kysely.updateTable('membership_products').set({ translations: JSON.stringify({ 'zh-CN': { name: '高级会员（按月）' } }) }).where('id', '=', product.id).execute();
    const article = await createArticle(t, { access: 'premium' });
    const token = await tokenFor(t, await createUser(t));
    const chinese = await t.api('GET', `/article/membership_status/${article.id}`, { token, headers: { cookie: 'lang=zh-CN' } });
    expect(chinese.statusCode, chinese.body).toBe(200);
    expect(chinese.json().plans).toEqual([expect.objectContaining({ name: '高级会员', products: [expect.objectContaining({ id: product.id, name: '高级会员（按月）' })] })]);
    const english = await t.api('GET', `/article/membership_status/${article.id}`, { token, headers: { 'accept-language': 'en' } });
    expect(english.json().plans[0]).toMatchObject({ name: 'Premium', products: [expect.objectContaining({ name: product.name })] });
  });
});
