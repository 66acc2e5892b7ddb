import { dehydrate } from '@tanstack/react-query';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router-dom';
import { en } from '../shared/i18n/en.js';
import { recordMessages, type Language, type MessageKey } from '../shared/i18n/index.js';
import { AppProviders, createQueryClient, type BootData } from './app/app-shell.js';
import { parseId } from './app/route-params.js';
import { createRoutes, type RouteDeps } from './app/routes.js';
import { serializeRouteErrors } from './lib/boot-data.js';
import type { ColorMode } from './lib/color-mode.js';
import { createHttpClient, type FetchLike, type GuestReadsFn } from './lib/http.js';
import { firstPaintMessages } from './lib/i18n.js';
import { HeadCollector, HeadCollectorContext, renderHead } from './ui/head.js';

export interface RenderRequest {
  url: string;
  headers: Record<string, string>;
  /** The API reached without a network hop (fastify.inject behind fetch's signature). */
  fetch: FetchLike;
  /** The calls the server answers in process, without a request (the rest go through `fetch`). */
  guestReads?: GuestReadsFn;
  lang: Language;
  colorMode: ColorMode;
  publicUrl: string;
  siteName: string;
}

/** A page whose every showing counts as a read of something (today: an article). */
export interface PageView {
  kind: 'article';
  id: number;
}

export type RenderResult =
  | { type: 'redirect'; status: number; location: string }
  | { type: 'html'; status: number; head: string; html: string; boot: BootData; view?: PageView };

type StaticContext = Exclude<Awaited<ReturnType<ReturnType<typeof createStaticHandler>['query']>>, Response>;

/** The article an article page showed, so a copy of the page served from a cache counts a read as well. */
function pageView(context: StaticContext): PageView | undefined {
  if (context.statusCode !== 200) return undefined;
  const match = context.matches.find((m) => m.route.path === 'article/:id');
  const id = parseId(match?.params.id);
  return id === null ? undefined : { kind: 'article', id };
}

const ALL_KEYS = Object.keys(en) as MessageKey[];

let handler: ReturnType<typeof createStaticHandler> | undefined;

/**
 * One route table for every request: ranking the routes and loading a page's module happen once, and each
 * request's query client and API reach its loaders through the request context.
 */
function staticHandler() {
  handler ??= createStaticHandler(createRoutes((args) => args.context as RouteDeps));
  return handler;
}

/** Renders one page as a guest would see it; the browser then continues with the user's own data. */
export async function render(req: RenderRequest): Promise<RenderResult> {
  const queryClient = createQueryClient();
  const http = createHttpClient({ baseUrl: req.publicUrl, fetch: req.fetch, guestReads: req.guestReads });
  const deps: RouteDeps = { queryClient, http, lang: req.lang };
  const request = new Request(new URL(req.url, req.publicUrl), { headers: req.headers });
  const context = await staticHandler().query(request, { requestContext: deps });
  if (context instanceof Response) {
    return { type: 'redirect', status: context.status, location: context.headers.get('location') ?? '/' };
  }
  const router = createStaticRouter(staticHandler().dataRoutes, context);
  const collector = new HeadCollector();
  const env = { http, lang: req.lang, colorMode: req.colorMode, publicUrl: req.publicUrl, siteName: req.siteName };
  const { result: html, keys } = recordMessages(() => renderToString(
    <HeadCollectorContext.Provider value={collector}>
      <AppProviders env={env} queryClient={queryClient}>
        {/* No inline hydration script: the router's state goes to the browser in the boot-data JSON. */}
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </AppProviders>
    </HeadCollectorContext.Provider>,
  ));
  const state = dehydrate(queryClient);
  queryClient.clear();
  return {
    type: 'html',
    status: context.statusCode,
    head: renderHead(collector.current, req.siteName),
    html,
    view: pageView(context),
    boot: {
      state,
      router: { loaderData: context.loaderData, actionData: context.actionData, errors: serializeRouteErrors(context.errors) },
      lang: req.lang,
      colorMode: req.colorMode,
      publicUrl: req.publicUrl,
      siteName: req.siteName,
      messages: firstPaintMessages(req.lang, keys, ALL_KEYS),
    },
  };
}
