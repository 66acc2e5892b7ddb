import { sql, type Kysely, type SelectQueryBuilder } from 'kysely';
import type { ArticleCard } from '../../../../shared/api/content.js';
import type { ArticlesTable, Database } from '../../../db/types.js';

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
  let q = db
    .selectFrom('articles')
    .where('articles.status', '=', 'published')
    .where('articles.published_at', '<=', now) as ArticleQuery;
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

export async function countArticles(q: ArticleQuery): Promise<number> {
  const row = await q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst();
  return Number(row?.n ?? 0);
}

export function selectCards(q: ArticleQuery) {
  return q.select(cardColumns);
}

export async function listNewest(q: ArticleQuery, limit: number, offset: number): Promise<CardRow[]> {
  return selectCards(q).orderBy('articles.published_at', 'desc').orderBy('articles.id', 'desc').limit(limit).offset(offset).execute();
}

export async function listByViews(q: ArticleQuery, limit: number): Promise<CardRow[]> {
  return selectCards(q).orderBy('articles.view_count', 'desc').orderBy('articles.id', 'desc').limit(limit).execute();
}

export function findArticle(db: Kysely<Database>, id: number) {
  return db.selectFrom('articles').selectAll().where('id', '=', id).executeTakeFirst();
}

export function findArticleBySlug(db: Kysely<Database>, slug: string) {
  return db.selectFrom('articles').select(['id']).where('slug', '=', slug).executeTakeFirst();
}

/** Author, category, tags and topics of many cards in four queries. */
export async function hydrateCards(db: Kysely<Database>, rows: CardRow[]): Promise<ArticleCard[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const authorIds = [...new Set(rows.map((r) => r.author_id))];
  const categoryIds = [...new Set(rows.map((r) => r.category_id).filter((c): c is number => c !== null))];
  const [authors, categories, tags, topics] = await Promise.all([
    db.selectFrom('users').select(['id', 'display_name', 'username', 'avatar']).where('id', 'in', authorIds).execute(),
    categoryIds.length
      ? db.selectFrom('categories').select(['id', 'name', 'slug']).where('id', 'in', categoryIds).execute()
      : Promise.resolve([]),
    db
      .selectFrom('article_tags')
      .innerJoin('tags', 'tags.id', 'article_tags.tag_id')
      .select(['article_tags.article_id', 'tags.id', 'tags.name'])
      .where('article_tags.article_id', 'in', ids)
      .orderBy('tags.name')
      .execute(),
    db
      .selectFrom('topic_articles')
      .innerJoin('topics', 'topics.id', 'topic_articles.topic_id')
      .select(['topic_articles.article_id', 'topics.id', 'topics.name'])
      .where('topic_articles.article_id', 'in', ids)
      .orderBy('topics.sort_order')
      .execute(),
  ]);
  const authorById = new Map(authors.map((a) => [a.id, a]));
  const categoryById = new Map(categories.map((c) => [c.id, c]));
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
      category: c ? { id: c.id, name: c.name, slug: c.slug } : null,
      tags: tags.filter((t) => t.article_id === r.id).map((t) => ({ id: t.id, name: t.name })),
      topics: topics.filter((t) => t.article_id === r.id).map((t) => ({ id: t.id, name: t.name })),
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

/** Articles sharing the most tags with this one, then the same category, newest first. */
export async function relatedIds(db: Kysely<Database>, articleId: number, categoryId: number | null, limit: number): Promise<number[]> {
  const now = new Date().toISOString();
  const byTags = await db
    .selectFrom('article_tags as mine')
    .innerJoin('article_tags as other', 'other.tag_id', 'mine.tag_id')
    .innerJoin('articles', 'articles.id', 'other.article_id')
    .select(['other.article_id as id', sql<number>`count(*)`.as('shared')])
    .where('mine.article_id', '=', articleId)
    .where('other.article_id', '!=', articleId)
    .where('articles.status', '=', 'published')
    .where('articles.published_at', '<=', now)
    .groupBy('other.article_id')
    .orderBy('shared', 'desc')
    .orderBy('other.article_id', 'desc')
    .limit(limit)
    .execute();
  const ids = byTags.map((r) => Number(r.id));
  if (ids.length < limit && categoryId !== null) {
    const more = await publishedArticles(db, { category: categoryId, excludeId: articleId })
      .select('articles.id')
      .where('articles.id', 'not in', ids.length ? ids : [0])
      .orderBy('articles.published_at', 'desc')
      .limit(limit - ids.length)
      .execute();
    ids.push(...more.map((r) => r.id));
  }
  return ids;
}

export async function addViews(db: Kysely<Database>, counts: Map<number, number>): Promise<void> {
  for (const [id, n] of counts) {
    await db.updateTable('articles').set({ view_count: sql`view_count + ${n}` }).where('id', '=', id).execute();
  }
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
