import { render, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import type { MembershipProduct } from '../../../src/shared/api/membership.js';
import type { Language } from '../../../src/shared/i18n/index.js';
import { AppProviders, createQueryClient } from '../../../src/web/app/app-shell.js';
import { createRoutes } from '../../../src/web/app/routes.js';
import { readAccessToken } from '../../../src/web/lib/auth-state.js';
import { createHttpClient } from '../../../src/web/lib/http.js';

/** A membership product as the API lists it: the premium plan's monthly price unless overridden. */
export const membershipProduct = (fields: Partial<MembershipProduct> = {}): MembershipProduct => ({
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

/** The premium plan with a monthly and a yearly price, as `product_membership` and the paywall list it. */
export const premiumPlan = {
  id: 2,
  slug: 'premium',
  name: 'Premium',
  description: 'Every premium article.',
  perks: ['No monthly limit'],
  sort_order: 0,
  is_premium: true,
  products: [membershipProduct(), membershipProduct({ id: 3, name: 'Yearly', price: 29900, period_count: 12 })],
};

export const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
export const notFound = () => json({ error: 'not_found', message: 'Not found' }, 404);

/** The answer of a fake API: a response, or undefined for "no such path" (a 404). */
export type FakeRoute = (request: Request, url: URL) => Response | undefined | Promise<Response | undefined>;

/**
 * A fetch standing in for the API, recording every call as "METHOD /path who" (who: token, fingerprint or
 * guest). The session host's token check always succeeds; anything `route` does not answer is a 404.
 */
export function fakeMembershipApi(route: FakeRoute) {
  const calls: string[] = [];
  const fetch = async (input: Request | URL | string, init?: RequestInit): Promise<Response> => {
    // The http client sends a Request; the captcha widget and the session host may send a URL string.
    const request = input instanceof Request ? input : new Request(new URL(input, 'http://localhost'), init);
    const url = new URL(request.url);
    const who = request.headers.get('authorization') ? 'token' : request.headers.get('x-lectern-fingerprint') ? 'fingerprint' : 'guest';
    calls.push(`${request.method} ${url.pathname} ${who}`);
    if (url.pathname === '/api/v2/rest-auth/token/verify/') return json({});
    return (await route(request, url)) ?? notFound();
  };
  return { calls, fetch };
}

/** The whole app at `path`, its API answered by `fetch`, with the stored session's token on calls. */
export function renderAppAt(path: string, fetch: (request: Request) => Promise<Response>, lang: Language = 'en') {
  const http = createHttpClient({ baseUrl: 'http://localhost', fetch, getAccessToken: () => readAccessToken() });
  const queryClient = createQueryClient();
  const router = createMemoryRouter(createRoutes({ queryClient, http }), { initialEntries: [path] });
  const env = { http, lang, colorMode: 'system' as const, publicUrl: 'http://localhost', siteName: 'Lectern' };
  render(
    <AppProviders env={env} queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { queryClient, router };
}

/** The price lines of the price card of `plan` ("Monthly ¥29.90 a month"), as the reader sees them. */
export function pricesOf(plan: string, scope: HTMLElement = document.body): string[] {
  const card = within(scope).getByRole('article', { name: plan });
  return within(within(card).getByRole('list', { name: 'Prices' }))
    .getAllByRole('listitem')
    .map((item) => item.textContent ?? '');
}
