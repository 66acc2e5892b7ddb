import { sql, type Kysely, type Updateable } from 'kysely';
import type { ArticlesTable, Database, NewArticle } from '../../../db/types.js';
import type { Language } from '../../../../shared/i18n/index.js';
import { cardColumns, readCards, type CardRead, type CardRow } from './card-repo.js';

/** One article: reading it, deciding access to it, and writing it; drafts and scheduled articles for staff. */

/**
 * What reading an article needs: its card columns, its HTML (not the Markdown and plain-text copies of the body)
 * and its translation's id (the translation is read only for an article that has one).
 */
export type ArticleReadRow = CardRow & { content_html: string; translation_id: number | null };

export function findArticle(db: Kysely<Database>, id: number): Promise<ArticleReadRow | undefined> {
  return db.selectFrom('articles').select([...cardColumns, 'articles.content_html', 'articles.translation_id']).where('articles.id', '=', id).executeTakeFirst();
}

/** An article's reading columns with its card (references in the same statement on PostgreSQL), whatever its status. */
export async function findArticleCard(db: Kysely<Database>, id: number, lang?: Language): Promise<CardRead<ArticleReadRow> | undefined> {
  const [read] = await readCards(db, db.selectFrom('articles').select([...cardColumns, 'articles.content_html', 'articles.translation_id']).where('articles.id', '=', id), 'given', lang);
  return read;
}

export function findArticleBySlug(db: Kysely<Database>, slug: string) {
  return db.selectFrom('articles').select(['id']).where('slug', '=', slug).executeTakeFirst();
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

/** What deciding access to an article needs, with its title: no body, no references. */
export function findArticleAccessHead(db: Kysely<Database>, id: number) {
  return db.selectFrom('articles').select(['id', 'title', 'status', 'published_at', 'access', 'access_plan_id', 'free_read']).where('id', '=', id).executeTakeFirst();
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

/** Runs `work` in the caller's transaction when there is one, else in a new one. */
function inTransaction<T>(db: Kysely<Database>, work: (trx: Kysely<Database>) => Promise<T>): Promise<T> {
  return db.isTransaction ? work(db) : db.transaction().execute(work);
}

export async function insertArticle(db: Kysely<Database>, values: NewArticle, tagIds: number[], topicIds: number[]): Promise<number> {
  return inTransaction(db, async (trx) => {
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
  /** More writes of the same transaction, after the row's (its aliases rewritten from it). */
  then?: (trx: Kysely<Database>) => Promise<void>,
): Promise<void> {
  await inTransaction(db, async (trx) => {
    await trx.updateTable('articles').set(values).where('id', '=', id).execute();
    if (tagIds) await replaceArticleTags(trx, id, tagIds);
    if (topicIds) await replaceArticleTopics(trx, id, topicIds);
    await then?.(trx);
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

/** Drafts, and published articles whose time is still to come (`scheduled`): what no public list shows. */
function unpublished(db: Kysely<Database>, now: string, status: 'draft' | 'scheduled' | undefined) {
  return db.selectFrom('articles').where((eb) => {
    const draft = eb('articles.status', '=', 'draft');
    const scheduled = eb.and([eb('articles.status', '=', 'published'), eb('articles.published_at', '>', now)]);
    return status === 'draft' ? draft : status === 'scheduled' ? scheduled : eb.or([draft, scheduled]);
  });
}

export async function countUnpublished(db: Kysely<Database>, now: string, status?: 'draft' | 'scheduled'): Promise<number> {
  const row = await unpublished(db, now, status).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Newest change first, with the author's name. */
export function listUnpublished(db: Kysely<Database>, now: string, status: 'draft' | 'scheduled' | undefined, limit: number, offset: number) {
  return unpublished(db, now, status)
    .leftJoin('users', 'users.id', 'articles.author_id')
    .select(['articles.id', 'articles.title', 'articles.slug', 'articles.status', 'articles.published_at', 'articles.updated_at', 'articles.access', 'articles.author_id', 'users.display_name', 'users.username'])
    .orderBy('articles.updated_at', 'desc')
    .orderBy('articles.id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();
}

/** Articles (any status) that show this picture: as their cover or in their text. `url` is a library picture's. */
export function articlesShowingPicture(db: Kysely<Database>, url: string) {
  return db
    .selectFrom('articles')
    .select(['id', 'title'])
    .where((eb) => eb.or([eb('cover', '=', url), eb('body_markdown', 'like', `%${url}%`)]))
    .orderBy('id')
    .limit(20)
    .execute();
}
