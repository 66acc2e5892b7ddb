import { createHash } from 'node:crypto';
import type { PageQuery } from '../../../shared/api/common.js';
import type { ArticleCard } from '../../../shared/api/content.js';
import { translate } from '../../../shared/i18n/index.js';
import { paths } from '../../../web/app/paths.js';
import type { AppContext } from '../../platform/context.js';
import { createGuestCache } from '../../platform/guest-cache.js';
import { NotFound } from '../../platform/errors.js';
import { listArticleCards, readableBodies, type Page } from '../content/articles/service.js';
import type { CourseCard, LessonCard } from '../../../shared/api/courses.js';
import { listCourseCards } from '../courses/course-service.js';
import { listLessonCards } from '../courses/lesson-service.js';
import { livePageEntries } from '../pages/service.js';
import { viewerOf } from '../courses/viewer.js';
import { userForRssToken } from '../users/service.js';
import type { Actor } from '../../platform/auth.js';
import { renderFeed, type FeedEntry, type FeedFormat, type FeedMeta } from './feed-xml.js';
import { findCategory, findTag, listCategoryPages, listTagPages, listTopicPages, type PageRow } from './repo.js';
import { SITEMAP_MAX_URLS, sitemapDocument, type SitemapEntry } from './sitemap-xml.js';

/** Items in a feed: the newest published articles. */
export const FEED_SIZE = 50;
/** Articles read per call while listing every one of them for the sitemap. */
const SITEMAP_READ_CHUNK = 500;
const CACHE_ENTRIES = 1000;

export type FeedScope = { kind: 'site' } | { kind: 'category' | 'tag' | 'author'; id: number };

/** A generated document and its validator, so readers that poll get a 304. */
export interface XmlDocument {
  body: string;
  etag: string;
}

/*
 * Generated documents per app, dropped when content changes (the same signal as the SSR page cache).
 * The TTL bounds staleness across processes and lets scheduled articles appear when they come due.
 */
const caches = new WeakMap<AppContext, ReturnType<typeof createGuestCache<XmlDocument | SitemapEntry[]>>>();

function cached<T extends XmlDocument | SitemapEntry[]>(ctx: AppContext, key: string, build: () => Promise<T>): Promise<T> {
  let cache = caches.get(ctx);
  if (!cache) {
    cache = createGuestCache<XmlDocument | SitemapEntry[]>(ctx, CACHE_ENTRIES);
    caches.set(ctx, cache);
  }
  return cache.get(key, build) as Promise<T>;
}

function withEtag(body: string): XmlDocument {
  return { body, etag: `"${createHash('sha1').update(body).digest('base64url')}"` };
}

const later = (a: string, b: string | null | undefined) => (b && b > a ? b : a);

/** When an article last changed as a reader sees it: a scheduled article changes when it goes out. */
const lastModified = (card: ArticleCard) => later(card.updated_at, card.published_at);

function feedEntry(base: string, card: ArticleCard): FeedEntry {
  return {
    title: card.title,
    link: base + paths.article(card.id),
    summary: card.summary,
    published: new Date(card.published_at ?? card.updated_at),
    updated: new Date(lastModified(card)),
    author: { name: card.author.display_name, link: base + paths.author(card.author.id) },
    category: card.category ? { name: card.category.name, slug: card.category.slug, link: base + paths.category(card.category.id) } : null,
  };
}

async function buildFeed(ctx: AppContext, scope: FeedScope, format: FeedFormat, reader?: Actor): Promise<string> {
  const base = ctx.config.publicUrl;
  const site = ctx.config.siteName;
  const tagline = translate('en', 'site.tagline');
  let title = site;
  let description = tagline;
  let pagePath = paths.home();
  let scopeUpdated: string | undefined;
  if (scope.kind === 'category' || scope.kind === 'tag') {
    const row = scope.kind === 'category' ? await findCategory(ctx.db.kysely, scope.id) : await findTag(ctx.db.kysely, scope.id);
    if (!row) throw new NotFound(scope.kind === 'category' ? 'Category' : 'Tag');
    title = `${site}: ${row.name}`;
    description = row.description || tagline;
    pagePath = scope.kind === 'category' ? paths.category(row.id) : paths.tag(row.id);
    scopeUpdated = row.updated_at;
  }
  const filters: Parameters<typeof listArticleCards>[1] =
    scope.kind === 'site' ? {} : scope.kind === 'category' ? { category: scope.id } : scope.kind === 'tag' ? { tag: scope.id } : { author: scope.id };
  const { results } = await listArticleCards(ctx, filters, { page: 1, page_size: FEED_SIZE });
  if (scope.kind === 'author') {
    // Only people who published something are authors; any other user id is not a page.
    if (results.length === 0) throw new NotFound('Author');
    title = `${site}: ${results[0].author.display_name}`;
    pagePath = paths.author(scope.id);
  }
  const bodies = reader ? await readableBodies(ctx, reader, results.map((c) => c.id)) : new Map<number, string>();
  const entries = results.map((card) => ({ ...feedEntry(base, card), contentHtml: bodies.get(card.id) }));
  const newest = entries.reduce<Date | undefined>((max, e) => (!max || e.updated > max ? e.updated : max), undefined);
  const feedBase = scope.kind === 'site' ? base : base + pagePath;
  const meta: FeedMeta = {
    title,
    description,
    link: base + pagePath,
    selfRss: `${feedBase}/rss.xml`,
    selfAtom: `${feedBase}/atom.xml`,
    siteName: site,
    siteUrl: base,
    updated: newest ?? new Date(scopeUpdated ?? Date.now()),
  };
  return renderFeed(format, meta, entries);
}

/** RSS 2.0 or Atom of the newest published articles of the site, a category, a tag or an author: summaries only. */
export function feedDocument(ctx: AppContext, scope: FeedScope, format: FeedFormat): Promise<XmlDocument> {
  const key = `feed|${format}|${scope.kind}|${scope.kind === 'site' ? '' : scope.id}`;
  return cached(ctx, key, async () => withEtag(await buildFeed(ctx, scope, format)));
}

/**
 * RSS 2.0 or Atom of the newest published courses (`/course/rss.xml`): titles and summaries only, the same for
 * every reader, so no lesson text of any kind is in it.
 */
export function courseFeedDocument(ctx: AppContext, format: FeedFormat): Promise<XmlDocument> {
  return cached(ctx, `feed|${format}|courses`, async () => {
    const base = ctx.config.publicUrl;
    const guest = await viewerOf(ctx, null);
    const { results } = await listCourseCards(ctx, guest, { page: 1, page_size: FEED_SIZE });
    const entries: FeedEntry[] = results
      .map((course) => ({
        title: course.title,
        link: base + paths.course(course.id),
        summary: course.summary,
        published: new Date(course.published_at ?? course.updated_at),
        updated: new Date(later(course.updated_at, course.published_at)),
        author: { name: course.author.display_name, link: base + paths.author(course.author.id) },
        category: null,
      }))
      .sort((a, b) => b.published.getTime() - a.published.getTime());
    const newest = entries.reduce<Date | undefined>((max, e) => (!max || e.updated > max ? e.updated : max), undefined);
    const title = `${ctx.config.siteName}: ${translate('en', 'nav.courses')}`;
    const meta: FeedMeta = {
      title,
      description: title,
      link: base + paths.courses(),
      selfRss: `${base}${paths.courses()}/rss.xml`,
      selfAtom: `${base}${paths.courses()}/atom.xml`,
      siteName: ctx.config.siteName,
      siteUrl: base,
      updated: newest ?? new Date(0),
    };
    return withEtag(renderFeed(format, meta, entries));
  });
}

/**
 * A reader's private site feed (`/rss.xml?token=...`): the same articles, with the full text of those the
 * token's owner may read. Never cached; an unknown or rotated token is a 404.
 */
export async function privateFeedDocument(ctx: AppContext, token: string, format: FeedFormat): Promise<XmlDocument> {
  const user = await userForRssToken(ctx, token);
  if (!user || !user.is_active) throw new NotFound('Feed');
  const reader: Actor = {
    id: user.id,
    role: user.role,
    username: user.username,
    email: user.email,
    display_name: user.display_name,
    avatar: user.avatar,
  };
  return withEtag(await buildFeed(ctx, { kind: 'site' }, format, reader));
}

/** Every published course and every lesson of them, read as a guest: only what anyone may see listed. */
async function allPublishedCourses(ctx: AppContext): Promise<{ courses: CourseCard[]; lessons: LessonCard[] }> {
  const guest = await viewerOf(ctx, null);
  const courses: CourseCard[] = [];
  const lessons: LessonCard[] = [];
  for (let page = 1; ; page += 1) {
    const chunk = await listCourseCards(ctx, guest, { page, page_size: SITEMAP_READ_CHUNK });
    courses.push(...chunk.results);
    if (chunk.results.length < SITEMAP_READ_CHUNK || courses.length >= chunk.count) break;
  }
  for (let page = 1; ; page += 1) {
    const chunk = await listLessonCards(ctx, guest, { page, page_size: SITEMAP_READ_CHUNK });
    lessons.push(...chunk.results);
    if (chunk.results.length < SITEMAP_READ_CHUNK || lessons.length >= chunk.count) break;
  }
  return { courses, lessons };
}

async function allPublishedCards(ctx: AppContext): Promise<ArticleCard[]> {
  const cards: ArticleCard[] = [];
  for (let page = 1; ; page += 1) {
    const chunk: Page<ArticleCard> = await listArticleCards(ctx, {}, { page, page_size: SITEMAP_READ_CHUNK });
    cards.push(...chunk.results);
    if (chunk.results.length < SITEMAP_READ_CHUNK || cards.length >= chunk.count) return cards;
  }
}

/**
 * Every public canonical page: home, about, the topic list, the member area's public pages, the community page
 * (and its Slack page when there is a Slack), the site's live pages (terms, privacy...), each published article,
 * each category, tag and topic, and each author with a published article. Never previews, forms, cart, checkout or account pages. A listing page's
 * lastmod is its own or its newest article's change, whichever is later.
 */
async function buildSitemapEntries(ctx: AppContext): Promise<SitemapEntry[]> {
  const base = ctx.config.publicUrl;
  const db = ctx.db.kysely;
  const [cards, categories, tags, topics, learning, sitePages] = await Promise.all([
    allPublishedCards(ctx),
    listCategoryPages(db),
    listTagPages(db),
    listTopicPages(db),
    allPublishedCourses(ctx),
    livePageEntries(ctx),
  ]);
  const newest = new Map<string, string>();
  const bump = (key: string, date: string) => newest.set(key, later(date, newest.get(key)));
  const articles = cards.map((card) => {
    const lastmod = lastModified(card);
    bump('site', lastmod);
    if (card.access === 'premium') bump('premium', lastmod);
    bump(`author:${card.author.id}`, lastmod);
    if (card.category) bump(`category:${card.category.id}`, lastmod);
    for (const t of card.tags) bump(`tag:${t.id}`, lastmod);
    for (const t of card.topics) bump(`topic:${t.id}`, lastmod);
    return { loc: base + paths.article(card.id), lastmod };
  });
  const listing = (kind: string, rows: PageRow[], pathOf: (id: number) => string) =>
    rows.map((r) => ({ loc: base + pathOf(r.id), lastmod: later(r.updated_at, newest.get(`${kind}:${r.id}`)) }));
  const topicPages = listing('topic', topics, paths.topic);
  const authorIds = [...new Set(cards.map((c) => c.author.id))].sort((a, b) => a - b);
  // A course page changes with its lessons; a lesson page is listed whether or not a guest may read it (its
  // server HTML is then the locked notice, with the title and summary only).
  const published = new Set(learning.courses.map((c) => c.id));
  const lessonPages = learning.lessons
    .filter((l) => published.has(l.course_id))
    .map((l) => {
      bump(`course:${l.course_id}`, l.updated_at);
      return { loc: base + paths.lesson(l.course_id, l.id), lastmod: l.updated_at };
    });
  const coursePages = learning.courses.map((c) => {
    const lastmod = later(later(c.updated_at, c.published_at), newest.get(`course:${c.id}`));
    bump('courses', lastmod);
    return { loc: base + paths.course(c.id), lastmod };
  });
  return [
    { loc: base + paths.home(), lastmod: newest.get('site') ?? null },
    { loc: base + paths.about(), lastmod: null },
    { loc: base + paths.topics(), lastmod: topicPages.reduce<string | null>((max, t) => (max && max > t.lastmod ? max : t.lastmod), null) },
    { loc: base + paths.member(), lastmod: null },
    { loc: base + paths.memberIntro(), lastmod: null },
    { loc: base + paths.memberContent(), lastmod: newest.get('premium') ?? null },
    { loc: base + paths.memberShortcuts(), lastmod: null },
    { loc: base + paths.community(), lastmod: null },
    ...(ctx.config.communitySlackUrl ? [{ loc: base + paths.communitySlack(), lastmod: null }] : []),
    ...sitePages.map((p) => ({ loc: base + p.path, lastmod: p.lastmod })),
    ...articles,
    ...listing('category', categories, paths.category),
    ...listing('tag', tags, paths.tag),
    ...topicPages,
    ...authorIds.map((id) => ({ loc: base + paths.author(id), lastmod: newest.get(`author:${id}`) ?? null })),
    ...(coursePages.length > 0 ? [{ loc: base + paths.courses(), lastmod: newest.get('courses') ?? null }] : []),
    ...coursePages,
    ...lessonPages,
  ];
}

const sitemapEntries = (ctx: AppContext) => cached(ctx, 'sitemap-entries', () => buildSitemapEntries(ctx));

/** `sitemap/urls`: the sitemap's URL list, a page at a time. */
export async function sitemapUrls(ctx: AppContext, page: PageQuery): Promise<Page<SitemapEntry>> {
  const entries = await sitemapEntries(ctx);
  const start = (page.page - 1) * page.page_size;
  return { count: entries.length, results: entries.slice(start, start + page.page_size) };
}

/**
 * `/sitemap.xml` (file null) or `/sitemap-{n}.xml`. `limit` is the URLs per file: the sitemaps.org
 * maximum, lowered only by tests to reach the index without 50,000 articles.
 */
export function sitemapXml(ctx: AppContext, file: number | null, limit = SITEMAP_MAX_URLS): Promise<XmlDocument> {
  return cached(ctx, `sitemap|${limit}|${file ?? 'root'}`, async () => {
    const body = sitemapDocument(ctx.config.publicUrl, await sitemapEntries(ctx), file, limit);
    if (body === null) throw new NotFound('Sitemap');
    return withEtag(body);
  });
}

/** Crawlers may read every public page; the API, previews and test pages are not for them. */
export function robotsTxt(ctx: AppContext): string {
  return [
    'User-agent: *',
    'Allow: /',
    'Disallow: /api/',
    'Disallow: /article/adminpreview/',
    'Disallow: /test/',
    '',
    `Sitemap: ${ctx.config.publicUrl}/sitemap.xml`,
    '',
  ].join('\n');
}
