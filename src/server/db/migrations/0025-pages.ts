import type { Kysely } from 'kysely';
import { withId } from '../schema-helpers.js';
import type { LecternMigration } from './index.js';

/**
 * The site's own editorial pages (terms of use, privacy, contact...): one row per page, found by its unique slug.
 * The default language's title and Markdown body sit in the row, other languages' versions in `translations`
 * (`{"zh-CN": {"title": ..., "body_markdown": ...}}`, as 0015 and 0020 do). A page is a draft until published;
 * the footer lists the live pages that ask for it, by `sort_order`.
 */
export const pagesMigration: LecternMigration = {
  name: '0025-pages',
  async up(db: Kysely<unknown>, engine) {
    await withId(db.schema.createTable('pages'), engine)
      .addColumn('title', 'text', (c) => c.notNull())
      .addColumn('slug', 'text', (c) => c.notNull().unique())
      .addColumn('body_markdown', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('translations', 'text', (c) => c.notNull().defaultTo('{}'))
      .addColumn('live', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('first_published_at', 'text')
      .addColumn('last_published_at', 'text')
      .addColumn('show_in_footer', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('pages_footer').on('pages').columns(['live', 'show_in_footer', 'sort_order']).execute();
  },
};
