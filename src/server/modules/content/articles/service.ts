import type {
  ArticleCard,
  ArticleDetail,
  ArticleListQuery,
  ArticleUnlock,
  MembershipStatus,
} from '../../../../shared/api/content.js';
import type { PageQuery } from '../../../../shared/api/common.js';
import type { Language } from '../../../../shared/i18n/index.js';
import type { ArticleRow } from '../../../db/types.js';
import type { Actor } from '../../../platform/auth.js';
import type { AppContext } from '../../../platform/context.js';
import { NotFound } from '../../../platform/errors.js';
import { nowIso } from '../../../platform/time.js';
import { decideArticleAccess, entitlementOfActor, isArticleOpen, previewAccess, releaseArticle, type Entitlement } from '../access.js';
import { priceCard } from '../../membership/service.js';
import { signMediaUrls } from '../../courses/member-media.js';
import { publishedTranslation } from '../editorial/translations.js';
import { hydrateCards, type CardRead } from './card-repo.js';
import { listByViews, listInTopicCounted, listNewestCounted, newestCardsOfMonths, publishedArticles, publishedByViews, readCardsByIds, type ArticleFilters } from './list-repo.js';
import { findArticle, findArticleAccessHead, findArticleCard, findArticleHead, type ArticleReadRow } from './repo.js';
import { indexedCategory, relatedArticleIds } from './related.js';

export interface Page<T> {
  count: number;
  results: T[];
}

const isPublic = (a: Pick<ArticleRow, 'status' | 'published_at'>, now = nowIso()) => a.status === 'published' && a.published_at !== null && a.published_at <= now;

/** Everyone may read it (a free article, a free read): its own media are public too. */
const openToAll = (article: Pick<ArticleRow, 'access' | 'free_read' | 'status' | 'published_at'>) =>
  isPublic(article) && (article.access === 'free' || (article.access === 'premium' && Boolean(article.free_read)));

/**
 * The body a reader may read: the article's own member media signed for them when only some may read it,
 * so `<img>` loads them without a token; a body open to everyone stays as written (its copy is shared).
 */
function readableBody(ctx: AppContext, article: Pick<ArticleRow, 'id' | 'access' | 'free_read' | 'status' | 'published_at' | 'content_html'>): string {
  return openToAll(article) ? article.content_html : signMediaUrls(ctx, article.content_html, undefined, true, { kind: 'article', id: article.id });
}

/** The article as answered; its card is read here unless it was read with the row. */
async function toDetail(ctx: AppContext, canRead: boolean, article: ArticleReadRow, lang?: Language, read?: ArticleCard): Promise<ArticleDetail> {
  const card = read ?? (await hydrateCards(ctx.db.kysely, [article], lang))[0]!;
  return {
    ...card,
    status: article.status,
    locked: !canRead,
    content_html: canRead ? readableBody(ctx, article) : null,
    translation: article.translation_id === null ? null : ((await publishedTranslation(ctx.db.kysely, 'articles', article.id, nowIso())) ?? null),
  };
}

async function publicArticle(ctx: AppContext, id: number): Promise<ArticleReadRow> {
  const article = await findArticle(ctx.db.kysely, id);
  if (!article || !isPublic(article)) throw new NotFound('Article');
  return article;
}

/** A public article with its card, in one statement on PostgreSQL. */
async function publicArticleCard(ctx: AppContext, id: number, lang?: Language): Promise<CardRead<ArticleReadRow>> {
  const read = await findArticleCard(ctx.db.kysely, id, lang);
  if (!read || !isPublic(read.row)) throw new NotFound('Article');
  return read;
}

/**
 * A published article as the caller may see it without the meter (free, free read, member, staff); drafts
 * and future articles are 404 here. Never spends a metered read: page rendering uses this.
 */
export async function getArticle(ctx: AppContext, who: Entitlement, id: number, lang?: Language): Promise<ArticleDetail> {
  const { row, card } = await publicArticleCard(ctx, id, lang);
  return toDetail(ctx, decideArticleAccess(who, row).can_read, row, lang, card);
}

/** The article with its body when the caller may read it, spending a metered read where that opens it. */
export async function unlockArticle(ctx: AppContext, who: Entitlement, id: number, lang?: Language): Promise<ArticleUnlock> {
  const { row: article, card } = await publicArticleCard(ctx, id, lang);
  const decision = await releaseArticle(ctx, who, article);
  return { ...(await toDetail(ctx, decision.can_read, article, lang, card)), reason: decision.reason, reads_left: decision.reads_left, reads_limit: decision.reads_limit };
}

/**
 * The caller's access to an article's own media (`member_media/article/{id}/...`) by token, never spending the
 * meter: 404 for an article they may not see (unknown, a draft or a future one, except for staff), else may they
 * read it now, and may everyone (then the files are public like the body).
 */
export async function articleMediaAccess(ctx: AppContext, actor: Actor | null, id: number): Promise<{ can_read: boolean; openToAll: boolean }> {
  const article = await findArticle(ctx.db.kysely, id);
  const who = await entitlementOfActor(ctx, actor);
  if (!article || (!isPublic(article) && !who.staff)) throw new NotFound('File');
  return { can_read: decideArticleAccess(who, article).can_read, openToAll: openToAll(article) };
}

/**
 * A public article's title and whether it is open to the caller now (`isArticleOpen`: never spends a read), for
 * what is attached to it (its comments); 404 for an article that is not public.
 */
export async function articleOpenTo(ctx: AppContext, who: Entitlement, id: number): Promise<{ id: number; title: string; open: boolean }> {
  const article = await findArticleAccessHead(ctx.db.kysely, id);
  if (!article || !isPublic(article)) throw new NotFound('Article');
  return { id: article.id, title: article.title, open: await isArticleOpen(ctx, who, article) };
}

/** Whether the article still exists: a signed link to its file stops working once it is deleted. */
export async function articleExists(ctx: AppContext, id: number): Promise<boolean> {
  return (await findArticleHead(ctx.db.kysely, id)) !== undefined;
}

/** Staff preview: any status, full text. The caller must already be checked as staff. */
export async function previewArticle(ctx: AppContext, actor: Actor, id: number, lang?: Language): Promise<ArticleDetail> {
  const article = await findArticle(ctx.db.kysely, id);
  if (!article) throw new NotFound('Article');
  return toDetail(ctx, decideArticleAccess(await entitlementOfActor(ctx, actor), article).can_read, article, lang);
}

export async function listArticleCards(
  ctx: AppContext,
  filters: ArticleFilters,
  page: PageQuery,
  lang?: Language,
): Promise<Page<ArticleCard>> {
  const db = ctx.db.kysely;
  const now = nowIso();
  const { count, cards } = await listNewestCounted(db, filters, now, page.page_size, (page.page - 1) * page.page_size, lang);
  return { count, results: cards };
}

/**
 * A page of a topic's public cards in the topic's order, then newest first, with the topic's count, in one
 * statement on PostgreSQL (two on SQLite); undefined for a page without cards (past the end, or no such topic), which has no row to carry
 * the count.
 */
export async function topicCardPage(ctx: AppContext, topicId: number, page: PageQuery, lang?: Language): Promise<Page<ArticleCard> | undefined> {
  const db = ctx.db.kysely;
  const listed = await listInTopicCounted(db, topicId, nowIso(), page.page_size, (page.page - 1) * page.page_size, lang);
  return listed && { count: listed.count, results: listed.cards };
}

/** Names in `lang` (the reader's language), not the `lang` of the query, which a route resolves first. */
export function listSummaries(ctx: AppContext, query: ArticleListQuery, lang?: Language) {
  const { page, page_size, lang: _asked, ...filters } = query;
  return listArticleCards(ctx, filters, { page, page_size }, lang);
}

export async function getSummary(ctx: AppContext, id: number, lang?: Language): Promise<ArticleCard> {
  const [card] = await cardsByIds(ctx, [id], lang);
  if (!card) throw new NotFound('Article');
  return card;
}

export async function cardsByIds(ctx: AppContext, ids: number[], lang?: Language): Promise<ArticleCard[]> {
  return publicCardsOf(ids, await readCardsByIds(ctx.db.kysely, [...new Set(ids)], lang), nowIso());
}

/** Each month's newest public cards (`YYYY-MM`), newest first, for a timeline page. */
export function monthCards(ctx: AppContext, months: string[], now: string, perMonth: number, lang?: Language): Promise<Map<string, ArticleCard[]>> {
  return newestCardsOfMonths(ctx.db.kysely, months, now, perMonth, lang);
}

/** The cards of the public ones of these ids, in their order, from cards already read. */
function publicCardsOf(ids: number[], read: CardRead[], now: string): ArticleCard[] {
  const byId = new Map(read.filter((r) => isPublic({ status: r.row.status, published_at: r.row.published_at }, now)).map((r) => [r.row.id, r.card]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/**
 * The bodies of these published articles that the actor may read (a private feed for a member or
 * staff); articles they may not read are simply absent from the map.
 */
export async function readableBodies(ctx: AppContext, actor: Actor, ids: number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await publishedArticles(ctx.db.kysely, { ids })
    .select(['articles.id', 'articles.access', 'articles.access_plan_id', 'articles.free_read', 'articles.content_html', 'articles.status', 'articles.published_at'])
    .execute();
  const who = await entitlementOfActor(ctx, actor);
  const bodies = new Map<number, string>();
  for (const row of rows) {
    if (decideArticleAccess(who, row).can_read) bodies.set(row.id, readableBody(ctx, row));
  }
  return bodies;
}

/** `article/hot/{id}`: the most read hot articles of category {id}; 0 means every category. */
export async function hotArticles(ctx: AppContext, categoryId: number, limit: number, lang?: Language): Promise<ArticleCard[]> {
  const db = ctx.db.kysely;
  const filters: ArticleFilters = categoryId > 0 ? { category: categoryId } : {};
  let cards = await listByViews(db, publishedByViews(db, { ...filters, hot: true }), limit, lang);
  if (cards.length < limit) {
    const more = await listByViews(db, publishedByViews(db, filters), limit * 2, lang);
    const seen = new Set(cards.map((c) => c.id));
    cards = [...cards, ...more.filter((c) => !seen.has(c.id))].slice(0, limit);
  }
  return cards;
}

/** `article/hot/banner/{id}`: hot articles that have a cover, for the carousel. */
export async function hotBannerArticles(ctx: AppContext, categoryId: number, limit: number, lang?: Language): Promise<ArticleCard[]> {
  const hot = await hotArticles(ctx, categoryId, limit * 3, lang);
  return hot.filter((a) => a.cover).slice(0, limit);
}

/** Articles sharing the most tags with this one (then the highest id), then the same category's newest. */
export async function relatedArticles(ctx: AppContext, id: number, limit: number, lang?: Language): Promise<ArticleCard[]> {
  const db = ctx.db.kysely;
  const now = nowIso();
  // The related ids come from the article's category as the related index knows it, so that the article's
  // own row is read with theirs; the row has the last word (a 404 for an article not public, the ranking
  // again in the rare case its category changed elsewhere since the index was built).
  const indexed = (await indexedCategory(ctx, id)) ?? null;
  let ids = await relatedArticleIds(ctx, id, indexed, limit, now);
  let read = await readCardsByIds(db, [id, ...ids], lang);
  const article = read.find((r) => r.row.id === id)?.row;
  if (!article || !isPublic(article, now)) throw new NotFound('Article');
  if (article.category_id !== indexed) {
    ids = await relatedArticleIds(ctx, id, article.category_id, limit, now);
    read = await readCardsByIds(db, ids, lang);
  }
  return publicCardsOf(ids, read, now);
}

/** Whether the caller may read the article and why, the metered reads left, and the plans that would open it (in `lang`). */
export async function membershipStatus(ctx: AppContext, who: Entitlement, id: number, lang: Language): Promise<MembershipStatus> {
  const article = await publicArticle(ctx, id);
  const decision = await previewAccess(ctx, who, article);
  const opensAnyway = ['free', 'free_read', 'member', 'staff'].includes(decision.reason);
  // The premium plan makes a member (a plan article: its plan); a plan without a product on sale cannot be bought.
  const plans = opensAnyway ? [] : (await priceCard(ctx, lang)).filter((p) => (article.access === 'plan' ? p.id === article.access_plan_id : p.is_premium) && p.products.length > 0);
  return {
    article_id: article.id,
    access: article.access,
    free_read: Boolean(article.free_read),
    locked: !decision.can_read,
    can_read: decision.can_read,
    reason: decision.reason,
    reads_left: decision.reads_left,
    reads_limit: decision.reads_limit,
    plans,
  };
}
