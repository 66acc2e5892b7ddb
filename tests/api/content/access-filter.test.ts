import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { createArticle, createMembershipPlan, createMembershipProduct, createStaff, planArticleFields, tokenFor } from '../helpers/factories.js';

/**
 * The public article list's `access` filter: free, premium, or plan (the members of a plan). A plan article is
 * listed under `plan` alone, and its card, like every card, carries no body.
 */
let t: TestApp;
let staff: string;
let planId: number;
const ids: Record<'free' | 'premium' | 'plan', number> = { free: 0, premium: 0, plan: 0 };
const secret = `plan-words-${Math.random().toString(36).slice(2, 10)}`;

type Card = { id: number; access: string; summary: string };
const list = async (query: Record<string, string>, token?: string) => {
  const res = await t.api('GET', '/article/summary', { query: { page_size: '100', ...query }, ...(token && { token }) });
  expect(res.statusCode, res.body).toBe(200);
  return { body: res.body, results: (res.json() as { results: Card[] }).results, count: (res.json() as { count: number }).count };
};

beforeAll(async () => {
  t = await createTestApp();
  staff = await tokenFor(t, await createStaff(t));
  planId = (await createMembershipPlan(t, { slug: `filter-circle-${process.pid}`, name: 'Circle' })).id;
  await createMembershipProduct(t, { membership_id: planId });
  ids.free = (await createArticle(t, { access: 'free' })).id;
  ids.premium = (await createArticle(t, { access: 'premium', body_markdown: 'Premium body words.' })).id;
  const fields = planArticleFields(planId, { title: 'For the circle', summary: 'A teaser anyone may see.', body_markdown: `The ${secret} stay with the circle.` });
  const made = await t.api('POST', '/editorial/article', { token: staff, body: { fields } });
  expect(made.statusCode, made.body).toBe(201);
  ids.plan = (made.json() as { id: number }).id;
  expect((await t.api('POST', `/editorial/article/${ids.plan}/action/publish`, { token: staff })).statusCode).toBe(200);
});

describe('GET article/summary?access=', () => {
  it('lists a plan article under plan, and not under premium or free', async () => {
    const plan = await list({ access: 'plan' });
    expect(plan.results.map((c) => c.id)).toEqual([ids.plan]);
    expect(plan.count).toBe(1);
    expect(plan.results[0]).toMatchObject({ access: 'plan', summary: 'A teaser anyone may see.' });
    const premium = await list({ access: 'premium' });
    expect(premium.results.map((c) => c.id)).toEqual([ids.premium]);
    expect(premium.count).toBe(1);
    const free = await list({ access: 'free' });
    expect(free.results.map((c) => c.id)).toEqual([ids.free]);
    expect(free.count).toBe(1);
    const all = await list({});
    expect(all.results.map((c) => c.id).sort((a, b) => a - b)).toEqual([ids.free, ids.premium, ids.plan].sort((a, b) => a - b));
  });

  it("never carries the plan article's text, to guests or to staff", async () => {
    for (const token of [undefined, staff]) {
      const plan = await list({ access: 'plan' }, token);
      expect(plan.body).not.toContain(secret);
      expect(plan.results[0]).not.toHaveProperty('content_html');
      expect((await list({}, token)).body).not.toContain(secret);
    }
  });

  it('refuses any other access with a 400 naming access', async () => {
    for (const access of ['members', 'PLAN', '']) {
      const res = await t.api('GET', '/article/summary', { query: { access } });
      expect(res.statusCode, access).toBe(400);
      expect(res.json().fields, access).toHaveProperty('access');
    }
  });
});
