import { htmlToText } from '../../platform/markdown.js';

/** Text helpers for courses and lessons: slugs, the summary a locked lesson shows, the images of a body. */

export function slugify(title: string, fallback: string): string {
  const ascii = title
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80)
    .replace(/-+$/, '');
  return ascii || fallback;
}

const EXCERPT_MAX = 300;

/**
 * What a locked lesson may show of itself: the summary staff wrote, else the first paragraph of the
 * rendered body (never a code block, list or heading), cut at a word near 300 characters.
 */
export function excerptOf(summary: string, html: string): string {
  if (summary.trim()) return summary.trim();
  const paragraph = /<p>([\s\S]*?)<\/p>/.exec(html);
  const text = paragraph ? htmlToText(paragraph[1]) : '';
  if (text.length <= EXCERPT_MAX) return text;
  const cut = text.slice(0, EXCERPT_MAX);
  const space = cut.lastIndexOf(' ');
  return `${space > EXCERPT_MAX / 2 ? cut.slice(0, space) : cut}…`;
}

/** The `src` of every image in sanitised HTML, in order, once each; inline `data:` images need no download. */
export function imageUrls(html: string): string[] {
  const found = new Set<string>();
  for (const match of html.matchAll(/<img\b[^>]*?\ssrc="([^"]+)"/g)) {
    const src = match[1].replace(/&amp;/g, '&');
    if (!src.startsWith('data:')) found.add(src);
  }
  return [...found];
}
