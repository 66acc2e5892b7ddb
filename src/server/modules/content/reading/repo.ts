import { sql, type Kysely } from 'kysely';
import type { Database, Flag, ReadingProgressTable } from '../../../db/types.js';

export function findProgress(db: Kysely<Database>, userId: number, articleId: number) {
  return db
    .selectFrom('reading_progress')
    .selectAll()
    .where('user_id', '=', userId)
    .where('article_id', '=', articleId)
    .executeTakeFirst();
}

/** Insert or update in one statement; once completed, a row stays completed. */
export function upsertProgress(db: Kysely<Database>, values: ReadingProgressTable) {
  return db
    .insertInto('reading_progress')
    .values(values)
    .onConflict((oc) =>
      oc.columns(['user_id', 'article_id']).doUpdateSet({
        progress: values.progress,
        position: values.position,
        completed: sql<Flag>`case when reading_progress.completed = 1 then 1 else excluded.completed end`,
        updated_at: values.updated_at,
      }),
    )
    .returningAll()
    .executeTakeFirstOrThrow();
}
