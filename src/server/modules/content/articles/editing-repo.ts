import type { Kysely, Updateable } from 'kysely';
import type { ArticlesTable, Database } from '../../../db/types.js';
import { containsText } from '../../../platform/text-search.js';

/** Every column of an article, with its tags and topics, for its editor. */
export async function articleForEditing(db: Kysely<Database>, id: number) {
  const row = await db.selectFrom('articles').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) return undefined;
  const [tags, topics] = await Promise.all([
    db.selectFrom('article_tags').select('tag_id').where('article_id', '=', id).orderBy('tag_id').execute(),
    db.selectFrom('topic_articles').select('topic_id').where('article_id', '=', id).orderBy('topic_id').execute(),
  ]);
  return { row, tag_ids: tags.map((t) => t.tag_id), topic_ids: topics.map((t) => t.topic_id) };
}

export async function setArticle(db: Kysely<Database>, id: number, change: Updateable<ArticlesTable>): Promise<void> {
  await db.updateTable('articles').set(change).where('id', '=', id).execute();
}

export async function articleSlugTaken(db: Kysely<Database>, slug: string, selfId: number | null): Promise<boolean> {
  let query = db.selectFrom('articles').select('id').where('slug', '=', slug);
  if (selfId !== null) query = query.where('id', '<>', selfId);
  return (await query.executeTakeFirst()) !== undefined;
}

/** Staff's list of every article (drafts included), newest change first; `search` matches the title. */
export async function listAllArticles(db: Kysely<Database>, search: string | undefined, limit: number, offset: number) {
  let query = db.selectFrom('articles');
  if (search) query = query.where(containsText(db, 'title', search));
  const [count, rows] = await Promise.all([
    query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    query.select(['id', 'title', 'status', 'published_at', 'updated_at', 'language']).orderBy('updated_at', 'desc').orderBy('id', 'desc').limit(limit).offset(offset).execute(),
  ]);
  return { count: Number(count.n), rows };
}

export async function categoryExists(db: Kysely<Database>, id: number): Promise<boolean> {
  return (await db.selectFrom('categories').select('id').where('id', '=', id).executeTakeFirst()) !== undefined;
}
