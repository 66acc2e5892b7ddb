import { sql, type Kysely } from 'kysely';
import type { Database } from '../../../db/types.js';
import { publicCount } from '../counts-repo.js';

/**
 * A user's public profile columns, their `translations` (the description in other languages) and how many
 * published, already public articles they have (a maintained count, not a scan), in one statement.
 */
export function findAuthor(db: Kysely<Database>, id: number, now: string) {
  return db
    .selectFrom('users')
    .select(['users.id', 'users.display_name', 'users.username', 'users.avatar', 'users.description', 'users.translations', publicCount('author', sql.ref<number>('users.id'), now).as('article_count')])
    .where('users.id', '=', id)
    .executeTakeFirst();
}
