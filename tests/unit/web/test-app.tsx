import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterAll, beforeAll, vi } from 'vitest';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { AppProviders, createQueryClient } from '../../../src/web/app/app-shell.js';
import { createRoutes } from '../../../src/web/app/routes.js';
import { readAccessToken } from '../../../src/web/lib/auth-state.js';
import { createHttpClient } from '../../../src/web/lib/http.js';
import type { Language } from '../../../src/shared/i18n/index.js';
import { fakeApi } from './fixtures.js';

/** The app's providers, with the API answered from a table. */
export function testApp(options: { lang?: Language; routes?: Record<string, unknown> } = {}) {
  const http = createHttpClient({ baseUrl: 'http://localhost', fetch: fakeApi(options.routes ?? {}) });
  const queryClient = createQueryClient();
  const env = { http, lang: options.lang ?? 'en', colorMode: 'system' as const, publicUrl: 'http://localhost', siteName: 'Lectern' };
  return {
    http,
    queryClient,
    wrap: (children: ReactNode) => (
      <AppProviders env={env} queryClient={queryClient}>
        {children}
      </AppProviders>
    ),
  };
}

/** A JSON answer as the API sends it. */
export const jsonResponse = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/**
 * The app's own routes rendered at `at`, the API answered by `api`. With `loggedIn`, calls carry the token of the
 * login stored on the device (the test saves one).
 */
export function renderRoutesAt(at: string, api: (request: Request) => Promise<Response>, options: { lang?: Language; loggedIn?: boolean } = {}) {
  const http = createHttpClient({ baseUrl: 'http://localhost', fetch: api, ...(options.loggedIn ? { getAccessToken: () => readAccessToken() } : {}) });
  const queryClient = createQueryClient();
  const router = createMemoryRouter(createRoutes({ queryClient, http }), { initialEntries: [at] });
  const env = { http, lang: options.lang ?? 'en', colorMode: 'system' as const, publicUrl: 'http://localhost', siteName: 'Lectern' };
  render(
    <AppProviders env={env} queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { http, queryClient, router };
}

/**
 * Answers every call of a test file from `api`: the pages' calls and the session's own token checks, which use
 * the global fetch. jsdom has no scrolling, so the router's scroll restoration gets a no-op.
 */
export function answerCallsWith(api: (request: Request) => Promise<Response>) {
  beforeAll(() => {
    vi.stubGlobal('fetch', api);
    window.scrollTo = () => undefined;
  });
  afterAll(() => {
    vi.unstubAllGlobals();
  });
}
