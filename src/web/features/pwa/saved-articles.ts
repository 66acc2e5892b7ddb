import { API_CACHE, PAGES_CACHE } from './cache-policy.js';

/*
 * The articles this device can show offline, read straight from the service worker's caches (Cache Storage
 * is open to the page too), so the list works with no network and no worker message.
 */

export interface SavedArticle {
  id: number;
  title: string;
}

const API_ARTICLE = /^\/api\/v2\/article\/(\d+)$/;
const PAGE_ARTICLE = /^\/article\/(\d+)$/;

/**
 * The article a stored URL holds: its API answer (asked in the reader's language, `?lang=`) or its rendered page;
 * anything else (another query, a list) is not an article.
 */
export function storedArticleOf(url: URL): { id: number; source: 'api' | 'page' } | null {
  const query = [...url.searchParams.keys()];
  if (query.length > 1 || (query.length === 1 && (query[0] !== 'lang' || !API_ARTICLE.test(url.pathname)))) return null;
  const api = API_ARTICLE.exec(url.pathname);
  if (api) return { id: Number(api[1]), source: 'api' };
  const page = PAGE_ARTICLE.exec(url.pathname);
  return page ? { id: Number(page[1]), source: 'page' } : null;
}

/** The title of a stored article page: its heading, else the document title without the site name. */
export function pageTitleOf(html: string): string {
  const doc = new DOMParser().parseFromString(html, 'text/html');
  const heading = doc.querySelector('main h1')?.textContent?.trim();
  return heading || (doc.title.split(' · ')[0] ?? '').trim();
}

/** One entry per article, titles from whichever copy has one, newest id first. */
export function mergeSaved(entries: SavedArticle[]): SavedArticle[] {
  const byId = new Map<number, SavedArticle>();
  for (const entry of entries) if (entry.title && !byId.has(entry.id)) byId.set(entry.id, entry);
  return [...byId.values()].sort((a, b) => b.id - a.id);
}

async function titlesFrom(cacheName: string, source: 'api' | 'page'): Promise<SavedArticle[]> {
  if (!(await caches.has(cacheName))) return [];
  const cache = await caches.open(cacheName);
  const found: SavedArticle[] = [];
  for (const request of await cache.keys()) {
    const article = storedArticleOf(new URL(request.url));
    if (article?.source !== source) continue;
    const response = await cache.match(request, { ignoreVary: true });
    if (!response) continue;
    try {
      const title = source === 'api' ? String(((await response.json()) as { title?: unknown }).title ?? '') : pageTitleOf(await response.text());
      found.push({ id: article.id, title });
    } catch {
      // An unreadable copy is left out of the list.
    }
  }
  return found;
}

export async function readSavedArticles(): Promise<SavedArticle[]> {
  if (typeof caches === 'undefined') return [];
  const [api, pages] = await Promise.all([titlesFrom(API_CACHE, 'api'), titlesFrom(PAGES_CACHE, 'page')]);
  return mergeSaved([...api, ...pages]);
}

/** Whether the worker holds a rendered copy of this page (its URL without the fragment). */
export async function hasStoredPage(href: string): Promise<boolean> {
  if (typeof caches === 'undefined' || !(await caches.has(PAGES_CACHE))) return false;
  const url = new URL(href);
  url.hash = '';
  const cache = await caches.open(PAGES_CACHE);
  return Boolean(await cache.match(url.href, { ignoreVary: true }));
}
