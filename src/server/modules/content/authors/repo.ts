import type { Kysely } from 'kysely';
import type { Database } from '../../../db/types.js';
import { countPublic } from '../counts-repo.js';

/** How many published, already public articles the author has (a maintained count, not a scan). */
export function countPublishedBy(db: Kysely<Database>, authorId: number, now: string): Promise<number> {
  return countPublic(db, 'author', authorId, now);
}
