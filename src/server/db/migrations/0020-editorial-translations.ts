import type { Kysely } from 'kysely';
import type { LecternMigration } from './index.js';

/**
 * The same `translations` column as 0015 (`{"zh-CN": {"name": "..."}}`, the default language's text in the
 * row's own columns) on the editorial rows that migration left out: shortcut types and shortcuts, membership
 * plans and their products, and shipping methods. A reader gets each field in their interface language
 * when the row has it, else the default text. Orders keep the names they were placed with.
 */
export const EDITORIAL_TRANSLATED_TABLES = ['shortcut_types', 'shortcuts', 'memberships', 'membership_products', 'shop_shipping_methods'] as const;

export const editorialTranslationsMigration: LecternMigration = {
  name: '0020-editorial-translations',
  async up(db: Kysely<unknown>) {
    for (const table of EDITORIAL_TRANSLATED_TABLES) {
      await db.schema
        .alterTable(table)
        .addColumn('translations', 'text', (c) => c.notNull().defaultTo('{}'))
        .execute();
    }
  },
};
