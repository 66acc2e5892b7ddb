import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { createUser } from '../helpers/factories.js';
import { solvedCaptcha } from '../captcha/solve.js';
import { apiFrom, freshIp, lastMessageTo, outbox } from '../messaging/outbox.js';

let t: TestApp;
let n = 0;
const unique = () => `${Date.now().toString(36)}${(n += 1)}`;
beforeAll(async () => {
  t = await createTestApp();
});

async function register(fields: Record<string, unknown> = {}) {
  const id = unique();
  const body = { username: `reg${id}`, email: `reg${id}@example.com`, password1: 'a good long secret', password2: 'a good long secret', ...fields };
  const res = await apiFrom(t, freshIp(), 'POST', '/rest-auth/registration/', { body: { altcha: await solvedCaptcha(t), ...body } });
  return { res, body };
}

/** The profile tells whether the address is confirmed. */
const emailVerified = async (session: { access: string; user: { pk: number } }): Promise<boolean> =>
  (await t.api('GET', `/user/profile/${session.user.pk}`, { token: session.access })).json().email_verified;

const keyFromMail = (email: string) => {
  const link = lastMessageTo(t, email).links.find((l) => l.includes('/verify_email/'));
  if (!link) throw new Error('no confirmation link');
  return link.split('/verify_email/')[1];
};

describe('registration', () => {
  it('creates an unconfirmed account, logs it in and mails a confirmation link', async () => {
    const { res, body } = await register();
    expect(res.statusCode).toBe(201);
    const session = res.json();
    expect(session.detail).toBe('Verification e-mail sent.');
    expect(session.user).toMatchObject({ username: body.username, email: body.email, email_verified: false, display_name: body.username });
    expect(await emailVerified(session)).toBe(false);
    const mail = lastMessageTo(t, body.email);
    expect(mail.links[0]).toMatch(/^http:\/\/lectern\.test\/verify_email\/[\w-]{43}$/);
    // Only a keyed hash of the key is stored.
    const rows = await t.db.kysely.withTables<{ email_confirmations: { key_hash: string; user_id: number } }>()
      .selectFrom('email_confirmations').select('key_hash').where('user_id', '=', session.user.pk).execute();
    expect(rows).toHaveLength(1);
    expect(rows[0].key_hash).not.toContain(keyFromMail(body.email));
    // The account logs in with its password.
    const login = await apiFrom(t, freshIp(), 'POST', '/rest-auth/login/', { body: { username: body.username, password: body.password1 } });
    expect(login.statusCode).toBe(200);
  });

  it('accepts `password` alone and a display name of its own', async () => {
    const { res } = await register({ password1: undefined, password2: undefined, password: 'another good secret', display_name: `Shown ${unique()}` });
    expect(res.statusCode).toBe(201);
    expect(res.json().user.display_name).toMatch(/^Shown /);
  });

  it('leaves the display name empty when another account has it', async () => {
    const other = await createUser(t);
    const { res, body } = await register({ display_name: other.display_name.toUpperCase() });
    expect(res.statusCode).toBe(201);
    // The session shows the username instead.
    expect(res.json().user.display_name).toBe(body.username);
  });

  it('needs a captcha', async () => {
    const res = await apiFrom(t, freshIp(), 'POST', '/rest-auth/registration/', {
      body: { username: `x${unique()}`, email: `x${unique()}@example.com`, password1: 'a good long secret', password2: 'a good long secret' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toHaveProperty('altcha');
  });

  it('names the field of each rule it breaks', async () => {
    const taken = await createUser(t);
    const cases: [Record<string, unknown>, string, RegExp][] = [
      [{ password2: 'something else entirely' }, 'password2', /didn't match/],
      [{ password1: 'short', password2: 'short' }, 'password1', /at least 8/],
      [{ password1: '1234567890', password2: '1234567890' }, 'password1', /numeric/],
      [{ username: 'samename99', password1: 'SameName99', password2: 'SameName99' }, 'password1', /similar/],
      [{ password1: undefined, password2: undefined }, 'password1', /required/],
      [{ username: taken.username.toUpperCase() }, 'username', /already exists/],
      [{ email: taken.email.toUpperCase() }, 'email', /already registered/],
      [{ username: 'has@sign' }, 'username', /letters, digits/],
      [{ email: 'not-an-address' }, 'email', /valid e-mail/],
      [{ email: 'someone@host.invalid' }, 'email', /can receive mail/],
    ];
    for (const [fields, field, message] of cases) {
      const { res } = await register(fields);
      expect(res.statusCode, JSON.stringify(fields)).toBe(400);
      expect(res.json().fields[field], field).toMatch(message);
    }
  });
});

describe('e-mail confirmation', () => {
  it('confirms the address once', async () => {
    const { res, body } = await register();
    const key = keyFromMail(body.email);
    const ok = await t.api('POST', '/rest-auth/registration/verify-email/', { body: { key } });
    expect(ok.statusCode).toBe(200);
    expect(await emailVerified(res.json())).toBe(true);
    const again = await t.api('POST', '/rest-auth/account-confirm-email/', { body: { key } });
    expect(again.statusCode).toBe(400);
    expect(again.json().fields.key).toMatch(/already used/);
  });

  it('accepts the key on account-confirm-email too', async () => {
    const { res, body } = await register();
    expect((await t.api('POST', '/rest-auth/account-confirm-email/', { body: { key: keyFromMail(body.email) } })).statusCode).toBe(200);
    expect(await emailVerified(res.json())).toBe(true);
  });

  it('refuses an expired key, an unknown key, a blank key and a key for an address since replaced', async () => {
    const { res, body } = await register();
    const key = keyFromMail(body.email);
    const table = t.db.kysely.withTables<{ email_confirmations: { user_id: number; expires_at: string } }>();
    await table.updateTable('email_confirmations').set({ expires_at: new Date(Date.now() - 1000).toISOString() }).where('user_id', '=', res.json().user.pk).execute();
    const expired = await t.api('POST', '/rest-auth/registration/verify-email/', { body: { key } });
    expect(expired.statusCode).toBe(400);
    expect(expired.json().fields.key).toMatch(/expired/);

    expect((await t.api('POST', '/rest-auth/registration/verify-email/', { body: { key: 'x'.repeat(43) } })).json().fields.key).toMatch(/not valid/);
    expect((await t.api('POST', '/rest-auth/registration/verify-email/', { body: { key: '' } })).json().fields).toHaveProperty('key');

    const second = await register();
    const secondKey = keyFromMail(second.body.email);
    await t.db.kysely.updateTable('users').set({ email: `moved${unique()}@example.com` }).where('id', '=', second.res.json().user.pk).execute();
    expect((await t.api('POST', '/rest-auth/registration/verify-email/', { body: { key: secondKey } })).json().fields.key).toMatch(/not valid/);
  });

  it('resends a link to an unconfirmed account, and answers the same for any address', async () => {
    const { body } = await register();
    const before = outbox(t).length;
    const resend = (email: string) => apiFrom(t, freshIp(), 'POST', '/rest-auth/registration/resend-email/', { body: { email } });
    const known = await resend(body.email.toUpperCase());
    const unknown = await resend(`nobody${unique()}@example.com`);
    const confirmed = await createUser(t, { email_verified: true });
    const verified = await resend(confirmed.email);
    for (const r of [known, unknown, verified]) expect(r.statusCode).toBe(200);
    expect(known.json()).toEqual(unknown.json());
    expect(outbox(t).length).toBe(before + 1);
    // The new link works; so does the limit, for known and unknown addresses alike.
    expect((await t.api('POST', '/rest-auth/registration/verify-email/', { body: { key: keyFromMail(body.email) } })).statusCode).toBe(200);
    expect((await resend(body.email)).statusCode).toBe(429);
    const stranger = `nobody-twice${unique()}@example.com`;
    expect((await resend(stranger)).statusCode).toBe(200);
    expect((await resend(stranger)).statusCode).toBe(429);
  });
});
