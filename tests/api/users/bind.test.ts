import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { createStaff, createUser, DEFAULT_PASSWORD, tokenFor } from '../helpers/factories.js';
import { apiFrom, freshIp, freshMobile, letMinutePass, sendCode } from '../messaging/outbox.js';

let t: TestApp;
let n = 0;
const freshEmail = () => `bind${Date.now().toString(36)}${(n += 1)}@example.com`;
beforeAll(async () => {
  t = await createTestApp();
});

const call = (id: number, what: string, token: string, body: object) => t.api('POST', `/user/profile/${id}/${what}`, { token, body });

/** A phone account made by SMS code, as a user would make it. */
async function phoneAccount() {
  const mobile = freshMobile();
  const res = await t.api('POST', '/user-auth/sms/signup/', { body: { mobile, code: await sendCode(t, 'sms', mobile, 'signup') } });
  expect(res.statusCode).toBe(201);
  await letMinutePass(t, mobile);
  return { mobile, id: res.json().user.pk as number, token: res.json().access as string };
}

describe('bind_email and cancel_email', () => {
  it('binds a confirmed address to a phone account with a code sent to it, then removes it', async () => {
    const account = await phoneAccount();
    const email = freshEmail();
    const bound = await call(account.id, 'bind_email', account.token, { email, code: await sendCode(t, 'email', email, 'bind_email') });
    expect(bound.statusCode, bound.body).toBe(200);
    expect(bound.json()).toMatchObject({ email, email_verified: true });
    await letMinutePass(t, email);
    const cancelled = await call(account.id, 'cancel_email', account.token, { code: await sendCode(t, 'email', email, 'cancel_email') });
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json()).toMatchObject({ email: '', email_verified: false });
  });

  it('replaces an address; the old confirmation links and logins by it stop', async () => {
    const user = await createUser(t);
    const token = await tokenFor(t, user);
    const email = freshEmail();
    const res = await call(user.id, 'bind_email', token, { email, code: await sendCode(t, 'email', email, 'bind_email') });
    expect(res.json().email).toBe(email);
    const byOld = await apiFrom(t, freshIp(), 'POST', '/rest-auth/login/', { body: { email: user.email, password: DEFAULT_PASSWORD } });
    expect(byOld.statusCode).toBe(401);
    const byNew = await apiFrom(t, freshIp(), 'POST', '/rest-auth/login/', { body: { email, password: DEFAULT_PASSWORD } });
    expect(byNew.statusCode).toBe(200);
  });

  it('refuses a wrong code, a code for another action, a taken address and the same address', async () => {
    const user = await createUser(t);
    const token = await tokenFor(t, user);
    const email = freshEmail();
    const signupCode = await sendCode(t, 'email', email, 'signup');
    expect((await call(user.id, 'bind_email', token, { email, code: signupCode })).json().fields).toHaveProperty('code');
    const taken = await createUser(t);
    const res = await call(user.id, 'bind_email', token, { email: taken.email, code: '123456' });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields.email).toMatch(/Another account/);
    expect((await call(user.id, 'bind_email', token, { email: user.email, code: '123456' })).json().fields.email).toMatch(/already your/);
    expect((await call(user.id, 'bind_email', token, { email: 'bad', code: '123456' })).json().fields).toHaveProperty('email');
  });

  it('keeps a way to log in: no removing the only address', async () => {
    const user = await createUser(t);
    const res = await call(user.id, 'cancel_email', await tokenFor(t, user), { code: '123456' });
    expect(res.statusCode).toBe(409);
  });

  it('is for the owner alone: staff get 403, others 404', async () => {
    const user = await createUser(t);
    const body = { email: freshEmail(), code: '123456' };
    expect((await call(user.id, 'bind_email', await tokenFor(t, await createStaff(t)), body)).statusCode).toBe(403);
    expect((await call(user.id, 'bind_email', await tokenFor(t, await createUser(t)), body)).statusCode).toBe(404);
  });
});

describe('bind_phone and cancel_phone', () => {
  it('binds a number with a code, then removes it', async () => {
    const user = await createUser(t);
    const token = await tokenFor(t, user);
    const mobile = freshMobile();
    const bound = await call(user.id, 'bind_phone', token, { mobile, code: await sendCode(t, 'sms', mobile, 'bind_phone') });
    expect(bound.statusCode).toBe(200);
    expect(bound.json().mobile).toBe(mobile);
    const login = await apiFrom(t, freshIp(), 'POST', '/user-auth/phone-password/login/', { body: { mobile, password: DEFAULT_PASSWORD } });
    expect(login.statusCode).toBe(200);
    await letMinutePass(t, mobile);
    const cancelled = await call(user.id, 'cancel_phone', token, { code: await sendCode(t, 'sms', mobile, 'cancel_phone') });
    expect(cancelled.json().mobile).toBeNull();
  });

  it('refuses a number in use and removing the only way to log in', async () => {
    const other = await createUser(t, { mobile: freshMobile() });
    const user = await createUser(t);
    const res = await call(user.id, 'bind_phone', await tokenFor(t, user), { mobile: other.mobile, code: '123456' });
    expect(res.json().fields.mobile).toMatch(/Another account/);
    const account = await phoneAccount();
    expect((await call(account.id, 'cancel_phone', account.token, { code: '123456' })).statusCode).toBe(409);
    expect((await call(user.id, 'cancel_phone', await tokenFor(t, user), { code: '123456' })).statusCode).toBe(409);
  });
});

describe('set_first_password', () => {
  it('sets a password once on an account that has none', async () => {
    const account = await phoneAccount();
    const weak = await call(account.id, 'set_first_password', account.token, { new_password: '12345678' });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().fields).toHaveProperty('new_password');
    const ok = await call(account.id, 'set_first_password', account.token, { new_password: 'my first password' });
    expect(ok.statusCode).toBe(200);
    const login = await apiFrom(t, freshIp(), 'POST', '/user-auth/phone-password/login/', { body: { mobile: account.mobile, password: 'my first password' } });
    expect(login.statusCode).toBe(200);
    expect((await call(account.id, 'set_first_password', account.token, { new_password: 'another password' })).statusCode).toBe(409);
  });

  it('is 409 for an account with a password, 404 for someone else', async () => {
    const user = await createUser(t);
    expect((await call(user.id, 'set_first_password', await tokenFor(t, user), { new_password: 'whatever it is' })).statusCode).toBe(409);
    expect((await call(user.id, 'set_first_password', await tokenFor(t, await createUser(t)), { new_password: 'whatever it is' })).statusCode).toBe(404);
  });
});
