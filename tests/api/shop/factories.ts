import type { ProductClass } from '../../../src/server/db/shop-types.js';
import { nowIso } from '../../../src/server/platform/time.js';
import { createDocument } from '../admin/factories.js';
import type { TestApp } from '../helpers/app.js';

let seq = 0;
const next = () => `${Date.now().toString(36)}${(seq += 1)}`;

/** A physical product with one stock record (price 5000, 10 in stock) unless told otherwise. */
export async function createPhysical(t: TestApp, overrides: { title?: string; price?: number; stock?: number; allocated?: number; is_public?: 0 | 1; category_id?: number | null; description?: string } = {}) {
  const n = next();
  const now = nowIso();
  const product = await t.db.kysely
    .insertInto('shop_products')
    .values({
      product_class: 'physical',
      title: overrides.title ?? `Book ${n}`,
      slug: `book-${n}`,
      upc: null,
      description: overrides.description ?? `About book ${n}`,
      image: null,
      category_id: overrides.category_id ?? null,
      membership_product_id: null,
      price: null,
      is_public: overrides.is_public ?? 1,
      is_banner: 0,
      sort_order: 0,
      created_at: now,
      updated_at: now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  const record = await t.db.kysely
    .insertInto('shop_stock_records')
    .values({
      product_id: product.id,
      partner_sku: `SKU-${n}`,
      price: overrides.price ?? 5000,
      num_in_stock: overrides.stock ?? 10,
      num_allocated: overrides.allocated ?? 0,
      low_stock_threshold: null,
      created_at: now,
      updated_at: now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return { product, record };
}

/**
 * A digital (or membership, with `membership_product_id`) product. A digital one delivers a new document of the
 * library unless `document_id` says otherwise (null: none, so it is not for sale).
 */
export async function createOtherProduct(t: TestApp, productClass: Exclude<ProductClass, 'physical'>, overrides: { price?: number | null; membership_product_id?: number; is_banner?: 0 | 1; document_id?: number | null } = {}) {
  const n = next();
  const now = nowIso();
  const documentId = overrides.document_id !== undefined ? overrides.document_id : productClass === 'digital' ? (await createDocument(t)).id : null;
  return t.db.kysely
    .insertInto('shop_products')
    .values({
      product_class: productClass,
      title: `${productClass} ${n}`,
      slug: `${productClass}-${n}`,
      upc: null,
      description: '',
      image: null,
      category_id: null,
      membership_product_id: overrides.membership_product_id ?? null,
      price: overrides.price === undefined ? (productClass === 'membership' ? null : 1900) : overrides.price,
      is_public: 1,
      is_banner: overrides.is_banner ?? 0,
      sort_order: 0,
      created_at: now,
      updated_at: now,
      document_id: documentId,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function createRange(t: TestApp, productIds: number[], includesAll = false) {
  const n = next();
  const now = nowIso();
  const range = await t.db.kysely
    .insertInto('shop_ranges')
    .values({ name: `Range ${n}`, slug: `range-${n}`, description: '', includes_all_products: includesAll ? 1 : 0, created_at: now, updated_at: now })
    .returningAll()
    .executeTakeFirstOrThrow();
  if (productIds.length) await t.db.kysely.insertInto('shop_range_products').values(productIds.map((product_id) => ({ range_id: range.id, product_id }))).execute();
  return range;
}

const DAY = 24 * 3600 * 1000;

/** A voucher: 10% off the whole basket, no minimum, no limits, started yesterday, unless told otherwise. */
export async function createVoucher(
  t: TestApp,
  overrides: Partial<{ code: string; discount_type: 'percentage' | 'fixed'; value: number; range_id: number | null; min_spend: number; usage_limit: number | null; per_user_limit: number | null; num_used: number; starts_at: string; ends_at: string | null; is_active: 0 | 1 }> = {},
) {
  const n = next();
  const now = nowIso();
  return t.db.kysely
    .insertInto('shop_vouchers')
    .values({
      name: `Voucher ${n}`,
      code: `V${n}`.toUpperCase(),
      discount_type: 'percentage',
      value: 10,
      range_id: null,
      min_spend: 0,
      usage_limit: null,
      per_user_limit: null,
      num_used: 0,
      starts_at: new Date(Date.now() - DAY).toISOString(),
      ends_at: null,
      is_active: 1,
      created_at: now,
      updated_at: now,
      ...overrides,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function createShippingMethod(t: TestApp, overrides: Partial<{ code: string; charge: number; free_over: number | null; is_active: 0 | 1 }> = {}, countries: { country: string; charge: number | null }[] = []) {
  const n = next();
  const now = nowIso();
  const method = await t.db.kysely
    .insertInto('shop_shipping_methods')
    .values({ code: `ship-${n}`, name: `Shipping ${n}`, description: '', charge: 1000, free_over: null, is_active: 1, sort_order: 0, created_at: now, updated_at: now, ...overrides })
    .returningAll()
    .executeTakeFirstOrThrow();
  if (countries.length) await t.db.kysely.insertInto('shop_shipping_method_countries').values(countries.map((c) => ({ method_id: method.id, ...c }))).execute();
  return method;
}

export const daysFromNow = (days: number) => new Date(Date.now() + days * DAY).toISOString();
