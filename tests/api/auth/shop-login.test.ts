import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { createStaff, createUser, DEFAULT_PASSWORD, tokenFor } from '../helpers/factories.js';
import { solvedCaptcha } from '../captcha/solve.js';
import { apiFrom, freshIp } from '../messaging/outbox.js';

let t: TestApp;
let n = 0;
const unique = () => `${Date.now().toString(36)}${(n += 1)}`;
beforeAll(async () => {
  t = await createTestApp();
});

const shopLogin = (body: unknown, ip = freshIp()) => apiFrom(t, ip, 'POST', '/shop/login', { body });
const whoAmI = (token?: string) => t.api('GET', '/shop/login', { token });
const usersWithEmail = (email: string) => t.db.kysely.selectFrom('users').select('id').where('email', '=', email).execute();

describe('shop/login', () => {
  it('logs in with a password, answers the session as rest-auth does, and GET tells who is logged in', async () => {
    const user = await createUser(t);
    const res = await shopLogin({ username: user.username, password: DEFAULT_PASSWORD });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toContain('no-store');
    const session = res.json<{ access: string; refresh: string; user: { pk: number } }>();
    expect(session).toMatchObject({ access: expect.any(String), refresh: expect.any(String), access_expiration: expect.stringMatching(/\.\d{6}Z$/), user: { pk: user.id, username: user.username } });
    const me = await whoAmI(session.access);
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ id: user.id, username: user.username, email: user.email, url: `http://lectern.test/api/v2/shop/users/${user.id}`, date_joined: user.created_at });
    // The same session as rest-auth's: its refresh token rotates there.
    expect((await t.api('POST', '/rest-auth/token/refresh/', { body: { refresh: session.refresh } })).statusCode).toBe(200);
  });

  it('answers 204 to a guest and 401 to a bad token', async () => {
    const guest = await whoAmI();
    expect(guest.statusCode).toBe(204);
    expect(guest.body).toBe('');
    expect((await whoAmI('not-a-token')).statusCode).toBe(401);
  });

  it('refuses a wrong password with 401 and names the fields of bad input', async () => {
    const user = await createUser(t);
    const wrong = await shopLogin({ username: user.username, password: 'wrong password' });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toMatchObject({ error: 'invalid_credentials' });
    const empty = await shopLogin({});
    expect(empty.statusCode).toBe(400);
    expect(empty.json().fields).toHaveProperty('password');
    const noName = await shopLogin({ password: 'x' });
    expect(noName.json().fields).toHaveProperty('username');
    const badEmail = await shopLogin({ email: 'not an address', password: 'x' });
    expect(badEmail.json().fields).toHaveProperty('email');
  });

  it('shares the failure count and captcha with rest-auth/login: failures on either make the captcha due on both', async () => {
    const user = await createUser(t);
    for (const path of ['/rest-auth/login/', '/shop/login', '/rest-auth/login/']) {
      const res = await apiFrom(t, freshIp(), 'POST', path, { body: { username: user.username, password: 'wrong password' } });
      expect(res.statusCode, `${path}: ${res.body}`).toBe(401);
    }
    const due = await shopLogin({ username: user.username, password: DEFAULT_PASSWORD });
    expect(due.statusCode).toBe(400);
    expect(due.json().fields).toHaveProperty('altcha');
    expect((await apiFrom(t, freshIp(), 'POST', '/rest-auth/login/', { body: { username: user.username, password: DEFAULT_PASSWORD } })).statusCode).toBe(400);
    const solved = await shopLogin({ username: user.username, password: DEFAULT_PASSWORD, altcha: await solvedCaptcha(t) });
    expect(solved.statusCode, solved.body).toBe(200);
  });

  it('DELETE logs out: the bearer token and the refresh token stop working; without a session it is still 204', async () => {
    const user = await createUser(t);
    const session = (await shopLogin({ username: user.username, password: DEFAULT_PASSWORD })).json<{ access: string; refresh: string }>();
    const out = await t.api('DELETE', '/shop/login', { token: session.access, body: { refresh: session.refresh } });
    expect(out.statusCode, out.body).toBe(204);
    expect((await whoAmI(session.access)).statusCode).toBe(401);
    expect((await t.api('POST', '/rest-auth/token/refresh/', { body: { refresh: session.refresh } })).statusCode).toBe(401);
    expect((await t.api('DELETE', '/shop/login')).statusCode).toBe(204);
    expect((await t.api('DELETE', '/shop/login', { token: session.access })).statusCode).toBe(204);
    expect((await t.api('DELETE', '/shop/login', { body: { refresh: 42 } })).json().fields).toHaveProperty('refresh');
  });

  it("does not end another user's session with their refresh token", async () => {
    const [a, b] = [await createUser(t), await createUser(t)];
    const sessionA = (await shopLogin({ username: a.username, password: DEFAULT_PASSWORD })).json<{ access: string; refresh: string }>();
    const tokenB = await tokenFor(t, b);
    expect((await t.api('DELETE', '/shop/login', { token: tokenB, body: { refresh: sessionA.refresh } })).statusCode).toBe(204);
    expect((await whoAmI(sessionA.access)).statusCode).toBe(200);
    expect((await whoAmI(tokenB)).statusCode).toBe(401);
  });
});

describe('shop/register', () => {
  const fields = () => {
    const id = unique();
    return { username: `shop${id}`, email: `shop${id}@example.com`, password1: 'a good long secret', password2: 'a good long secret' };
  };
  const registerWith = async (body: Record<string, unknown>, captcha = true) =>
    apiFrom(t, freshIp(), 'POST', '/shop/register', { body: captcha ? { altcha: await solvedCaptcha(t), ...body } : body });

  it('creates an account that is logged in at once, as rest-auth/registration does', async () => {
    const body = fields();
    const res = await registerWith(body);
    expect(res.statusCode, res.body).toBe(201);
    const session = res.json<{ access: string; detail: string; user: { pk: number } }>();
    expect(session).toMatchObject({ detail: 'Verification e-mail sent.', user: { username: body.username, email: body.email, email_verified: false } });
    expect((await whoAmI(session.access)).json()).toMatchObject({ id: session.user.pk, username: body.username });
    expect((await shopLogin({ email: body.email, password: body.password1 })).statusCode).toBe(200);
  });

  it('needs a captcha, names every bad field, and writes nothing when it refuses', async () => {
    const cases: [string, Record<string, unknown>, boolean, string][] = [
      ['no captcha', fields(), false, 'altcha'],
      ['passwords differ', { ...fields(), password2: 'another long secret' }, true, 'password2'],
      ['bad e-mail', { ...fields(), email: 'nobody' }, true, 'email'],
      ['short password', { ...fields(), password1: 'short', password2: 'short' }, true, 'password1'],
      ['no password', { ...fields(), password1: undefined, password2: undefined }, true, 'password1'],
      ['bad username', { ...fields(), username: 'has spaces in it' }, true, 'username'],
    ];
    for (const [name, body, captcha, field] of cases) {
      const res = await registerWith(body, captcha);
      expect(res.statusCode, `${name}: ${res.body}`).toBe(400);
      expect(res.json().fields, name).toHaveProperty(field);
      if (typeof body.email === 'string') expect(await usersWithEmail(body.email), name).toEqual([]);
    }
  });

  it('refuses a taken username or e-mail address, naming it, without a second account', async () => {
    const existing = await createUser(t);
    const takenName = await registerWith({ ...fields(), username: existing.username });
    expect(takenName.statusCode).toBeGreaterThanOrEqual(400);
    expect(takenName.statusCode).toBeLessThan(500);
    expect(takenName.json().fields).toHaveProperty('username');
    const takenEmail = await registerWith({ ...fields(), email: existing.email });
    expect(takenEmail.json().fields).toHaveProperty('email');
    expect(await usersWithEmail(existing.email)).toHaveLength(1);
  });
});

describe('shop/users/{id}', () => {
  it('shows an account to its owner and to staff; anyone else gets 404, a guest 401', async () => {
    const owner = await createUser(t);
    const ownerToken = await tokenFor(t, owner);
    const own = await t.api('GET', `/shop/users/${owner.id}`, { token: ownerToken });
    expect(own.statusCode).toBe(200);
    expect(own.json()).toMatchObject({ id: owner.id, pk: owner.id, username: owner.username, url: `http://lectern.test/api/v2/shop/users/${owner.id}`, date_joined: owner.created_at });
    expect(own.headers['cache-control']).toContain('no-store');
    const staff = await t.api('GET', `/shop/users/${owner.id}`, { token: await tokenFor(t, await createStaff(t)) });
    expect(staff.statusCode).toBe(200);
    const other = await t.api('GET', `/shop/users/${owner.id}`, { token: await tokenFor(t, await createUser(t)) });
    expect(other.statusCode).toBe(404);
    // The same answer as for an id with no account: ids cannot be probed for accounts.
    const missing = await t.api('GET', '/shop/users/2000000000', { token: ownerToken });
    expect(missing.statusCode).toBe(404);
    expect(other.json()).toEqual(missing.json());
    expect((await t.api('GET', `/shop/users/${owner.id}`)).statusCode).toBe(401);
  });

  it('names the id of bad input', async () => {
    const token = await tokenFor(t, await createUser(t));
    for (const id of ['abc', '0', '-1', '99999999999']) {
      const res = await t.api('GET', `/shop/users/${id}`, { token });
      expect(res.statusCode, id).toBe(400);
      expect(res.json().fields, id).toHaveProperty('id');
    }
  });
});
