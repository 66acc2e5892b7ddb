import type { Kysely } from 'kysely';
import { htmlToText, readingTime, renderMarkdown } from '../../platform/markdown.js';
import type { Database, NewArticle } from '../types.js';
import type { PlannedArticle } from './plan.js';

/** Ids of the rows that articles refer to, by slug (users by username). */
export interface SeedRefs {
  authors: Map<string, number>;
  categories: Map<string, number>;
  tags: Map<string, number>;
  topics: Map<string, number>;
  /** Next free position in each topic, by topic id; advanced as articles are added. */
  topicPositions: Map<number, number>;
}

/** Rows per INSERT: 500 articles x 20 columns stays far below both engines' bound-parameter limits. */
export const BATCH_SIZE = 500;

function need(map: Map<string, number>, key: string, what: string): number {
  const id = map.get(key);
  if (id === undefined) throw new Error(`Seed data names an unknown ${what}: ${key}`);
  return id;
}

function toRow(article: PlannedArticle, refs: SeedRefs): NewArticle {
  const content_html = renderMarkdown(article.body);
  const body_text = htmlToText(content_html);
  return {
    title: article.title,
    slug: article.slug,
    summary: article.summary,
    cover: article.cover,
    body_markdown: article.body,
    content_html,
    body_text,
    author_id: need(refs.authors, article.author, 'author'),
    category_id: need(refs.categories, article.category, 'category'),
    access: article.access,
    free_read: article.free_read ? 1 : 0,
    is_hot: article.is_hot ? 1 : 0,
    language: article.language,
    status: 'published',
    reading_time: readingTime(body_text),
    view_count: article.view_count,
    published_at: article.published_at,
    created_at: article.published_at,
    updated_at: article.published_at,
  };
}

/**
 * Inserts articles with their tags and topics in multi-row statements; returns the new ids by slug.
 * Call it inside a transaction: it writes three tables.
 */
export async function insertArticles(db: Kysely<Database>, planned: PlannedArticle[], refs: SeedRefs): Promise<Map<string, number>> {
  const ids = new Map<string, number>();
  for (let i = 0; i < planned.length; i += BATCH_SIZE) {
    const rows = planned.slice(i, i + BATCH_SIZE).map((a) => toRow(a, refs));
    // Mapped back by slug: neither engine promises RETURNING rows in VALUES order.
    const inserted = await db.insertInto('articles').values(rows).returning(['id', 'slug']).execute();
    for (const row of inserted) ids.set(row.slug, row.id);
  }
  const tagRows = planned.flatMap((a) => a.tags.map((t) => ({ article_id: ids.get(a.slug)!, tag_id: need(refs.tags, t, 'tag') })));
  const topicRows = planned.flatMap((a) =>
    a.topics.map((t) => {
      const topicId = need(refs.topics, t, 'topic');
      const position = refs.topicPositions.get(topicId) ?? 0;
      refs.topicPositions.set(topicId, position + 1);
      return { topic_id: topicId, article_id: ids.get(a.slug)!, position };
    }),
  );
  // Two columns a row: twice the article batch is still a small statement.
  for (let i = 0; i < tagRows.length; i += BATCH_SIZE * 2) await db.insertInto('article_tags').values(tagRows.slice(i, i + BATCH_SIZE * 2)).execute();
  for (let i = 0; i < topicRows.length; i += BATCH_SIZE * 2) await db.insertInto('topic_articles').values(topicRows.slice(i, i + BATCH_SIZE * 2)).execute();
  return ids;
}
