import type { QueryClient } from '@tanstack/react-query';
import { data, type LoaderFunctionArgs, type RouteObject } from 'react-router-dom';
import { reloadForFailedChunk } from '../lib/chunk-reload.js';
import { ApiError, type HttpClient } from '../lib/http.js';
import { ErrorPage } from './error-page.js';
import { RootLayout } from './root-layout.js';

export interface RouteDeps {
  queryClient: QueryClient;
  http: HttpClient;
}

/** What a lazily loaded page module exports. */
export interface PageModule {
  Component: React.ComponentType;
  loader?: (deps: RouteDeps, args: LoaderFunctionArgs) => Promise<unknown>;
}

/**
 * A failed loader becomes a route error: unknown or invalid ids are the 404 page, a 403 the forbidden
 * page, anything else the server-error page with its message.
 */
export function toRouteError(err: unknown, request: Request): unknown {
  if (err instanceof Response) return err;
  const path = new URL(request.url).pathname;
  if (err instanceof ApiError) {
    if (err.status === 404 || err.status === 400) return data(path, { status: 404 });
    if (err.status === 401 || err.status === 403) return data(err.message, { status: 403 });
    return data(err.message, { status: err.status >= 400 ? err.status : 500 });
  }
  return err;
}

function page(deps: RouteDeps, importer: () => Promise<PageModule>): RouteObject['lazy'] {
  return async () => {
    const m = await importer().catch((err: unknown) => {
      // A chunk of an older deployment is gone: reload once, rather than show an error.
      if (typeof window !== 'undefined' && reloadForFailedChunk()) return new Promise<PageModule>(() => undefined);
      throw err;
    });
    const load = m.loader;
    return {
      Component: m.Component,
      ...(load
        ? {
            loader: async (args: LoaderFunctionArgs) => {
              try {
                return await load(deps, args);
              } catch (err) {
                throw toRouteError(err, args.request);
              }
            },
          }
        : {}),
    };
  };
}

/** The route table, the same objects for SSR and the browser; pages load lazily. */
export function createRoutes(deps: RouteDeps): RouteObject[] {
  const p = (importer: () => Promise<PageModule>) => page(deps, importer);
  return [
    {
      id: 'root',
      Component: RootLayout,
      HydrateFallback: () => null,
      children: [
        {
          ErrorBoundary: ErrorPage,
          children: [
            { index: true, lazy: p(() => import('../features/content/pages/home-page.js')) },
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
