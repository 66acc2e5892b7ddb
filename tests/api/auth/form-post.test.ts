import type { LightMyRequestResponse } from 'fastify';
import { symbols } from 'pino';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { createUser, DEFAULT_PASSWORD } from '../helpers/factories.js';
import { freshIp } from '../messaging/outbox.js';

const ORIGIN = 'http://lectern.test';
const HANDOFF = '/api/v2/rest-auth/handoff/';

let t: TestApp;
const logLines: string[] = [];
beforeAll(async () => {
  t = await createTestApp({ refreshGraceSeconds: 0, logLevel: 'info' });
  // Every line the server logs, to prove a posted password never reaches the log.
  const stream = (t.app.log as unknown as Record<symbol, { write(line: string): unknown }>)[symbols.streamSym];
  stream.write = (line: string) => logLines.push(line);
});

function post(path: string, fields: Record<string, string>, headers: Record<string, string> = { origin: ORIGIN }, ip = freshIp()) {
  return t.app.inject({
    method: 'POST',
    url: path,
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    payload: new URLSearchParams(fields).toString(),
    remoteAddress: ip,
  });
}

/** name -> the Set-Cookie line of that cookie. */
function cookiesOf(res: LightMyRequestResponse): Record<string, string> {
  const raw = res.headers['set-cookie'];
  const lines = raw === undefined ? [] : Array.isArray(raw) ? raw : [raw];
  return Object.fromEntries(lines.map((line) => [line.slice(0, line.indexOf('=')), line]));
}

const cookieValue = (line: string) => line.slice(line.indexOf('=') + 1, line.indexOf(';'));

function handoff(token?: string) {
  return t.app.inject({ method: 'POST', url: HANDOFF, headers: token ? { cookie: `lectern_handoff_token=${token}` } : {} });
}

describe('POST /login without script', () => {
  it('starts a session, redirects to next and hands the session over through a short-lived cookie', async () => {
    const user = await createUser(t);
    const res = await post('/login', { login: user.username, password: DEFAULT_PASSWORD, next: '/account?tab=1' });
    expect(res.statusCode, res.body).toBe(303);
    expect(res.headers.location).toBe('/account?tab=1');
    expect(res.headers['cache-control']).toContain('no-store');
    const cookies = cookiesOf(res);
    const token = cookies.lectern_handoff_token;
    expect(token).toMatch(/Max-Age=120/);
    expect(token).toMatch(/Path=\/api\/v2\/rest-auth\/handoff\//);
    expect(token).toMatch(/HttpOnly/);
    expect(token).toMatch(/SameSite=Lax/);
    expect(token).not.toMatch(/Secure/);
    const marker = cookies.lectern_handoff;
    expect(marker).toMatch(/^lectern_handoff=1;/);
    expect(marker).toMatch(/Path=\/;/);
    expect(marker).not.toMatch(/HttpOnly/);

    // The app picks the session up once: the usual login answer, and both cookies cleared.
    const picked = await handoff(cookieValue(token));
    expect(picked.statusCode, picked.body).toBe(200);
    expect(picked.headers['cache-control']).toContain('no-store');
    const session = picked.json();
    expect(session.user).toMatchObject({ pk: user.id, username: user.username });
    expect(session.refresh).not.toBe(cookieValue(token));
    const cleared = cookiesOf(picked);
    expect(cleared.lectern_handoff_token).toMatch(/Expires=Thu, 01 Jan 1970/);
    expect(cleared.lectern_handoff).toMatch(/Expires=Thu, 01 Jan 1970/);
    const me = await t.api('GET', '/rest-auth/user/', { token: session.access });
    expect(me.json().pk).toBe(user.id);
    // The rotated session keeps working; the cookie's token is spent.
    expect((await t.api('POST', '/rest-auth/token/refresh/', { body: { refresh: session.refresh } })).statusCode).toBe(200);
    expect((await handoff(cookieValue(token))).statusCode).toBe(401);
  });

  it('logs in by e-mail as well, and without next goes home', async () => {
    const user = await createUser(t);
    const res = await post('/login', { login: user.email, password: DEFAULT_PASSWORD });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/');
    expect(cookiesOf(res).lectern_handoff_token).toBeDefined();
  });

  it('answers a wrong password with the error and the typed username, never the password', async () => {
    const user = await createUser(t);
    const res = await post('/login', { login: user.username, password: 'wrong-secret-9', next: '/account' });
    expect(res.statusCode).toBe(303);
    const location = new URL(res.headers.location as string, ORIGIN);
    expect(location.pathname).toBe('/login');
    expect(Object.fromEntries(location.searchParams)).toEqual({ error: 'invalid_credentials', login: user.username, next: '/account' });
    expect(res.headers.location).not.toContain('wrong-secret-9');
    expect(res.headers['set-cookie']).toBeUndefined();
  });

  it('names missing fields', async () => {
    const res = await post('/login', { login: 'someone', password: '' });
    expect(new URL(res.headers.location as string, ORIGIN).searchParams.get('error')).toBe('missing_fields');
  });

  it('asks for the captcha it cannot show once the guard wants one', async () => {
    const user = await createUser(t);
    const ip = freshIp();
    for (let i = 0; i < 3; i += 1) {
      const failed = await post('/login', { login: user.username, password: 'wrong' }, { origin: ORIGIN }, ip);
      expect(new URL(failed.headers.location as string, ORIGIN).searchParams.get('error')).toBe('invalid_credentials');
    }
    const res = await post('/login', { login: user.username, password: DEFAULT_PASSWORD }, { origin: ORIGIN }, ip);
    expect(new URL(res.headers.location as string, ORIGIN).searchParams.get('error')).toBe('captcha_required');
    expect(res.headers['set-cookie']).toBeUndefined();
  });

  it('refuses a form sent from another site (login CSRF)', async () => {
    const user = await createUser(t);
    const fields = { login: user.username, password: DEFAULT_PASSWORD };
    const foreign: Record<string, string>[] = [
      { origin: 'https://evil.test' },
      { origin: 'null', 'sec-fetch-site': 'cross-site' },
      { referer: 'https://evil.test/page' },
      {},
    ];
    for (const headers of foreign) {
      const res = await post('/login', fields, headers);
      expect(res.statusCode, JSON.stringify(headers)).toBe(403);
      expect(res.headers['set-cookie']).toBeUndefined();
    }
    // The site's own page: by Referer, or (no-referrer policy: Origin "null") by the browser's Sec-Fetch-Site.
    expect((await post('/login', fields, { referer: `${ORIGIN}/login` })).statusCode).toBe(303);
    expect((await post('/login', fields, { origin: 'null', 'sec-fetch-site': 'same-origin' })).statusCode).toBe(303);
  });

  it('sends a fresh login only to a path of this site', async () => {
    const user = await createUser(t);
    for (const next of ['//evil.test/x', 'https://evil.test/', '/\\evil.test', 'javascript:alert(1)', '/%0d%0aSet-Cookie:x']) {
      const res = await post('/login', { login: user.username, password: DEFAULT_PASSWORD, next });
      expect(res.statusCode).toBe(303);
      const location = res.headers.location as string;
      expect(location.startsWith('/') && !location.startsWith('//'), `${next} -> ${location}`).toBe(true);
      expect(new URL(location, ORIGIN).origin).toBe(ORIGIN);
    }
  });

  it('treats a password posted to the code login page as a password login', async () => {
    const user = await createUser(t);
    const res = await post('/login/v1', { login: user.username, password: DEFAULT_PASSWORD });
    expect(res.statusCode).toBe(303);
    expect(cookiesOf(res).lectern_handoff_token).toBeDefined();
    const code = await post('/login/v1', { email: 'a@example.com', code: '123456', next: '/account' });
    expect(code.headers.location).toBe('/login/v1?error=script_required&next=%2Faccount');
  });

  it('never writes the password to the log', async () => {
    const user = await createUser(t);
    const secret = 'log-canary-Secret-77';
    await post('/login', { login: user.username, password: secret });
    await post('/signup', { username: 'new-person', email: 'new@example.com', password1: secret, password2: secret });
    const log = logLines.join('');
    expect(log).toContain('"url":"/login"');
    expect(log).not.toContain(secret);
  });
});

describe('the handoff call', () => {
  it('is 401 without the cookie', async () => {
    const res = await handoff();
    expect(res.statusCode).toBe(401);
    expect(res.json().error).toBe('not_authenticated');
  });

  it('is 401 for a token that is not a live refresh token', async () => {
    expect((await handoff('not-a-token')).statusCode).toBe(401);
  });

  it('is in the API reference; the page forms are not', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as { paths: Record<string, unknown> };
    expect(Object.keys(doc.paths)).toContain(HANDOFF);
    expect(Object.keys(doc.paths)).not.toContain('/login');
    expect(Object.keys(doc.paths)).not.toContain('/signup');
  });
});

describe('POST /signup without script', () => {
  it('goes back to the page with script_required, the username and e-mail, never the password', async () => {
    for (const page of ['/signup', '/signup/v1']) {
      const res = await post(page, { username: 'new-reader', email: 'new@example.com', password1: 'p4ss-secret', password2: 'p4ss-secret', next: '/account' });
      expect(res.statusCode).toBe(303);
      const location = new URL(res.headers.location as string, ORIGIN);
      expect(location.pathname).toBe(page);
      expect(Object.fromEntries(location.searchParams)).toEqual({ error: 'script_required', login: 'new-reader', email: 'new@example.com', next: '/account' });
      expect(res.headers.location).not.toContain('p4ss');
    }
  });

  it('refuses another site', async () => {
    expect((await post('/signup', { username: 'x' }, { origin: 'https://evil.test' })).statusCode).toBe(403);
  });
});

describe('the password pages without script', () => {
  it('send the reset form back to its link with script_required, dropping the new password', async () => {
    const res = await post('/reset?uid=12&token=abc-def', { new_password1: 'New-secret-1', new_password2: 'New-secret-1' });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/reset?uid=12&token=abc-def&error=script_required');
  });

  it('send the reset-link request back with script_required (its captcha needs script)', async () => {
    const res = await post('/lostpassword', { email: 'someone@example.com' });
    expect(res.headers.location).toBe('/lostpassword?error=script_required');
    expect((await post('/reset', {}, { origin: 'https://evil.test' })).statusCode).toBe(403);
  });
});

describe('on an https site', () => {
  it('marks both cookies Secure', async () => {
    const secure = await createTestApp({ publicUrl: 'https://lectern.test' });
    const user = await createUser(secure);
    const res = await secure.app.inject({
      method: 'POST',
      url: '/login',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://lectern.test' },
      payload: new URLSearchParams({ login: user.username, password: DEFAULT_PASSWORD }).toString(),
    });
    expect(res.statusCode).toBe(303);
    const cookies = cookiesOf(res);
    expect(cookies.lectern_handoff_token).toMatch(/; Secure/);
    expect(cookies.lectern_handoff).toMatch(/; Secure/);
  });
});
