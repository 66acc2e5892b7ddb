import type { Insertable, Kysely, Updateable } from 'kysely';
import type { CourseProductsTable } from '../../db/course-types.js';
import type { Database } from '../../db/types.js';

/** SQL of course products: what a purchase course costs. */

export type CourseProductRow = NonNullable<Awaited<ReturnType<typeof findProduct>>>;

export function findProduct(db: Kysely<Database>, id: number) {
  return db.selectFrom('course_products').selectAll().where('id', '=', id).executeTakeFirst();
}

export function listProducts(db: Kysely<Database>, filters: { courseIds?: number[]; activeOnly: boolean }) {
  let q = db.selectFrom('course_products').selectAll();
  if (filters.courseIds) q = q.where('course_id', 'in', filters.courseIds.length ? filters.courseIds : [0]);
  if (filters.activeOnly) q = q.where('is_active', '=', 1);
  return q.orderBy('course_id').orderBy('sort_order').orderBy('id').execute();
}

export async function insertProduct(db: Kysely<Database>, values: Insertable<CourseProductsTable>): Promise<number> {
  const row = await db.insertInto('course_products').values(values).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export async function updateProduct(db: Kysely<Database>, id: number, values: Updateable<CourseProductsTable>): Promise<void> {
  await db.updateTable('course_products').set(values).where('id', '=', id).execute();
}

export async function deleteProduct(db: Kysely<Database>, id: number): Promise<void> {
  await db.deleteFrom('course_products').where('id', '=', id).execute();
}

/** A product that was granted stays, so that the grant keeps saying what was bought. */
export async function productInUse(db: Kysely<Database>, id: number): Promise<boolean> {
  const row = await db.selectFrom('course_grants').select('id').where('product_id', '=', id).limit(1).executeTakeFirst();
  return row !== undefined;
}
