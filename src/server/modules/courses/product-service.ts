import type { CourseProduct, CourseProductListQuery, CourseProductPatch, CourseProductWrite } from '../../../shared/api/courses.js';
import type { AppContext } from '../../platform/context.js';
import { Conflict, Forbidden, Invalid, NotFound } from '../../platform/errors.js';
import { nowIso } from '../../platform/time.js';
import { findCourse } from './course-repo.js';
import { deleteProduct as removeProduct, findProduct, insertProduct, listProducts as selectProducts, productInUse, updateProduct as writeProduct, type CourseProductRow } from './product-repo.js';
import type { Viewer } from './viewer.js';

/** What purchase courses cost, mirroring the membership products: public when active, written by staff. */

const toProduct = (ctx: AppContext, row: CourseProductRow): CourseProduct => ({
  id: row.id,
  course_id: row.course_id,
  name: row.name,
  price: row.price,
  currency: ctx.config.currency,
  is_active: row.is_active === 1,
  sort_order: row.sort_order,
});

export async function activeProductsOf(ctx: AppContext, courseId: number): Promise<CourseProduct[]> {
  return (await selectProducts(ctx.db.kysely, { courseIds: [courseId], activeOnly: true })).map((r) => toProduct(ctx, r));
}

export async function activeProductsByCourse(ctx: AppContext, courseIds: number[]): Promise<Map<number, CourseProduct[]>> {
  const byCourse = new Map<number, CourseProduct[]>();
  for (const row of await selectProducts(ctx.db.kysely, { courseIds, activeOnly: true })) {
    byCourse.set(row.course_id, [...(byCourse.get(row.course_id) ?? []), toProduct(ctx, row)]);
  }
  return byCourse;
}

/** Products of published courses (inactive ones, and those of unpublished courses: staff). */
export async function listProducts(ctx: AppContext, viewer: Viewer, query: CourseProductListQuery): Promise<CourseProduct[]> {
  if (query.include_inactive && !viewer.who.staff) throw new Forbidden('Only staff see inactive products.');
  const rows = await selectProducts(ctx.db.kysely, { courseIds: query.course ? [query.course] : undefined, activeOnly: !query.include_inactive });
  const visible = viewer.who.staff ? rows : await onPublishedCourses(ctx, rows);
  return visible.map((r) => toProduct(ctx, r));
}

async function onPublishedCourses(ctx: AppContext, rows: CourseProductRow[]): Promise<CourseProductRow[]> {
  const published = new Set<number>();
  for (const courseId of new Set(rows.map((r) => r.course_id))) {
    if ((await findCourse(ctx.db.kysely, courseId))?.is_published === 1) published.add(courseId);
  }
  return rows.filter((r) => published.has(r.course_id));
}

/** A product; an inactive one, or one of an unpublished course, only for staff. */
export async function getProduct(ctx: AppContext, viewer: Viewer, id: number): Promise<CourseProduct> {
  const row = await findProduct(ctx.db.kysely, id);
  if (!row || (!viewer.who.staff && (row.is_active !== 1 || (await onPublishedCourses(ctx, [row])).length === 0))) throw new NotFound('Course product');
  return toProduct(ctx, row);
}

/** Only purchase courses are sold on their own; free and premium courses have nothing to buy. */
async function checkCourse(ctx: AppContext, courseId: number): Promise<void> {
  const course = await findCourse(ctx.db.kysely, courseId);
  if (!course) throw Invalid.field('course_id', 'No such course.');
  if (course.access !== 'purchase') throw Invalid.field('course_id', 'Only purchase courses have products.');
}

export async function createProduct(ctx: AppContext, input: CourseProductWrite): Promise<CourseProduct> {
  await checkCourse(ctx, input.course_id);
  const now = nowIso();
  const id = await insertProduct(ctx.db.kysely, { ...input, is_active: input.is_active ? 1 : 0, created_at: now, updated_at: now });
  return toProduct(ctx, (await findProduct(ctx.db.kysely, id))!);
}

export async function updateProduct(ctx: AppContext, id: number, changes: CourseProductPatch): Promise<CourseProduct> {
  const db = ctx.db.kysely;
  const current = await findProduct(db, id);
  if (!current) throw new NotFound('Course product');
  if (changes.course_id !== undefined && changes.course_id !== current.course_id) {
    if (await productInUse(db, id)) throw Invalid.field('course_id', 'This product was granted; it stays with its course.');
    await checkCourse(ctx, changes.course_id);
  }
  const { is_active, ...rest } = changes;
  await writeProduct(db, id, { ...rest, ...(is_active !== undefined && { is_active: is_active ? 1 : 0 }), updated_at: nowIso() });
  return toProduct(ctx, (await findProduct(db, id))!);
}

export async function deleteProduct(ctx: AppContext, id: number): Promise<void> {
  if (!(await findProduct(ctx.db.kysely, id))) throw new NotFound('Course product');
  if (await productInUse(ctx.db.kysely, id)) throw new Conflict('This product was granted; set is_active to false instead.');
  await removeProduct(ctx.db.kysely, id);
}

export async function findCourseProduct(ctx: AppContext, id: number) {
  return findProduct(ctx.db.kysely, id);
}
