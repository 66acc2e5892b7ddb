// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { PlaygroundOperation } from '../../../src/web/features/devtools/openapi.js';
import { loginResponseFor } from '../web/fixtures.js';
import { jsonResponse as json } from '../web/test-app.js';

const PAST = '2001-01-01T00:00:00.000000Z';
const FAR = '2999-01-01T00:00:00.000000Z';
const preview: PlaygroundOperation = { id: 'preview', method: 'GET', path: '/api/v2/article/preview/{id}', summary: 'Staff preview', pathParams: [], queryParams: [], bodyTemplate: null };

/** The server's side: one valid access token at a time; the refresh token trades for the next. */
let valid = 'access-1';
let sent: string[] = [];
async function server(request: Request): Promise<Response> {
  const path = new URL(request.url).pathname;
  if (path === '/api/v2/rest-auth/token/refresh/') {
    valid = 'access-2';
    return json({ access: 'access-2', refresh: 'refresh-2', access_expiration: FAR, refresh_expiration: FAR });
  }
  if (path === '/api/v2/rest-auth/token/verify/') return json({});
  if (path === '/api/v2/rest-auth/user/') return json(loginResponseFor({ id: 5, username: 'editor', is_staff: true }).user);
  const auth = request.headers.get('authorization') ?? 'none';
  sent.push(`${request.method} ${path} ${auth}`);
  if (auth !== `Bearer ${valid}`) return json({ error: 'not_authenticated', message: 'Authentication credentials were not provided.' }, 401);
  return json({ id: 49, title: 'Draft' });
}

beforeAll(() => vi.stubGlobal('fetch', server));
afterAll(() => vi.unstubAllGlobals());
afterEach(() => {
  sent = [];
  valid = 'access-1';
});

/** The playground and the session as a page has them: a fresh module graph (the session is one per page) over an empty device. */
async function page() {
  vi.resetModules();
  const store = await import('../../../src/web/lib/session/session-store.js');
  await store.clearLogin();
  const { sendOperation } = await import('../../../src/web/features/devtools/send-operation.js');
  return { saveLogin: store.saveLogin, sendOperation };
}

describe('a call from the API playground', () => {
  it('goes out with a refreshed token when the stored one has expired, and answers as the server did', async () => {
    const { saveLogin, sendOperation } = await page();
    await saveLogin({ ...loginResponseFor({ id: 5, username: 'editor', is_staff: true }, 'access-1'), access_expiration: PAST });
    const result = await sendOperation(preview, '/api/v2/article/preview/49', null);
    expect(result.status).toBe(200);
    expect(JSON.parse(result.body)).toEqual({ id: 49, title: 'Draft' });
    expect(sent).toEqual(['GET /api/v2/article/preview/49 Bearer access-2']);
  });

  it('refused for a token the server no longer takes, refreshes once and sends the call again', async () => {
    const { saveLogin, sendOperation } = await page();
    await saveLogin(loginResponseFor({ id: 5, username: 'editor', is_staff: true }, 'access-0'));
    const result = await sendOperation(preview, '/api/v2/article/preview/49', null);
    expect(result.status).toBe(200);
    expect(sent).toEqual(['GET /api/v2/article/preview/49 Bearer access-0', 'GET /api/v2/article/preview/49 Bearer access-2']);
  });
});
