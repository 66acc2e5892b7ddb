import { describe, expect, it } from 'vitest';
import { articleJsonLd, isFreeToRead } from '../../../src/web/features/content/components/article-json-ld.js';
import { freeArticle, lockedArticle } from './fixtures.js';

describe('article JSON-LD', () => {
  it('marks a premium article as not free, with its paywalled part', () => {
    const ld = articleJsonLd(lockedArticle, 'https://site.example', '/article/40');
    expect(ld).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'Article',
      headline: 'Building test data',
      datePublished: '2026-10-25T20:09:44.719Z',
      dateModified: '2026-10-25T20:09:44.719Z',
      author: { '@type': 'Person', name: 'Maren Holt', url: 'https://site.example/author/3' },
      image: ['https://site.example/media/cover.webp'],
      isAccessibleForFree: false,
      hasPart: { '@type': 'WebPageElement', isAccessibleForFree: false, cssSelector: '.article-paywalled' },
    });
  });

  it('marks free articles and premium free reads as free, with no paywalled part', () => {
    expect(articleJsonLd(freeArticle, 'https://site.example', '/article/41')).not.toHaveProperty('hasPart');
    expect(articleJsonLd(freeArticle, 'https://site.example', '/article/41').isAccessibleForFree).toBe(true);
    expect(isFreeToRead({ access: 'premium', free_read: true })).toBe(true);
    expect(isFreeToRead({ access: 'premium', free_read: false })).toBe(false);
  });

  it('leaves out the image when there is no cover', () => {
    expect(articleJsonLd({ ...freeArticle, cover: null }, 'https://site.example', '/article/41')).not.toHaveProperty('image');
  });
});
