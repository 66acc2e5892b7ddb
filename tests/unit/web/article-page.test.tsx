// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import { cleanup, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AppProviders, createQueryClient } from '../../../src/web/app/app-shell.js';
import { createRoutes } from '../../../src/web/app/routes.js';
import { clearLogin, saveLogin } from '../../../src/web/lib/session/session-store.js';
import { readAccessToken } from '../../../src/web/lib/auth-state.js';
import { createHttpClient } from '../../../src/web/lib/http.js';
import { lockedArticle, loginResponseFor } from './fixtures.js';

const memberCopy = { ...lockedArticle, locked: false, content_html: '<p>The members-only body.</p>' };
let calls: string[] = [];

/** The server's rule in miniature: the body goes only to a request with the member's token. */
async function api(request: Request): Promise<Response> {
  const { pathname } = new URL(request.url);
  const token = request.headers.get('authorization');
  calls.push(`${pathname} ${token ? 'token' : 'guest'}`);
  const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
  if (pathname === '/api/v2/article/40') return json(token === 'Bearer member-token' ? memberCopy : lockedArticle);
  if (pathname === '/api/v2/article/related/40') return json([]);
  return new Response('{"error":"not_found","message":"Not found"}', { status: 404 });
}

function renderArticle() {
  const http = createHttpClient({ baseUrl: 'http://localhost', fetch: api, getAccessToken: () => readAccessToken() });
  const queryClient = createQueryClient();
  const router = createMemoryRouter(createRoutes({ queryClient, http }), { initialEntries: ['/article/40'] });
  const env = { http, lang: 'en' as const, colorMode: 'system' as const, publicUrl: 'http://localhost', siteName: 'Lectern' };
  render(
    <AppProviders env={env} queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
}

beforeEach(() => {
  calls = [];
  window.scrollTo = () => undefined;
});
afterEach(async () => {
  cleanup();
  await clearLogin();
});

describe('article page', () => {
  it('shows a guest the summary and the members notice, never a body', async () => {
    renderArticle();
    expect(await screen.findByRole('heading', { name: 'The rest of this article is for members' }, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByText('A short look at test data.')).toBeTruthy();
    expect(screen.queryByText('The members-only body.')).toBeNull();
    expect(calls.filter((c) => c.startsWith('/api/v2/article/40'))).toEqual(['/api/v2/article/40 guest']);
  });

  it('asks again with the token once the stored session says logged in, and shows the body', async () => {
    await saveLogin(loginResponseFor({ id: 5, username: 'mia' }, 'member-token'));
    renderArticle();
    expect(await screen.findByText('The members-only body.', {}, { timeout: 5000 })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'The rest of this article is for members' })).toBeNull();
    // The guest copy is still fetched without the token, so it can be kept under the guest key.
    expect(calls.filter((c) => c.startsWith('/api/v2/article/40'))).toEqual(['/api/v2/article/40 guest', '/api/v2/article/40 token']);
  });
});
