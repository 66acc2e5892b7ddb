import { afterEach } from 'vitest';
import type { LoginResponse } from '../../../../src/shared/api/auth.js';
import { openDb, type LecternDb } from '../../../../src/web/lib/db.js';
import type { SessionHost } from '../../../../src/web/lib/session/session-host.js';

export const BASE_URL = 'http://localhost';
export const FAR = '2999-01-01T00:00:00.000000Z';
export const PAST = '2001-01-01T00:00:00.000000Z';

let counter = 0;
/** A database of its own per test (two hosts on one name are two tabs of one browser). */
export function freshDbName(): string {
  return `lectern-session-${process.pid}-${++counter}`;
}
export const dbNamed = (name: string): LecternDb => openDb(name);

/**
 * The hosts and databases a test file starts, stopped and deleted after each test (its writes landed first):
 * push them on the lists this returns.
 */
export function cleanedAfterEach(): { hosts: SessionHost[]; dbs: LecternDb[] } {
  const hosts: SessionHost[] = [];
  const dbs: LecternDb[] = [];
  afterEach(async () => {
    for (const host of hosts.splice(0)) {
      await host.flush();
      host.stop();
    }
    for (const db of dbs.splice(0)) await db.delete();
  });
  return { hosts, dbs };
}

export function login(overrides: Partial<LoginResponse> = {}): LoginResponse {
  return {
    access: 'access-1',
    refresh: 'refresh-1',
    access_expiration: FAR,
    refresh_expiration: FAR,
    user: {
      pk: 7,
      id: 7,
      username: 'ada',
      email: 'ada@mail.lectern.org',
      email_verified: true,
      display_name: 'Ada L.',
      avatar: '/media/ada.webp',
      role: 'user',
      is_staff: false,
    },
    ...overrides,
  };
}

export interface Call {
  method: string;
  path: string;
  body: unknown;
  authorization: string | null;
}

export type Handler = (call: Call) => { status: number; body?: unknown } | undefined;

const json = (status: number, body: unknown) =>
  new Response(body === undefined ? null : JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/**
 * A fetch answering the API from handlers (first match wins); verify answers 200 by default, anything
 * unhandled 404. Every call is recorded.
 */
export function fakeServer(...handlers: Handler[]) {
  const calls: Call[] = [];
  const fetch = async (request: Request): Promise<Response> => {
    const url = new URL(request.url);
    const text = request.method === 'GET' ? '' : await request.text();
    const call: Call = {
      method: request.method,
      path: url.pathname.replace('/api/v2', ''),
      body: text ? (JSON.parse(text) as unknown) : undefined,
      authorization: request.headers.get('authorization'),
    };
    calls.push(call);
    for (const handler of handlers) {
      const answer = handler(call);
      if (answer) return json(answer.status, answer.body);
    }
    if (call.path === '/rest-auth/token/verify/') return json(200, { detail: 'Token is valid.' });
    if (call.path === '/rest-auth/logout/') return json(200, { detail: 'Successfully logged out.' });
    return json(404, { error: 'not_found', message: 'Not found' });
  };
  return { fetch, calls, paths: () => calls.map((c) => `${c.method} ${c.path}`) };
}

export const refused = { status: 401, body: { error: 'token_not_valid', message: 'Token is invalid or expired', detail: 'Token is invalid or expired', code: 'token_not_valid' } };

/** Polls until `check` holds (Dexie's live queries and the machine's debounce answer asynchronously). */
export async function eventually(check: () => boolean | Promise<boolean>, timeoutMs = 3000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > until) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
