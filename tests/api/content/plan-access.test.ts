import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import type { UserRow } from '../../../src/server/db/types.js';
import { grantMembership } from '../../../src/server/modules/membership/service.js';
import { render } from '../../../src/web/entry-server.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { createMembershipPlan, createMembershipProduct, createPremiumProduct, createStaff, createUser, planArticleFields, tokenFor } from '../helpers/factories.js';

/**
 * Access "members of a plan": an article or a course an editor gives to one plan is read by that plan's members
 * and staff alone, on every path premium text takes (the article and lesson calls, the unlock call, the page,
 * feeds, search, the offline manifest), never by a premium member of another plan, the meter or a free read.
 */
async function createPageApp(): Promise<TestApp> {
  const distDir = path.join(process.env.TMPDIR ?? '/tmp', `lectern-plan-access-${process.pid}-${Math.random().toString(36).slice(2)}`);
  mkdirSync(path.join(distDir, 'client'), { recursive: true });
  writeFileSync(path.join(distDir, 'client', 'index.html'), readFileSync('index.html', 'utf8'));
  return createTestApp({ distDir, freeReadsGuest: 5, freeReadsUser: 5 }, { ssr: { mode: 'production', loadRender: async () => render } });
}

let t: TestApp;
let staff: string;
let planId: number;
let otherPlanId: number;
const tokens: Record<'premium' | 'circle' | 'reader' | 'lapsed' | 'other', string> = { premium: '', circle: '', reader: '', lapsed: '', other: '' };
const users: Partial<Record<keyof typeof tokens, UserRow>> = {};

const word = () => `qv${Math.random().toString(36).slice(2, 10)}`;

async function memberOf(productId: number, key: keyof typeof tokens) {
  const user = await createUser(t);
  await grantMembership(t.app.ctx, user.id, productId, { kind: 'staff', reference: `plan-access-${key}-${user.id}` });
  users[key] = user;
  tokens[key] = await tokenFor(t, user);
}

beforeAll(async () => {
  t = await createPageApp();
  staff = await tokenFor(t, await createStaff(t));
  const premium = await createPremiumProduct(t);
  planId = (await createMembershipPlan(t, { slug: `circle-${process.pid}`, name: 'Inner circle' })).id;
  otherPlanId = (await createMembershipPlan(t, { slug: `guild-${process.pid}`, name: 'Guild' })).id;
  const circle = await createMembershipProduct(t, { membership_id: planId });
  const guild = await createMembershipProduct(t, { membership_id: otherPlanId });
  await memberOf(premium.id, 'premium');
  await memberOf(circle.id, 'circle');
  await memberOf(guild.id, 'other');
  users.reader = await createUser(t);
  tokens.reader = await tokenFor(t, users.reader);
  // A member of the plan whose term is over.
  await memberOf(circle.id, 'lapsed');
  await t.db.kysely
    .updateTable('subscriptions')
    .set({ ends_at: new Date(Date.now() - 60_000).toISOString() })
    .where('user_membership_id', 'in', (eb) => eb.selectFrom('user_memberships').select('id').where('user_id', '=', users.lapsed!.id))
    .execute();
});

const articleFields = (overrides: Record<string, unknown> = {}) => planArticleFields(planId, overrides);
const courseFields = (overrides: Record<string, unknown> = {}) => ({
  title: `Plan course ${word()}`,
  slug: '',
  summary: 'A course for the circle.',
  cover: '',
  body_markdown: 'About the course.',
  level: 'beginner',
  category_id: null,
  tag_ids: [],
  access: 'plan',
  access_plan_id: planId,
  language: 'en',
  ...overrides,
});

async function make(kind: string, fields: Record<string, unknown>, token = staff) {
  const res = await t.api('POST', `/editorial/${kind}`, { token, body: { fields } });
  expect(res.statusCode, res.body).toBe(201);
  const item = res.json() as { id: number };
  if (kind !== 'lesson') expect((await t.api('POST', `/editorial/${kind}/${item.id}/action/publish`, { token })).statusCode).toBe(200);
  return item.id;
}

type Caller = { token?: string; fingerprint?: string };
const inject = (url: string, who: Caller, method: 'GET' | 'POST' = 'GET'): Promise<LightMyRequestResponse> =>
  t.app.inject({
    method,
    url,
    headers: { ...(who.token && { authorization: `Bearer ${who.token}` }), ...(who.fingerprint && { 'x-lectern-fingerprint': who.fingerprint }) },
    remoteAddress: '198.18.3.4',
  });

describe('editors give a piece to the members of a plan', () => {
  it('needs a plan that exists, named by field, and only staff may set it', async () => {
    const missing = await t.api('POST', '/editorial/article', { token: staff, body: { fields: articleFields({ access_plan_id: null }) } });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().fields).toHaveProperty('access_plan_id');
    const unknown = await t.api('POST', '/editorial/course', { token: staff, body: { fields: courseFields({ access_plan_id: 999_999 }) } });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().fields).toHaveProperty('access_plan_id');
    const bad = await t.api('POST', '/editorial/article', { token: staff, body: { fields: articleFields({ access: 'friends' }) } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toHaveProperty('access');
    expect((await t.api('POST', '/editorial/article', { token: tokens.circle, body: { fields: articleFields() } })).statusCode).toBe(403);
    expect((await t.api('POST', '/editorial/article', { body: { fields: articleFields() } })).statusCode).toBe(401);
    // Nothing was written by the refused calls.
    const titles = await t.db.kysely.selectFrom('articles').select('title').where('access', '=', 'plan').execute();
    expect(titles).toHaveLength(0);
  });

  it('keeps the plan with the piece, and drops it for any other access', async () => {
    const res = await t.api('POST', '/editorial/article', { token: staff, body: { fields: articleFields({ access: 'premium' }) } });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().fields).toMatchObject({ access: 'premium', access_plan_id: null });
    const options = await t.api('GET', '/editorial/options', { token: staff });
    expect(options.json().plans).toEqual(expect.arrayContaining([{ id: planId, name: 'Inner circle' }]));
  });
});

describe('a plan article', () => {
  it('is read by the plan members and staff, and by no one else on any path', async () => {
    const secret = word();
    const id = await make('article', articleFields({ body_markdown: `The ${secret} is for the circle.` }));
    const readers: Caller[] = [{ token: tokens.circle }, { token: staff }];
    const others: Array<[string, Caller]> = [
      ['guest', {}],
      ['guest with a meter', { fingerprint: `plan-guest-${process.pid}-fingerprint` }],
      ['reader', { token: tokens.reader }],
      ['premium member', { token: tokens.premium }],
      ['member of another plan', { token: tokens.other }],
      ['lapsed member', { token: tokens.lapsed }],
    ];
    for (const who of readers) {
      const read = await inject(`/api/v2/article/${id}`, who);
      expect(read.json()).toMatchObject({ locked: false, access: 'plan' });
      expect(read.body).toContain(secret);
      const search = await inject(`/api/v2/search?q=${secret}`, who);
      expect(search.json().count, search.body).toBe(1);
    }
    for (const [name, who] of others) {
      const answers = await Promise.all([
        inject(`/api/v2/article/${id}`, who),
        inject(`/api/v2/article/${id}/unlock`, who, 'POST'),
        inject(`/api/v2/article/membership_status/${id}`, who),
        inject(`/api/v2/search?q=${secret}`, who),
        inject('/api/v2/article/summary?page_size=100', who),
        inject(`/article/${id}`, who),
        inject('/rss.xml', who),
        inject('/atom.xml', who),
        inject(`/api/v2/comments/article/${id}`, who),
      ]);
      for (const answer of answers) expect(answer.body, name).not.toContain(secret);
      expect(answers[0].json(), name).toMatchObject({ locked: true, content_html: null });
      expect(answers[3].json().count, name).toBe(0);
      if (answers[1].statusCode === 200) expect(answers[1].json(), name).toMatchObject({ locked: true, content_html: null });
      const status = answers[2].json();
      expect(status, name).toMatchObject({ can_read: false, reads_left: null });
    }
  });

  it('is not opened by the monthly meter nor by a free read', async () => {
    const secret = word();
    const id = await make('article', articleFields({ body_markdown: `Only ${secret} here.`, free_read: true }));
    const guest = { fingerprint: `plan-meter-${process.pid}-fingerprint` };
    const unlocked = await inject(`/api/v2/article/${id}/unlock`, guest, 'POST');
    expect(unlocked.body).not.toContain(secret);
    const meter = await inject('/api/v2/membership/meter', guest);
    if (meter.statusCode === 200) expect(meter.body).not.toContain('"reads_left":4');
  });

  it("reaches a plan member's private feed but no one else's", async () => {
    const secret = word();
    await make('article', articleFields({ body_markdown: `Feed ${secret} text.` }));
    const feedOf = async (key: 'circle' | 'premium') => {
      const id = users[key]!.id;
      const res = await t.api('POST', `/user/profile/${id}/rss_token`, { token: tokens[key] });
      const token = (res.statusCode === 200 || res.statusCode === 201 ? res.json() : (await t.api('GET', `/user/profile/${id}/rss_token`, { token: tokens[key] })).json()).rss_token as string;
      return (await t.app.inject({ url: `/rss.xml?token=${encodeURIComponent(token)}` })).body;
    };
    expect(await feedOf('circle')).toContain(secret);
    expect(await feedOf('premium')).not.toContain(secret);
  });

  it('opens to staff alone once its plan is deleted', async () => {
    const gone = (await createMembershipPlan(t, { slug: `gone-${process.pid}` })).id;
    const product = await createMembershipProduct(t, { membership_id: gone });
    const member = await createUser(t);
    await grantMembership(t.app.ctx, member.id, product.id, { kind: 'staff', reference: `plan-gone-${member.id}` });
    const secret = word();
    const id = await make('article', articleFields({ access_plan_id: gone, body_markdown: `Gone ${secret}.` }));
    const memberToken = await tokenFor(t, member);
    expect((await inject(`/api/v2/article/${id}`, { token: memberToken })).body).toContain(secret);
    await t.db.kysely.updateTable('articles').set({ access_plan_id: null }).where('id', '=', id).execute();
    expect((await inject(`/api/v2/article/${id}`, { token: memberToken })).body).not.toContain(secret);
    expect((await inject(`/api/v2/article/${id}`, { token: staff })).body).toContain(secret);
  });
});

describe('a plan course', () => {
  it("opens its lessons and offline manifest to the plan's members and staff alone", async () => {
    const secret = word();
    const course = await make('course', courseFields());
    const lesson = await make('lesson', { course_id: course, title: 'First', slug: '', chapter: '', summary: 'Short.', body_markdown: `Lesson ${secret}.`, duration: 60, is_free_preview: false });
    for (const who of [{ token: tokens.circle }, { token: staff }]) {
      const read = await inject(`/api/v2/lesson/${lesson}`, who);
      expect(read.body, read.body).toContain(secret);
      expect((await inject(`/api/v2/course/${course}/offline_manifest`, who)).statusCode).toBe(200);
    }
    for (const who of [{}, { token: tokens.reader }, { token: tokens.premium }, { token: tokens.other }, { token: tokens.lapsed }]) {
      const answers = await Promise.all([
        inject(`/api/v2/lesson/${lesson}`, who),
        inject(`/api/v2/course/${course}`, who),
        inject(`/api/v2/course/${course}/lesson`, who),
        inject(`/api/v2/search?q=${secret}`, who),
        inject(`/course/${course}/lesson/${lesson}`, who),
        inject(`/api/v2/course/${course}/offline_manifest`, who),
      ]);
      for (const answer of answers) expect(answer.body).not.toContain(secret);
      expect(answers[5].statusCode).not.toBe(200);
    }
    const enrol = await inject(`/api/v2/course/${course}/enrol`, { token: tokens.premium }, 'POST');
    expect(enrol.statusCode).toBe(403);
  });
});
