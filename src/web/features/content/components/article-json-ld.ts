import type { ArticleDetail } from '../../../../shared/api/content.js';

/** The element holding the part of a premium article that only members read (JSON-LD `hasPart`). */
export const PAYWALLED_CLASS = 'article-paywalled';

const absolute = (url: string, base: string) => (/^https?:\/\//.test(url) ? url : `${base}${url.startsWith('/') ? '' : '/'}${url}`);

/** True when a guest may read the whole article: free, or premium opened as a free read. */
export const isFreeToRead = (article: Pick<ArticleDetail, 'access' | 'free_read'>) => article.access === 'free' || article.free_read;

/**
 * schema.org `Article` for search engines. A premium article says it is not free and names its paywalled
 * part, so showing the summary only to crawlers is not taken for cloaking.
 */
export function articleJsonLd(article: ArticleDetail, publicUrl: string, url: string): Record<string, unknown> {
  const free = isFreeToRead(article);
  return {
    '@context': 'https://schema.org',
    '@type': 'Article',
    headline: article.title,
    description: article.summary || undefined,
    url: absolute(url, publicUrl),
    mainEntityOfPage: absolute(url, publicUrl),
    datePublished: article.published_at ?? undefined,
    dateModified: article.updated_at,
    inLanguage: article.language,
    author: { '@type': 'Person', name: article.author.display_name, url: absolute(`/author/${article.author.id}`, publicUrl) },
    ...(article.cover ? { image: [absolute(article.cover, publicUrl)] } : {}),
    isAccessibleForFree: free,
    ...(free ? {} : { hasPart: { '@type': 'WebPageElement', isAccessibleForFree: false, cssSelector: `.${PAYWALLED_CLASS}` } }),
  };
}
