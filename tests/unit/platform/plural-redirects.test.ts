import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { PLURAL_REDIRECTS, pluralTarget, registerPluralRedirects } from '../../../src/server/platform/ssr/plural-redirects.js';

/* The plural addresses people type (docs/decisions/0102): a permanent redirect to the site's page. */

describe('pluralTarget', () => {
  it('leads each plural address to its page, keeping the query', () => {
    expect(pluralTarget('/courses')).toBe('/course');
    expect(pluralTarget('/courses/')).toBe('/course');
    expect(pluralTarget('/my-courses')).toBe('/my-course');
    expect(pluralTarget('/articles')).toBe('/');
    expect(pluralTarget('/courses?level=beginner&page=2')).toBe('/course?level=beginner&page=2');
    expect(pluralTarget('/my-courses?page=2')).toBe('/my-course?page=2');
  });

  it('keeps the rest of a page below a plural prefix', () => {
    expect(pluralTarget('/courses/3')).toBe('/course/3');
    expect(pluralTarget('/courses/3/lesson/7')).toBe('/course/3/lesson/7');
    expect(pluralTarget('/articles/12?x=1')).toBe('/article/12?x=1');
  });

  it('leaves every other address alone', () => {
    for (const url of ['/course', '/my-course', '/article/3', '/coursesx', '/my-coursework', '/api/v2/course', '/']) expect(pluralTarget(url), url).toBeNull();
  });

  it('leads only to the site’s own pages', () => {
    for (const target of Object.values(PLURAL_REDIRECTS)) expect(target.startsWith('/') && !target.startsWith('//')).toBe(true);
    // A doubled slash stays inside the path: never a `//host` address.
    expect(pluralTarget('/courses//evil.example')).toBe('/course//evil.example');
    expect(pluralTarget('/articles//evil.example')).toBe('/article//evil.example');
  });
});

describe('registerPluralRedirects', () => {
  it('answers GET and HEAD with 301 to the page, and nothing for other methods', async () => {
    const app = Fastify({ routerOptions: { ignoreTrailingSlash: true } });
    registerPluralRedirects(app);
    for (const [url, location] of [
      ['/courses', '/course'],
      ['/my-courses', '/my-course'],
      ['/articles', '/'],
      ['/courses/5/lesson/9?from=mail', '/course/5/lesson/9?from=mail'],
    ]) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(301);
      expect(res.headers.location, url).toBe(location);
    }
    expect((await app.inject({ method: 'HEAD', url: '/my-courses' })).statusCode).toBe(301);
    expect((await app.inject({ method: 'POST', url: '/courses' })).statusCode).toBe(404);
    await app.close();
  });
});
