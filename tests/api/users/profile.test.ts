import { existsSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { codeTables } from '../../../src/server/modules/messaging/repo.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { createArticle, createStaff, createUser, DEFAULT_PASSWORD, tokenFor } from '../helpers/factories.js';
import { apiFrom, freshIp, freshMobile, sendCode } from '../messaging/outbox.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});

const profilePath = (id: number) => `/user/profile/${id}`;

describe('user/profile/{id} GET', () => {
  it('shows the owner their profile, never cached', async () => {
    const mobile = freshMobile();
    const user = await createUser(t, { mobile, description: 'Hello' });
    const res = await t.api('GET', profilePath(user.id), { token: await tokenFor(t, user) });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toContain('no-store');
    expect(res.json()).toEqual({
      id: user.id,
      username: user.username,
      email: user.email,
      email_verified: false,
      mobile,
      display_name: user.display_name,
      description: 'Hello',
      avatar: null,
      has_password: true,
      role: 'user',
      date_joined: user.created_at,
    });
  });

  it('is 404 for someone else, 200 for staff, 401 for guests, 404 for no such user', async () => {
    const user = await createUser(t);
    const other = await createUser(t);
    expect((await t.api('GET', profilePath(user.id), { token: await tokenFor(t, other) })).statusCode).toBe(404);
    expect((await t.api('GET', profilePath(user.id), { token: await tokenFor(t, await createStaff(t)) })).statusCode).toBe(200);
    expect((await t.api('GET', profilePath(user.id))).statusCode).toBe(401);
    expect((await t.api('GET', profilePath(user.id + 100_000), { token: await tokenFor(t, user) })).statusCode).toBe(404);
    expect((await t.api('GET', '/user/profile/abc', { token: await tokenFor(t, user) })).json().fields).toHaveProperty('id');
  });
});

describe('user/profile/{id} PUT and PATCH', () => {
  it('changes username, display name and description, and accepts e-mail and mobile sent back unchanged', async () => {
    const mobile = freshMobile();
    const user = await createUser(t, { mobile });
    const token = await tokenFor(t, user);
    const put = await t.api('PUT', profilePath(user.id), {
      token,
      body: { username: `new${user.id}`, display_name: `New ${user.id}`, description: 'Bio', email: user.email.toUpperCase(), mobile },
    });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json()).toMatchObject({ username: `new${user.id}`, display_name: `New ${user.id}`, description: 'Bio', email: user.email, mobile });
    const patch = await t.api('PATCH', profilePath(user.id), { token, body: { description: 'Shorter' } });
    expect(patch.json()).toMatchObject({ username: `new${user.id}`, description: 'Shorter' });
  });

  it('refuses a direct change of e-mail or mobile, naming the field', async () => {
    const user = await createUser(t);
    const token = await tokenFor(t, user);
    const email = await t.api('PATCH', profilePath(user.id), { token, body: { email: 'elsewhere@example.com' } });
    expect(email.statusCode).toBe(400);
    expect(email.json().fields.email).toMatch(/bind_email/);
    const mobile = await t.api('PATCH', profilePath(user.id), { token, body: { mobile: freshMobile() } });
    expect(mobile.statusCode).toBe(400);
    expect(mobile.json().fields.mobile).toMatch(/bind_phone/);
    const taken = await t.api('PATCH', profilePath(user.id), { token, body: { username: (await createUser(t)).username } });
    expect(taken.json().fields).toHaveProperty('username');
    expect((await t.api('PUT', profilePath(user.id), { token, body: { username: 'only_this' } })).json().fields).toHaveProperty('display_name');
  });

  it('keeps a display name in one form, so a look-alike of another account’s name is refused as taken', async () => {
    const owner = await createUser(t);
    const ownerToken = await tokenFor(t, owner);
    expect((await t.api('PATCH', profilePath(owner.id), { token: ownerToken, body: { display_name: 'Harbour Editor' } })).statusCode).toBe(200);
    const other = await createUser(t);
    const token = await tokenFor(t, other);
    for (const name of ['Harbour Editor\u200B', 'Harbour\u00A0Editor', 'Harbour  Editor', 'Harbour\u3000Editor', 'Har\u00ADbour Editor', '\uFEFFharbour editor', 'Ｈarbour Editor']) {
      const res = await t.api('PATCH', profilePath(other.id), { token, body: { display_name: name } });
      expect(res.statusCode, JSON.stringify(name)).toBe(400);
      expect(res.json().fields).toEqual({ display_name: 'Another account uses this display name.' });
    }
    // A name is kept in that form: spaces run together, invisible characters gone.
    const saved = await t.api('PATCH', profilePath(other.id), { token, body: { display_name: '  Quay\u00A0\u00A0Keeper\u200B ' } });
    expect(saved.json().display_name).toBe('Quay Keeper');
  });

  it('refuses a display name with a control or text-direction character, which would turn the text around it', async () => {
    const user = await createUser(t);
    const token = await tokenFor(t, user);
    for (const name of ['Zoë \u202Eevil', 'a\u2067b', 'right\u200Fmark', 'bell\u0007']) {
      const res = await t.api('PATCH', profilePath(user.id), { token, body: { display_name: name } });
      expect(res.statusCode, JSON.stringify(name)).toBe(400);
      expect(res.json().fields).toEqual({ display_name: 'Use no control or text-direction characters.' });
    }
    // Right-to-left names themselves, and joined emoji, are names.
    for (const name of ['مريم', 'שרה', '👩\u200D💻 Ada']) {
      expect((await t.api('PATCH', profilePath(user.id), { token, body: { display_name: name } })).statusCode, name).toBe(200);
    }
  });

  it('lets staff edit a user, but not someone else or a superuser', async () => {
    const user = await createUser(t);
    const staff = await createStaff(t);
    const staffToken = await tokenFor(t, staff);
    expect((await t.api('PATCH', profilePath(user.id), { token: staffToken, body: { description: 'Moderated' } })).json().description).toBe('Moderated');
    const root = await createUser(t, { role: 'superuser' });
    expect((await t.api('PATCH', profilePath(root.id), { token: staffToken, body: { description: 'x' } })).statusCode).toBe(403);
    expect((await t.api('PATCH', profilePath(user.id), { token: await tokenFor(t, await createUser(t)), body: { description: 'x' } })).statusCode).toBe(404);
  });
});

describe('user/profile/{id} DELETE', () => {
  it('removes the account, its sessions, codes, feed token and avatar file', async () => {
    const mobile = freshMobile();
    const user = await createUser(t, { mobile });
    const login = await apiFrom(t, freshIp(), 'POST', '/rest-auth/login/', { body: { username: user.username, password: DEFAULT_PASSWORD } });
    const { access, refresh } = login.json();
    await t.api('GET', `${profilePath(user.id)}/rss_token`, { token: access });
    await sendCode(t, 'sms', mobile, 'login');
    const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#0a0' } }).png().toBuffer();
    const avatar = await t.app.inject({
      method: 'POST',
      url: `/api/v2${profilePath(user.id)}/avatar`,
      headers: { authorization: `Bearer ${access}`, 'content-type': 'application/octet-stream' },
      payload: png,
    });
    const file = path.join(t.config.dataDir, 'media', 'avatars', avatar.json().avatar.split('/').pop());
    expect(existsSync(file)).toBe(true);

    const res = await t.api('DELETE', profilePath(user.id), { token: access });
    expect(res.statusCode).toBe(204);
    expect(await t.db.kysely.selectFrom('users').select('id').where('id', '=', user.id).executeTakeFirst()).toBeUndefined();
    expect(await t.db.kysely.selectFrom('refresh_tokens').select('jti').where('user_id', '=', user.id).execute()).toEqual([]);
    expect(await codeTables(t.db.kysely).selectFrom('verification_codes').select('id').where('destination', '=', mobile).execute()).toEqual([]);
    const rss = t.db.kysely.withTables<{ rss_tokens: { user_id: number } }>();
    expect(await rss.selectFrom('rss_tokens').select('user_id').where('user_id', '=', user.id).execute()).toEqual([]);
    expect(existsSync(file)).toBe(false);
    expect((await t.api('GET', '/rest-auth/user/', { token: access })).statusCode).toBe(401);
    expect((await t.api('POST', '/rest-auth/token/refresh/', { body: { refresh } })).statusCode).toBe(401);
  });

  it('is 404 for someone else; staff may delete a user; an author is a conflict', async () => {
    const user = await createUser(t);
    expect((await t.api('DELETE', profilePath(user.id), { token: await tokenFor(t, await createUser(t)) })).statusCode).toBe(404);
    const staff = await createStaff(t);
    expect((await t.api('DELETE', profilePath(user.id), { token: await tokenFor(t, staff) })).statusCode).toBe(204);
    const author = await createStaff(t);
    await createArticle(t, { author });
    const res = await t.api('DELETE', profilePath(author.id), { token: await tokenFor(t, author) });
    expect(res.statusCode).toBe(409);
    expect(await t.db.kysely.selectFrom('users').select('id').where('id', '=', author.id).executeTakeFirst()).toBeDefined();
  });
});
