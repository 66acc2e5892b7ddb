// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Subscription, UserMembership } from '../../../src/shared/api/membership.js';
import { readAuthState } from '../../../src/web/lib/auth-state.js';
import { clearLogin, saveLogin } from '../../../src/web/lib/session/session-store.js';
import { loginResponseFor } from './fixtures.js';
import { fakeMembershipApi, json, premiumPlan, pricesOf, renderAppAt } from './membership-fixtures.js';

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
      revoked_at: null,
    },
    {
      id: 30,
      source: 'order',
      reference: '100007/12',
      product_id: 2,
      period_unit: 'month',
      period_count: 1,
      starts_at: '2026-10-01T00:00:00.000Z',
      ends_at: '2026-10-10T00:00:00.000Z',
      created_at: '2026-10-01T00:00:00.000Z',
      revoked_at: '2026-10-10T00:00:00.000Z',
    },
  ],
  created_at: '2026-11-01T00:00:00.000Z',
  updated_at: '2026-11-01T00:00:00.000Z',
};

let hasMembership = false;

const { calls, fetch: api } = fakeMembershipApi(async (request, { pathname }) => {
  if (pathname === '/api/v2/product_membership') return json([premiumPlan]);
  if (pathname === '/api/v2/rest-auth/user/') return json(loginResponseFor({ id: 6, username: 'noor' }).user);
  if (pathname === '/api/v2/usermembership/user/6') return hasMembership ? json(membership) : undefined;
  if (pathname === '/api/v2/subscription/usermembership/11') return hasMembership ? json(subscription) : undefined;
  if (pathname === '/api/v2/membership/redeem' && request.method === 'POST') {
    const { code } = (await request.json()) as { code: string };
    if (code !== 'K7QM-2XWD-9PRT-H4NB') return json({ error: 'invalid', message: 'code: This gift code is not valid.', fields: { code: 'This gift code is not valid.' } }, 400);
    hasMembership = true;
    return json({ subscription });
  }
  return undefined;
});
const renderAt = (path: string) => renderAppAt(path, api);

// The session host verifies the stored token with its own client (the global fetch): the same fake answers it.
beforeAll(() => {
  vi.stubGlobal('fetch', api);
});
afterAll(() => {
  vi.unstubAllGlobals();
});
beforeEach(() => {
  calls.length = 0;
  hasMembership = false;
  window.scrollTo = () => undefined;
});
afterEach(async () => {
  cleanup();
  await clearLogin();
});

// Each test renders the whole app and logs in: seconds on a busy machine.
describe('membership pages', { timeout: 15_000 }, () => {
  it('/member shows the plans with their prices in the site currency, and how to become a member', async () => {
    renderAt('/member');
    expect(await screen.findByRole('heading', { level: 1, name: 'Membership' }, { timeout: 5000 })).toBeTruthy();
    expect(pricesOf('Premium')).toEqual(['Monthly ¥29.90 a month', 'Yearly ¥299.00 for 12 months']);
    const card = within(screen.getByRole('article', { name: 'Premium' }));
    expect(card.getByRole('list', { name: 'What the plan gives' }).textContent).toBe('No monthly limit');
    // Nothing to buy yet: the card says how to become a member and links where to ask, with no button.
    expect(card.getByText(/Buy a plan here and pay online, or redeem a gift code/)).toBeTruthy();
    expect(card.getByRole('link', { name: 'Questions? Ask us.' }).getAttribute('href')).toBe('/member/enquiry');
    expect(card.queryByRole('button')).toBeNull();
    expect(screen.getByRole('link', { name: 'Redeem a gift code' }).getAttribute('href')).toBe('/my-membership');
    const area = within(screen.getByRole('navigation', { name: 'Member area' }));
    expect(area.getAllByRole('link').map((a) => a.getAttribute('href'))).toEqual([
      '/member/intro',
      '/member/content',
      '/member/shortcuts',
      '/member/enquiry',
      '/my-membership',
    ]);
  });

  it('/my-membership redeems a gift code, then shows the plan, its end, its history, and stores isMember', async () => {
    await saveLogin(loginResponseFor({ id: 6, username: 'noor' }, 'user-token'));
    renderAt('/my-membership');
    expect(await screen.findByText('You have no membership yet.', {}, { timeout: 5000 })).toBeTruthy();
    // Opening the page checks the membership: no membership, so isMember stays 0.
    await waitFor(() => expect(calls).toContain('GET /api/v2/rest-auth/user/ token'));
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
    // A period a refund took back says so.
    expect(screen.getByText('Bought: 1 month, Oct 1, 2026 – Oct 10, 2026 (refunded on Oct 10, 2026)')).toBeTruthy();
    await waitFor(async () => expect((await readAuthState()).isMember).toBe(1));
  });
});
