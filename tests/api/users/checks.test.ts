import { beforeAll, describe, expect, it } from 'vitest';
import { userForRssToken } from '../../../src/server/modules/users/service.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { createStaff, createUser, tokenFor } from '../helpers/factories.js';
import { freshMobile, sendCode } from '../messaging/outbox.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});

const get = (id: number, what: string, token?: string, query?: Record<string, string>) =>
  t.api('GET', `/user/profile/${id}/${what}`, { token, query });

describe('existence checks', () => {
  it('check_email_exist and check_phone_exist tell whether another account uses the value', async () => {
    const mobile = freshMobile();
    const other = await createUser(t, { mobile });
    const user = await createUser(t);
    const token = await tokenFor(t, user);
    expect((await get(user.id, 'check_email_exist', token, { email: other.email.toUpperCase() })).json()).toEqual({ email: other.email, exists: true });
    expect((await get(user.id, 'check_email_exist', token, { email: 'free@example.com' })).json().exists).toBe(false);
    expect((await get(user.id, 'check_email_exist', token, { email: user.email })).json().exists).toBe(false);
    expect((await get(user.id, 'check_phone_exist', token, { phone_number: mobile })).json()).toEqual({ phone_number: mobile, exists: true });
    expect((await get(user.id, 'check_phone_exist', token, { phone_number: freshMobile() })).json().exists).toBe(false);
    expect((await get(user.id, 'check_email_exist', token, { email: 'nope' })).json().fields).toHaveProperty('email');
    expect((await get(user.id, 'check_phone_exist', token)).json().fields).toHaveProperty('phone_number');
    expect((await get(other.id, 'check_email_exist', token, { email: 'a@example.com' })).statusCode).toBe(404);
    expect((await get(user.id, 'check_email_exist', undefined, { email: 'a@example.com' })).statusCode).toBe(401);
  });
});

describe('existence checks from one address', () => {
  it('answer at most 10 an hour per call, so a list of addresses cannot be swept', async () => {
    const own = await createTestApp();
    const user = await createUser(own);
    const token = await tokenFor(own, user);
    const statuses: number[] = [];
    for (let i = 0; i < 12; i += 1) {
      statuses.push((await own.api('GET', `/user/profile/${user.id}/check_email_exist`, { token, query: { email: `probe${i}@example.com` } })).statusCode);
    }
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(200));
    expect(statuses.slice(10)).toEqual([429, 429]);
  });
});

describe('bind state', () => {
  it('reports e-mail, phone and password of an e-mail account and of a phone account', async () => {
    const user = await createUser(t, { email_verified: true });
    const token = await tokenFor(t, user);
    expect((await get(user.id, 'check_email_bind', token)).json()).toEqual({ bound: true, verified: true });
    expect((await get(user.id, 'check_phone_bind', token)).json()).toEqual({ bound: false });
    expect((await get(user.id, 'check_has_password', token)).json()).toEqual({ has_password: true });

    const mobile = freshMobile();
    const signup = (await t.api('POST', '/user-auth/sms/signup/', { body: { mobile, code: await sendCode(t, 'sms', mobile, 'signup') } })).json();
    const phone = signup.user.pk;
    expect((await get(phone, 'check_email_bind', signup.access)).json()).toEqual({ bound: false, verified: false });
    expect((await get(phone, 'check_phone_bind', signup.access)).json()).toEqual({ bound: true });
    expect((await get(phone, 'check_has_password', signup.access)).json()).toEqual({ has_password: false });
    expect((await get(phone, 'get_email', signup.access)).json()).toEqual({ email: null });
    expect((await get(phone, 'get_phone', signup.access)).json()).toEqual({ mobile: `${mobile.slice(0, 3)}****${mobile.slice(-4)}` });
    expect((await get(phone, 'check_phone_bind', token)).statusCode).toBe(404);
  });

  it('get_email and get_phone answer masked values', async () => {
    const user = await createUser(t, { email: `alice${Date.now()}@example.com`, mobile: '13800000000' });
    const token = await tokenFor(t, user);
    expect((await get(user.id, 'get_email', token)).json()).toEqual({ email: 'a***@example.com' });
    expect((await get(user.id, 'get_phone', token)).json()).toEqual({ mobile: '138****0000' });
    expect((await get(user.id, 'user_id', token)).json()).toEqual({ user_id: user.id });
    expect((await get(user.id, 'user_id', await tokenFor(t, await createStaff(t)))).json()).toEqual({ user_id: user.id });
    expect((await get(user.id, 'get_email', await tokenFor(t, await createUser(t)))).statusCode).toBe(404);
  });
});

describe('displayname', () => {
  it('is free unless another account uses it, in any case', async () => {
    const user = await createUser(t);
    const other = await createUser(t);
    const token = await tokenFor(t, user);
    const check = (display_name: string, user_id?: number) =>
      get(user.id, 'displayname', token, { display_name, ...(user_id ? { user_id: String(user_id) } : {}) });
    expect((await check(other.display_name.toUpperCase())).json()).toEqual({ display_name: other.display_name.toUpperCase(), available: false });
    expect((await check(user.display_name)).json().available).toBe(true);
    expect((await check(other.display_name, other.id)).json().available).toBe(true);
    expect((await check(`Nobody ${Date.now()}`)).json().available).toBe(true);
    expect((await check('')).json().fields).toHaveProperty('display_name');
  });
});

describe('rss_token', () => {
  it('is made on first use, stays until rotated, and only the newest works', async () => {
    const user = await createUser(t);
    const token = await tokenFor(t, user);
    const first = await get(user.id, 'rss_token', token);
    expect(first.statusCode).toBe(200);
    const { rss_token } = first.json();
    expect(first.json().user_id).toBe(user.id);
    expect(rss_token).toMatch(/^[\w-]{43}$/);
    expect((await get(user.id, 'rss_token', token)).json().rss_token).toBe(rss_token);
    expect((await userForRssToken(t.app.ctx, rss_token))?.id).toBe(user.id);

    const rotated = await t.api('PUT', `/user/profile/${user.id}/rss_token`, { token });
    expect(rotated.statusCode).toBe(200);
    const next = rotated.json().rss_token;
    expect(next).not.toBe(rss_token);
    expect(await userForRssToken(t.app.ctx, rss_token)).toBeUndefined();
    expect((await userForRssToken(t.app.ctx, next))?.id).toBe(user.id);
    expect(await userForRssToken(t.app.ctx, 'made-up')).toBeUndefined();

    // Only a hash and a nonce are stored, never the token.
    const row = await t.db.kysely.withTables<{ rss_tokens: { user_id: number; nonce: string; token_hash: string } }>()
      .selectFrom('rss_tokens').selectAll().where('user_id', '=', user.id).executeTakeFirstOrThrow();
    expect(JSON.stringify(row)).not.toContain(next);
  });

  it('belongs to the owner: staff get 403, others 404; a disabled account’s token stops', async () => {
    const user = await createUser(t);
    expect((await get(user.id, 'rss_token', await tokenFor(t, await createStaff(t)))).statusCode).toBe(403);
    expect((await get(user.id, 'rss_token', await tokenFor(t, await createUser(t)))).statusCode).toBe(404);
    const token = (await get(user.id, 'rss_token', await tokenFor(t, user))).json().rss_token;
    await t.db.kysely.updateTable('users').set({ is_active: 0 }).where('id', '=', user.id).execute();
    expect(await userForRssToken(t.app.ctx, token)).toBeUndefined();
  });
});
