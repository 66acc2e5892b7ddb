import type { Kysely } from 'kysely';
import type { LecternMigration } from './index.js';

/**
 * Editorial text in more than one language. Each row keeps its text in the site's default language in
 * its own columns, and in `translations` a JSON object of the other languages' versions of the fields
 * that have them (`{"zh-CN": {"description": "..."}}`): a reader gets their interface language's
 * version of a field when there is one, else the default. Kept in the row, so a translation goes with
 * its row and every read stays one row.
 */
export const TRANSLATED_TABLES = ['categories', 'tags', 'topics', 'banners', 'announcements', 'slot_texts', 'users'] as const;

export const contentTranslationsMigration: LecternMigration = {
  name: '0015-content-translations',
  async up(db: Kysely<unknown>) {
    for (const table of TRANSLATED_TABLES) {
      await db.schema
        .alterTable(table)
        .addColumn('translations', 'text', (c) => c.notNull().defaultTo('{}'))
        .execute();
    }
  },
};
