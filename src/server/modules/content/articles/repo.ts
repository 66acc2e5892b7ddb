import { sql, type Expression, type Kysely, type SelectQueryBuilder, type Updateable } from 'kysely';
import type { ArticleCard } from '../../../../shared/api/content.js';
import type { ArticlesTable, Database, NewArticle } from '../../../db/types.js';
import type { Language } from '../../../../shared/i18n/index.js';
import { publicCount, type CountKind } from '../counts-repo.js';
import { namesIn } from '../translations.js';

/** Columns of a card: everything but the body. */
export const cardColumns = [
  'articles.id',
  'articles.title',
  'articles.slug',
  'articles.summary',
  'articles.cover',
  'articles.author_id',
  'articles.category_id',
  'articles.access',
  'articles.free_read',
  'articles.is_hot',
  'articles.language',
  'articles.status',
  'articles.reading_time',
  'articles.view_count',
  'articles.published_at',
  'articles.updated_at',
] as const;

export type CardRow = Pick<
  ArticlesTable,
  | 'title' | 'slug' | 'summary' | 'cover' | 'author_id' | 'category_id' | 'access' | 'free_read' | 'is_hot'
  | 'language' | 'status' | 'reading_time' | 'view_count' | 'published_at' | 'updated_at'
> & { id: number };

export interface ArticleFilters {
  category?: number;
  tag?: number;
  topic?: number;
  author?: number;
  access?: 'free' | 'premium';
  language?: string;
  hot?: boolean;
  excludeId?: number;
  ids?: number[];
}

type ArticleQuery = SelectQueryBuilder<Database, 'articles', object>;

/** Published and already public (published_at not in the future). */
export function publishedArticles(db: Kysely<Database>, filters: ArticleFilters = {}, now = new Date().toISOString()): ArticleQuery {
  return withFilters(db.selectFrom('articles').where('articles.published_at', '<=', now) as ArticleQuery, filters);
}

/**
 * The same articles for a list ordered by views. The date test is written so that no index serves it
 * (`|| ''` keeps its meaning, NULL included): SQLite keeps no statistics and would otherwise choose the
 * date index and sort every published article, where walking a views index stops after the first page.
 */
export function publishedByViews(db: Kysely<Database>, filters: ArticleFilters = {}, now = new Date().toISOString()): ArticleQuery {
  return withFilters(db.selectFrom('articles').where(sql<string>`articles.published_at || ''`, '<=', now) as ArticleQuery, filters);
}

function withFilters(query: ArticleQuery, filters: ArticleFilters): ArticleQuery {
  let q = query.where('articles.status', '=', 'published');
  if (filters.category) q = q.where('articles.category_id', '=', filters.category);
  if (filters.author) q = q.where('articles.author_id', '=', filters.author);
  if (filters.access) q = q.where('articles.access', '=', filters.access);
  if (filters.language) q = q.where('articles.language', '=', filters.language);
  if (filters.hot) q = q.where('articles.is_hot', '=', 1);
  if (filters.excludeId) q = q.where('articles.id', '!=', filters.excludeId);
  if (filters.ids) q = q.where('articles.id', 'in', filters.ids.length ? filters.ids : [0]);
  if (filters.tag) {
    const tagId = filters.tag;
    q = q.where('articles.id', 'in', (eb) => eb.selectFrom('article_tags').select('article_id').where('tag_id', '=', tagId));
  }
  if (filters.topic) {
    const topicId = filters.topic;
    q = q.where('articles.id', 'in', (eb) => eb.selectFrom('topic_articles').select('article_id').where('topic_id', '=', topicId));
  }
  return q;
}

/**
 * How many published, public articles match, as an expression: a maintained count when the filters are none
 * or one category, tag, topic or author (every public page's list), a count of the rows otherwise.
 */
function publishedCount(db: Kysely<Database>, filters: ArticleFilters, now: string): Expression<number | string> {
  // The same test as the filters' own: a false or zero filter filters nothing.
  const given = (Object.keys(filters) as (keyof ArticleFilters)[]).filter((k) => (k === 'ids' ? filters.ids !== undefined : Boolean(filters[k])));
  if (given.length === 0) return publicCount('all', 0, now);
  const only = given.length === 1 ? given[0] : undefined;
  if (only === 'category' || only === 'tag' || only === 'topic' || only === 'author') {
    return publicCount(only satisfies CountKind, filters[only]!, now);
  }
  return sql<number | string>`(${publishedArticles(db, filters, now).select((eb) => eb.fn.countAll<number | string>().as('n'))})`;
}

/** How many published, public articles match (see publishedCount). */
export async function countPublished(db: Kysely<Database>, filters: ArticleFilters, now: string): Promise<number> {
  const row = await db.selectNoFrom(sql<number | string>`${publishedCount(db, filters, now)}`.as('n')).executeTakeFirst();
  return Number(row?.n ?? 0);
}

/**
 * One page of the newest public cards and how many match, in one statement: the count rides along as a
 * column (an uncorrelated subquery, evaluated once), so a list costs one round trip; a page past the end,
 * which has no row to carry it, counts on its own. Past the first page the ids are found first, from the
 * index alone, and only the page's rows are read (no OFFSET walk over full rows).
 */
export async function listNewestCounted(
  db: Kysely<Database>,
  filters: ArticleFilters,
  now: string,
  limit: number,
  offset: number,
): Promise<{ count: number; rows: CardRow[] }> {
  const total = sql<number | string>`${publishedCount(db, filters, now)}`.as('total');
  const newest = <Q extends ArticleQuery>(q: Q) => q.orderBy('articles.published_at', 'desc').orderBy('articles.id', 'desc').limit(limit);
  let rows: (CardRow & { total: number | string })[];
  if (offset === 0) {
    rows = await newest(publishedArticles(db, filters, now)).select(cardColumns).select(total).execute();
  } else {
    const ids = newest(publishedArticles(db, filters, now)).select('articles.id').offset(offset);
    // No ORDER BY here: it would lead SQLite to walk the date index past every article for the few ids.
    rows = await db.selectFrom('articles').select(cardColumns).select(total).where('articles.id', 'in', ids).execute();
    rows.sort((a, b) => (a.published_at === b.published_at ? b.id - a.id : (a.published_at ?? '') < (b.published_at ?? '') ? 1 : -1));
  }
  if (rows.length === 0) return { count: await countPublished(db, filters, now), rows: [] };
  return { count: Number(rows[0]!.total), rows };
}

/**
 * One page of a topic's public cards, in the topic's order then newest first, and how many it has, in one
 * statement (the count rides along as in listNewestCounted). A cross join, because SQLite then walks the
 * topic's links in order (index topic_articles_position) instead of every published article; PostgreSQL
 * plans it as the inner join it is. A page without rows (past the end, or no such topic) has no count.
 */
export async function listInTopicCounted(
  db: Kysely<Database>,
  topicId: number,
  now: string,
  limit: number,
  offset: number,
): Promise<{ count: number; rows: CardRow[] } | undefined> {
  const rows = await db
    .selectFrom('topic_articles')
    .crossJoin('articles')
    .whereRef('articles.id', '=', 'topic_articles.article_id')
    .where('topic_articles.topic_id', '=', topicId)
    .where('articles.status', '=', 'published')
    .where('articles.published_at', '<=', now)
    .select(cardColumns)
    .select(publicCount('topic', topicId, now).as('total'))
    .orderBy('topic_articles.position')
    .orderBy('articles.published_at', 'desc')
    .orderBy('articles.id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();
  return rows.length ? { count: Number(rows[0]!.total), rows } : undefined;
}

export function selectCards(q: ArticleQuery) {
  return q.select(cardColumns);
}

export async function listByViews(q: ArticleQuery, limit: number): Promise<CardRow[]> {
  return selectCards(q).orderBy('articles.view_count', 'desc').orderBy('articles.id', 'desc').limit(limit).execute();
}

/**
 * Card rows of these ids, whatever their status: a primary-key lookup per id. Filtering by status and date
 * in SQL here would lead SQLite to walk the date index over every published article instead, so callers
 * keep the public ones themselves.
 */
export async function cardRowsByIds(db: Kysely<Database>, ids: number[]): Promise<CardRow[]> {
  if (ids.length === 0) return [];
  return db.selectFrom('articles').select(cardColumns).where('articles.id', 'in', ids).execute();
}

/** What reading an article needs: its card columns and its HTML (not the Markdown and plain-text copies of the body). */
export type ArticleReadRow = CardRow & { content_html: string };

export function findArticle(db: Kysely<Database>, id: number): Promise<ArticleReadRow | undefined> {
  return db.selectFrom('articles').select([...cardColumns, 'articles.content_html']).where('articles.id', '=', id).executeTakeFirst();
}

export function findArticleBySlug(db: Kysely<Database>, slug: string) {
  return db.selectFrom('articles').select(['id']).where('slug', '=', slug).executeTakeFirst();
}

/** A row of `cardRefs`: an author, category, tag or topic (`kind`), with the card it belongs to for tags and topics. */
interface CardRefRow {
  kind: 'author' | 'category' | 'tag' | 'topic';
  id: number;
  article_id: number;
  name: string;
  slug: string | null;
  avatar: string | null;
  translations: string | null;
  sort: number;
}

/**
 * The author, category, tag and topic rows of cards, read as one statement: the four lookups joined with
 * UNION ALL into rows of one shape (`kind` tells them apart), so a card list costs one round trip here
 * instead of four. Tags come by name, topics by their sort order (then name). Written as SQL text: it
 * compiles in a fraction of the time the query builder takes for a union of this size.
 */
async function cardRefs(db: Kysely<Database>, ids: number[], authorIds: number[], categoryIds: number[]) {
  const list = (values: number[]) => sql.join(values.map((v) => sql`${v}`));
  const categories = categoryIds.length
    ? sql` union all select 'category', c.id, 0, c.name, c.slug, null, c.translations, 0 from categories c where c.id in (${list(categoryIds)})`
    : sql``;
  const { rows } = await sql<CardRefRow>`select 'author' as kind, u.id, 0 as article_id, u.display_name as name, u.username as slug, u.avatar as avatar, null as translations, 0 as sort from users u where u.id in (${list(authorIds)})
    union all select 'tag', t.id, l.article_id, t.name, null, null, t.translations, 0 from article_tags l inner join tags t on t.id = l.tag_id where l.article_id in (${list(ids)})
    union all select 'topic', t.id, l.article_id, t.name, null, null, t.translations, t.sort_order from topic_articles l inner join topics t on t.id = l.topic_id where l.article_id in (${list(ids)})${categories}
    order by kind, sort, name`.execute(db);
  const of = (kind: CardRefRow['kind']) => rows.filter((r) => r.kind === kind);
  return {
    authors: of('author').map((r) => ({ id: r.id, display_name: r.name, username: r.slug ?? '', avatar: r.avatar })),
    categories: of('category').map((r) => ({ id: r.id, name: r.name, slug: r.slug ?? '', translations: r.translations })),
    tags: of('tag').map((r) => ({ article_id: r.article_id, id: r.id, name: r.name, translations: r.translations })),
    topics: of('topic').map((r) => ({ article_id: r.article_id, id: r.id, name: r.name, translations: r.translations })),
  };
}

/**
 * Author, category, tags and topics of many cards in one query; category, tag and topic names in `lang`
 * (without it, the default-language names), from the translations the same queries read.
 */
export async function hydrateCards(db: Kysely<Database>, rows: CardRow[], lang?: Language): Promise<ArticleCard[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const authorIds = [...new Set(rows.map((r) => r.author_id))];
  const categoryIds = [...new Set(rows.map((r) => r.category_id).filter((c): c is number => c !== null))];
  const { authors, categories, tags, topics } = await cardRefs(db, ids, authorIds, categoryIds);
  const authorById = new Map(authors.map((a) => [a.id, a]));
  const categoryById = new Map(categories.map((c) => [c.id, c]));
  const [categoryName, tagName, topicName] = [namesIn(lang), namesIn(lang), namesIn(lang)];
  return rows.map((r) => {
    const a = authorById.get(r.author_id);
    const c = r.category_id === null ? undefined : categoryById.get(r.category_id);
    return {
      id: r.id,
      title: r.title,
      slug: r.slug,
      summary: r.summary,
      cover: r.cover,
      author: { id: r.author_id, display_name: a ? a.display_name || a.username : '', avatar: a?.avatar ?? null },
      category: c ? { id: c.id, name: categoryName(c), slug: c.slug } : null,
      tags: tags.filter((t) => t.article_id === r.id).map((t) => ({ id: t.id, name: tagName(t) })),
      topics: topics.filter((t) => t.article_id === r.id).map((t) => ({ id: t.id, name: topicName(t) })),
      published_at: r.published_at,
      updated_at: r.updated_at,
      access: r.access,
      free_read: Boolean(r.free_read),
      is_hot: Boolean(r.is_hot),
      language: r.language,
      reading_time: r.reading_time,
      view_count: r.view_count,
    };
  });
}

/** Every counted article (published, with a date) with its category and date, and every tag link: what related lists are computed from. */
export async function relatedSource(db: Kysely<Database>) {
  const [articles, links] = await Promise.all([
    db
      .selectFrom('articles')
      .select(['id', 'category_id', 'published_at'])
      .where('status', '=', 'published')
      .where('published_at', 'is not', null)
      .execute(),
    db.selectFrom('article_tags').select(['article_id', 'tag_id']).execute(),
  ]);
  return { articles: articles as { id: number; category_id: number | null; published_at: string }[], links };
}

/** The columns the related list of an article needs: whether it is public, and its category. */
export function findArticleHead(db: Kysely<Database>, id: number) {
  return db.selectFrom('articles').select(['id', 'status', 'published_at', 'category_id']).where('id', '=', id).executeTakeFirst();
}

export async function addViews(db: Kysely<Database>, counts: Map<number, number>): Promise<void> {
  for (const [id, n] of counts) {
    await db.updateTable('articles').set({ view_count: sql`view_count + ${n}` }).where('id', '=', id).execute();
  }
}

export async function insertArticle(db: Kysely<Database>, values: NewArticle, tagIds: number[], topicIds: number[]): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const row = await trx.insertInto('articles').values(values).returning('id').executeTakeFirstOrThrow();
    await replaceArticleTags(trx, row.id, tagIds);
    await replaceArticleTopics(trx, row.id, topicIds);
    return row.id;
  });
}

/** Changes the article's columns and, when given, replaces its tags or topics, in one transaction. */
export async function updateArticleRow(
  db: Kysely<Database>,
  id: number,
  values: Updateable<ArticlesTable>,
  tagIds: number[] | undefined,
  topicIds: number[] | undefined,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.updateTable('articles').set(values).where('id', '=', id).execute();
    if (tagIds) await replaceArticleTags(trx, id, tagIds);
    if (topicIds) await replaceArticleTopics(trx, id, topicIds);
  });
}

export async function deleteArticleRow(db: Kysely<Database>, id: number): Promise<boolean> {
  const result = await db.deleteFrom('articles').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

export async function replaceArticleTags(db: Kysely<Database>, articleId: number, tagIds: number[]): Promise<void> {
  await db.deleteFrom('article_tags').where('article_id', '=', articleId).execute();
  if (tagIds.length) await db.insertInto('article_tags').values(tagIds.map((tag_id) => ({ article_id: articleId, tag_id }))).execute();
}

export async function replaceArticleTopics(db: Kysely<Database>, articleId: number, topicIds: number[]): Promise<void> {
  await db.deleteFrom('topic_articles').where('article_id', '=', articleId).execute();
  if (topicIds.length) {
    await db.insertInto('topic_articles').values(topicIds.map((topic_id) => ({ topic_id, article_id: articleId, position: 0 }))).execute();
  }
}

export async function existingIds(db: Kysely<Database>, table: 'tags' | 'topics' | 'categories' | 'users', ids: number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await db.selectFrom(table).select('id').where('id', 'in', ids).execute();
  return rows.map((r) => r.id);
}
