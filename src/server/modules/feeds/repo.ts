import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.js';

/** Read-only lookups of the pages that feeds and the sitemap name. Articles come from the articles service. */

export function findCategory(db: Kysely<Database>, id: number) {
  return db.selectFrom('categories').select(['id', 'name', 'slug', 'description', 'updated_at']).where('id', '=', id).executeTakeFirst();
}

export function findTag(db: Kysely<Database>, id: number) {
  return db.selectFrom('tags').select(['id', 'name', 'slug', 'description', 'updated_at']).where('id', '=', id).executeTakeFirst();
}

export interface PageRow {
  id: number;
  updated_at: string;
}

export function listCategoryPages(db: Kysely<Database>): Promise<PageRow[]> {
  return db.selectFrom('categories').select(['id', 'updated_at']).orderBy('id').execute();
}

export function listTagPages(db: Kysely<Database>): Promise<PageRow[]> {
  return db.selectFrom('tags').select(['id', 'updated_at']).orderBy('id').execute();
}

export function listTopicPages(db: Kysely<Database>): Promise<PageRow[]> {
  return db.selectFrom('topics').select(['id', 'updated_at']).orderBy('id').execute();
}
