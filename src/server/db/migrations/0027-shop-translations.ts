import type { Kysely } from 'kysely';
import type { LecternMigration } from './index.js';

/**
 * The `translations` column of 0015 and 0020 (`{"zh-CN": {"name": "..."}}`, the default language's text in the
 * row's own columns) on the shop's editorial rows 0020 left out: product categories (name, description) and
 * product options (name, the label of the option's field). Shop product titles stay untranslated, and order
 * lines keep the option codes and values they were placed with.
 */
export const SHOP_TRANSLATED_TABLES = ['shop_categories', 'shop_options'] as const;

export const shopTranslationsMigration: LecternMigration = {
  name: '0027-shop-translations',
  async up(db: Kysely<unknown>) {
    for (const table of SHOP_TRANSLATED_TABLES) {
      await db.schema
        .alterTable(table)
        .addColumn('translations', 'text', (c) => c.notNull().defaultTo('{}'))
        .execute();
    }
  },
};
