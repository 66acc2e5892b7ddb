import type { Kysely } from 'kysely';
import type { Database } from '../../../db/types.js';

export async function countPublishedBy(db: Kysely<Database>, authorId: number, now: string): Promise<number> {
  const row = await db
    .selectFrom('articles')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('author_id', '=', authorId)
    .where('status', '=', 'published')
    .where('published_at', '<=', now)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}
