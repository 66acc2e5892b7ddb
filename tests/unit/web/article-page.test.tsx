// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { MembershipStatus } from '../../../src/shared/api/content.js';
import { clearLogin, saveLogin } from '../../../src/web/lib/session/session-store.js';
import { lockedArticle, loginResponseFor } from './fixtures.js';
import { fakeMembershipApi, json, premiumPlan, pricesOf, renderAppAt } from './membership-fixtures.js';

const BODY = '<p>The members-only body.</p>';
const LIMIT = 3;
const plans = [premiumPlan];

let guestReadsLeft = LIMIT;

/**
 * The server's rules in miniature: the member's token reads everything; a guest with a fingerprint has a meter
 * that the unlock call spends; a logged-in non-member is shown the plans.
 */
const { calls, fetch: api } = fakeMembershipApi((request, { pathname }) => {
  const token = request.headers.get('authorization');
  const status = (): MembershipStatus => {
    const base = { article_id: 40, access: 'premium' as const, free_read: false, locked: true, plans };
    if (token === 'Bearer member-token') return { ...base, can_read: true, reason: 'member', reads_left: null, reads_limit: null, plans: [] };
    if (token) return { ...base, can_read: false, reason: 'membership_required', reads_left: 0, reads_limit: 5 };
    return { ...base, can_read: guestReadsLeft > 0, reason: guestReadsLeft > 0 ? 'metered' : 'login_required', reads_left: guestReadsLeft, reads_limit: LIMIT };
  };
  if (pathname === '/api/v2/article/40') return json(lockedArticle);
  if (pathname === '/api/v2/article/related/40') return json([]);
  if (pathname === '/api/v2/guest/userfinger') return request.method === 'GET' ? undefined : json({}, 201);
  if (pathname === '/api/v2/article/membership_status/40') return json(status());
  if (pathname === '/api/v2/article/40/unlock' && request.method === 'POST') {
    const now = status();
    if (!now.can_read) return json({ ...lockedArticle, reason: now.reason, reads_left: now.reads_left, reads_limit: now.reads_limit });
    if (now.reason === 'metered') guestReadsLeft -= 1;
    return json({ ...lockedArticle, locked: false, content_html: BODY, reason: now.reason, reads_left: null, reads_limit: null });
  }
  return undefined;
});

const renderArticle = () => renderAppAt('/article/40', api).queryClient;

const accessCalls = () => calls.filter((c) => (c.includes('/article/40') && !c.includes('related')) || c.includes('membership_status'));

// The session host verifies the stored token with its own client (the global fetch): the same fake answers it.
beforeAll(() => {
  vi.stubGlobal('fetch', api);
});
afterAll(() => {
  vi.unstubAllGlobals();
});
beforeEach(() => {
  calls.length = 0;
  guestReadsLeft = LIMIT;
  window.scrollTo = () => undefined;
});
afterEach(async () => {
  cleanup();
  await clearLogin();
});

// Each test renders the whole app, its first one loading the lazy article page: seconds on a busy machine.
describe('article page', { timeout: 15_000 }, () => {
  it('opens a premium article for a guest with free reads left, sending the registered device fingerprint', async () => {
    renderArticle();
    expect(await screen.findByText('The members-only body.', {}, { timeout: 10_000 })).toBeTruthy();
    expect(guestReadsLeft).toBe(LIMIT - 1);
    await waitFor(() => expect(calls).toContain('POST /api/v2/guest/userfinger guest'));
    expect(accessCalls()).toEqual([
      'GET /api/v2/article/40 guest',
      'GET /api/v2/article/membership_status/40 fingerprint',
      'POST /api/v2/article/40/unlock fingerprint',
    ]);
  });

  it('shows a guest without free reads the meter and the way to sign up, never a body', async () => {
    guestReadsLeft = 0;
    renderArticle();
    expect(await screen.findByText('0 of 3 free articles left this month', {}, { timeout: 10_000 })).toBeTruthy();
    const paywall = within(screen.getByRole('region', { name: 'The rest of this article is for members' }));
    expect(screen.getByText('A short look at test data.')).toBeTruthy();
    expect(paywall.getByRole('link', { name: 'Sign up' }).getAttribute('href')).toBe('/signup?next=%2Farticle%2F40');
    expect(paywall.getByRole('link', { name: 'Log in' }).getAttribute('href')).toBe('/login?next=%2Farticle%2F40');
    expect(screen.queryByText('The members-only body.')).toBeNull();
    // Looking spends nothing: the unlock call is not made.
    expect(calls.some((c) => c.includes('/unlock'))).toBe(false);
  });

  it('opens every premium article for a member with the token', async () => {
    await saveLogin(loginResponseFor({ id: 5, username: 'mia' }, 'member-token'));
    renderArticle();
    expect(await screen.findByText('The members-only body.', {}, { timeout: 10_000 })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'The rest of this article is for members' })).toBeNull();
    // The device's fingerprint is tied to the account (the guest's reads join the user's), and not sent. The call
    // goes out beside the article's, so it may land after the body shows.
    await waitFor(() => expect(calls).toContain('POST /api/v2/guest/userfinger token'));
    // The guest copy is still fetched without the token, so it can be kept under the guest key.
    expect(accessCalls()).toEqual([
      'GET /api/v2/article/40 guest',
      'GET /api/v2/article/membership_status/40 token',
      'POST /api/v2/article/40/unlock token',
    ]);
  });

  it('shows a user without membership the plans with their prices and how to become a member', async () => {
    await saveLogin(loginResponseFor({ id: 6, username: 'noor' }, 'user-token'));
    const queryClient = renderArticle();
    expect(await screen.findByRole('heading', { name: 'Premium' }, { timeout: 10_000 })).toBeTruthy();
    expect(screen.getByText('0 of 5 free articles left this month')).toBeTruthy();
    const region = screen.getByRole('region', { name: 'The rest of this article is for members' });
    expect(pricesOf('Premium', region)).toEqual(['Monthly ¥29.90 a month', 'Yearly ¥299.00 for 12 months']);
    expect(screen.getByText(/Buy a plan here and pay online, or redeem a gift code/)).toBeTruthy();
    const paywall = within(region);
    // Each price buys its product at the checkout (plain links: no checkout code before one is followed), and a
    // link leads to what membership gives.
    expect(paywall.queryByRole('button')).toBeNull();
    expect(paywall.getAllByRole('link').map((a) => a.getAttribute('href'))).toEqual(['/checkout?membership_product=1', '/checkout?membership_product=3', '/member']);
    expect(paywall.getByRole('link', { name: 'Buy Monthly (Premium)' }).getAttribute('href')).toBe('/checkout?membership_product=1');
    // The caller's access is personal: whatever keeps queries (a persister) leaves it out.
    const access = queryClient.getQueryCache().findAll({ queryKey: ['articles', 'access'] });
    expect(access.length).toBeGreaterThan(0);
    expect(access.every((q) => q.meta?.personal === true)).toBe(true);
  });
});
