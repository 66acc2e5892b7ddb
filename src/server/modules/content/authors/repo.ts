import type { Kysely } from 'kysely';
import type { Database } from '../../../db/types.js';
import { countPublic } from '../counts-repo.js';

/** How many published, already public articles the author has (a maintained count, not a scan). */
export function countPublishedBy(db: Kysely<Database>, authorId: number, now: string): Promise<number> {
  return countPublic(db, 'author', authorId, now);
}

/** The author's `translations` column: their description in other languages. */
export async function authorTranslations(db: Kysely<Database>, authorId: number): Promise<string | undefined> {
  const row = await db.selectFrom('users').select('translations').where('id', '=', authorId).executeTakeFirst();
  return row?.translations;
}
