import { sql, type Insertable, type Kysely, type Updateable } from 'kysely';
import type { Database } from '../../db/types.js';
import type { BasketStatus, ShopBasketLinesTable, ShopBasketsTable } from '../../db/shop-types.js';

/** SQL of baskets, their lines and line attributes, and the stored answers of basket changes. */

export function findBasket(db: Kysely<Database>, id: number) {
  return db.selectFrom('shop_baskets').selectAll().where('id', '=', id).executeTakeFirst();
}

export type BasketRow = NonNullable<Awaited<ReturnType<typeof findBasket>>>;

/** The owner's open basket, created when there is none; the partial unique index keeps it one. */
export async function ensureOpenBasket(db: Kysely<Database>, ownerId: number, at: string): Promise<BasketRow> {
  await db
    .insertInto('shop_baskets')
    .values({ owner_id: ownerId, status: 'open', voucher_id: null, shipping_method_id: null, shipping_country: null, created_at: at, updated_at: at })
    // The conflict target must repeat the partial index's predicate as a literal, or SQLite does not match it.
    .onConflict((oc) => oc.column('owner_id').where(sql.ref('status'), '=', sql.lit('open')).doNothing())
    .execute();
  return db.selectFrom('shop_baskets').selectAll().where('owner_id', '=', ownerId).where('status', '=', 'open').executeTakeFirstOrThrow();
}

export interface BasketFilters {
  ownerId?: number;
  status?: BasketStatus;
}

function filteredBaskets(db: Kysely<Database>, f: BasketFilters) {
  let q = db.selectFrom('shop_baskets as b');
  if (f.ownerId !== undefined) q = q.where('b.owner_id', '=', f.ownerId);
  if (f.status !== undefined) q = q.where('b.status', '=', f.status);
  return q;
}

export function listBaskets(db: Kysely<Database>, f: BasketFilters, limit: number, offset: number) {
  return filteredBaskets(db, f)
    .selectAll('b')
    .select((eb) => eb.selectFrom('shop_basket_lines as l').select((e) => e.fn.countAll<number>().as('n')).whereRef('l.basket_id', '=', 'b.id').as('num_lines'))
    .orderBy('b.id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();
}

export async function countBaskets(db: Kysely<Database>, f: BasketFilters): Promise<number> {
  const row = await filteredBaskets(db, f)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

export async function updateBasket(db: Kysely<Database>, id: number, values: Updateable<ShopBasketsTable>): Promise<void> {
  await db.updateTable('shop_baskets').set(values).where('id', '=', id).execute();
}

export async function deleteBasket(db: Kysely<Database>, id: number): Promise<void> {
  await db.deleteFrom('shop_baskets').where('id', '=', id).execute();
}

// Lines

export function linesOf(db: Kysely<Database>, basketId: number) {
  return db.selectFrom('shop_basket_lines').selectAll().where('basket_id', '=', basketId).orderBy('id').execute();
}

export type LineRow = Awaited<ReturnType<typeof linesOf>>[number];

export function findLine(db: Kysely<Database>, basketId: number, lineId: number) {
  return db.selectFrom('shop_basket_lines').selectAll().where('basket_id', '=', basketId).where('id', '=', lineId).executeTakeFirst();
}

export function findLineByReference(db: Kysely<Database>, basketId: number, reference: string) {
  return db.selectFrom('shop_basket_lines').selectAll().where('basket_id', '=', basketId).where('line_reference', '=', reference).executeTakeFirst();
}

export async function insertLine(db: Kysely<Database>, values: Insertable<ShopBasketLinesTable>): Promise<number> {
  return (await db.insertInto('shop_basket_lines').values(values).returning('id').executeTakeFirstOrThrow()).id;
}

export async function updateLine(db: Kysely<Database>, id: number, values: Updateable<ShopBasketLinesTable>): Promise<void> {
  await db.updateTable('shop_basket_lines').set(values).where('id', '=', id).execute();
}

export async function deleteLine(db: Kysely<Database>, id: number): Promise<void> {
  await db.deleteFrom('shop_basket_lines').where('id', '=', id).execute();
}

// Line attributes

export function attributesOfLines(db: Kysely<Database>, lineIds: number[]) {
  if (lineIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('shop_line_attributes as a')
    .innerJoin('shop_options as o', 'o.id', 'a.option_id')
    .select(['a.id', 'a.line_id', 'a.option_id', 'a.value', 'o.code as option_code'])
    .where('a.line_id', 'in', lineIds)
    .orderBy('a.option_id')
    .execute();
}

export type LineAttributeRow = Awaited<ReturnType<typeof attributesOfLines>>[number];

export async function insertAttributes(db: Kysely<Database>, lineId: number, values: { option: number; value: string }[]): Promise<void> {
  if (values.length) await db.insertInto('shop_line_attributes').values(values.map((v) => ({ line_id: lineId, option_id: v.option, value: v.value }))).execute();
}

export async function updateAttribute(db: Kysely<Database>, id: number, value: string): Promise<void> {
  await db.updateTable('shop_line_attributes').set({ value }).where('id', '=', id).execute();
}

// Stored answers of basket changes

export function findOp(db: Kysely<Database>, userId: number, opId: string) {
  return db.selectFrom('shop_basket_ops').selectAll().where('user_id', '=', userId).where('op_id', '=', opId).executeTakeFirst();
}

/** Claims the operation id; false when another request holds it (PostgreSQL waits for that one to end). */
export async function claimOp(db: Kysely<Database>, userId: number, opId: string, requestHash: string, at: string): Promise<boolean> {
  const rows = await db
    .insertInto('shop_basket_ops')
    .values({ user_id: userId, op_id: opId, request_hash: requestHash, status: null, body: null, created_at: at })
    .onConflict((oc) => oc.columns(['user_id', 'op_id']).doNothing())
    .returning('op_id')
    .execute();
  return rows.length === 1;
}

export async function storeOpAnswer(db: Kysely<Database>, userId: number, opId: string, status: number, body: string | null): Promise<void> {
  await db.updateTable('shop_basket_ops').set({ status, body }).where('user_id', '=', userId).where('op_id', '=', opId).execute();
}

export async function forgetOpsBefore(db: Kysely<Database>, userId: number, before: string): Promise<void> {
  await db.deleteFrom('shop_basket_ops').where('user_id', '=', userId).where('created_at', '<', before).execute();
}
