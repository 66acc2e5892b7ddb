// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { MembershipProduct, Subscription, UserMembership } from '../../../src/shared/api/membership.js';
import { AppProviders, createQueryClient } from '../../../src/web/app/app-shell.js';
import { createRoutes } from '../../../src/web/app/routes.js';
import { readAccessToken, readAuthState } from '../../../src/web/lib/auth-state.js';
import { createHttpClient } from '../../../src/web/lib/http.js';
import { clearLogin, saveLogin } from '../../../src/web/lib/session/session-store.js';
import { loginResponseFor } from './fixtures.js';

const product = (fields: Partial<MembershipProduct>): MembershipProduct => ({
  id: 1,
  membership_id: 2,
  membership_slug: 'premium',
  name: 'Monthly',
  price: 2990,
  currency: 'CNY',
  period_unit: 'month',
  period_count: 1,
  is_active: true,
  sort_order: 0,
  ...fields,
});
const priceCard = [
  {
    id: 2,
    slug: 'premium',
    name: 'Premium',
    description: 'Every premium article.',
    perks: ['No monthly limit'],
    sort_order: 0,
    is_premium: true,
    products: [product({}), product({ id: 3, name: 'Yearly', price: 29900, period_count: 12 })],
  },
];

const membership: UserMembership = {
  id: 11,
  user_id: 6,
  membership_id: 2,
  membership_slug: 'premium',
  membership_name: 'Premium',
  subscription_id: 21,
  active: true,
  starts_at: '2026-11-01T00:00:00.000Z',
  ends_at: '2027-01-01T00:00:00.000Z',
  created_at: '2026-11-01T00:00:00.000Z',
};
const subscription: Subscription = {
  id: 21,
  user_membership_id: 11,
  user_id: 6,
  membership_slug: 'premium',
  active: true,
  starts_at: '2026-11-01T00:00:00.000Z',
  ends_at: '2027-01-01T00:00:00.000Z',
  ended_at: null,
  source: 'gift',
  grants: [
    {
      id: 31,
      source: 'gift',
      reference: '4',
      product_id: 3,
      period_unit: 'month',
      period_count: 2,
      starts_at: '2026-11-01T00:00:00.000Z',
      ends_at: '2027-01-01T00:00:00.000Z',
      created_at: '2026-11-01T00:00:00.000Z',
    },
  ],
  created_at: '2026-11-01T00:00:00.000Z',
  updated_at: '2026-11-01T00:00:00.000Z',
};

let calls: string[] = [];
let hasMembership = false;

async function api(request: Request): Promise<Response> {
  const { pathname } = new URL(request.url);
  calls.push(`${request.method} ${pathname}`);
  const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  const notFound = () => json({ error: 'not_found', message: 'Not found' }, 404);
  if (pathname === '/api/v2/rest-auth/token/verify/') return json({});
  if (pathname === '/api/v2/product_membership') return json(priceCard);
  if (pathname === '/api/v2/rest-auth/user/') return json(loginResponseFor({ id: 6, username: 'noor' }).user);
  if (pathname === '/api/v2/usermembership/user/6') return hasMembership ? json(membership) : notFound();
  if (pathname === '/api/v2/subscription/usermembership/11') return hasMembership ? json(subscription) : notFound();
  if (pathname === '/api/v2/membership/redeem' && request.method === 'POST') {
    const { code } = (await request.json()) as { code: string };
    if (code !== 'K7QM-2XWD-9PRT-H4NB') return json({ error: 'invalid', message: 'code: This gift code is not valid.', fields: { code: 'This gift code is not valid.' } }, 400);
    hasMembership = true;
    return json({ subscription });
  }
  return notFound();
}

function renderAt(path: string) {
  const http = createHttpClient({ baseUrl: 'http://localhost', fetch: api, getAccessToken: () => readAccessToken() });
  const queryClient = createQueryClient();
  const router = createMemoryRouter(createRoutes({ queryClient, http }), { initialEntries: [path] });
  const env = { http, lang: 'en' as const, colorMode: 'system' as const, publicUrl: 'http://localhost', siteName: 'Lectern' };
  render(
    <AppProviders env={env} queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
}

// The session host verifies the stored token with its own client (the global fetch): the same fake answers it.
beforeAll(() => {
  vi.stubGlobal('fetch', api);
});
afterAll(() => {
  vi.unstubAllGlobals();
});
beforeEach(() => {
  calls = [];
  hasMembership = false;
  window.scrollTo = () => undefined;
});
afterEach(async () => {
  cleanup();
  await clearLogin();
});

describe('membership pages', () => {
  it('/member shows the plans with their prices in the site currency, and how to become a member', async () => {
    renderAt('/member');
    expect(await screen.findByRole('heading', { level: 1, name: 'Membership' }, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Premium' })).toBeTruthy();
    expect(screen.getByText('¥29.90 a month')).toBeTruthy();
    expect(screen.getByText('¥299.00 for 12 months')).toBeTruthy();
    expect(screen.getByText('No monthly limit')).toBeTruthy();
    expect(screen.getByText(/Memberships cannot be bought on the site yet/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Redeem a gift code' }).getAttribute('href')).toBe('/my-membership');
  });

  it('/my-membership redeems a gift code, then shows the plan, its end, its history, and stores isMember', async () => {
    await saveLogin(loginResponseFor({ id: 6, username: 'noor' }, 'user-token'));
    renderAt('/my-membership');
    expect(await screen.findByText('You have no membership yet.', {}, { timeout: 5000 })).toBeTruthy();
    // Opening the page checks the membership: no membership, so isMember stays 0.
    await waitFor(() => expect(calls).toContain('GET /api/v2/rest-auth/user/'));
    expect((await readAuthState()).isMember).toBe(0);

    const code = screen.getByLabelText('Gift code');
    fireEvent.change(code, { target: { value: 'WRONG-CODE' } });
    fireEvent.click(screen.getByRole('button', { name: 'Redeem' }));
    expect(await screen.findByText('This gift code is not valid.')).toBeTruthy();

    fireEvent.change(code, { target: { value: 'K7QM-2XWD-9PRT-H4NB' } });
    fireEvent.click(screen.getByRole('button', { name: 'Redeem' }));
    expect(await screen.findByText('The code was redeemed: your membership runs until Jan 1, 2027.', {}, { timeout: 5000 })).toBeTruthy();
    const current = within(screen.getByRole('region', { name: 'Current plan' }));
    expect(current.getByText('Premium')).toBeTruthy();
    expect(current.getByText('Active')).toBeTruthy();
    expect(current.getByText('Jan 1, 2027')).toBeTruthy();
    expect(screen.getByText('Gift code: 2 months, Nov 1, 2026 – Jan 1, 2027')).toBeTruthy();
    await waitFor(async () => expect((await readAuthState()).isMember).toBe(1));
  });
});
