import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { createUser, DEFAULT_PASSWORD } from '../helpers/factories.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ refreshGraceSeconds: 0 });
});

async function login(username: string, password = DEFAULT_PASSWORD) {
  return t.api('POST', '/rest-auth/login/', { body: { username, password } });
}

describe('rest-auth login', () => {
  it('logs in by username and by e-mail and returns both tokens with expirations', async () => {
    const user = await createUser(t);
    const byName = await login(user.username);
    expect(byName.statusCode).toBe(200);
    const body = byName.json();
    expect(body.user).toMatchObject({ pk: user.id, username: user.username, role: 'user', is_staff: false });
    expect(body.access_expiration).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z$/);
    // E-mail addresses match whatever their case.
    const byEmail = await t.api('POST', '/rest-auth/login/', { body: { email: user.email.toUpperCase(), password: DEFAULT_PASSWORD } });
    expect(byEmail.statusCode).toBe(200);
    expect(byEmail.json().user.pk).toBe(user.id);
  });

  it('refuses a wrong password and an unknown user alike', async () => {
    const user = await createUser(t);
    const wrong = await login(user.username, 'nope');
    const unknown = await login('nobody-here');
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json().message).toBe(unknown.json().message);
  });

  it('names the missing field', async () => {
    const res = await t.api('POST', '/rest-auth/login/', { body: { username: 'x' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toHaveProperty('password');
  });
});

describe('tokens', () => {
  it('gives the user to a bearer token and 401 to none or a bad one', async () => {
    const user = await createUser(t);
    const { access, refresh } = (await login(user.username)).json();
    const me = await t.api('GET', '/rest-auth/user/', { token: access });
    expect(me.statusCode).toBe(200);
    expect(me.json().pk).toBe(user.id);
    expect(me.headers['cache-control']).toContain('no-store');
    expect((await t.api('GET', '/rest-auth/user/')).statusCode).toBe(401);
    const bad = await t.api('GET', '/rest-auth/user/', { token: `${access}x` });
    expect(bad.statusCode).toBe(401);
    expect(bad.json().code).toBe('token_not_valid');
    // A refresh token is never a bearer token.
    expect((await t.api('GET', '/rest-auth/user/', { token: refresh })).statusCode).toBe(401);
  });

  it('rotates refresh tokens and revokes the family on reuse', async () => {
    const user = await createUser(t);
    const first = (await login(user.username)).json();
    const second = await t.api('POST', '/rest-auth/token/refresh/', { body: { refresh: first.refresh } });
    expect(second.statusCode).toBe(200);
    const pair = second.json();
    expect(pair.refresh).not.toBe(first.refresh);
    // Replaying the first token is theft: it fails and kills the successor too.
    const replay = await t.api('POST', '/rest-auth/token/refresh/', { body: { refresh: first.refresh } });
    expect(replay.statusCode).toBe(401);
    const afterTheft = await t.api('POST', '/rest-auth/token/refresh/', { body: { refresh: pair.refresh } });
    expect(afterTheft.statusCode).toBe(401);
  });

  it('verifies access tokens and live refresh tokens', async () => {
    const user = await createUser(t);
    const { access, refresh } = (await login(user.username)).json();
    expect((await t.api('POST', '/rest-auth/token/verify/', { body: { token: access } })).statusCode).toBe(200);
    expect((await t.api('POST', '/rest-auth/token/verify/', { body: { token: refresh } })).statusCode).toBe(200);
    expect((await t.api('POST', '/rest-auth/token/verify/', { body: { token: 'garbage' } })).statusCode).toBe(401);
    expect((await t.api('POST', '/rest-auth/token/verify/', { body: {} })).json().fields).toHaveProperty('token');
  });

  it('logout revokes the refresh token', async () => {
    const user = await createUser(t);
    const { refresh } = (await login(user.username)).json();
    expect((await t.api('POST', '/rest-auth/logout/', { body: { refresh } })).statusCode).toBe(200);
    expect((await t.api('POST', '/rest-auth/token/refresh/', { body: { refresh } })).statusCode).toBe(401);
  });
});

describe('refresh grace window', () => {
  it('gives two tabs refreshing at once the same successor', async () => {
    const graceful = await createTestApp({ refreshGraceSeconds: 30 });
    const user = await createUser(graceful);
    const { refresh } = (await graceful.api('POST', '/rest-auth/login/', { body: { username: user.username, password: DEFAULT_PASSWORD } })).json();
    const a = await graceful.api('POST', '/rest-auth/token/refresh/', { body: { refresh } });
    const b = await graceful.api('POST', '/rest-auth/token/refresh/', { body: { refresh } });
    expect(a.statusCode).toBe(200);
    expect(b.statusCode).toBe(200);
    expect(b.json().refresh).toBe(a.json().refresh);
  });
});
