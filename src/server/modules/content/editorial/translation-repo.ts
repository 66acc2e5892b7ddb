import { sql } from 'kysely';
import type { Db } from './kinds.js';

/** The kinds whose pieces link to their translation (migration 0034). */
export type TranslatableTable = 'articles' | 'courses' | 'lessons';

/** A piece's language and its current link: a lesson's language is its course's. */
export async function translationHead(db: Db, table: TranslatableTable, id: number): Promise<{ language: string; translation_id: number | null } | undefined> {
  if (table === 'lessons') {
    return db
      .selectFrom('lessons')
      .innerJoin('courses', 'courses.id', 'lessons.course_id')
      .select(['courses.language', 'lessons.translation_id'])
      .where('lessons.id', '=', id)
      .executeTakeFirst();
  }
  if (table === 'courses') return db.selectFrom('courses').select(['language', 'translation_id']).where('id', '=', id).executeTakeFirst();
  return db.selectFrom('articles').select(['language', 'translation_id']).where('id', '=', id).executeTakeFirst();
}

/**
 * Points `id` at `to` (null: unlinks it). `updated_at` moves, so an editor who has the piece open is told of the
 * change rather than saving the old link back over it.
 */
export async function setTranslation(db: Db, table: TranslatableTable, id: number, to: number | null, now: string): Promise<void> {
  await sql`update ${sql.table(table)} set translation_id = ${to}, updated_at = ${now} where id = ${id}`.execute(db);
}

/** The pieces that point at `id` (normally its partner alone). */
export async function pointingAt(db: Db, table: TranslatableTable, id: number): Promise<number[]> {
  const rows = await sql<{ id: number }>`select id from ${sql.table(table)} where translation_id = ${id}`.execute(db);
  return rows.rows.map((r) => Number(r.id));
}

/**
 * The piece's translation as readers may follow it: published (an article: live; a course: published; a
 * lesson: its course published), with its language and title. Undefined when there is none to show.
 */
export async function liveTranslation(db: Db, table: TranslatableTable, id: number, now: string): Promise<{ id: number; language: string; title: string } | undefined> {
  if (table === 'articles') {
    return db
      .selectFrom('articles as own')
      .innerJoin('articles as other', 'other.id', 'own.translation_id')
      .select(['other.id', 'other.language', 'other.title'])
      .where('own.id', '=', id)
      .where('other.status', '=', 'published')
      .where('other.published_at', '<=', now)
      .executeTakeFirst();
  }
  if (table === 'courses') {
    return db
      .selectFrom('courses as own')
      .innerJoin('courses as other', 'other.id', 'own.translation_id')
      .select(['other.id', 'other.language', 'other.title'])
      .where('own.id', '=', id)
      .where('other.is_published', '=', 1)
      .executeTakeFirst();
  }
  return db
    .selectFrom('lessons as own')
    .innerJoin('lessons as other', 'other.id', 'own.translation_id')
    .innerJoin('courses', 'courses.id', 'other.course_id')
    .select(['other.id', 'courses.language', 'other.title'])
    .where('own.id', '=', id)
    .where('courses.is_published', '=', 1)
    .executeTakeFirst();
}
