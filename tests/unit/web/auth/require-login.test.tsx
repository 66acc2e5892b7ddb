// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { paths, safeNext } from '../../../../src/web/app/paths.js';
import { createLoginLoader, LoginGate, LoginGateShell, nextOf } from '../../../../src/web/features/auth/require-login.js';
import { DEFAULT_AUTH_STATE } from '../../../../src/web/lib/auth-state.js';
import type { AuthState } from '../../../../src/web/lib/db.js';
import { testApp } from '../test-app.js';
import { FAR, PAST } from './session-fixtures.js';

afterEach(cleanup);

const loggedIn: AuthState = { ...DEFAULT_AUTH_STATE, userid: 7, isLogin: 1, access_token: 'a', refresh_token: 'r', access_token_expiration: PAST, refresh_token_expiration: FAR };
const expired: AuthState = { ...loggedIn, refresh_token_expiration: PAST };

function app(state: AuthState, start: string) {
  const rendered: string[] = [];
  const Page = ({ name }: { name: string }) => {
    rendered.push(name);
    return <h1>{name}</h1>;
  };
  const router = createMemoryRouter(
    [
      {
        id: 'root',
        HydrateFallback: () => null,
        children: [
          { path: 'login', element: <Page name="Login page" /> },
          {
            id: 'login-required',
            loader: createLoginLoader(async () => state),
            Component: LoginGate,
            HydrateFallback: LoginGateShell,
            children: [{ path: 'account', element: <Page name="Account page" /> }],
          },
        ],
      },
    ],
    { initialEntries: [start] },
  );
  render(testApp().wrap(<RouterProvider router={router} />));
  return { router, rendered };
}

describe('pages that need login', () => {
  it('send a logged-out visitor to /login?next=<path> before the page renders', async () => {
    const { router, rendered } = app(DEFAULT_AUTH_STATE, '/account?tab=rss');
    expect(await screen.findByRole('heading', { name: 'Login page' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.location.search).toBe('?next=%2Faccount%3Ftab%3Drss');
    expect(rendered).not.toContain('Account page');
  });

  it('treat an expired refresh token as logged out', async () => {
    const { router, rendered } = app(expired, '/account');
    expect(await screen.findByRole('heading', { name: 'Login page' })).toBeTruthy();
    expect(router.state.location.search).toBe('?next=%2Faccount');
    expect(rendered).not.toContain('Account page');
  });

  it('open for a logged-in visitor, also with an expired access token (it is refreshed on use)', async () => {
    const { router } = app(loggedIn, '/account');
    expect(await screen.findByRole('heading', { name: 'Account page' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/account');
  });

  it('answer a neutral shell on the server, which cannot see the tokens', async () => {
    const loader = createLoginLoader(async () => loggedIn);
    expect(loader.hydrate).toBe(true);
    const saved = globalThis.window;
    // The loader's only server test is "no window": take it away for one call.
    Object.defineProperty(globalThis, 'window', { value: undefined, configurable: true });
    try {
      await expect(loader({ request: new Request('http://localhost/account'), params: {}, context: {} } as never)).resolves.toEqual({ checked: false });
    } finally {
      Object.defineProperty(globalThis, 'window', { value: saved, configurable: true });
    }
  });

  it('come back only to a path of this site', () => {
    expect(nextOf(new Request('http://localhost/user/activity?x=1'))).toBe('/user/activity?x=1');
    expect(paths.login('/account')).toBe('/login?next=%2Faccount');
    expect(paths.login('/')).toBe('/login');
    expect(safeNext('/account')).toBe('/account');
    expect(safeNext('//evil.example/x')).toBe('/');
    expect(safeNext('https://evil.example/')).toBe('/');
    expect(safeNext('/\\evil.example')).toBe('/');
    // Tabs and line breaks vanish from a URL in the browser: `/<tab>/host` would lead to `//host`.
    expect(safeNext('/\t/evil.example')).toBe('/');
    expect(safeNext('/\n/evil.example/x')).toBe('/');
    expect(safeNext('/\r\\evil.example')).toBe('/');
    expect(safeNext('/account?tab=1')).toBe('/account?tab=1');
    expect(safeNext(null)).toBe('/');
  });
});
