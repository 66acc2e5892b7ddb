import { beforeAll, describe, expect, it } from 'vitest';
import { codeTables } from '../../../src/server/modules/messaging/repo.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { createUser } from '../helpers/factories.js';
import { freshMobile, letMinutePass, sendCode } from '../messaging/outbox.js';

let t: TestApp;
let n = 0;
const freshEmail = () => `code${Date.now().toString(36)}${(n += 1)}@example.com`;
beforeAll(async () => {
  t = await createTestApp();
});

const ses = (action: string, email: string, code: string) => t.api('POST', `/user-auth/ses/${action}/`, { body: { email, code } });
const sms = (action: string, mobile: string, code: string) => t.api('POST', `/user-auth/sms/${action}/`, { body: { mobile, code } });

describe('user-auth/ses', () => {
  it('auto_sign_in makes a confirmed, password-less account for a new address, then logs it in', async () => {
    const email = freshEmail();
    const created = await ses('auto_sign_in', email, await sendCode(t, 'email', email, 'auto_sign_in'));
    expect(created.statusCode).toBe(201);
    const session = created.json();
    expect(session.created).toBe(true);
    expect(session.user).toMatchObject({ email, email_verified: true, username: email.split('@')[0] });
    const profile = await t.api('GET', `/user/profile/${session.user.pk}`, { token: session.access });
    expect(profile.json()).toMatchObject({ email_verified: true, has_password: false });

    await letMinutePass(t, email);
    const again = await ses('auto_sign_in', email, await sendCode(t, 'email', email, 'auto_sign_in'));
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ created: false, user: { pk: session.user.pk } });
  });

  it('login needs an account; signup needs there to be none', async () => {
    const user = await createUser(t);
    const login = await ses('login', user.email, await sendCode(t, 'email', user.email, 'login'));
    expect(login.statusCode).toBe(200);
    expect(login.json()).toMatchObject({ created: false, user: { pk: user.id } });
    // The code reached the mailbox, so the address is now confirmed.
    expect((await t.api('GET', `/user/profile/${user.id}`, { token: login.json().access })).json().email_verified).toBe(true);

    const stranger = freshEmail();
    const noAccount = await ses('login', stranger, await sendCode(t, 'email', stranger, 'login'));
    expect(noAccount.statusCode).toBe(400);
    expect(noAccount.json().fields.email).toMatch(/sign up first/);

    const other = await createUser(t);
    const taken = await ses('signup', other.email, await sendCode(t, 'email', other.email, 'signup'));
    expect(taken.statusCode).toBe(400);
    expect(taken.json().fields.email).toMatch(/log in instead/);
  });

  it('needs a code sent for the same action, used once, in time', async () => {
    const user = await createUser(t);
    const loginCode = await sendCode(t, 'email', user.email, 'login');
    await letMinutePass(t, user.email);
    await sendCode(t, 'email', user.email, 'auto_sign_in');
    const wrongAction = await ses('auto_sign_in', user.email, loginCode);
    expect(wrongAction.statusCode).toBe(400);
    expect(wrongAction.json().fields).toHaveProperty('code');
    expect((await ses('login', user.email, loginCode)).statusCode).toBe(200);
    const reused = await ses('login', user.email, loginCode);
    expect(reused.statusCode).toBe(400);
    expect(reused.json().fields.code).toMatch(/already used/);

    const other = await createUser(t);
    const code = await sendCode(t, 'email', other.email, 'login');
    await codeTables(t.db.kysely).updateTable('verification_codes').set({ expires_at: new Date(Date.now() - 1000).toISOString() }).where('destination', '=', other.email).execute();
    expect((await ses('login', other.email, code)).json().fields.code).toMatch(/expired/);
  });

  it('refuses a disabled account', async () => {
    const user = await createUser(t);
    await t.db.kysely.updateTable('users').set({ is_active: 0 }).where('id', '=', user.id).execute();
    const res = await ses('login', user.email, await sendCode(t, 'email', user.email, 'login'));
    expect(res.statusCode).toBe(401);
  });

  it('names an unknown action and a malformed body', async () => {
    const res = await ses('register', freshEmail(), '123456');
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toHaveProperty('action');
    expect((await ses('login', 'nope', '123456')).json().fields).toHaveProperty('email');
    expect((await ses('login', freshEmail(), '12')).json().fields).toHaveProperty('code');
  });
});

describe('user-auth/sms', () => {
  it('signup makes a phone account without e-mail; login then finds it', async () => {
    const mobile = freshMobile();
    const created = await sms('signup', mobile, await sendCode(t, 'sms', mobile, 'signup'));
    expect(created.statusCode).toBe(201);
    const session = created.json();
    expect(session.user.email).toBe('');
    expect(session.user.username).toMatch(/^user_\d{6}/);
    const profile = (await t.api('GET', `/user/profile/${session.user.pk}`, { token: session.access })).json();
    expect(profile).toMatchObject({ mobile, email: '', has_password: false });

    await letMinutePass(t, mobile);
    const login = await sms('login', mobile, await sendCode(t, 'sms', mobile, 'login'));
    expect(login.statusCode).toBe(200);
    expect(login.json().user.pk).toBe(session.user.pk);
    await letMinutePass(t, mobile);
    const twice = await sms('signup', mobile, await sendCode(t, 'sms', mobile, 'signup'));
    expect(twice.statusCode).toBe(400);
    expect(twice.json().fields.mobile).toMatch(/log in instead/);
  });

  it('auto_sign_in logs in an existing phone account', async () => {
    const mobile = freshMobile();
    const user = await createUser(t, { mobile });
    const res = await sms('auto_sign_in', mobile, await sendCode(t, 'sms', mobile, 'auto_sign_in'));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ created: false, user: { pk: user.id } });
  });
});
