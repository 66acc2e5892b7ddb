import { sql, type Insertable, type Kysely, type Updateable } from 'kysely';
import type { Database, TopicsTable } from '../../../db/types.js';
import { publicCount } from '../counts-repo.js';

export interface TopicRow {
  id: number;
  name: string;
  slug: string;
  description: string;
  /** JSON: the name and description in other languages. */
  translations: string;
  cover: string | null;
  sort_order: number;
  /** A string on PostgreSQL (bigint count). */
  article_count: number | string | null;
}

function topicsWithCount(db: Kysely<Database>, now: string) {
  return db.selectFrom('topics').select([
    'topics.id',
    'topics.name',
    'topics.slug',
    'topics.description',
    'topics.translations',
    'topics.cover',
    'topics.sort_order',
    publicCount('topic', sql.ref<number>('topics.id'), now).as('article_count'),
  ]);
}

export async function countTopics(db: Kysely<Database>): Promise<number> {
  const row = await db.selectFrom('topics').select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirst();
  return Number(row?.n ?? 0);
}

/**
 * One page of topics and how many there are, in one statement: the total rides along as a column (an
 * uncorrelated subquery, evaluated once); a page past the end, which has no row to carry it, counts on its own.
 */
export async function listTopics(db: Kysely<Database>, now: string, limit: number, offset: number): Promise<{ count: number; rows: TopicRow[] }> {
  const rows = await topicsWithCount(db, now)
    .select((eb) => eb.selectFrom('topics as every_topic').select((e) => e.fn.countAll<number | string>().as('n')).as('total'))
    .orderBy('topics.sort_order')
    .orderBy('topics.name')
    .orderBy('topics.id')
    .limit(limit)
    .offset(offset)
    .execute();
  return { count: rows.length ? Number(rows[0]!.total ?? 0) : await countTopics(db), rows };
}

export function findTopic(db: Kysely<Database>, now: string, id: number): Promise<TopicRow | undefined> {
  return topicsWithCount(db, now).where('topics.id', '=', id).executeTakeFirst();
}

export async function insertTopic(db: Kysely<Database>, values: Insertable<TopicsTable>): Promise<number> {
  const row = await db.insertInto('topics').values(values).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export async function updateTopic(db: Kysely<Database>, id: number, values: Updateable<TopicsTable>): Promise<void> {
  await db.updateTable('topics').set(values).where('id', '=', id).execute();
}

/** Its links to articles go with it (cascade); the articles stay. */
export async function deleteTopic(db: Kysely<Database>, id: number): Promise<boolean> {
  const result = await db.deleteFrom('topics').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/**
 * In one transaction: puts the articles after the topic's last one, in the order given, moving any
 * already in it. When some of them do not exist, writes nothing and answers their ids.
 */
export async function appendArticles(db: Kysely<Database>, topicId: number, articleIds: number[]): Promise<number[]> {
  return db.transaction().execute(async (trx) => {
    const found = new Set(await existingArticleIds(trx, articleIds));
    const missing = articleIds.filter((a) => !found.has(a));
    if (missing.length) return missing;
    const last = await lastPosition(trx, topicId);
    await placeArticles(trx, topicId, articleIds, last === null ? 0 : last + 1);
    return [];
  });
}

/** Which of these articles exist, whatever their status. */
async function existingArticleIds(db: Kysely<Database>, ids: number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await db.selectFrom('articles').select('id').where('id', 'in', ids).execute();
  return rows.map((r) => r.id);
}

async function lastPosition(db: Kysely<Database>, topicId: number): Promise<number | null> {
  const row = await db
    .selectFrom('topic_articles')
    .select((eb) => eb.fn.max('position').as('last'))
    .where('topic_id', '=', topicId)
    .executeTakeFirst();
  return row?.last === null || row?.last === undefined ? null : Number(row.last);
}

/** Puts the articles at positions from `start` on, in the order given, moving any already in the topic. */
async function placeArticles(db: Kysely<Database>, topicId: number, articleIds: number[], start: number): Promise<void> {
  await db.deleteFrom('topic_articles').where('topic_id', '=', topicId).where('article_id', 'in', articleIds).execute();
  await db
    .insertInto('topic_articles')
    .values(articleIds.map((article_id, i) => ({ topic_id: topicId, article_id, position: start + i })))
    .execute();
}

/** Topics whose cover is this picture. */
export function topicsShowingPicture(db: Kysely<Database>, url: string) {
  return db.selectFrom('topics').select(['id', 'name as title']).where('cover', '=', url).orderBy('id').limit(20).execute();
}
