import type { LightMyRequestResponse } from 'fastify';
import { decodeJwt, SignJWT, type JWTPayload } from 'jose';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { LoginResponse, RefreshResponse } from '../../../src/shared/api/auth.js';
import { revokeFamily } from '../../../src/server/modules/auth/repo.js';
import { SESSION_CACHE_SECONDS } from '../../../src/server/modules/auth/session-cache.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { createUser, DEFAULT_PASSWORD } from '../helpers/factories.js';

const GRACE_SECONDS = 10;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ refreshGraceSeconds: GRACE_SECONDS });
});
afterEach(() => {
  vi.useRealTimers();
});

async function login(): Promise<LoginResponse> {
  const user = await createUser(t);
  const res = await t.api('POST', '/rest-auth/login/', { body: { username: user.username, password: DEFAULT_PASSWORD } });
  expect(res.statusCode).toBe(200);
  return res.json();
}

const me = (access: string) => t.api('GET', '/rest-auth/user/', { token: access });
const refresh = (token: string) => t.api('POST', '/rest-auth/token/refresh/', { body: { refresh: token } });

function expectRefused(res: LightMyRequestResponse): void {
  expect(res.statusCode).toBe(401);
  expect(res.json().code).toBe('token_not_valid');
}

/** Freezes the clock at `ms` past the start of a wall-clock second, so tests can cross second boundaries. */
function freezeClock(ms: number): number {
  vi.useFakeTimers({ toFake: ['Date'] });
  const start = Math.ceil(Date.now() / 1000) * 1000 + ms;
  vi.setSystemTime(start);
  return start;
}

describe('access tokens end with their session', () => {
  it('are refused right after logout in the same process, while other sessions go on', async () => {
    const session = await login();
    const other = await login();
    expect((await me(session.access)).statusCode).toBe(200);
    expect((await t.api('POST', '/rest-auth/logout/', { body: { refresh: session.refresh } })).statusCode).toBe(200);
    expectRefused(await me(session.access));
    expectRefused(await t.api('POST', '/rest-auth/token/verify/', { body: { token: session.access } }));
    expect((await me(other.access)).statusCode).toBe(200);
  });

  it('logout with only the bearer token ends that session', async () => {
    const session = await login();
    const out = await t.api('POST', '/rest-auth/logout/', { token: session.access });
    expect(out.statusCode, out.body).toBe(200);
    expectRefused(await me(session.access));
    expectRefused(await refresh(session.refresh));
  });

  it('notices a session ended by another process within the cache lifetime', async () => {
    freezeClock(0);
    const session = await login();
    expect((await me(session.access)).statusCode).toBe(200);
    // Another process ends the session: this one trusts its cached answer a few seconds more.
    await revokeFamily(t.db.kysely, String(decodeJwt(session.access).sid), new Date().toISOString());
    expect((await me(session.access)).statusCode).toBe(200);
    vi.setSystemTime(Date.now() + SESSION_CACHE_SECONDS * 1000 + 1);
    expectRefused(await me(session.access));
  });
});

describe('token claims', () => {
  const forge = (claims: JWTPayload) =>
    new SignJWT(claims).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).sign(new TextEncoder().encode(t.config.secretKey));

  it('refuses an access token without exp, iat, jti or session', async () => {
    const claims = decodeJwt((await login()).access);
    // The copy with every claim works, so each refusal below is the missing claim's doing.
    expect((await me(await forge(claims))).statusCode).toBe(200);
    for (const missing of ['exp', 'iat', 'jti', 'sid']) {
      const { [missing]: _dropped, ...rest } = claims;
      const res = await me(await forge(rest));
      expect(res.statusCode, missing).toBe(401);
      expect(res.json().code, missing).toBe('token_not_valid');
    }
  });

  it('refuses a refresh token without exp', async () => {
    const { exp: _exp, ...claims } = decodeJwt((await login()).refresh);
    expectRefused(await refresh(await forge(claims)));
  });
});

describe('refresh grace window', () => {
  it('gives a second tab 2.5 s later, across a second boundary, the same successor', async () => {
    const start = freezeClock(700);
    const session = await login();
    const first = await refresh(session.refresh);
    expect(first.statusCode).toBe(200);
    vi.setSystemTime(start + 2500);
    const second = await refresh(session.refresh);
    expect(second.statusCode).toBe(200);
    const a: RefreshResponse = first.json();
    const b: RefreshResponse = second.json();
    expect(b.refresh).toBe(a.refresh);
    expect(b.refresh_expiration).toBe(a.refresh_expiration);
    expect((await me(b.access)).statusCode).toBe(200);
    // The shared successor rotates normally.
    expect((await refresh(a.refresh)).statusCode).toBe(200);
  });

  it('treats the same token after the window as a replay and ends the session', async () => {
    const start = freezeClock(700);
    const session = await login();
    const first: RefreshResponse = (await refresh(session.refresh)).json();
    expect((await me(first.access)).statusCode).toBe(200);
    vi.setSystemTime(start + GRACE_SECONDS * 1000 + 500);
    expectRefused(await refresh(session.refresh));
    expectRefused(await refresh(first.refresh));
    expectRefused(await me(first.access));
  });

  it('gives two refreshes at the same moment the same successor', async () => {
    const session = await login();
    const [a, b] = await Promise.all([refresh(session.refresh), refresh(session.refresh)]);
    expect(a.statusCode).toBe(200);
    expect(b.statusCode).toBe(200);
    expect(b.json().refresh).toBe(a.json().refresh);
  });
});
