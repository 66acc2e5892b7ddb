// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { applyHead, renderHead } from '../../../src/web/ui/head.js';

const site = { siteName: 'Lectern', publicUrl: 'https://example.test' };
const article = { ...site, title: 'Write down why', description: 'Before refactoring.', canonical: '/article/48', type: 'article' as const, jsonLd: { '@type': 'Article' } };

afterEach(() => {
  document.head.innerHTML = '';
  document.title = '';
});

/** The head as the server sends it: its markup in the document before any script runs. */
function serverHead(html: string) {
  document.head.innerHTML = `<meta charset="utf-8"><link rel="stylesheet" href="/assets/index.css">${html}`;
}

describe('applyHead', () => {
  it('leaves the head the server rendered in place when the page hydrates with the same head', () => {
    const html = renderHead(article, 'Lectern');
    serverHead(html);
    const before = [...document.head.children];
    applyHead(html);
    expect([...document.head.children]).toEqual(before);
    for (const [i, el] of before.entries()) expect(document.head.children[i]).toBe(el);
    expect(document.title).toBe('Write down why · Lectern');
  });

  it("replaces the previous page's tags and title on navigation, and keeps the tags that are not the page's", () => {
    serverHead(renderHead(article, 'Lectern'));
    applyHead(renderHead({ ...site, title: 'Search', noindex: true, canonical: '/search' }, 'Lectern'));
    expect(document.title).toBe('Search · Lectern');
    expect(document.head.querySelector('meta[name="robots"]')?.getAttribute('content')).toBe('noindex');
    expect(document.head.querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe('https://example.test/search');
    expect(document.head.querySelector('script[type="application/ld+json"]')).toBeNull();
    expect(document.head.querySelectorAll('meta[property="og:title"]')).toHaveLength(1);
    expect(document.head.querySelector('link[rel="stylesheet"]')).not.toBeNull();
    expect(document.head.querySelector('meta[charset]')).not.toBeNull();
  });

  it('rewrites the head when one attribute differs', () => {
    serverHead(renderHead(article, 'Lectern'));
    applyHead(renderHead({ ...article, description: 'Another summary.' }, 'Lectern'));
    expect(document.head.querySelector('meta[name="description"]')?.getAttribute('content')).toBe('Another summary.');
    expect(document.head.querySelectorAll('meta[name="description"]')).toHaveLength(1);
  });
});
