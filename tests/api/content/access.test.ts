import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import type { UserRow } from '../../../src/server/db/types.js';
import { decideArticleAccess, entitlementOfActor, previewAccess, releaseArticle, type Entitlement } from '../../../src/server/modules/content/access.js';
import { grantMembership } from '../../../src/server/modules/membership/service.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { createArticle, createPremiumProduct, createStaff, createUser, tokenFor } from '../helpers/factories.js';

/**
 * Who may read premium text: free and free-read articles for all, staff and premium members always, and
 * others one article at a time under the metered paywall, spent only by the unlock call.
 */
const GUEST_READS = 3;
const USER_READS = 2;

let t: TestApp;
let staffToken: string;
let memberToken: string;
let premiumProductId: number;
beforeAll(async () => {
  t = await createTestApp({ freeReadsGuest: GUEST_READS, freeReadsUser: USER_READS });
  staffToken = await tokenFor(t, await createStaff(t));
  premiumProductId = (await createPremiumProduct(t)).id;
  memberToken = await tokenFor(t, await createMember());
});

let seq = 0;
const next = () => (seq += 1);

async function createMember(): Promise<UserRow> {
  const user = await createUser(t);
  await grantMembership(t.app.ctx, user.id, premiumProductId, { kind: 'staff', reference: `access-test-${user.id}` });
  return user;
}

/** A guest: a fingerprint of its own on an address of its own (the meter also counts per network). */
function newGuest() {
  const n = next();
  return { fingerprint: `guest-${process.pid}-${n}-fingerprint`, ip: `198.${51 + (n >> 8)}.${n & 255}.7` };
}
type Guest = ReturnType<typeof newGuest>;

function call(method: 'GET' | 'POST', url: string, who: { token?: string; guest?: Guest; headers?: Record<string, string> } = {}): Promise<LightMyRequestResponse> {
  const headers: Record<string, string> = { ...who.headers };
  if (who.token) headers.authorization = `Bearer ${who.token}`;
  if (who.guest) headers['x-lectern-fingerprint'] = who.guest.fingerprint;
  return t.app.inject({ method, url: `/api/v2${url}`, headers, remoteAddress: who.guest?.ip ?? '203.0.113.9' });
}

const unlock = (id: number, who: Parameters<typeof call>[2] = {}) => call('POST', `/article/${id}/unlock`, who);
const status = async (id: number, who: Parameters<typeof call>[2] = {}) => {
  const res = await call('GET', `/article/membership_status/${id}`, who);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};
const premiumArticle = (secret = `secret${next()}word`) => createArticle(t, { access: 'premium', body_markdown: `The ${secret} is here.` });

describe('the access decision', () => {
  const guest: Entitlement = { loggedIn: false, staff: false, member: false, plans: [], reader: null };
  const fingerprinted: Entitlement = { ...guest, reader: { fingerprint: 'abcdefgh', ip: '192.0.2.1' } };
  const user: Entitlement = { loggedIn: true, staff: false, member: false, plans: [], reader: { userId: 1 } };
  const member: Entitlement = { loggedIn: true, staff: false, member: true, plans: [], reader: null };
  const staff: Entitlement = { loggedIn: true, staff: true, member: false, plans: [], reader: null };
  const premium = { access: 'premium', free_read: false } as const;

  it('gives every reason, without the meter', () => {
    for (const who of [guest, user, member, staff]) {
      expect(decideArticleAccess(who, { access: 'free', free_read: false })).toEqual({ can_read: true, reason: 'free', meterable: false });
      expect(decideArticleAccess(who, { access: 'premium', free_read: 1 })).toEqual({ can_read: true, reason: 'free_read', meterable: false });
    }
    expect(decideArticleAccess(staff, premium)).toEqual({ can_read: true, reason: 'staff', meterable: false });
    expect(decideArticleAccess(member, premium)).toEqual({ can_read: true, reason: 'member', meterable: false });
    expect(decideArticleAccess(guest, premium)).toEqual({ can_read: false, reason: 'login_required', meterable: false });
    expect(decideArticleAccess(fingerprinted, premium)).toEqual({ can_read: false, reason: 'login_required', meterable: true });
    expect(decideArticleAccess(user, premium)).toEqual({ can_read: false, reason: 'membership_required', meterable: true });
  });

  it('opens a premium article as metered only when a read is spent or was spent', async () => {
    const article = await premiumArticle();
    const who: Entitlement = { ...guest, reader: { fingerprint: `decision-${process.pid}`, ip: '192.0.2.77' } };
    expect(await previewAccess(t.app.ctx, who, article)).toEqual({ can_read: true, reason: 'metered', reads_left: GUEST_READS, reads_limit: GUEST_READS });
    expect(await releaseArticle(t.app.ctx, who, article)).toEqual({ can_read: true, reason: 'metered', reads_left: GUEST_READS - 1, reads_limit: GUEST_READS });
    expect(await releaseArticle(t.app.ctx, who, article)).toMatchObject({ reason: 'metered', reads_left: GUEST_READS - 1 });
    expect(await releaseArticle(t.app.ctx, guest, article)).toEqual({ can_read: false, reason: 'login_required', reads_left: null, reads_limit: null });
  });

  it('resolves what an actor is entitled to once', async () => {
    const user = await createMember();
    const actor = { id: user.id, role: user.role, username: user.username, email: user.email, display_name: user.display_name, avatar: user.avatar };
    const first = entitlementOfActor(t.app.ctx, actor);
    expect(entitlementOfActor(t.app.ctx, actor)).toBe(first);
    expect(await first).toEqual({ loggedIn: true, staff: false, member: true, plans: [expect.any(Number)], reader: null });
  });
});

describe('a premium member', () => {
  it('reads premium bodies through the article API and the unlock call, without a meter', async () => {
    const article = await premiumArticle('membersonlytext');
    const res = await call('GET', `/article/${article.id}`, { token: memberToken });
    expect(res.json()).toMatchObject({ locked: false, content_html: expect.stringContaining('membersonlytext') });
    expect(res.headers['cache-control']).toBe('private, no-store');
    const opened = await unlock(article.id, { token: memberToken });
    expect(opened.json()).toMatchObject({ locked: false, reason: 'member', reads_left: null, content_html: expect.stringContaining('membersonlytext') });
  });

  it('finds premium bodies in search; a user without membership and a metered guest do not', async () => {
    const article = await premiumArticle('xylographic');
    const search = (who: Parameters<typeof call>[2]) => call('GET', '/search?q=xylographic', who).then((r) => r.json());
    const found = await search({ token: memberToken });
    expect(found.results.map((r: { id: number }) => r.id)).toEqual([article.id]);
    expect(found.results[0].snippet).toContain('<mark>xylographic</mark>');
    const guest = newGuest();
    expect((await unlock(article.id, { guest })).json().reason).toBe('metered');
    expect((await search({ guest })).count).toBe(0);
    expect((await search({ token: await tokenFor(t, await createUser(t)) })).count).toBe(0);
  });

  it('loses premium access when the membership ends', async () => {
    const user = await createUser(t);
    const { subscription } = await grantMembership(t.app.ctx, user.id, premiumProductId, { kind: 'staff', reference: `ending-${user.id}` });
    const token = await tokenFor(t, user);
    const article = await premiumArticle();
    expect((await status(article.id, { token })).reason).toBe('member');
    expect((await call('POST', `/subscription/${subscription.id}/end`, { token: staffToken })).statusCode).toBe(200);
    expect((await call('GET', `/article/${article.id}`, { token })).json()).toMatchObject({ locked: true, content_html: null });
  });
});

describe('the metered paywall', () => {
  it(`gives a guest with a fingerprint ${GUEST_READS} premium bodies, then refuses with login_required and no body`, async () => {
    const guest = newGuest();
    const articles = await Promise.all(Array.from({ length: GUEST_READS + 1 }, () => premiumArticle()));
    for (const [i, article] of articles.slice(0, GUEST_READS).entries()) {
      const res = await unlock(article.id, { guest });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ locked: false, reason: 'metered', reads_left: GUEST_READS - 1 - i, reads_limit: GUEST_READS });
      expect(res.json().content_html).toContain('secret');
    }
    const refused = await unlock(articles[GUEST_READS].id, { guest });
    expect(refused.statusCode).toBe(200);
    expect(refused.json()).toMatchObject({ locked: true, content_html: null, reason: 'login_required', reads_left: 0 });
    expect(refused.body).not.toContain('secret');
    // Opening an article read this month again is free, even with no read left.
    const again = await unlock(articles[0].id, { guest });
    expect(again.json()).toMatchObject({ locked: false, reason: 'metered', reads_left: 0 });
  });

  it('gives a logged-in user the user limit, then refuses with membership_required', async () => {
    const token = await tokenFor(t, await createUser(t));
    const articles = await Promise.all(Array.from({ length: USER_READS + 1 }, () => premiumArticle()));
    for (const article of articles.slice(0, USER_READS)) expect((await unlock(article.id, { token })).json()).toMatchObject({ locked: false, reason: 'metered' });
    expect((await unlock(articles[USER_READS].id, { token })).json()).toMatchObject({ locked: true, content_html: null, reason: 'membership_required', reads_left: 0 });
    expect((await unlock(articles[1].id, { token })).json()).toMatchObject({ locked: false, reason: 'metered' });
  });

  it('answers a metered body private and no-store, never for a shared cache', async () => {
    const article = await premiumArticle();
    const res = await unlock(article.id, { guest: newGuest() });
    expect(res.json().reason).toBe('metered');
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(String(res.headers.vary)).toContain('x-lectern-fingerprint');
  });

  it('is never spent by the article API or the status call, and a guest without a fingerprint has no meter', async () => {
    const article = await premiumArticle('untouchedtext');
    const guest = newGuest();
    for (let i = 0; i < GUEST_READS + 1; i += 1) {
      const res = await call('GET', `/article/${article.id}`, { guest });
      expect(res.json()).toMatchObject({ locked: true, content_html: null });
      expect(res.body).not.toContain('untouchedtext');
      expect((await status(article.id, { guest })).reads_left).toBe(GUEST_READS);
    }
    expect((await unlock(article.id)).json()).toMatchObject({ locked: true, content_html: null, reason: 'login_required', reads_left: null });
    const { count } = await t.db.kysely.selectFrom('meter_reads').select((eb) => eb.fn.countAll().as('count')).where('subject', '=', `fp:${guest.fingerprint}`).executeTakeFirstOrThrow();
    expect(Number(count)).toBe(0);
  });

  it('gives free and free-read articles to all without spending a read', async () => {
    const guest = newGuest();
    const free = await createArticle(t, { body_markdown: 'Open text.' });
    const freeRead = await createArticle(t, { access: 'premium', free_read: true, body_markdown: 'Open premium text.' });
    expect((await unlock(free.id, { guest })).json()).toMatchObject({ locked: false, reason: 'free', reads_left: null });
    expect((await unlock(freeRead.id, { guest })).json()).toMatchObject({ locked: false, reason: 'free_read', reads_left: null });
    expect((await status(free.id, { guest })).reads_left).toBeNull();
    const premium = await premiumArticle();
    expect((await status(premium.id, { guest })).reads_left).toBe(GUEST_READS);
  });

  it('rejects a malformed fingerprint, naming the header', async () => {
    const article = await premiumArticle();
    for (const bad of ['short', 'has spaces in it', 'x'.repeat(129)]) {
      const res = await unlock(article.id, { headers: { 'x-lectern-fingerprint': bad } });
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().fields).toHaveProperty('x-lectern-fingerprint');
    }
  });

  it('is 404 for an article that is not published', async () => {
    const draft = await createArticle(t, { access: 'premium', status: 'draft' });
    expect((await unlock(draft.id, { guest: newGuest() })).statusCode).toBe(404);
    expect((await unlock(99_999_999, { guest: newGuest() })).statusCode).toBe(404);
  });
});

describe('article/membership_status/{id}', () => {
  it('answers every reason, with the reads left and the plans that would open it', async () => {
    const free = await createArticle(t);
    const freeRead = await createArticle(t, { access: 'premium', free_read: true });
    const premium = await premiumArticle();
    const expectPlans = (plans: Array<{ slug: string; products: unknown[] }>) => {
      expect(plans.map((p) => p.slug)).toEqual(['premium']);
      expect(plans[0].products.length).toBeGreaterThan(0);
    };

    expect(await status(free.id)).toMatchObject({ can_read: true, locked: false, reason: 'free', reads_left: null, plans: [] });
    expect(await status(freeRead.id)).toMatchObject({ can_read: true, reason: 'free_read', plans: [] });
    expect(await status(premium.id, { token: staffToken })).toMatchObject({ can_read: true, reason: 'staff', plans: [] });
    expect(await status(premium.id, { token: memberToken })).toMatchObject({ can_read: true, reason: 'member', plans: [] });

    const noFingerprint = await status(premium.id);
    expect(noFingerprint).toMatchObject({ can_read: false, locked: true, reason: 'login_required', reads_left: null });
    expectPlans(noFingerprint.plans);

    const guest = newGuest();
    const metered = await status(premium.id, { guest });
    expect(metered).toMatchObject({ can_read: true, locked: false, reason: 'metered', reads_left: GUEST_READS, reads_limit: GUEST_READS });
    expectPlans(metered.plans);
    for (let i = 0; i < GUEST_READS; i += 1) await unlock((await premiumArticle()).id, { guest });
    expect(await status(premium.id, { guest })).toMatchObject({ can_read: false, reason: 'login_required', reads_left: 0 });

    const token = await tokenFor(t, await createUser(t));
    expect(await status(premium.id, { token })).toMatchObject({ can_read: true, reason: 'metered', reads_left: USER_READS });
    for (let i = 0; i < USER_READS; i += 1) await unlock((await premiumArticle()).id, { token });
    const exhausted = await status(premium.id, { token });
    expect(exhausted).toMatchObject({ can_read: false, reason: 'membership_required', reads_left: 0, reads_limit: USER_READS });
    expectPlans(exhausted.plans);
  });

  it('is private', async () => {
    const res = await call('GET', `/article/membership_status/${(await premiumArticle()).id}`);
    expect(res.headers['cache-control']).toBe('private, no-store');
  });
});
