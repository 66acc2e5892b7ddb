import { Feed, type Item } from 'feed';
import { escapeXml, stripIllegalXml } from './xml-text.js';

export type FeedFormat = 'rss' | 'atom';

export interface FeedMeta {
  title: string;
  description: string;
  /** The HTML page this feed follows; also the Atom feed's id. */
  link: string;
  selfRss: string;
  selfAtom: string;
  siteName: string;
  siteUrl: string;
  updated: Date;
}

/** One article as a feed carries it: the summary; the body only in a reader's private feed. */
export interface FeedEntry {
  /** Sanitised HTML body, only for a private feed whose reader may read the article. */
  contentHtml?: string;
  title: string;
  link: string;
  summary: string;
  published: Date;
  updated: Date;
  author: { name: string; link: string };
  category: { name: string; slug: string; link: string } | null;
}

/*
 * The `feed` package writes titles and summaries as CDATA (it splits only the first "]]>") and does not
 * escape Atom attribute values, so those are handed over already escaped: titles and summaries are
 * plain text that both formats read as HTML, which makes escaping them correct as well as safe.
 */
function item(format: FeedFormat, entry: FeedEntry): Item {
  const common = {
    title: escapeXml(entry.title),
    link: entry.link,
    description: escapeXml(entry.summary),
    date: entry.updated,
    published: entry.published,
    // CDATA ends at "]]>": written as "]]&gt;", which HTML reads as the same text.
    ...(entry.contentHtml !== undefined ? { content: stripIllegalXml(entry.contentHtml.replaceAll(']]>', ']]&gt;')) } : {}),
  };
  const c = entry.category;
  if (format === 'rss') {
    // RSS <author> must be an e-mail address, which a feed never shows; the category text is escaped by the writer.
    return { ...common, category: c ? [{ name: stripIllegalXml(c.name), domain: c.link }] : undefined };
  }
  return {
    ...common,
    author: [{ name: stripIllegalXml(entry.author.name), link: entry.author.link }],
    category: c ? [{ term: escapeXml(c.slug), name: escapeXml(c.name), scheme: escapeXml(c.link) }] : undefined,
  };
}

/** An RSS 2.0 or Atom 1.0 document with absolute links, a self link and only XML-legal characters. */
export function renderFeed(format: FeedFormat, meta: FeedMeta, entries: FeedEntry[]): string {
  const feed = new Feed({
    id: meta.link,
    title: stripIllegalXml(meta.title),
    description: stripIllegalXml(meta.description),
    link: meta.link,
    updated: meta.updated,
    generator: meta.siteName,
    feedLinks: { rss: meta.selfRss, atom: meta.selfAtom },
    author: { name: stripIllegalXml(meta.siteName), link: `${meta.siteUrl}/` },
  });
  for (const entry of entries) feed.addItem(item(format, entry));
  return stripIllegalXml(format === 'rss' ? feed.rss2() : feed.atom1());
}
