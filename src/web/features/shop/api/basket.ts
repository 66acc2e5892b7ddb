import { queryOptions } from '@tanstack/react-query';
import type { Basket, Country, ShippingMethod } from '../../../../shared/api/shop.js';
import { OP_ID_HEADER, shopPaths } from '../../../../shared/api/shop-paths.js';
import { createHttpClient, type FetchLike, type HttpClient } from '../../../lib/http.js';
import { accessTokenForCall, sessionHost } from '../../../lib/session/session-context.js';
import { createSessionFetch } from '../../../lib/session/session-fetch.js';
import { newOpId, type OutboxApi } from '../outbox/outbox.js';

/** Answers that belong to the logged-in user: never persisted, dropped at logout. */
const PERSONAL = { personal: true } as const;

/** The fetch of one basket change: the app's session fetch, with the change's operation id. */
const withOpId =
  (send: FetchLike, opId: string): FetchLike =>
  (request) => {
    const headers = new Headers(request.headers);
    headers.set(OP_ID_HEADER, opId);
    return send(new Request(request, { headers }));
  };

/**
 * The basket's calls in the browser, through the app's session (bearer token, one refresh on a refused token).
 * Each change goes with its operation id in `Idempotency-Key`, so sending it again is safe.
 */
export function browserBasketApi(): OutboxApi & { client(opId?: string): HttpClient } {
  const sessionFetch = createSessionFetch(sessionHost);
  const client = (opId?: string) =>
    createHttpClient({ baseUrl: window.location.origin, getAccessToken: accessTokenForCall, fetch: opId ? withOpId(sessionFetch, opId) : sessionFetch });
  return {
    client,
    send: (request, opId) => {
      const http = client(opId);
      if (request.method === 'POST') return http.post(request.path, request.body);
      if (request.method === 'PATCH') return http.patch(request.path, request.body);
      return http.delete(request.path);
    },
    fetchBasket: () => client().get<Basket>(shopPaths.basket),
  };
}

/** Applies a voucher (online only): the answer is the basket, or a 400 naming `vouchercode`. */
export const applyVoucher = (api: ReturnType<typeof browserBasketApi>, code: string) =>
  api.client(newOpId()).post<Basket>(shopPaths.basketAddVoucher, { vouchercode: code });

export const removeVoucher = (api: ReturnType<typeof browserBasketApi>, code: string) =>
  api.client(newOpId()).post<Basket>(shopPaths.basketRemoveVoucher, { vouchercode: code });

export const countriesQuery = (http: HttpClient) =>
  queryOptions({
    queryKey: ['shop', 'countries'] as const,
    queryFn: () => http.get<Country[]>(shopPaths.countries, undefined, { anonymous: true }),
    staleTime: Infinity,
  });

/** What each shipping method would charge this basket (as last changed) in a country. */
export const shippingMethodsQuery = (http: HttpClient, owner: number, country: string, basketVersion: string) =>
  queryOptions({
    queryKey: ['shop', 'shipping', owner, country, basketVersion] as const,
    queryFn: () => http.get<ShippingMethod[]>(shopPaths.basketShippingMethods, { country }),
    meta: PERSONAL,
  });
