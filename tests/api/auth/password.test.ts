import type { LightMyRequestResponse } from 'fastify';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { createUser, DEFAULT_PASSWORD } from '../helpers/factories.js';
import { solvedCaptcha } from '../captcha/solve.js';
import { apiFrom, freshIp, lastMessageTo, outbox } from '../messaging/outbox.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ refreshGraceSeconds: 0 });
});
afterEach(() => {
  vi.useRealTimers();
});

const NEW = 'a brand new secret';
const login = (username: string, password: string) => apiFrom(t, freshIp(), 'POST', '/rest-auth/login/', { body: { username, password } });
const getMe = (access: string) => t.api('GET', '/rest-auth/user/', { token: access });

function expectRefused(res: LightMyRequestResponse): void {
  expect(res.statusCode).toBe(401);
  expect(res.json().code).toBe('token_not_valid');
}

describe('password/change', () => {
  it('checks the old password, ends every session and answers a fresh one', async () => {
    const user = await createUser(t);
    const first = (await login(user.username, DEFAULT_PASSWORD)).json();
    const other = (await login(user.username, DEFAULT_PASSWORD)).json();
    expect((await getMe(other.access)).statusCode).toBe(200);
    const res = await apiFrom(t, freshIp(), 'POST', '/rest-auth/password/change/', {
      token: first.access,
      body: { old_password: DEFAULT_PASSWORD, new_password1: NEW, new_password2: NEW },
    });
    expect(res.statusCode).toBe(200);
    const fresh = res.json();
    expect(fresh.detail).toBe('New password has been saved.');
    expect(fresh.user.pk).toBe(user.id);
    for (const old of [first.refresh, other.refresh]) {
      expect((await t.api('POST', '/rest-auth/token/refresh/', { body: { refresh: old } })).statusCode).toBe(401);
    }
    expect((await t.api('POST', '/rest-auth/token/refresh/', { body: { refresh: fresh.refresh } })).statusCode).toBe(200);
    // Access tokens end with their sessions, not minutes later when they expire.
    for (const old of [first.access, other.access]) expectRefused(await getMe(old));
    expect((await getMe(fresh.access)).statusCode).toBe(200);
    expect((await login(user.username, DEFAULT_PASSWORD)).statusCode).toBe(401);
    expect((await login(user.username, NEW)).statusCode).toBe(200);
  });

  it('names the field that is wrong', async () => {
    const user = await createUser(t);
    const token = (await login(user.username, DEFAULT_PASSWORD)).json().access;
    const cases: [object, string][] = [
      [{ old_password: 'not it at all', new_password1: NEW, new_password2: NEW }, 'old_password'],
      [{ old_password: DEFAULT_PASSWORD, new_password1: NEW, new_password2: `${NEW}!` }, 'new_password2'],
      [{ old_password: DEFAULT_PASSWORD, new_password1: 'short', new_password2: 'short' }, 'new_password1'],
      [{ old_password: DEFAULT_PASSWORD, new_password1: user.username, new_password2: user.username }, 'new_password1'],
      [{ old_password: DEFAULT_PASSWORD, new_password1: NEW }, 'new_password2'],
    ];
    for (const [body, field] of cases) {
      const res = await apiFrom(t, freshIp(), 'POST', '/rest-auth/password/change/', { token, body });
      expect(res.statusCode, field).toBe(400);
      expect(res.json().fields).toHaveProperty(field);
    }
    expect((await login(user.username, DEFAULT_PASSWORD)).statusCode).toBe(200);
  });

  it('needs a bearer token', async () => {
    const res = await t.api('POST', '/rest-auth/password/change/', { body: { old_password: 'x', new_password1: NEW, new_password2: NEW } });
    expect(res.statusCode).toBe(401);
  });
});

async function requestReset(email: string, ip = freshIp()) {
  return apiFrom(t, ip, 'POST', '/rest-auth/password/reset/', { body: { email, altcha: await solvedCaptcha(t) } });
}

function resetParams(email: string): { uid: string; token: string } {
  const link = lastMessageTo(t, email).links.find((l) => l.includes('/reset?'));
  if (!link) throw new Error('no reset link');
  const url = new URL(link);
  expect(url.origin + url.pathname).toBe('http://lectern.test/reset');
  return { uid: url.searchParams.get('uid')!, token: url.searchParams.get('token')! };
}

const confirm = (params: object, password = NEW) =>
  t.api('POST', '/rest-auth/password/reset/confirm/', { body: { ...params, new_password1: password, new_password2: password } });

describe('password/reset', () => {
  it('answers the same for every address and mails only existing accounts', async () => {
    const user = await createUser(t);
    const before = outbox(t).length;
    const known = await requestReset(user.email);
    const unknown = await requestReset(`nobody${Date.now()}@example.com`);
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(known.json()).toEqual(unknown.json());
    expect(outbox(t).length).toBe(before + 1);
    expect(lastMessageTo(t, user.email).subject).toMatch(/reset your password/);
  });

  it('needs a captcha', async () => {
    const res = await apiFrom(t, freshIp(), 'POST', '/rest-auth/password/reset/', { body: { email: 'a@example.com' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toHaveProperty('altcha');
  });

  it('limits mails to an address', async () => {
    const user = await createUser(t);
    expect((await requestReset(user.email)).statusCode).toBe(200);
    const again = await requestReset(user.email);
    expect(again.statusCode).toBe(429);
    expect(Number(again.headers['retry-after'])).toBeGreaterThan(0);
  });
});

describe('password/reset/confirm', () => {
  it('sets the password once, ends every session and confirms the address', async () => {
    const user = await createUser(t);
    const session = (await login(user.username, DEFAULT_PASSWORD)).json();
    expect((await getMe(session.access)).statusCode).toBe(200);
    await requestReset(user.email);
    const params = resetParams(user.email);
    const res = await confirm(params);
    expect(res.statusCode).toBe(200);
    expect((await login(user.username, NEW)).statusCode).toBe(200);
    expect((await t.api('POST', '/rest-auth/token/refresh/', { body: { refresh: session.refresh } })).statusCode).toBe(401);
    expectRefused(await getMe(session.access));
    const me = (await login(user.username, NEW)).json();
    expect((await t.api('GET', `/user/profile/${user.id}`, { token: me.access })).json().email_verified).toBe(true);

    const reused = await confirm(params, 'yet another secret');
    expect(reused.statusCode).toBe(400);
    expect(reused.json().fields).toHaveProperty('token');
    expect((await login(user.username, NEW)).statusCode).toBe(200);
  });

  it('expires after an hour', async () => {
    const user = await createUser(t);
    await requestReset(user.email);
    const params = resetParams(user.email);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 61 * 60_000);
    const res = await confirm(params);
    expect(res.statusCode).toBe(400);
    expect(res.json().fields.token).toMatch(/expired/);
  });

  it('dies when the password changes another way', async () => {
    const user = await createUser(t);
    await requestReset(user.email);
    const params = resetParams(user.email);
    const token = (await login(user.username, DEFAULT_PASSWORD)).json().access;
    await apiFrom(t, freshIp(), 'POST', '/rest-auth/password/change/', {
      token,
      body: { old_password: DEFAULT_PASSWORD, new_password1: NEW, new_password2: NEW },
    });
    const res = await confirm(params, 'a third good secret');
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toHaveProperty('token');
  });

  it('names a bad uid, a bad token and a password breaking the rules', async () => {
    const user = await createUser(t);
    await requestReset(user.email);
    const params = resetParams(user.email);
    expect((await confirm({ ...params, uid: 'bm9wZQ' })).json().fields).toHaveProperty('uid');
    expect((await confirm({ ...params, uid: Buffer.from('999999').toString('base64url') })).json().fields).toHaveProperty('uid');
    expect((await confirm({ ...params, token: `${params.token}x` })).json().fields).toHaveProperty('token');
    expect((await confirm({ ...params, token: 'garbage' })).json().fields).toHaveProperty('token');
    expect((await confirm(params, '12345678901')).json().fields.new_password1).toMatch(/numeric/);
    const mismatch = await t.api('POST', '/rest-auth/password/reset/confirm/', { body: { ...params, new_password1: NEW, new_password2: 'different one' } });
    expect(mismatch.json().fields).toHaveProperty('new_password2');
    // None of these used the link up.
    expect((await confirm(params)).statusCode).toBe(200);
  });
});
