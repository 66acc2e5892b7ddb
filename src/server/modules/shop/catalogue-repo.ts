import { sql, type Insertable, type Kysely, type Updateable } from 'kysely';
import type { Database } from '../../db/types.js';
import type {
  ProductClass,
  ShopCategoriesTable,
  ShopOptionsTable,
  ShopProductsTable,
  ShopRangesTable,
  ShopStockRecordsTable,
} from '../../db/shop-types.js';

/** SQL of the catalogue: product categories, options, products, stock records, ranges and countries. */

// Categories (a small tree, read whole)

export function listCategories(db: Kysely<Database>) {
  return db.selectFrom('shop_categories').selectAll().orderBy('sort_order').orderBy('id').execute();
}

export type CategoryRow = Awaited<ReturnType<typeof listCategories>>[number];

export function findCategory(db: Kysely<Database>, id: number) {
  return db.selectFrom('shop_categories').selectAll().where('id', '=', id).executeTakeFirst();
}

export function findCategoryBySlug(db: Kysely<Database>, slug: string) {
  return db.selectFrom('shop_categories').selectAll().where('slug', '=', slug).executeTakeFirst();
}

export function insertCategory(db: Kysely<Database>, values: Insertable<ShopCategoriesTable>) {
  return db.insertInto('shop_categories').values(values).returningAll().executeTakeFirstOrThrow();
}

export async function updateCategory(db: Kysely<Database>, id: number, values: Updateable<ShopCategoriesTable>): Promise<void> {
  await db.updateTable('shop_categories').set(values).where('id', '=', id).execute();
}

export async function deleteCategory(db: Kysely<Database>, id: number): Promise<void> {
  await db.deleteFrom('shop_categories').where('id', '=', id).execute();
}

// Options

export function listOptions(db: Kysely<Database>) {
  return db.selectFrom('shop_options').selectAll().orderBy('id').execute();
}

export function findOption(db: Kysely<Database>, id: number) {
  return db.selectFrom('shop_options').selectAll().where('id', '=', id).executeTakeFirst();
}

export function findOptionByCode(db: Kysely<Database>, code: string) {
  return db.selectFrom('shop_options').selectAll().where('code', '=', code).executeTakeFirst();
}

export type OptionRow = NonNullable<Awaited<ReturnType<typeof findOption>>>;

export function insertOption(db: Kysely<Database>, values: Insertable<ShopOptionsTable>) {
  return db.insertInto('shop_options').values(values).returningAll().executeTakeFirstOrThrow();
}

export async function countOptions(db: Kysely<Database>, ids: number[]): Promise<number> {
  if (ids.length === 0) return 0;
  const row = await db.selectFrom('shop_options').select((eb) => eb.fn.countAll<number>().as('n')).where('id', 'in', ids).executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** The options of each product, in one query. */
export function optionsOfProducts(db: Kysely<Database>, productIds: number[]) {
  if (productIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('shop_product_options as po')
    .innerJoin('shop_options as o', 'o.id', 'po.option_id')
    .select(['po.product_id', 'o.id', 'o.name', 'o.code', 'o.type', 'o.required', 'o.created_at', 'o.translations'])
    .where('po.product_id', 'in', productIds)
    .orderBy('o.id')
    .execute();
}

export async function setProductOptions(db: Kysely<Database>, productId: number, optionIds: number[]): Promise<void> {
  await db.deleteFrom('shop_product_options').where('product_id', '=', productId).execute();
  if (optionIds.length) await db.insertInto('shop_product_options').values(optionIds.map((option_id) => ({ product_id: productId, option_id }))).execute();
}

// Products

function productsQuery(db: Kysely<Database>) {
  return db
    .selectFrom('shop_products as p')
    .leftJoin('shop_categories as c', 'c.id', 'p.category_id')
    .selectAll('p')
    .select(['c.name as category_name', 'c.slug as category_slug', 'c.translations as category_translations']);
}

export type ProductRow = NonNullable<Awaited<ReturnType<typeof findProduct>>>;

export function findProduct(db: Kysely<Database>, id: number) {
  return productsQuery(db).where('p.id', '=', id).executeTakeFirst();
}

export function findProductsByIds(db: Kysely<Database>, ids: number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return productsQuery(db).where('p.id', 'in', ids).execute();
}

export function findProductBySlug(db: Kysely<Database>, slug: string) {
  return db.selectFrom('shop_products').select('id').where('slug', '=', slug).executeTakeFirst();
}

export function findProductByUpc(db: Kysely<Database>, upc: string) {
  return db.selectFrom('shop_products').select('id').where('upc', '=', upc).executeTakeFirst();
}

export interface ProductFilters {
  categoryIds?: number[];
  /** Matched as a substring of the title or description, ignoring case. */
  search?: string;
  productClass?: ProductClass;
  publicOnly: boolean;
  bannerOnly?: boolean;
}

/** `%` and `_` are wildcards in LIKE: user text is escaped so it matches only itself. */
const likePattern = (text: string) => `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

function filteredProducts(db: Kysely<Database>, f: ProductFilters) {
  let q = productsQuery(db);
  if (f.publicOnly) q = q.where('p.is_public', '=', 1);
  if (f.categoryIds) q = q.where('p.category_id', 'in', f.categoryIds.length ? f.categoryIds : [0]);
  if (f.productClass) q = q.where('p.product_class', '=', f.productClass);
  if (f.bannerOnly) q = q.where('p.is_banner', '=', 1);
  if (f.search) {
    const pattern = likePattern(f.search);
    q = q.where((eb) =>
      eb.or([
        eb(sql`lower(p.title)`, 'like', sql`${pattern} escape '\\'`),
        eb(sql`lower(p.description)`, 'like', sql`${pattern} escape '\\'`),
      ]),
    );
  }
  return q;
}

export function listProducts(db: Kysely<Database>, f: ProductFilters, limit: number, offset: number) {
  return filteredProducts(db, f).orderBy('p.sort_order').orderBy('p.id').limit(limit).offset(offset).execute();
}

export async function countProducts(db: Kysely<Database>, f: ProductFilters): Promise<number> {
  const row = await filteredProducts(db, f)
    .clearSelect()
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

export async function insertProduct(db: Kysely<Database>, values: Insertable<ShopProductsTable>): Promise<number> {
  const row = await db.insertInto('shop_products').values(values).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export async function updateProduct(db: Kysely<Database>, id: number, values: Updateable<ShopProductsTable>): Promise<void> {
  await db.updateTable('shop_products').set(values).where('id', '=', id).execute();
}

export async function deleteProduct(db: Kysely<Database>, id: number): Promise<void> {
  await db.deleteFrom('shop_products').where('id', '=', id).execute();
}

/** The digital products among these that name a document, with its id. */
export async function productDocuments(db: Kysely<Database>, ids: number[]): Promise<Array<{ id: number; document_id: number }>> {
  if (ids.length === 0) return [];
  const rows = await db.selectFrom('shop_products').select(['id', 'document_id']).where('id', 'in', ids).where('product_class', '=', 'digital').where('document_id', 'is not', null).execute();
  return rows.map((r) => ({ id: r.id, document_id: r.document_id! }));
}

export async function productInBaskets(db: Kysely<Database>, id: number): Promise<boolean> {
  return (await db.selectFrom('shop_basket_lines').select('id').where('product_id', '=', id).limit(1).executeTakeFirst()) !== undefined;
}

export async function categoryInUse(db: Kysely<Database>, id: number): Promise<boolean> {
  const [child, product] = await Promise.all([
    db.selectFrom('shop_categories').select('id').where('parent_id', '=', id).limit(1).executeTakeFirst(),
    db.selectFrom('shop_products').select('id').where('category_id', '=', id).limit(1).executeTakeFirst(),
  ]);
  return child !== undefined || product !== undefined;
}

// Stock records

export function stockRecordsOf(db: Kysely<Database>, productIds: number[]) {
  if (productIds.length === 0) return Promise.resolve([]);
  return db.selectFrom('shop_stock_records').selectAll().where('product_id', 'in', productIds).orderBy('id').execute();
}

export type StockRecordRow = Awaited<ReturnType<typeof stockRecordsOf>>[number];

export function findStockRecord(db: Kysely<Database>, productId: number, id: number) {
  return db.selectFrom('shop_stock_records').selectAll().where('id', '=', id).where('product_id', '=', productId).executeTakeFirst();
}

export function findStockRecordBySku(db: Kysely<Database>, productId: number, sku: string) {
  return db.selectFrom('shop_stock_records').select('id').where('product_id', '=', productId).where('partner_sku', '=', sku).executeTakeFirst();
}

export function insertStockRecord(db: Kysely<Database>, values: Insertable<ShopStockRecordsTable>) {
  return db.insertInto('shop_stock_records').values(values).returningAll().executeTakeFirstOrThrow();
}

export async function updateStockRecord(db: Kysely<Database>, id: number, values: Updateable<ShopStockRecordsTable>): Promise<void> {
  await db.updateTable('shop_stock_records').set(values).where('id', '=', id).execute();
}

export async function deleteStockRecord(db: Kysely<Database>, id: number): Promise<void> {
  await db.deleteFrom('shop_stock_records').where('id', '=', id).execute();
}

// Ranges

export function listRanges(db: Kysely<Database>) {
  return db.selectFrom('shop_ranges').selectAll().orderBy('id').execute();
}

export function findRange(db: Kysely<Database>, id: number) {
  return db.selectFrom('shop_ranges').selectAll().where('id', '=', id).executeTakeFirst();
}

export type RangeRow = NonNullable<Awaited<ReturnType<typeof findRange>>>;

export function findRangeBySlug(db: Kysely<Database>, slug: string) {
  return db.selectFrom('shop_ranges').select('id').where('slug', '=', slug).executeTakeFirst();
}

export function rangeProducts(db: Kysely<Database>, rangeIds: number[]) {
  if (rangeIds.length === 0) return Promise.resolve([]);
  return db.selectFrom('shop_range_products').selectAll().where('range_id', 'in', rangeIds).orderBy('product_id').execute();
}

export async function countProductsByIds(db: Kysely<Database>, ids: number[]): Promise<number> {
  if (ids.length === 0) return 0;
  const row = await db.selectFrom('shop_products').select((eb) => eb.fn.countAll<number>().as('n')).where('id', 'in', ids).executeTakeFirst();
  return Number(row?.n ?? 0);
}

export function insertRange(db: Kysely<Database>, values: Insertable<ShopRangesTable>) {
  return db.insertInto('shop_ranges').values(values).returningAll().executeTakeFirstOrThrow();
}

export async function updateRange(db: Kysely<Database>, id: number, values: Updateable<ShopRangesTable>): Promise<void> {
  await db.updateTable('shop_ranges').set(values).where('id', '=', id).execute();
}

export async function setRangeProducts(db: Kysely<Database>, rangeId: number, productIds: number[]): Promise<void> {
  await db.deleteFrom('shop_range_products').where('range_id', '=', rangeId).execute();
  if (productIds.length) await db.insertInto('shop_range_products').values(productIds.map((product_id) => ({ range_id: rangeId, product_id }))).execute();
}

export async function deleteRange(db: Kysely<Database>, id: number): Promise<void> {
  await db.deleteFrom('shop_ranges').where('id', '=', id).execute();
}

export async function rangeInUse(db: Kysely<Database>, id: number): Promise<boolean> {
  return (await db.selectFrom('shop_vouchers').select('id').where('range_id', '=', id).limit(1).executeTakeFirst()) !== undefined;
}

// Countries

export function listCountries(db: Kysely<Database>) {
  return db.selectFrom('shop_countries').selectAll().orderBy('display_order').orderBy('iso_3166_1_a2').execute();
}

export function findCountry(db: Kysely<Database>, code: string) {
  return db.selectFrom('shop_countries').selectAll().where('iso_3166_1_a2', '=', code).executeTakeFirst();
}

export type CountryRow = NonNullable<Awaited<ReturnType<typeof findCountry>>>;

/** Products whose picture this is. */
export function productsShowingPicture(db: Kysely<Database>, url: string) {
  return db.selectFrom('shop_products').select(['id', 'title']).where('image', '=', url).orderBy('id').limit(20).execute();
}
