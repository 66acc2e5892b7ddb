import type { QueryClient } from '@tanstack/react-query';
import { data, matchRoutes, type LoaderFunctionArgs, type RouteObject } from 'react-router-dom';
import type { Language } from '../../shared/i18n/index.js';
import { reloadForFailedChunk } from '../lib/chunk-reload.js';
import { ApiError, type HttpClient } from '../lib/http.js';
import { LoginGate, LoginGateShell, requireLogin } from '../features/auth/require-login.js';
import { isOfflineFailure, offlineRouteError } from '../features/pwa/offline-error.js';
import { loadFooterPages } from '../features/pages/footer-pages.js';
import { ErrorPage } from './error-page.js';
import { RootLayout } from './root-layout.js';

export interface RouteDeps {
  queryClient: QueryClient;
  http: HttpClient;
  /** The reader's interface language, which editorial texts are fetched in (English when not given). */
  lang?: Language;
  /** Work a page opened in the app waits for besides its module (the rest of the message catalogue). */
  beforePage?: () => Promise<unknown> | undefined;
}

/** What a lazily loaded page module exports. */
export interface PageModule {
  Component: React.ComponentType;
  loader?: (deps: RouteDeps, args: LoaderFunctionArgs) => Promise<unknown>;
}

/**
 * A failed loader becomes a route error: unknown or invalid ids are the 404 page, a 403 the forbidden
 * page, a call that never reached the site the offline view, anything else the server-error page with its message.
 */
export function toRouteError(err: unknown, request: Request): unknown {
  if (err instanceof Response) return err;
  const path = new URL(request.url).pathname;
  if (isOfflineFailure(err)) return offlineRouteError();
  if (err instanceof ApiError) {
    if (err.status === 404 || err.status === 400) return data(path, { status: 404 });
    if (err.status === 401 || err.status === 403) return data(err.message, { status: 403 });
    return data(err.message, { status: err.status >= 400 ? err.status : 500 });
  }
  return err;
}

/**
 * Where loaders find their dependencies: fixed for the browser's one router, or read from each request's
 * context on the server, whose route table (and the modules it has loaded) serves every request.
 */
export type RouteDepsSource = RouteDeps | ((args: LoaderFunctionArgs) => RouteDeps);

/** The dependencies a loader is called with. */
const depsFor = (source: RouteDepsSource, args: LoaderFunctionArgs): RouteDeps => (typeof source === 'function' ? source(args) : source);

function page(source: RouteDepsSource, importer: () => Promise<PageModule>): RouteObject['lazy'] {
  const fixed = typeof source === 'function' ? undefined : source;
  return async () => {
    const [m] = await Promise.all([importer().catch((err: unknown) => {
      // A chunk of an older deployment is gone: reload once, rather than show an error.
      if (typeof window !== 'undefined' && reloadForFailedChunk()) return new Promise<PageModule>(() => undefined);
      throw err;
    }), fixed?.beforePage?.()]);
    const load = m.loader;
    return {
      Component: m.Component,
      ...(load
        ? {
            loader: async (args: LoaderFunctionArgs) => {
              try {
                return await load(depsFor(source, args), args);
              } catch (err) {
                throw toRouteError(err, args.request);
              }
            },
          }
        : {}),
    };
  };
}

/** The error pages as routes: each answers with its own HTTP status. */
const statusRoute = (status: 403 | 404 | 500): RouteObject => ({
  path: String(status),
  Component: () => null,
  loader: ({ request }) => {
    throw data(status === 404 ? new URL(request.url).pathname : null, { status });
  },
});

/** The route table, the same objects for SSR and the browser; pages load lazily. */
export function createRoutes(deps: RouteDepsSource): RouteObject[] {
  const p = (importer: () => Promise<PageModule>) => page(deps, importer);
  const content = {
    home: p(() => import('../features/content/pages/home-page.js')),
    article: p(() => import('../features/content/pages/article-page.js')),
    category: p(() => import('../features/content/pages/category-page.js')),
    tag: p(() => import('../features/content/pages/tag-page.js')),
  };
  // The community's pages: the public ones (community, Slack, forum login outcomes) and those that need login.
  const community = {
    open: p(() => import('../features/community/pages/public-pages.js')),
    account: p(() => import('../features/community/pages/account-pages.js')),
  };
  const staff = { page: p(() => import('../features/staff/pages/page-edit-page.js')) };
  return [
    {
      id: 'root',
      Component: RootLayout,
      HydrateFallback: () => null,
      // The footer's page links, on every page (the root layout reads them): loaded with the first page, not again
      // at each navigation (a language change reloads the page).
      loader: (args) => loadFooterPages(depsFor(deps, args)),
      shouldRevalidate: () => false,
      children: [
        {
          ErrorBoundary: ErrorPage,
          children: [
            { index: true, lazy: content.home },
            { path: 'about', lazy: p(() => import('../features/content/pages/about-page.js')) },
            { path: 'about/rss', lazy: p(() => import('../features/content/pages/about-rss-page.js')) },
            { path: 'article/:id', lazy: content.article },
            { path: 'article/adminpreview/:secret/:id', lazy: p(() => import('../features/content/pages/admin-preview-page.js')) },
            { path: 'author/:id', lazy: p(() => import('../features/content/pages/author-page.js')) },
            { path: 'category/:id', lazy: content.category },
            { path: 'category/n/:name', lazy: content.category },
            { path: 'category/s/:slug', lazy: content.category },
            { path: 'tag/:id', lazy: content.tag },
            { path: 'tag/n/:name', lazy: content.tag },
            { path: 'topic', lazy: p(() => import('../features/content/pages/topics-page.js')) },
            { path: 'topic/:id', lazy: p(() => import('../features/content/pages/topic-page.js')) },
            { path: 'search', lazy: p(() => import('../features/content/pages/search-page.js')) },
            { path: 'essentials', lazy: p(() => import('../features/content/pages/essentials-page.js')) },
            { path: 'commercial_disclosures', lazy: p(() => import('../features/content/pages/disclosures-page.js')) },
            { path: 'page/:slug', lazy: p(() => import('../features/pages/site-page.js')) },
            { path: 'login', lazy: p(() => import('../features/auth/pages/login-page.js')) },
            { path: 'login/v1', lazy: p(() => import('../features/auth/pages/login-code-page.js')) },
            { path: 'logout', lazy: p(() => import('../features/auth/pages/logout-page.js')) },
            { path: 'signup', lazy: p(() => import('../features/auth/pages/signup-page.js')) },
            { path: 'signup/v1', lazy: p(() => import('../features/auth/pages/signup-code-page.js')) },
            { path: 'lostpassword', lazy: p(() => import('../features/auth/pages/lost-password-page.js')) },
            { path: 'reset', lazy: p(() => import('../features/auth/pages/reset-page.js')) },
            { path: 'verify_email/:key', lazy: p(() => import('../features/auth/pages/verify-email-page.js')) },
            { path: 'refresh', lazy: p(() => import('../features/auth/pages/refresh-page.js')) },
            { path: 'user/haslogin', lazy: p(() => import('../features/auth/pages/has-login-page.js')) },
            { path: 'user/loginpanel', lazy: p(() => import('../features/auth/pages/login-panel-page.js')) },
            { path: 'course', lazy: p(() => import('../features/courses/pages/catalogue-page.js')) },
            { path: 'course/:courseId', lazy: p(() => import('../features/courses/pages/course-page.js')) },
            { path: 'course/:courseId/lesson/:lessonId', lazy: p(() => import('../features/courses/pages/lesson-page.js')) },
            { path: 'certificate/:code', lazy: p(() => import('../features/courses/pages/certificate-page.js')) },
            { path: 'offline', lazy: p(() => import('../features/offline/offline-page.js')) },
            { path: 'shop', lazy: p(() => import('../features/shop/pages/shop-page.js')) },
            { path: 'shop/category/:slug', lazy: p(() => import('../features/shop/pages/shop-page.js')) },
            { path: 'product/:id', lazy: p(() => import('../features/shop/pages/product-page.js')) },
            { path: 'member', lazy: p(() => import('../features/membership/pages/member-page.js')) },
            { path: 'member/intro', lazy: p(() => import('../features/membership/pages/member-intro-page.js')) },
            { path: 'member/content', lazy: p(() => import('../features/content/pages/member-content-page.js')) },
            { path: 'member/enquiry', lazy: p(() => import('../features/membership/pages/member-enquiry-page.js')) },
            { path: 'member/shortcuts', lazy: p(() => import('../features/content/pages/member-shortcuts-page.js')) },
            { path: 'community/slack?', lazy: community.open },
            { path: 'sso/:page', lazy: community.open },
            {
              // SPEC section 6: pages that need login. The browser checks the stored session before they open;
              // the server, which cannot see it, renders a neutral shell in their place.
              id: 'login-required',
              loader: requireLogin,
              Component: LoginGate,
              HydrateFallback: LoginGateShell,
              children: [
                { path: 'account', lazy: p(() => import('../features/users/pages/account-page.js')) },
                { path: 'user/activity', lazy: p(() => import('../features/users/pages/activity-page.js')) },
                { path: 'my-membership', lazy: p(() => import('../features/membership/pages/my-membership-page.js')) },
                { path: 'my-course', lazy: p(() => import('../features/courses/pages/my-courses-page.js')) },
                { path: 'cart', lazy: p(() => import('../features/shop/pages/cart-page.js')) },
                { path: 'checkout', lazy: p(() => import('../features/shop/pages/checkout-page.js')) },
                { path: 'pay_success', lazy: p(() => import('../features/shop/pages/pay-success-page.js')) },
                { path: 'my-order', lazy: p(() => import('../features/shop/pages/my-order-page.js')) },
                { path: 'sso/login', lazy: community.account },
                { path: 'submission', lazy: community.account },
                {
                  // The back office: staff only (the area's own route shows anyone else the forbidden page).
                  path: 'staff',
                  lazy: p(() => import('../features/staff/pages/staff-area.js')),
                  children: [
                    { index: true, lazy: p(() => import('../features/staff/pages/staff-home-page.js')) },
                    { path: 'pages', lazy: p(() => import('../features/staff/pages/pages-list-page.js')) },
                    { path: 'pages/new', lazy: staff.page },
                    { path: 'pages/:id', lazy: staff.page },
                    { path: 'images', lazy: p(() => import('../features/staff/pages/images-page.js')) },
                    { path: 'documents', lazy: p(() => import('../features/staff/pages/documents-page.js')) },
                    {
                      // Running the shop, the membership and moderation (features/staff/operations).
                      path: 'ops',
                      lazy: p(() => import('../features/staff/operations/pages/ops-area.js')),
                      children: [
                        { index: true, lazy: p(() => import('../features/staff/operations/pages/dashboard-page.js')) },
                        { path: 'orders', lazy: p(() => import('../features/staff/operations/pages/orders-page.js')) },
                        { path: 'orders/:id', lazy: p(() => import('../features/staff/operations/pages/order-page.js')) },
                        { path: 'returns', lazy: p(() => import('../features/staff/operations/pages/returns-page.js')) },
                        { path: 'users', lazy: p(() => import('../features/staff/operations/pages/users-page.js')) },
                        { path: 'users/:id', lazy: p(() => import('../features/staff/operations/pages/user-page.js')) },
                        { path: 'gift-codes', lazy: p(() => import('../features/staff/operations/pages/gift-codes-page.js')) },
                        { path: 'moderation', lazy: p(() => import('../features/staff/operations/pages/moderation-page.js')) },
                        { path: 'reports', lazy: p(() => import('../features/staff/operations/pages/reports-page.js')) },
                        { path: 'submissions', lazy: p(() => import('../features/staff/operations/pages/submissions-page.js')) },
                        { path: 'products', lazy: p(() => import('../features/staff/operations/pages/products-page.js')) },
                        { path: 'products/:id', lazy: p(() => import('../features/staff/operations/pages/product-page.js')) },
                        { path: 'offers', lazy: p(() => import('../features/staff/operations/pages/offers-page.js')) },
                        { path: 'taxonomy', lazy: p(() => import('../features/staff/operations/pages/taxonomy-page.js')) },
                        { path: 'audit', lazy: p(() => import('../features/staff/operations/pages/audit-page.js')) },
                      ],
                    },
                    { path: 'newsletters', lazy: p(() => import('../features/staff/newsletters/newsletters-page.js')) },
                    { path: 'write/:kind', lazy: p(() => import('../features/staff/writing/list-page.js')) },
                    { path: 'write/:kind/:id', lazy: p(() => import('../features/staff/writing/editor-page.js')) },
                    { path: 'write/:kind/:id/revisions', lazy: p(() => import('../features/staff/writing/revisions-page.js')) },
                  ],
                },
              ],
            },
            { path: 'test', lazy: p(() => import('./pages/test-page.js')) },
            { path: 'test/api-playground', lazy: p(() => import('./pages/api-playground-page.js')) },
            statusRoute(403),
            statusRoute(404),
            statusRoute(500),
            {
              path: '*',
              Component: () => null,
              loader: ({ request }) => {
                throw data(new URL(request.url).pathname, { status: 404 });
              },
            },
          ],
        },
      ],
    },
  ];
}

/**
 * Loads the lazy route modules of a location into the route objects, before the browser router is
 * created. The router then starts with every matched route known, exactly as the server rendered it.
 * (Left lazy, a route below an error boundary loses the server's error on hydration: the router's
 * short cut for "nothing to load" drops the hydration errors, and the page hydrates empty.)
 */
export async function resolveLazyMatches(routes: RouteObject[], pathname: string): Promise<void> {
  const matches = matchRoutes(routes, pathname) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      const resolved = await route.lazy();
      Object.assign(route, resolved, { lazy: undefined });
    }),
  );
}
