import { beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../src/server/app.js';
import type { ThrottleEventsTable } from '../../../src/server/platform/throttle.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { createUser, DEFAULT_PASSWORD } from '../helpers/factories.js';
import { solvedCaptcha } from '../captcha/solve.js';
import { apiFrom, freshIp, freshMobile } from '../messaging/outbox.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});

const login = (ip: string, username: string, password: string, altcha?: string) =>
  apiFrom(t, ip, 'POST', '/rest-auth/login/', { body: { username, password, ...(altcha ? { altcha } : {}) } });

/** Fails `times` logins of `username`, each from a new IP unless one is given, solving captchas once they are due. */
async function fail(username: string, times: number, ip?: string) {
  for (let i = 0; i < times; i += 1) {
    const res = await login(ip ?? freshIp(), username, 'wrong password', await solvedCaptcha(t));
    expect(res.statusCode, res.body).toBe(401);
  }
}

const events = () => t.db.kysely.withTables<{ throttle_events: ThrottleEventsTable }>();
/** Moves an account's failures back in time, as if the user had waited. */
async function age(userId: number, seconds: number) {
  await events()
    .updateTable('throttle_events')
    .set({ created_at: new Date(Date.now() - seconds * 1000).toISOString() })
    .where('scope', '=', 'login-fail:account')
    .where('subject', '=', `user:${userId}`)
    .execute();
}

describe('captcha after failed logins', () => {
  it('asks an account for a captcha after 3 failures, whatever the IP, and forgets them after a success', async () => {
    const user = await createUser(t);
    await fail(user.username, 3);
    const without = await login(freshIp(), user.username, DEFAULT_PASSWORD);
    expect(without.statusCode).toBe(400);
    expect(without.json().fields).toHaveProperty('altcha');
    const withIt = await login(freshIp(), user.username, DEFAULT_PASSWORD, await solvedCaptcha(t));
    expect(withIt.statusCode).toBe(200);
    expect((await login(freshIp(), user.username, DEFAULT_PASSWORD)).statusCode).toBe(200);
  });

  it('asks an IP for a captcha after 3 failures, for any account', async () => {
    const ip = freshIp();
    for (const victim of [await createUser(t), await createUser(t), await createUser(t)]) await fail(victim.username, 1, ip);
    const user = await createUser(t);
    const res = await login(ip, user.username, DEFAULT_PASSWORD);
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toHaveProperty('altcha');
    expect((await login(freshIp(), user.username, DEFAULT_PASSWORD)).statusCode).toBe(200);
  });

  it('refuses a replayed captcha', async () => {
    const user = await createUser(t);
    await fail(user.username, 3);
    const altcha = await solvedCaptcha(t);
    expect((await login(freshIp(), user.username, 'wrong password', altcha)).statusCode).toBe(401);
    const replay = await login(freshIp(), user.username, DEFAULT_PASSWORD, altcha);
    expect(replay.statusCode).toBe(400);
    expect(replay.json().fields.altcha).toMatch(/already used/);
  });

  it('treats an unknown account like a known one', async () => {
    const name = `ghost${Date.now()}`;
    await fail(name, 3);
    expect((await login(freshIp(), name, 'whatever')).json().fields).toHaveProperty('altcha');
  });
});

describe('delays after failed logins', () => {
  it('makes an account wait 10 s after 5 failures, then twice as long each time', async () => {
    const user = await createUser(t);
    await fail(user.username, 5);
    const res = await login(freshIp(), user.username, DEFAULT_PASSWORD, await solvedCaptcha(t));
    expect(res.statusCode).toBe(429);
    const wait = Number(res.headers['retry-after']);
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(10);
    expect(res.json().message).toMatch(/Try again in \d+ seconds \(at \d{4}-/);

    await age(user.id, 11);
    await fail(user.username, 1);
    const sixth = await login(freshIp(), user.username, DEFAULT_PASSWORD, await solvedCaptcha(t));
    expect(sixth.statusCode).toBe(429);
    expect(Number(sixth.headers['retry-after'])).toBeGreaterThan(10);
    expect(Number(sixth.headers['retry-after'])).toBeLessThanOrEqual(20);

    // Failures older than 15 minutes no longer count.
    await age(user.id, 16 * 60);
    expect((await login(freshIp(), user.username, DEFAULT_PASSWORD)).statusCode).toBe(200);
  });

  it('holds in every process: the counts live in the database', async () => {
    const user = await createUser(t);
    await fail(user.username, 5);
    const other = await buildApp(t.config, { db: t.db, migrate: false, ssr: false });
    await other.ready();
    try {
      const res = await other.inject({ method: 'POST', url: '/api/v2/rest-auth/login/', payload: { username: user.username, password: DEFAULT_PASSWORD } });
      expect(res.statusCode).toBe(429);
    } finally {
      await other.close();
    }
  });

  it('slows an IP after 20 failures, whichever accounts they were for', async () => {
    const ip = freshIp();
    const now = new Date().toISOString();
    await events()
      .insertInto('throttle_events')
      .values(Array.from({ length: 20 }, () => ({ scope: 'login-fail:ip', subject: ip, created_at: now })))
      .execute();
    const user = await createUser(t);
    const res = await login(ip, user.username, DEFAULT_PASSWORD, await solvedCaptcha(t));
    expect(res.statusCode).toBe(429);
    expect((await login(freshIp(), user.username, DEFAULT_PASSWORD)).statusCode).toBe(200);
  });
});

describe('user-auth/phone-password/login', () => {
  it('logs in by mobile number and password, and fails like the other login', async () => {
    const mobile = freshMobile();
    const user = await createUser(t, { mobile });
    const call = (body: object) => apiFrom(t, freshIp(), 'POST', '/user-auth/phone-password/login/', { body });
    const ok = await call({ mobile: `${mobile.slice(0, 3)}-${mobile.slice(3)}`, password: DEFAULT_PASSWORD });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().user.pk).toBe(user.id);
    const wrong = await call({ mobile, password: 'wrong password' });
    const unknown = await call({ mobile: freshMobile(), password: DEFAULT_PASSWORD });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json().message).toBe(unknown.json().message);
    expect((await call({ mobile: 'abc', password: 'x' })).json().fields).toHaveProperty('mobile');
    expect((await call({ mobile })).json().fields).toHaveProperty('password');
  });

  it('shares the failure count with the other login', async () => {
    const mobile = freshMobile();
    const user = await createUser(t, { mobile });
    await fail(user.username, 3);
    const res = await apiFrom(t, freshIp(), 'POST', '/user-auth/phone-password/login/', { body: { mobile, password: DEFAULT_PASSWORD } });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toHaveProperty('altcha');
  });
});
