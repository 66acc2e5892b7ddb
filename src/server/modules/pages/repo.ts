import { type Insertable, type Kysely, type Updateable } from 'kysely';
import type { PagesTable } from '../../db/page-types.js';
import type { Database } from '../../db/types.js';
import { containsText, includesText } from '../../platform/text-search.js';

export interface PageFilter {
  search?: string;
  live?: boolean;
}

function filtered(db: Kysely<Database>, filter: PageFilter) {
  let query = db.selectFrom('pages');
  if (filter.search) query = query.where(containsText(db, 'title', filter.search));
  if (filter.live !== undefined) query = query.where('live', '=', filter.live ? 1 : 0);
  return query;
}

export async function countPages(db: Kysely<Database>, filter: PageFilter): Promise<number> {
  const row = await filtered(db, filter).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  return Number(row.n);
}

export function listPages(db: Kysely<Database>, filter: PageFilter, limit: number, offset: number) {
  return filtered(db, filter).selectAll().orderBy('sort_order').orderBy('title').orderBy('id').limit(limit).offset(offset).execute();
}

export function findPage(db: Kysely<Database>, id: number) {
  return db.selectFrom('pages').selectAll().where('id', '=', id).executeTakeFirst();
}
export type PageRow = NonNullable<Awaited<ReturnType<typeof findPage>>>;

/** The page with exactly this slug (unique), or the first by id with exactly this title. */
export function findPageBy(db: Kysely<Database>, column: 'slug' | 'title', value: string) {
  return db.selectFrom('pages').selectAll().where(column, '=', value).orderBy('id').limit(1).executeTakeFirst();
}

export function findLivePage(db: Kysely<Database>, slug: string) {
  return db.selectFrom('pages').selectAll().where('slug', '=', slug).where('live', '=', 1).executeTakeFirst();
}

/** Is the slug another page's (than `selfId`)? */
export async function slugTaken(db: Kysely<Database>, slug: string, selfId?: number): Promise<boolean> {
  let query = db.selectFrom('pages').select('id').where('slug', '=', slug);
  if (selfId !== undefined) query = query.where('id', '<>', selfId);
  return (await query.executeTakeFirst()) !== undefined;
}

/** The live pages the footer lists, by sort order, then title. */
export function listFooterPages(db: Kysely<Database>) {
  return db
    .selectFrom('pages')
    .select(['slug', 'title', 'translations'])
    .where('live', '=', 1)
    .where('show_in_footer', '=', 1)
    .orderBy('sort_order')
    .orderBy('title')
    .orderBy('id')
    .execute();
}

/** Every live page's slug and last change, for the sitemap. */
export function listLivePageStamps(db: Kysely<Database>) {
  return db.selectFrom('pages').select(['slug', 'updated_at']).where('live', '=', 1).orderBy('id').execute();
}

export function insertPage(db: Kysely<Database>, row: Insertable<PagesTable>) {
  return db.insertInto('pages').values(row).returningAll().executeTakeFirstOrThrow();
}

export function updatePage(db: Kysely<Database>, id: number, change: Updateable<PagesTable>) {
  return db.updateTable('pages').set(change).where('id', '=', id).returningAll().executeTakeFirst();
}

export async function deletePage(db: Kysely<Database>, id: number): Promise<boolean> {
  const result = await db.deleteFrom('pages').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** Pages (live or draft) whose body, in any language, shows the picture at this URL: at most 20. */
export function pagesShowingPicture(db: Kysely<Database>, url: string) {
  return db
    .selectFrom('pages')
    .select(['id', 'title'])
    .where((eb) => eb.or([includesText('body_markdown', url), includesText('translations', url)]))
    .orderBy('id')
    .limit(20)
    .execute();
}
