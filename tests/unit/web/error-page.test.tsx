// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { pickLanguage } from '../../../src/shared/i18n/index.js';
import { createRoutes } from '../../../src/web/app/routes.js';
import { testApp } from './test-app.js';

// jsdom has no scrolling; the layout's scroll restoration calls it on every navigation.
beforeEach(() => {
  window.scrollTo = () => undefined;
});
afterEach(cleanup);

function renderAt(path: string, acceptLanguage: string) {
  const app = testApp({ lang: pickLanguage(undefined, acceptLanguage) });
  const router = createMemoryRouter(createRoutes({ queryClient: app.queryClient, http: app.http }), { initialEntries: [path] });
  render(app.wrap(<RouterProvider router={router} />));
}

describe('error page in the browser', () => {
  it('shows "Page Not Found: {path}" for an unknown path', async () => {
    renderAt('/no/such/page', 'en-GB,en;q=0.9');
    expect(await screen.findByText('Page Not Found: /no/such/page')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Page Not Found');
  });

  it('speaks Chinese to a reader whose browser prefers it', async () => {
    renderAt('/nope', 'zh-CN,zh;q=0.9,en;q=0.8');
    expect(await screen.findByText('页面未找到：/nope')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('页面未找到');
    expect(screen.getByRole('link', { name: '返回首页' })).toBeTruthy();
  });

  it('shows the forbidden view at /403', async () => {
    renderAt('/403', 'en');
    expect(await screen.findByRole('heading', { level: 1, name: 'Forbidden' })).toBeTruthy();
  });
});
