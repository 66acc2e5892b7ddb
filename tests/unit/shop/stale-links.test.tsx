// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearLogin, saveLogin } from '../../../src/web/lib/session/session-store.js';
import { loginResponseFor } from '../web/fixtures.js';
import { answerCallsWith, jsonResponse, renderRoutesAt } from '../web/test-app.js';

/* Old links into the shop say what became of what they name, instead of loading for ever or saying something untrue. */

async function api(request: Request): Promise<Response> {
  const url = new URL(request.url);
  const path = url.pathname.replace('/api/v2', '');
  if (path === '/rest-auth/token/verify/') return jsonResponse({});
  if (path === '/rest-auth/user/') return jsonResponse(loginResponseFor({ id: 7, username: 'noor' }).user);
  if (path.startsWith('/usermembership/user/')) return jsonResponse({ error: 'not_found', message: 'Not found' }, 404);
  if (path === '/basket') return jsonResponse({ error: 'not_found', message: 'Not found' }, 404);
  if (path === '/product_membership') {
    return jsonResponse([
      { id: 1, slug: 'premium', name: 'Premium', description: '', perks: [], sort_order: 0, is_premium: true, products: [{ id: 31, membership_id: 1, membership_slug: 'premium', name: 'A year', price: 29900, currency: 'CNY', period_unit: 'month', period_count: 12, is_active: true, sort_order: 0 }] },
    ]);
  }
  if (path === '/product_course') return jsonResponse([]);
  // The reader has orders, all on the first page.
  if (path === '/my_order') return jsonResponse({ count: 1, next: null, previous: url.searchParams.get('page') === '1' ? null : '/api/v2/my_order?page=1', results: [] });
  return jsonResponse({ error: 'not_found', message: 'Not found' }, 404);
}

function renderAt(at: string, lang: 'en' | 'zh-CN' = 'en') {
  renderRoutesAt(at, api, { lang, loggedIn: true });
}

const slow = { timeout: 8000 };
vi.setConfig({ testTimeout: 30_000 });

answerCallsWith(api);
beforeEach(async () => {
  await saveLogin(loginResponseFor({ id: 7, username: 'noor' }, 'user-token'));
});
afterEach(async () => {
  cleanup();
  await clearLogin();
  window.localStorage.clear();
  sessionStorage.clear();
});

describe('/checkout?membership_product= naming no plan on sale', () => {
  it('says the plan is not for sale and points to the plans, instead of loading for ever', async () => {
    renderAt('/checkout?membership_product=999');
    const alert = await screen.findByRole('alert', undefined, slow);
    expect(alert.textContent).toContain('This plan is not for sale');
    expect(within(alert).getByRole('link', { name: 'See the plans' }).getAttribute('href')).toBe('/member');
    expect(screen.queryByText('Loading…')).toBeNull();
  });

  it('says so in Chinese to a Chinese reader', async () => {
    renderAt('/checkout?membership_product=999', 'zh-CN');
    const alert = await screen.findByRole('alert', undefined, slow);
    expect(within(alert).getByRole('link', { name: '查看会员方案' })).toBeTruthy();
  });
});

describe('/checkout?course_product= naming no course on sale', () => {
  it('says the course is not for sale and points to the courses', async () => {
    renderAt('/checkout?course_product=77');
    const alert = await screen.findByRole('alert', undefined, slow);
    expect(alert.textContent).toContain('This course is not for sale');
    expect(within(alert).getByRole('link', { name: 'See the courses' }).getAttribute('href')).toBe('/course');
  });
});

describe('/my-order past its last page', () => {
  it('says this page has no orders and links to the first, rather than "no orders yet"', async () => {
    renderAt('/my-order?page=5');
    const link = await screen.findByRole('link', { name: 'Back to the first page' }, slow);
    expect(link.getAttribute('href')).toBe('/my-order');
    expect(screen.getByText(/There are no orders on this page\./)).toBeTruthy();
    expect(screen.queryByText(/You have no orders yet/)).toBeNull();
  });
});
