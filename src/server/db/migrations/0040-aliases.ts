import type { Kysely } from 'kysely';
import type { LecternMigration } from './index.js';

/**
 * Aliases (decision 0119): an article, course, lesson or site page may show another item of its kind. `alias_of`
 * names the original; the alias keeps its own place (slug, category, course, order) and a copy of the original's
 * content, which the editorial service rewrites whenever the original's row changes, so public reads stay the
 * plain row reads they were. Deleting the original leaves its aliases as ordinary items (`set null`), keeping
 * the content they showed. The index finds an original's aliases on each publication.
 */
export const aliasesMigration: LecternMigration = {
  name: '0040-aliases',
  async up(db: Kysely<unknown>) {
    for (const table of ['articles', 'courses', 'lessons', 'pages'] as const) {
      await db.schema
        .alterTable(table)
        .addColumn('alias_of', 'integer', (c) => c.references(`${table}.id`).onDelete('set null'))
        .execute();
      await db.schema.createIndex(`${table}_alias_of`).on(table).column('alias_of').execute();
    }
  },
};
