import type { Kysely } from 'kysely';
import type { PageQuery } from '../../../shared/api/common.js';
import type {
  Availability,
  Country,
  OptionWrite,
  Price,
  ProductCard,
  ProductChanges,
  ProductDetail,
  ProductListQuery,
  ProductOption,
  ProductWrite,
  Range,
  RangeChanges,
  RangeWrite,
  ShopCategory,
  ShopCategoryChanges,
  ShopCategoryWrite,
  StockRecord,
  StockRecordChanges,
  StockRecordWrite,
} from '../../../shared/api/shop.js';
import type { Language } from '../../../shared/i18n/index.js';
import type { ProductClass } from '../../db/shop-types.js';
import type { Database } from '../../db/types.js';
import { isStaff, type Actor } from '../../platform/auth.js';
import type { AppContext } from '../../platform/context.js';
import { Conflict, Invalid, NotFound } from '../../platform/errors.js';
import { offsetOf } from '../../platform/http.js';
import { nowIso } from '../../platform/time.js';
import { localised, serializeTranslations } from '../../platform/translations.js';
import { documentExists } from '../admin/documents-service.js';
import { getProduct as getMembershipProduct, listProducts as listMembershipProducts } from '../membership/service.js';
import {
  categoryInUse,
  countOptions,
  countProducts,
  countProductsByIds,
  deleteCategory as removeCategory,
  deleteProduct as removeProduct,
  deleteRange as removeRange,
  deleteStockRecord as removeStockRecord,
  findCategory,
  findCategoryBySlug,
  findCountry,
  findOption,
  findOptionByCode,
  findProduct,
  findProductBySlug,
  findProductByUpc,
  findRange,
  findRangeBySlug,
  findStockRecord,
  findStockRecordBySku,
  insertCategory,
  insertOption,
  insertProduct,
  insertRange,
  insertStockRecord,
  listCategories as selectCategories,
  listCountries as selectCountries,
  listOptions as selectOptions,
  listProducts as selectProducts,
  listRanges as selectRanges,
  optionsOfProducts,
  productDocuments,
  productInBaskets,
  rangeInUse,
  rangeProducts,
  setProductOptions,
  setRangeProducts,
  stockRecordsOf,
  updateCategory as writeCategory,
  updateProduct as writeProduct,
  updateRange as writeRange,
  updateStockRecord as writeStockRecord,
  type CategoryRow,
  type CountryRow,
  type OptionRow,
  type ProductRow,
  type RangeRow,
  type StockRecordRow,
  productsShowingPicture,
} from './catalogue-repo.js';

/** Active membership products' prices by id: read before a transaction (the membership module reads on its own). */
export type MembershipPrices = Map<number, number>;

export async function membershipPrices(ctx: AppContext): Promise<MembershipPrices> {
  return new Map((await listMembershipProducts(ctx, null, {})).map((p) => [p.id, p.price]));
}

/** What can be sold of a product now: its unit price, the stock record it comes from, how many are left. */
export interface ProductState {
  row: ProductRow;
  records: StockRecordRow[];
  /** The record sold from: the one with most available (the first of equals). */
  record: StockRecordRow | null;
  price: number | null;
  /** Null where stock is not counted. */
  available: number | null;
  onSale: boolean;
}

export const availableIn = (r: StockRecordRow) => Math.max(0, r.num_in_stock - r.num_allocated);
export const requiresShipping = (productClass: ProductClass) => productClass === 'physical';

function defaultRecord(records: StockRecordRow[]): StockRecordRow | null {
  return records.reduce<StockRecordRow | null>((best, r) => (best === null || availableIn(r) > availableIn(best) ? r : best), null);
}

/** The state of a product, optionally sold from a given stock record (a basket line's). */
export function stateOf(row: ProductRow, records: StockRecordRow[], prices: MembershipPrices, recordId: number | null = null): ProductState {
  const own = records.filter((r) => r.product_id === row.id);
  const isPublic = row.is_public === 1;
  if (row.product_class === 'physical') {
    const record = (recordId !== null ? own.find((r) => r.id === recordId) : undefined) ?? defaultRecord(own);
    const available = record ? availableIn(record) : 0;
    return { row, records: own, record, price: record?.price ?? null, available, onSale: isPublic && record !== null };
  }
  const price = row.product_class === 'membership' ? (row.membership_product_id !== null ? (prices.get(row.membership_product_id) ?? null) : null) : row.price;
  // A digital product without its document has nothing to deliver: it is not sold until it has one.
  const deliverable = row.product_class !== 'digital' || row.document_id !== null;
  return { row, records: own, record: null, price, available: null, onSale: isPublic && price !== null && deliverable };
}

/** States of several products in two queries. */
export async function productStates(db: Kysely<Database>, rows: ProductRow[], prices: MembershipPrices): Promise<Map<number, ProductState>> {
  const physical = rows.filter((r) => r.product_class === 'physical').map((r) => r.id);
  const records = await stockRecordsOf(db, physical);
  return new Map(rows.map((row) => [row.id, stateOf(row, records, prices)]));
}

// Shapes

function toPrice(ctx: AppContext, amount: number): Price {
  return { currency: ctx.config.currency, excl_tax: amount, incl_tax: amount, tax: 0, is_tax_known: true };
}

function toAvailability(state: ProductState): Availability {
  if (!state.onSale) return { is_available_to_buy: false, num_available: state.available === null ? null : 0, message: 'Unavailable' };
  if (state.available === null) return { is_available_to_buy: true, num_available: null, message: 'Available' };
  if (state.available <= 0) return { is_available_to_buy: false, num_available: 0, message: 'Out of stock' };
  return { is_available_to_buy: true, num_available: state.available, message: `In stock (${state.available} available)` };
}

function toStockRecord(ctx: AppContext, r: StockRecordRow): StockRecord {
  const available = availableIn(r);
  return {
    id: r.id,
    product: r.product_id,
    partner_sku: r.partner_sku,
    price: r.price,
    price_currency: ctx.config.currency,
    num_in_stock: r.num_in_stock,
    num_allocated: r.num_allocated,
    num_available: available,
    low_stock_threshold: r.low_stock_threshold,
    is_low_stock: r.low_stock_threshold !== null && available <= r.low_stock_threshold,
    date_created: r.created_at,
    date_updated: r.updated_at,
  };
}

/**
 * The editorial texts of a category or option in `lang`, each field falling back to the default text; the
 * default texts without `lang` (what internal callers, and orders, see).
 */
function textsIn<T extends Record<string, string>>(texts: T, translations: string | null | undefined, lang: Language | undefined): T {
  return lang && translations && translations !== '{}' ? localised(texts, translations, lang) : texts;
}

const toOption = (o: Pick<OptionRow, 'id' | 'name' | 'code' | 'type' | 'required' | 'translations'>, lang: Language | undefined): ProductOption => ({
  id: o.id,
  name: textsIn({ name: o.name }, o.translations, lang).name,
  code: o.code,
  type: o.type,
  required: o.required === 1,
});

/** A product's card, its category named in `lang` (the product's own title is never translated). */
function toCard(ctx: AppContext, state: ProductState, lang: Language | undefined): ProductCard {
  const { row } = state;
  const category =
    row.category_id !== null && row.category_name !== null
      ? { id: row.category_id, name: textsIn({ name: row.category_name }, row.category_translations, lang).name, slug: row.category_slug ?? '' }
      : null;
  return {
    id: row.id,
    title: row.title,
    slug: row.slug,
    upc: row.upc,
    product_class: row.product_class,
    image: row.image,
    category,
    requires_shipping: requiresShipping(row.product_class),
    price: state.price === null ? null : toPrice(ctx, state.price),
    availability: toAvailability(state),
    is_public: row.is_public === 1,
  };
}

// Product categories

/** The categories with their names, descriptions and breadcrumbs in `lang` (each field falling back to the default text). */
function toCategories(rows: CategoryRow[], lang: Language | undefined): ShopCategory[] {
  const texts = new Map(rows.map((r) => [r.id, textsIn({ name: r.name, description: r.description }, r.translations, lang)]));
  const byId = new Map(rows.map((r) => [r.id, r]));
  const crumbs = (row: CategoryRow): string => {
    const names: string[] = [];
    const seen = new Set<number>();
    for (let at: CategoryRow | undefined = row; at && !seen.has(at.id); at = at.parent_id === null ? undefined : byId.get(at.parent_id)) {
      seen.add(at.id);
      names.unshift(texts.get(at.id)!.name);
    }
    return names.join(' > ');
  };
  return rows.map((r) => ({
    id: r.id,
    parent: r.parent_id,
    ...texts.get(r.id)!,
    slug: r.slug,
    sort_order: r.sort_order,
    breadcrumbs: crumbs(r),
    children: rows.filter((c) => c.parent_id === r.id).map((c) => c.id),
  }));
}

/** The product categories, named in `lang` (without it, the default texts). */
export async function listCategories(ctx: AppContext, lang?: Language): Promise<ShopCategory[]> {
  return toCategories(await selectCategories(ctx.db.kysely), lang);
}

export async function getCategory(ctx: AppContext, id: number, lang?: Language): Promise<ShopCategory> {
  const category = (await listCategories(ctx, lang)).find((c) => c.id === id);
  if (!category) throw new NotFound('Product category');
  return category;
}

/** A category's id and every descendant's (the tree is small and read whole). */
async function categoryAndBelow(ctx: AppContext, idOrSlug: string): Promise<number[]> {
  const rows = await selectCategories(ctx.db.kysely);
  const root = rows.find((r) => (/^\d+$/.test(idOrSlug) ? r.id === Number(idOrSlug) : r.slug === idOrSlug));
  if (!root) throw Invalid.field('category', 'No such product category.');
  const ids = [root.id];
  for (let i = 0; i < ids.length; i += 1) for (const r of rows) if (r.parent_id === ids[i] && !ids.includes(r.id)) ids.push(r.id);
  return ids;
}

async function assertParent(ctx: AppContext, parent: number | null | undefined, self: number | null): Promise<void> {
  if (parent === null || parent === undefined) return;
  const rows = await selectCategories(ctx.db.kysely);
  if (!rows.some((r) => r.id === parent)) throw Invalid.field('parent', 'No such product category.');
  // A category under itself or its own descendant would make a loop.
  for (let at: number | null = parent; at !== null; at = rows.find((r) => r.id === at)?.parent_id ?? null) {
    if (at === self) throw Invalid.field('parent', 'A category cannot sit under itself.');
  }
}

async function assertCategorySlugFree(ctx: AppContext, slug: string, self: number | null): Promise<void> {
  const other = await findCategoryBySlug(ctx.db.kysely, slug);
  if (other && other.id !== self) throw new Conflict('slug: A product category with this slug exists.', { slug: 'A product category with this slug exists.' });
}

/**
 * Category and option names are on the shop's cached guest pages (the chips, the breadcrumb, an option's
 * label): a write drops the page and guest caches, whose entries are kept per language.
 */
const catalogueTextsChanged = (ctx: AppContext) => ctx.events.changed('shop-catalogue');

/** Creates a category; the answer is in `lang`. `translations` holds its name and description in other languages. */
export async function createCategory(ctx: AppContext, input: ShopCategoryWrite, lang?: Language): Promise<ShopCategory> {
  await assertCategorySlugFree(ctx, input.slug, null);
  await assertParent(ctx, input.parent, null);
  const now = nowIso();
  const { parent, translations, ...rest } = input;
  const row = await insertCategory(ctx.db.kysely, { ...rest, parent_id: parent, translations: serializeTranslations(translations), created_at: now, updated_at: now });
  catalogueTextsChanged(ctx);
  return getCategory(ctx, row.id, lang);
}

/** Changes what `changes` names; `translations`, when given, replaces the category's versions in other languages. */
export async function updateCategory(ctx: AppContext, id: number, changes: ShopCategoryChanges, lang?: Language): Promise<ShopCategory> {
  if (!(await findCategory(ctx.db.kysely, id))) throw new NotFound('Product category');
  if (changes.slug !== undefined) await assertCategorySlugFree(ctx, changes.slug, id);
  await assertParent(ctx, changes.parent, id);
  const { parent, translations, ...rest } = changes;
  await writeCategory(ctx.db.kysely, id, {
    ...rest,
    ...(parent !== undefined && { parent_id: parent }),
    ...(translations !== undefined && { translations: serializeTranslations(translations) }),
    updated_at: nowIso(),
  });
  catalogueTextsChanged(ctx);
  return getCategory(ctx, id, lang);
}

export async function deleteCategory(ctx: AppContext, id: number): Promise<void> {
  if (!(await findCategory(ctx.db.kysely, id))) throw new NotFound('Product category');
  if (await categoryInUse(ctx.db.kysely, id)) throw new Conflict('This category has sub-categories or products; move them first.');
  await removeCategory(ctx.db.kysely, id);
  catalogueTextsChanged(ctx);
}

// Options

/** The product options, named in `lang` (without it, the default names). */
export async function listOptions(ctx: AppContext, lang?: Language): Promise<ProductOption[]> {
  return (await selectOptions(ctx.db.kysely)).map((o) => toOption(o, lang));
}

export async function getOption(ctx: AppContext, id: number, lang?: Language): Promise<ProductOption> {
  const row = await findOption(ctx.db.kysely, id);
  if (!row) throw new NotFound('Option');
  return toOption(row, lang);
}

/** Creates an option; `translations` holds its name in other languages, the answer is in `lang`. */
export async function createOption(ctx: AppContext, input: OptionWrite, lang?: Language): Promise<ProductOption> {
  if (await findOptionByCode(ctx.db.kysely, input.code)) throw new Conflict('code: An option with this code exists.', { code: 'An option with this code exists.' });
  const { translations, ...rest } = input;
  const row = await insertOption(ctx.db.kysely, { ...rest, required: rest.required ? 1 : 0, translations: serializeTranslations(translations), created_at: nowIso() });
  catalogueTextsChanged(ctx);
  return toOption(row, lang);
}

// Products

/** Withdrawn products (not public) exist only for staff. */
async function visibleProduct(ctx: AppContext, actor: Actor | null, id: number): Promise<ProductRow> {
  const row = await findProduct(ctx.db.kysely, id);
  if (!row || (row.is_public !== 1 && !isStaff(actor))) throw new NotFound('Product');
  return row;
}

/** A page of product cards, their categories named in `lang`. */
export async function listProducts(ctx: AppContext, actor: Actor | null, query: ProductListQuery & PageQuery, lang?: Language) {
  const db = ctx.db.kysely;
  const filters = {
    categoryIds: query.category ? await categoryAndBelow(ctx, query.category) : undefined,
    search: query.q,
    productClass: query.product_class,
    // Staff see withdrawn products in the list too, so they can bring them back.
    publicOnly: !isStaff(actor),
  };
  const [count, rows, prices] = await Promise.all([countProducts(db, filters), selectProducts(db, filters, query.page_size, offsetOf(query)), membershipPrices(ctx)]);
  const states = await productStates(db, rows, prices);
  return { count, results: rows.map((r) => toCard(ctx, states.get(r.id)!, lang)) };
}

/** Course products flagged for the banner; none until the courses module adds the course class. */
export async function courseBanner(ctx: AppContext, lang?: Language): Promise<ProductCard[]> {
  const db = ctx.db.kysely;
  const rows = await selectProducts(db, { productClass: 'course', bannerOnly: true, publicOnly: true }, 20, 0);
  const states = await productStates(db, rows, await membershipPrices(ctx));
  return rows.map((r) => toCard(ctx, states.get(r.id)!, lang));
}

/** A product with its category and options named in `lang` (without it, the default names). */
export async function getProduct(ctx: AppContext, actor: Actor | null, id: number, lang?: Language): Promise<ProductDetail> {
  const db = ctx.db.kysely;
  const row = await visibleProduct(ctx, actor, id);
  const [records, options, prices] = await Promise.all([stockRecordsOf(db, [id]), optionsOfProducts(db, [id]), membershipPrices(ctx)]);
  const state = stateOf(row, records, prices);
  return {
    ...toCard(ctx, state, lang),
    description: row.description,
    membership_product: row.membership_product_id,
    document: row.document_id,
    is_banner: row.is_banner === 1,
    sort_order: row.sort_order,
    options: options.map((o) => toOption(o, lang)),
    stockrecords: records.map((r) => toStockRecord(ctx, r)),
    date_created: row.created_at,
    date_updated: row.updated_at,
  };
}

export async function productAvailability(ctx: AppContext, actor: Actor | null, id: number): Promise<Availability> {
  const row = await visibleProduct(ctx, actor, id);
  return toAvailability(stateOf(row, await stockRecordsOf(ctx.db.kysely, [id]), await membershipPrices(ctx)));
}

export async function productPrice(ctx: AppContext, actor: Actor | null, id: number): Promise<Price> {
  const row = await visibleProduct(ctx, actor, id);
  const state = stateOf(row, await stockRecordsOf(ctx.db.kysely, [id]), await membershipPrices(ctx));
  if (state.price === null) throw new NotFound('Price');
  return toPrice(ctx, state.price);
}

/** Checks what a product of its class needs: a membership product, or a price (and a digital one's document). */
async function assertProductFields(ctx: AppContext, actor: Actor, p: Omit<ProductWrite, 'slug' | 'title'>, self: number | null, upc: string | null | undefined): Promise<void> {
  const db = ctx.db.kysely;
  if (p.product_class === 'membership') {
    if (p.membership_product === null) throw Invalid.field('membership_product', 'A membership product needs the membership product it grants.');
    try {
      await getMembershipProduct(ctx, actor, p.membership_product);
    } catch (err) {
      if (err instanceof NotFound) throw Invalid.field('membership_product', 'No such membership product.');
      throw err;
    }
  } else if (p.membership_product !== null) {
    throw Invalid.field('membership_product', 'Only membership products grant a membership.');
  }
  if (p.product_class === 'digital' && p.price === null) throw Invalid.field('price', 'A digital product needs a price.');
  if (p.product_class !== 'digital' && p.price !== null) throw Invalid.field('price', 'Only digital products carry their own price (physical: stock records; membership: the membership product).');
  if (p.document !== null) {
    if (p.product_class !== 'digital') throw Invalid.field('document', 'Only digital products deliver a document.');
    if (!(await documentExists(ctx, p.document))) throw Invalid.field('document', 'No such document.');
  }
  if (p.category !== null && !(await findCategory(db, p.category))) throw Invalid.field('category', 'No such product category.');
  if ((await countOptions(db, [...new Set(p.option_ids)])) !== new Set(p.option_ids).size) throw Invalid.field('option_ids', 'No such option.');
  if (upc) {
    const other = await findProductByUpc(db, upc);
    if (other && other.id !== self) throw new Conflict('upc: A product with this UPC exists.', { upc: 'A product with this UPC exists.' });
  }
}

async function assertProductSlugFree(ctx: AppContext, slug: string, self: number | null): Promise<void> {
  const other = await findProductBySlug(ctx.db.kysely, slug);
  if (other && other.id !== self) throw new Conflict('slug: A product with this slug exists.', { slug: 'A product with this slug exists.' });
}

export async function createProduct(ctx: AppContext, actor: Actor, input: ProductWrite, lang?: Language): Promise<ProductDetail> {
  await assertProductSlugFree(ctx, input.slug, null);
  await assertProductFields(ctx, actor, input, null, input.upc);
  const now = nowIso();
  const id = await ctx.db.kysely.transaction().execute(async (trx) => {
    const newId = await insertProduct(trx, {
      product_class: input.product_class,
      title: input.title,
      slug: input.slug,
      upc: input.upc || null,
      description: input.description,
      image: input.image || null,
      category_id: input.category,
      membership_product_id: input.membership_product,
      price: input.price,
      document_id: input.document,
      is_public: input.is_public ? 1 : 0,
      is_banner: input.is_banner ? 1 : 0,
      sort_order: input.sort_order,
      created_at: now,
      updated_at: now,
    });
    await setProductOptions(trx, newId, [...new Set(input.option_ids)]);
    return newId;
  });
  return getProduct(ctx, actor, id, lang);
}

export async function updateProduct(ctx: AppContext, actor: Actor, id: number, changes: ProductChanges, lang?: Language): Promise<ProductDetail> {
  const current = await findProduct(ctx.db.kysely, id);
  if (!current) throw new NotFound('Product');
  // Course products follow the courses module's rules; this call does not know them.
  if (current.product_class === 'course') throw Invalid.field('product_class', 'Course products are managed with their course.');
  const options = changes.option_ids ?? (await optionsOfProducts(ctx.db.kysely, [id])).map((o) => o.id);
  const merged = {
    product_class: changes.product_class ?? current.product_class,
    upc: changes.upc !== undefined ? changes.upc : current.upc,
    description: changes.description ?? current.description,
    image: changes.image !== undefined ? changes.image : current.image,
    category: changes.category !== undefined ? changes.category : current.category_id,
    membership_product: changes.membership_product !== undefined ? changes.membership_product : current.membership_product_id,
    price: changes.price !== undefined ? changes.price : current.price,
    document: changes.document !== undefined ? changes.document : current.document_id,
    is_public: changes.is_public ?? current.is_public === 1,
    is_banner: changes.is_banner ?? current.is_banner === 1,
    sort_order: changes.sort_order ?? current.sort_order,
    option_ids: options,
  };
  if (changes.slug !== undefined) await assertProductSlugFree(ctx, changes.slug, id);
  await assertProductFields(ctx, actor, merged, id, changes.upc);
  await ctx.db.kysely.transaction().execute(async (trx) => {
    await writeProduct(trx, id, {
      product_class: merged.product_class,
      ...(changes.title !== undefined && { title: changes.title }),
      ...(changes.slug !== undefined && { slug: changes.slug }),
      upc: merged.upc || null,
      description: merged.description,
      image: merged.image || null,
      category_id: merged.category,
      membership_product_id: merged.membership_product,
      price: merged.price,
      document_id: merged.document,
      is_public: merged.is_public ? 1 : 0,
      is_banner: merged.is_banner ? 1 : 0,
      sort_order: merged.sort_order,
      updated_at: nowIso(),
    });
    if (changes.option_ids !== undefined) await setProductOptions(trx, id, [...new Set(changes.option_ids)]);
  });
  return getProduct(ctx, actor, id, lang);
}

export async function deleteProduct(ctx: AppContext, id: number): Promise<void> {
  if (!(await findProduct(ctx.db.kysely, id))) throw new NotFound('Product');
  if (await productInBaskets(ctx.db.kysely, id)) throw new Conflict('This product is in baskets; withdraw it (is_public: false) instead.');
  await removeProduct(ctx.db.kysely, id);
}

// Stock records

export async function listStockRecords(ctx: AppContext, actor: Actor | null, productId: number): Promise<StockRecord[]> {
  await visibleProduct(ctx, actor, productId);
  return (await stockRecordsOf(ctx.db.kysely, [productId])).map((r) => toStockRecord(ctx, r));
}

export async function getStockRecord(ctx: AppContext, actor: Actor | null, productId: number, id: number): Promise<StockRecord> {
  await visibleProduct(ctx, actor, productId);
  const row = await findStockRecord(ctx.db.kysely, productId, id);
  if (!row) throw new NotFound('Stock record');
  return toStockRecord(ctx, row);
}

async function assertSkuFree(ctx: AppContext, productId: number, sku: string, self: number | null): Promise<void> {
  const other = await findStockRecordBySku(ctx.db.kysely, productId, sku);
  if (other && other.id !== self) throw new Conflict('partner_sku: This product has a stock record with this SKU.', { partner_sku: 'This product has a stock record with this SKU.' });
}

export async function createStockRecord(ctx: AppContext, actor: Actor, productId: number, input: StockRecordWrite): Promise<StockRecord> {
  const product = await visibleProduct(ctx, actor, productId);
  if (product.product_class !== 'physical') throw Invalid.field('product', 'Only physical products have stock records.');
  await assertSkuFree(ctx, productId, input.partner_sku, null);
  const now = nowIso();
  const row = await insertStockRecord(ctx.db.kysely, { ...input, product_id: productId, num_allocated: 0, created_at: now, updated_at: now });
  return toStockRecord(ctx, row);
}

export async function updateStockRecord(ctx: AppContext, actor: Actor, productId: number, id: number, changes: StockRecordChanges): Promise<StockRecord> {
  await visibleProduct(ctx, actor, productId);
  if (!(await findStockRecord(ctx.db.kysely, productId, id))) throw new NotFound('Stock record');
  if (changes.partner_sku !== undefined) await assertSkuFree(ctx, productId, changes.partner_sku, id);
  await writeStockRecord(ctx.db.kysely, id, { ...changes, updated_at: nowIso() });
  return getStockRecord(ctx, actor, productId, id);
}

export async function deleteStockRecord(ctx: AppContext, actor: Actor, productId: number, id: number): Promise<void> {
  await visibleProduct(ctx, actor, productId);
  const row = await findStockRecord(ctx.db.kysely, productId, id);
  if (!row) throw new NotFound('Stock record');
  if (row.num_allocated > 0) throw new Conflict('Orders hold stock of this record; it cannot be deleted.');
  await removeStockRecord(ctx.db.kysely, id);
}

// Ranges

function toRanges(rows: RangeRow[], links: { range_id: number; product_id: number }[]): Range[] {
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    slug: r.slug,
    description: r.description,
    includes_all_products: r.includes_all_products === 1,
    products: links.filter((l) => l.range_id === r.id).map((l) => l.product_id),
  }));
}

export async function listRanges(ctx: AppContext): Promise<Range[]> {
  const rows = await selectRanges(ctx.db.kysely);
  return toRanges(rows, await rangeProducts(ctx.db.kysely, rows.map((r) => r.id)));
}

export async function getRange(ctx: AppContext, id: number): Promise<Range> {
  const row = await findRange(ctx.db.kysely, id);
  if (!row) throw new NotFound('Range');
  return toRanges([row], await rangeProducts(ctx.db.kysely, [id]))[0];
}

async function assertRangeInput(ctx: AppContext, slug: string | undefined, products: number[] | undefined, self: number | null): Promise<void> {
  if (slug !== undefined) {
    const other = await findRangeBySlug(ctx.db.kysely, slug);
    if (other && other.id !== self) throw new Conflict('slug: A range with this slug exists.', { slug: 'A range with this slug exists.' });
  }
  if (products && (await countProductsByIds(ctx.db.kysely, [...new Set(products)])) !== new Set(products).size) throw Invalid.field('products', 'No such product.');
}

export async function createRange(ctx: AppContext, input: RangeWrite): Promise<Range> {
  await assertRangeInput(ctx, input.slug, input.products, null);
  const now = nowIso();
  const id = await ctx.db.kysely.transaction().execute(async (trx) => {
    const row = await insertRange(trx, {
      name: input.name,
      slug: input.slug,
      description: input.description,
      includes_all_products: input.includes_all_products ? 1 : 0,
      created_at: now,
      updated_at: now,
    });
    await setRangeProducts(trx, row.id, [...new Set(input.products)]);
    return row.id;
  });
  return getRange(ctx, id);
}

export async function updateRange(ctx: AppContext, id: number, changes: RangeChanges): Promise<Range> {
  if (!(await findRange(ctx.db.kysely, id))) throw new NotFound('Range');
  await assertRangeInput(ctx, changes.slug, changes.products, id);
  const { products, includes_all_products, ...rest } = changes;
  await ctx.db.kysely.transaction().execute(async (trx) => {
    await writeRange(trx, id, { ...rest, ...(includes_all_products !== undefined && { includes_all_products: includes_all_products ? 1 : 0 }), updated_at: nowIso() });
    if (products !== undefined) await setRangeProducts(trx, id, [...new Set(products)]);
  });
  return getRange(ctx, id);
}

export async function deleteRange(ctx: AppContext, id: number): Promise<void> {
  if (!(await findRange(ctx.db.kysely, id))) throw new NotFound('Range');
  if (await rangeInUse(ctx.db.kysely, id)) throw new Conflict('Vouchers use this range; change them first.');
  await removeRange(ctx.db.kysely, id);
}

// Countries

const toCountry = (r: CountryRow): Country => ({
  iso_3166_1_a2: r.iso_3166_1_a2,
  iso_3166_1_a3: r.iso_3166_1_a3,
  iso_3166_1_numeric: r.iso_3166_1_numeric,
  name: r.name,
  printable_name: r.name,
  display_order: r.display_order,
  is_shipping_country: r.is_shipping_country === 1,
});

export async function listCountries(ctx: AppContext): Promise<Country[]> {
  return (await selectCountries(ctx.db.kysely)).map(toCountry);
}

export async function getCountry(ctx: AppContext, code: string): Promise<Country> {
  const row = await findCountry(ctx.db.kysely, code);
  if (!row) throw new NotFound('Country');
  return toCountry(row);
}

export async function countryExists(db: Kysely<Database>, code: string): Promise<boolean> {
  return (await findCountry(db, code)) !== undefined;
}

/** Of these products, the digital ones that deliver a document, with its id: what a paid order lets its buyer download. */
export async function documentsOfProducts(db: Kysely<Database>, productIds: number[]): Promise<Map<number, number>> {
  return new Map((await productDocuments(db, productIds)).map((r) => [r.id, r.document_id]));
}

/** Products whose picture is this library picture: what deleting it would break. */
export async function productsShowingPictureAt(ctx: AppContext, url: string): Promise<Array<{ what: string; id: number; title: string }>> {
  return (await productsShowingPicture(ctx.db.kysely, url)).map((r) => ({ what: 'product', ...r }));
}
