import type { Kysely } from 'kysely';
import type { LecternMigration } from './index.js';

/**
 * Two things an editor sets on a piece of writing.
 *
 * - Access "members of a plan": articles and courses whose `access` is `plan` are for the members of the plan
 *   `access_plan_id` names (and staff). Deleting the plan leaves the column null, which opens the piece to no
 *   reader (staff only) until an editor chooses again: a piece never falls open by accident.
 * - Its translation: `translation_id` links an article, a course or a lesson to its version in the other
 *   language (both rows point at each other; the editorial service keeps the pair symmetric). Deleting one
 *   side leaves the other unlinked. Site pages keep both languages in one row (migration 0025) and need no link.
 */
export const accessPlansAndTranslationsMigration: LecternMigration = {
  name: '0034-access-plans-and-translations',
  async up(db: Kysely<unknown>) {
    for (const table of ['articles', 'courses'] as const) {
      await db.schema
        .alterTable(table)
        .addColumn('access_plan_id', 'integer', (c) => c.references('memberships.id').onDelete('set null'))
        .execute();
    }
    for (const table of ['articles', 'courses', 'lessons'] as const) {
      await db.schema
        .alterTable(table)
        .addColumn('translation_id', 'integer', (c) => c.references(`${table}.id`).onDelete('set null'))
        .execute();
    }
  },
};
