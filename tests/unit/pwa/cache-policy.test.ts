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

  it('never keeps an account page with a query string, nor a page that carries a key in its path', () => {
    for (const path of [
      '/login?login=reader&password=secret',
      '/login?error=invalid_credentials&login=reader',
      '/login/v1?next=%2Faccount',
      '/signup?error=script_required&login=x&email=x%40example.com',
      '/signup/v1?next=/',
      '/lostpassword?email=a%40example.com',
      '/reset?uid=1&token=abc',
      '/verify_email/some-key',
      '/verify_email/some-key?x=1',
      '/sso/login?sso=abc&sig=def',
      '/sso?ticket=1',
    ]) {
      expect(isCacheablePage(url(path)), path).toBe(false);
    }
    // The bare pages are kept, and so are other pages with a query (lists, search).
    for (const path of ['/login', '/signup', '/lostpassword', '/reset', '/sso/login_failed', '/loginhelp?x=1', '/search?q=login', '/category/2?page=3']) {
      expect(isCacheablePage(url(path)), path).toBe(true);
    }
  });
});

describe('non-GET requests', () => {
  it('never keeps the answer to a POST, whatever its headers', () => {
    const posted = new Request('https://lectern.test/login', { method: 'POST', body: 'login=a&password=b' });
    expect(isShareable(posted, response('public, max-age=60'))).toBe(false);
    expect(isShareable(new Request('https://lectern.test/article/1', { method: 'PUT' }), response())).toBe(false);
  });

  it('is refused by the plugin every runtime cache uses', async () => {
    const posted = new Request('https://lectern.test/login', { method: 'POST', body: 'login=a&password=b' });
    const willUpdate = shareableOnly.cacheWillUpdate!({ request: posted, response: response(), event: undefined as unknown as ExtendableEvent, state: {} });
    expect(await willUpdate).toBeNull();
  });
});
