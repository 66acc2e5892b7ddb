import { createStaticHandler } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { toRouteError } from '../../../src/web/app/routes.js';
import { deviceCopyMarked } from '../../../src/web/features/pwa/cache-policy.js';
import { isOfflineFailure, isOfflineRouteError, OFFLINE_STATUS } from '../../../src/web/features/pwa/offline-error.js';
import { mergeSaved, storedArticleOf } from '../../../src/web/features/pwa/saved-articles.js';
import { DEVICE_COPY_HEADER, DEVICE_COPY_TIMING, isShowingDeviceCopy, markDeviceCopy } from '../../../src/web/lib/device-copy.js';
import { ApiError, createHttpClient } from '../../../src/web/lib/http.js';

const request = new Request('https://lectern.test/article/7');
const json = (body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json', ...headers } });

/** What the error element receives when a loader fails with `err` (the router turns `data()` into a route error). */
async function routeErrorOf(err: unknown): Promise<unknown> {
  const handler = createStaticHandler([
    {
      id: 'page',
      path: '/article/:id',
      loader: ({ request: req }) => {
        throw toRouteError(err, req);
      },
    },
  ]);
  const context = await handler.query(request);
  if (context instanceof Response) throw new Error('unexpected redirect');
  return context.errors?.page;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('answers taken from the device', () => {
  it('are marked by the worker, body, status and headers kept', async () => {
    const cached = json({ id: 7 }, { 'cache-control': 'public, max-age=0' });
    const used = await deviceCopyMarked.cachedResponseWillBeUsed!({
      cacheName: 'lectern-api',
      request,
      cachedResponse: cached,
      event: undefined as never,
      state: {},
    } as never);
    expect(used!.headers.get(DEVICE_COPY_HEADER)).toBe('1');
    expect(used!.headers.get('server-timing')).toBe(DEVICE_COPY_TIMING);
    expect(used!.headers.get('cache-control')).toBe('public, max-age=0');
    expect(used!.status).toBe(200);
    expect(await used!.json()).toEqual({ id: 7 });
  });

  it('a cache miss stays a miss', async () => {
    const used = await deviceCopyMarked.cachedResponseWillBeUsed!({ cacheName: 'lectern-api', request, cachedResponse: undefined, state: {} } as never);
    expect(used).toBeUndefined();
  });

  it('are noticed by the http client, and a network answer clears the notice', async () => {
    const answers = [json({ id: 1 }, { [DEVICE_COPY_HEADER]: '1' }), json({ id: 1 })];
    const http = createHttpClient({ baseUrl: 'http://site.test', fetch: async () => answers.shift()! });
    await http.get('/article/1');
    expect(isShowingDeviceCopy()).toBe(true);
    await http.get('/article/1');
    expect(isShowingDeviceCopy()).toBe(false);
  });

  it('marking does not touch the stored response', () => {
    const cached = json({});
    markDeviceCopy(cached);
    expect(cached.headers.has(DEVICE_COPY_HEADER)).toBe(false);
  });
});

describe('a call that never reached the site', () => {
  const failing = () => createHttpClient({ baseUrl: 'http://site.test', fetch: () => Promise.reject(new TypeError('Failed to fetch')), timeoutMs: 1000 });

  it('is "offline" when the browser knows it has no network', async () => {
    vi.stubGlobal('navigator', { onLine: false });
    await expect(failing().post('/x', {})).rejects.toMatchObject({ status: 0, code: 'offline' });
  });

  it('is a network error otherwise', async () => {
    vi.stubGlobal('navigator', { onLine: true });
    await expect(failing().post('/x', {})).rejects.toMatchObject({ status: 0, code: 'network' });
  });

  it('becomes the offline route error, not a server error', async () => {
    for (const err of [new ApiError('Offline', 0, 'offline'), new ApiError('Network Error', 0, 'network')]) {
      expect(isOfflineFailure(err)).toBe(true);
      const routeError = await routeErrorOf(err);
      expect(isOfflineRouteError(routeError)).toBe(true);
      expect(routeError).toMatchObject({ status: OFFLINE_STATUS, data: { kind: 'offline' } });
    }
  });

  it('answers from the site keep their own pages', async () => {
    for (const [err, status] of [
      [new ApiError('Down', 500, 'server_error'), 500],
      [new ApiError('timeout', 0, 'timeout'), 500],
      [new ApiError('Missing', 404, 'not_found'), 404],
    ] as const) {
      expect(isOfflineFailure(err)).toBe(false);
      const routeError = await routeErrorOf(err);
      expect(isOfflineRouteError(routeError)).toBe(false);
      expect(routeError).toMatchObject({ status });
    }
    expect(isOfflineRouteError(new Error('boom'))).toBe(false);
  });
});

describe('saved articles', () => {
  it('are the stored article API answers and article pages, nothing else', () => {
    const of = (path: string) => storedArticleOf(new URL(path, 'https://lectern.test'));
    expect(of('/api/v2/article/12')).toEqual({ id: 12, source: 'api' });
    // Asked in the reader's language: still the article.
    expect(of('/api/v2/article/12?lang=zh-CN')).toEqual({ id: 12, source: 'api' });
    expect(of('/api/v2/article/12?lang=en&page=2')).toBeNull();
    expect(of('/api/v2/article/12?page=2')).toBeNull();
    expect(of('/article/12?lang=en')).toBeNull();
    expect(of('/article/12')).toEqual({ id: 12, source: 'page' });
    expect(of('/api/v2/article/related/12?limit=6')).toBeNull();
    expect(of('/api/v2/article/summary?page=1')).toBeNull();
    expect(of('/article/12?ref=x')).toBeNull();
    expect(of('/category/3')).toBeNull();
    expect(of('/article/adminpreview/s/12')).toBeNull();
  });

  it('list each article once, with a title, newest first', () => {
    expect(
      mergeSaved([
        { id: 3, title: 'Three' },
        { id: 9, title: '' },
        { id: 9, title: 'Nine' },
        { id: 3, title: 'Three again' },
        { id: 5, title: 'Five' },
      ]),
    ).toEqual([
      { id: 9, title: 'Nine' },
      { id: 5, title: 'Five' },
      { id: 3, title: 'Three' },
    ]);
  });
});
