import { escapeXml } from './xml-text.js';

/** The sitemaps.org limit of URLs in one file; above it `/sitemap.xml` becomes an index. */
export const SITEMAP_MAX_URLS = 50_000;

export interface SitemapEntry {
  loc: string;
  lastmod: string | null;
}

const XMLNS = 'http://www.sitemaps.org/schemas/sitemap/0.9';
const HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n';

function element(tag: string, entry: SitemapEntry): string {
  const lastmod = entry.lastmod ? `<lastmod>${escapeXml(entry.lastmod)}</lastmod>` : '';
  return `<${tag}><loc>${escapeXml(entry.loc)}</loc>${lastmod}</${tag}>`;
}

function urlset(entries: SitemapEntry[]): string {
  return `${HEAD}<urlset xmlns="${XMLNS}">\n${entries.map((e) => element('url', e)).join('\n')}\n</urlset>\n`;
}

function newest(entries: SitemapEntry[]): string | null {
  return entries.reduce<string | null>((max, e) => (e.lastmod && (!max || e.lastmod > max) ? e.lastmod : max), null);
}

export const sitemapFileUrl = (siteUrl: string, n: number) => `${siteUrl}/sitemap-${n}.xml`;

/**
 * One sitemap document. `file` null is `/sitemap.xml`: the whole urlset when the entries fit in one
 * file, else an index of `/sitemap-{n}.xml` (n from 1), each holding at most `limit` URLs.
 * Answers null for a file that does not exist.
 */
export function sitemapDocument(siteUrl: string, entries: SitemapEntry[], file: number | null, limit = SITEMAP_MAX_URLS): string | null {
  const files = Math.ceil(entries.length / limit);
  if (file === null) {
    if (files <= 1) return urlset(entries);
    const parts = Array.from({ length: files }, (_, i) => ({
      loc: sitemapFileUrl(siteUrl, i + 1),
      lastmod: newest(entries.slice(i * limit, (i + 1) * limit)),
    }));
    return `${HEAD}<sitemapindex xmlns="${XMLNS}">\n${parts.map((p) => element('sitemap', p)).join('\n')}\n</sitemapindex>\n`;
  }
  if (files <= 1 || file < 1 || file > files) return null;
  return urlset(entries.slice((file - 1) * limit, file * limit));
}
