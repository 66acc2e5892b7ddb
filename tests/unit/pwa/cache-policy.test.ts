import { describe, expect, it } from 'vitest';
import { isCacheablePage, isContentApi, isShareable, shareableOnly } from '../../../src/web/features/pwa/cache-policy.js';

const request = (headers: Record<string, string> = {}) => new Request('https://lectern.test/api/v2/article/1', { headers });
const response = (cacheControl?: string) => new Response('{}', { status: 200, headers: cacheControl ? { 'cache-control': cacheControl } : {} });

describe('isShareable', () => {
  it('keeps public responses and responses without Cache-Control', () => {
    expect(isShareable(request(), response('public, max-age=0, must-revalidate'))).toBe(true);
    expect(isShareable(request(), response('public, max-age=31536000, immutable'))).toBe(true);
    expect(isShareable(request(), response())).toBe(true);
    expect(isShareable(request(), response('no-cache'))).toBe(true);
  });

  it('refuses private and no-store responses, whatever the case and position', () => {
    expect(isShareable(request(), response('private, no-store'))).toBe(false);
    expect(isShareable(request(), response('private'))).toBe(false);
    expect(isShareable(request(), response('no-store'))).toBe(false);
    expect(isShareable(request(), response('max-age=0, PRIVATE'))).toBe(false);
    expect(isShareable(request(), response('public,no-store'))).toBe(false);
    expect(isShareable(request(), response('private="set-cookie"'))).toBe(false);
  });

  it('refuses anything requested with an Authorization header, even a public response', () => {
    expect(isShareable(request({ authorization: 'Bearer abc' }), response('public, max-age=60'))).toBe(false);
    expect(isShareable(request({ Authorization: 'JWT abc' }), response())).toBe(false);
  });
});

describe('shareableOnly plugin', () => {
  const willUpdate = (req: Request, res: Response) =>
    shareableOnly.cacheWillUpdate!({ request: req, response: res, event: undefined as unknown as ExtendableEvent, state: {} });

  it('hands a shareable response back to be cached', async () => {
    const res = response('public, max-age=0');
    expect(await willUpdate(request(), res)).toBe(res);
  });

  it('returns null so nothing is cached for premium, personal or bearer-authorised answers', async () => {
    expect(await willUpdate(request(), response('private, no-store'))).toBeNull();
    expect(await willUpdate(request({ authorization: 'Bearer abc' }), response('public'))).toBeNull();
  });
});

describe('route matching', () => {
  const url = (path: string) => new URL(path, 'https://lectern.test');

  it('runtime-caches content API calls only', () => {
    for (const path of ['/api/v2/article/5', '/api/v2/article/summary?page=2', '/api/v2/category/3', '/api/v2/tag/hot', '/api/v2/topic/1/article', '/api/v2/banner/hot']) {
      expect(isContentApi(url(path)), path).toBe(true);
    }
    for (const path of ['/api/v2/rest-auth/user', '/api/v2/read/5', '/api/v2/report', '/api/v2/basket', '/api/v2/article/adminpreview/5', '/api/v2/article/adminpreview-secret/x', '/api/v3/article/1', '/article/5']) {
      expect(isContentApi(url(path)), path).toBe(false);
    }
  });

  it('keeps pages but not the API, feeds or admin previews', () => {
    for (const path of ['/', '/article/5', '/topic', '/category/2?page=3']) expect(isCacheablePage(url(path)), path).toBe(true);
    for (const path of ['/api/v2/article/5', '/article/adminpreview/secret/5', '/rss.xml', '/robots.txt', '/sitemap.xml']) {
      expect(isCacheablePage(url(path)), path).toBe(false);
    }
  });
});
