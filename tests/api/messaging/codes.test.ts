import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Kysely } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../src/server/db/types.js';
import { codeTables } from '../../../src/server/modules/messaging/repo.js';
import type { ThrottleEventsTable } from '../../../src/server/platform/throttle.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { solvedCaptcha } from '../captcha/solve.js';
import { apiFrom, codeIn, freshIp, freshMobile, lastMessageTo, outbox, sendCode } from './outbox.js';

let t: TestApp;
let n = 0;
const freshEmail = () => `codes${Date.now().toString(36)}${(n += 1)}@example.com`;
beforeAll(async () => {
  t = await createTestApp();
});

const throttle = (db: Kysely<Database>) => db.withTables<{ throttle_events: ThrottleEventsTable }>();
const secondsAgo = (s: number) => new Date(Date.now() - s * 1000).toISOString();

async function send(body: object, ip = freshIp()) {
  return apiFrom(t, ip, 'POST', 'email' in body ? '/ses/send' : '/sms/send', { body: { ...body, altcha: await solvedCaptcha(t) } });
}
const check = (body: object) => t.api('POST', 'email' in body ? '/ses/check_code' : '/sms/check_code', { body });

describe('sending codes', () => {
  it('mails a six-digit code and keeps only its hash', async () => {
    const email = freshEmail();
    const res = await send({ email, action: 'login' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ detail: 'Code sent.', expires_in: 600, resend_in: 60 });
    const mail = lastMessageTo(t, email);
    expect(mail.kind).toBe('email');
    const code = codeIn(mail);
    const rows = await codeTables(t.db.kysely).selectFrom('verification_codes').selectAll().where('destination', '=', email).execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ channel: 'email', action: 'login', attempts: 0, consumed_at: null });
    expect(rows[0].code_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(rows[0])).not.toContain(code);
    expect(Date.parse(rows[0].expires_at) - Date.parse(rows[0].created_at)).toBe(600_000);
  });

  it('texts a code through the log provider, which copies it to the outbox', async () => {
    const mobile = freshMobile();
    const res = await send({ mobile: `${mobile.slice(0, 3)} ${mobile.slice(3, 7)}-${mobile.slice(7)}`, action: 'signup' });
    expect(res.statusCode).toBe(200);
    const sms = lastMessageTo(t, mobile);
    expect(sms.kind).toBe('sms');
    expect(codeIn(sms)).toMatch(/^\d{6}$/);
  });

  it('needs a captcha, once', async () => {
    const missing = await apiFrom(t, freshIp(), 'POST', '/ses/send', { body: { email: freshEmail(), action: 'login' } });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().fields).toHaveProperty('altcha');
    const altcha = await solvedCaptcha(t);
    expect((await apiFrom(t, freshIp(), 'POST', '/ses/send', { body: { email: freshEmail(), action: 'login', altcha } })).statusCode).toBe(200);
    const replay = await apiFrom(t, freshIp(), 'POST', '/ses/send', { body: { email: freshEmail(), action: 'login', altcha } });
    expect(replay.statusCode).toBe(400);
    expect(replay.json().fields.altcha).toMatch(/already used/);
  });

  it('names bad fields: unknown action, action of the other channel, bad address or number', async () => {
    const cases: [string, object, string][] = [
      ['/ses/send', { email: freshEmail(), action: 'dance' }, 'action'],
      ['/ses/send', { email: freshEmail(), action: 'bind_phone' }, 'action'],
      ['/sms/send', { mobile: freshMobile(), action: 'bind_email' }, 'action'],
      ['/ses/send', { email: 'not-an-address', action: 'login' }, 'email'],
      ['/sms/send', { mobile: '12ab', action: 'login' }, 'mobile'],
    ];
    for (const [path, body, field] of cases) {
      const res = await apiFrom(t, freshIp(), 'POST', path, { body: { ...body, altcha: 'x' } });
      expect(res.statusCode, path).toBe(400);
      expect(res.json().fields).toHaveProperty(field);
    }
  });

  it('sends at most once a minute to a destination, and once a minute from an IP', async () => {
    const email = freshEmail();
    expect((await send({ email, action: 'login' })).statusCode).toBe(200);
    const again = await send({ email, action: 'signup' });
    expect(again.statusCode).toBe(429);
    const wait = Number(again.headers['retry-after']);
    expect(wait).toBeGreaterThan(50);
    expect(wait).toBeLessThanOrEqual(60);
    expect(again.json().message).toContain(`${wait} seconds`);

    const ip = freshIp();
    expect((await send({ email: freshEmail(), action: 'login' }, ip)).statusCode).toBe(200);
    expect((await send({ email: freshEmail(), action: 'login' }, ip)).statusCode).toBe(429);

    // A minute later both limits admit one more.
    await throttle(t.db.kysely).updateTable('throttle_events').set({ created_at: secondsAgo(61) }).where('subject', 'in', [email, ip]).execute();
    expect((await send({ email, action: 'signup' })).statusCode).toBe(200);
    expect((await send({ email: freshEmail(), action: 'login' }, ip)).statusCode).toBe(200);
  });

  it('sends at most ten a day to a destination', async () => {
    const mobile = freshMobile();
    await throttle(t.db.kysely)
      .insertInto('throttle_events')
      .values(Array.from({ length: 10 }, (_, i) => ({ scope: 'code-send:sms:to', subject: mobile, created_at: secondsAgo(3600 + i * 60) })))
      .execute();
    const res = await send({ mobile, action: 'login' });
    expect(res.statusCode).toBe(429);
    // The oldest of the ten leaves the 24-hour window first: about 24 h - 1 h 9 min from now.
    const wait = Number(res.headers['retry-after']);
    expect(wait).toBeGreaterThan(22 * 3600);
    expect(wait).toBeLessThan(23 * 3600);
    expect(outbox(t).some((e) => e.to === mobile)).toBe(false);
  });
});

describe('checking codes', () => {
  it('accepts the right code for the action it was sent for, without using it up', async () => {
    const email = freshEmail();
    const code = await sendCode(t, 'email', email, 'login');
    for (let i = 0; i < 2; i += 1) {
      const res = await check({ email, action: 'login', code });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ detail: 'The code is valid.', valid: true });
    }
    const otherAction = await check({ email, action: 'signup', code });
    expect(otherAction.statusCode).toBe(400);
    expect(otherAction.json().fields.code).toMatch(/No code was sent/);
  });

  it('refuses a wrong code and kills the code after five tries', async () => {
    const mobile = freshMobile();
    const code = await sendCode(t, 'sms', mobile, 'login');
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i += 1) {
      const res = await check({ mobile, action: 'login', code: wrong });
      expect(res.statusCode).toBe(400);
      expect(res.json().fields.code).toBe('The code is wrong.');
    }
    const dead = await check({ mobile, action: 'login', code });
    expect(dead.statusCode).toBe(400);
    expect(dead.json().fields.code).toMatch(/Too many wrong tries/);
  });

  it('refuses an expired code', async () => {
    const email = freshEmail();
    const code = await sendCode(t, 'email', email, 'signup');
    await codeTables(t.db.kysely).updateTable('verification_codes').set({ expires_at: secondsAgo(1) }).where('destination', '=', email).execute();
    const res = await check({ email, action: 'signup', code });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields.code).toMatch(/expired/);
  });

  it('only the newest code of a destination and action counts', async () => {
    const email = freshEmail();
    const first = await sendCode(t, 'email', email, 'login');
    await throttle(t.db.kysely).updateTable('throttle_events').set({ created_at: secondsAgo(61) }).where('subject', '=', email).execute();
    const second = await sendCode(t, 'email', email, 'login');
    if (first !== second) expect((await check({ email, action: 'login', code: first })).statusCode).toBe(400);
    expect((await check({ email, action: 'login', code: second })).statusCode).toBe(200);
  });

  it('names a malformed code', async () => {
    const res = await check({ email: freshEmail(), action: 'login', code: '12ab' });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toHaveProperty('code');
  });
});

describe('the http SMS provider', () => {
  async function withGateway(status: number, run: (url: string, received: { body: string; headers: IncomingMessage['headers'] }[]) => Promise<void>) {
    const received: { body: string; headers: IncomingMessage['headers'] }[] = [];
    const server = createServer((req, res) => {
      let body = '';
      req.on('data', (chunk) => (body += chunk));
      req.on('end', () => {
        received.push({ body, headers: req.headers });
        res.statusCode = status;
        res.end();
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      await run(`http://127.0.0.1:${(server.address() as AddressInfo).port}/send`, received);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  }

  // Messaging settings are read from the app's configuration at each message.
  let first: TestApp;
  let second: TestApp;
  beforeAll(async () => {
    first = await createTestApp();
    second = await createTestApp();
  });

  async function sendWithConfig(app: TestApp, settings: Partial<TestApp['config']>, body: object) {
    const saved = { ...app.config };
    Object.assign(app.config, settings);
    try {
      return await apiFrom(app, freshIp(), 'POST', '/sms/send', { body: { ...body, altcha: await solvedCaptcha(app) } });
    } finally {
      Object.assign(app.config, saved);
    }
  }

  it('POSTs the filled template to the gateway', async () => {
    await withGateway(200, async (url, received) => {
      const mobile = freshMobile();
      const res = await sendWithConfig(
        first,
        { smsProvider: 'http', smsHttpUrl: url, smsHttpAuthorization: 'Token abc' },
        { mobile: `+86${mobile}`, action: 'login' },
      );
      expect(res.statusCode).toBe(200);
      expect(received).toHaveLength(1);
      const sent = JSON.parse(received[0].body);
      expect(sent.mobile).toBe(`+86${mobile}`);
      expect(sent.code).toMatch(/^\d{6}$/);
      expect(received[0].headers.authorization).toBe('Token abc');
      expect(received[0].headers['content-type']).toBe('application/json');
    });
  });

  it('answers 503 and forgets the code when the gateway fails', async () => {
    await withGateway(500, async (url) => {
      const mobile = freshMobile();
      const res = await sendWithConfig(second, { smsProvider: 'http', smsHttpUrl: url }, { mobile, action: 'login' });
      expect(res.statusCode).toBe(503);
      expect(res.json().error).toBe('delivery_failed');
      const rows = await codeTables(second.db.kysely).selectFrom('verification_codes').select('id').where('destination', '=', mobile).execute();
      expect(rows).toHaveLength(0);
    });
  });
});
