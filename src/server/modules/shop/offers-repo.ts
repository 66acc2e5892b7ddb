import type { Insertable, Kysely, Updateable } from 'kysely';
import type { Database } from '../../db/types.js';
import type { ShopShippingMethodsTable, ShopVouchersTable } from '../../db/shop-types.js';

/** SQL of vouchers and shipping methods. */

// Vouchers

export function findVoucher(db: Kysely<Database>, id: number) {
  return db.selectFrom('shop_vouchers').selectAll().where('id', '=', id).executeTakeFirst();
}

export type VoucherRow = NonNullable<Awaited<ReturnType<typeof findVoucher>>>;

export function findVoucherByCode(db: Kysely<Database>, code: string) {
  return db.selectFrom('shop_vouchers').selectAll().where('code', '=', code).executeTakeFirst();
}

export function listVouchers(db: Kysely<Database>, limit: number, offset: number) {
  return db.selectFrom('shop_vouchers').selectAll().orderBy('id', 'desc').limit(limit).offset(offset).execute();
}

export async function countVouchers(db: Kysely<Database>): Promise<number> {
  const row = await db.selectFrom('shop_vouchers').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst();
  return Number(row?.n ?? 0);
}

export async function insertVoucher(db: Kysely<Database>, values: Insertable<ShopVouchersTable>): Promise<number> {
  return (await db.insertInto('shop_vouchers').values(values).returning('id').executeTakeFirstOrThrow()).id;
}

export async function updateVoucher(db: Kysely<Database>, id: number, values: Updateable<ShopVouchersTable>): Promise<void> {
  await db.updateTable('shop_vouchers').set(values).where('id', '=', id).execute();
}

export async function deleteVoucher(db: Kysely<Database>, id: number): Promise<void> {
  await db.deleteFrom('shop_vouchers').where('id', '=', id).execute();
}

export async function voucherUsesBy(db: Kysely<Database>, voucherId: number, userId: number): Promise<number> {
  const row = await db
    .selectFrom('shop_voucher_usages')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('voucher_id', '=', voucherId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

export async function voucherEverUsed(db: Kysely<Database>, id: number): Promise<boolean> {
  return (await db.selectFrom('shop_voucher_usages').select('id').where('voucher_id', '=', id).limit(1).executeTakeFirst()) !== undefined;
}

/** Whether the product is in the range (a range of every product includes it too). */
export async function productsInRange(db: Kysely<Database>, rangeId: number, productIds: number[]): Promise<Set<number>> {
  const range = await db.selectFrom('shop_ranges').select('includes_all_products').where('id', '=', rangeId).executeTakeFirst();
  if (!range) return new Set();
  if (range.includes_all_products === 1) return new Set(productIds);
  if (productIds.length === 0) return new Set();
  const rows = await db.selectFrom('shop_range_products').select('product_id').where('range_id', '=', rangeId).where('product_id', 'in', productIds).execute();
  return new Set(rows.map((r) => r.product_id));
}

// Shipping methods

export function listShippingMethods(db: Kysely<Database>, activeOnly: boolean) {
  let q = db.selectFrom('shop_shipping_methods').selectAll();
  if (activeOnly) q = q.where('is_active', '=', 1);
  return q.orderBy('sort_order').orderBy('id').execute();
}

export function findShippingMethod(db: Kysely<Database>, id: number) {
  return db.selectFrom('shop_shipping_methods').selectAll().where('id', '=', id).executeTakeFirst();
}

export type ShippingMethodRow = NonNullable<Awaited<ReturnType<typeof findShippingMethod>>>;

export function findShippingMethodByCode(db: Kysely<Database>, code: string) {
  return db.selectFrom('shop_shipping_methods').selectAll().where('code', '=', code).executeTakeFirst();
}

export function countriesOfMethods(db: Kysely<Database>, methodIds: number[]) {
  if (methodIds.length === 0) return Promise.resolve([]);
  return db.selectFrom('shop_shipping_method_countries').selectAll().where('method_id', 'in', methodIds).orderBy('country').execute();
}

export async function insertShippingMethod(db: Kysely<Database>, values: Insertable<ShopShippingMethodsTable>): Promise<number> {
  return (await db.insertInto('shop_shipping_methods').values(values).returning('id').executeTakeFirstOrThrow()).id;
}

export async function updateShippingMethod(db: Kysely<Database>, id: number, values: Updateable<ShopShippingMethodsTable>): Promise<void> {
  await db.updateTable('shop_shipping_methods').set(values).where('id', '=', id).execute();
}

export async function setMethodCountries(db: Kysely<Database>, methodId: number, countries: { country: string; charge: number | null }[]): Promise<void> {
  await db.deleteFrom('shop_shipping_method_countries').where('method_id', '=', methodId).execute();
  if (countries.length) {
    await db
      .insertInto('shop_shipping_method_countries')
      .values(countries.map((c) => ({ method_id: methodId, country: c.country, charge: c.charge })))
      .execute();
  }
}

export async function deleteShippingMethod(db: Kysely<Database>, id: number): Promise<void> {
  await db.deleteFrom('shop_shipping_methods').where('id', '=', id).execute();
}

export async function knownCountries(db: Kysely<Database>, codes: string[]): Promise<Set<string>> {
  if (codes.length === 0) return new Set();
  const rows = await db.selectFrom('shop_countries').select('iso_3166_1_a2').where('iso_3166_1_a2', 'in', codes).execute();
  return new Set(rows.map((r) => r.iso_3166_1_a2));
}
