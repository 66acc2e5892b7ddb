import type { Kysely } from 'kysely';
import type { PageQuery } from '../../../shared/api/common.js';
import type { Availability, Price, ProductCard, ProductChanges, ProductDetail, ProductListQuery, ProductWrite } from '../../../shared/api/shop.js';
import type { Language } from '../../../shared/i18n/index.js';
import type { Database } from '../../db/types.js';
import { isStaff, type Actor } from '../../platform/auth.js';
import type { AppContext } from '../../platform/context.js';
import { Conflict, Invalid, NotFound } from '../../platform/errors.js';
import { offsetOf } from '../../platform/http.js';
import { nowIso } from '../../platform/time.js';
import { documentExists } from '../admin/documents-service.js';
import { getProduct as getMembershipProduct } from '../membership/service.js';
import {
  countOptions,
  countProducts,
  deleteProduct as removeProduct,
  findCategory,
  findProduct,
  findProductBySlug,
  findProductByUpc,
  insertProduct,
  listProducts as selectProducts,
  optionsOfProducts,
  productDocuments,
  productInBaskets,
  productsShowingPicture,
  setProductOptions,
  stockRecordsOf,
  updateProduct as writeProduct,
  type ProductRow,
} from './catalogue-repo.js';
import { toAvailability, toCard, toOption, toPrice, toStockRecord } from './catalogue-shapes.js';
import { categoryAndBelow } from './category-service.js';
import { membershipPrices, productStates, stateOf } from './product-state.js';

/*
 * The products of the catalogue: what anyone may read of them, and what staff write. Categories and options,
 * stock records, ranges and countries have their own services; a product's state (price, stock) is in
 * product-state.ts.
 */

// Products

/** Withdrawn products (not public) exist only for staff. */
export async function visibleProduct(ctx: AppContext, actor: Actor | null, id: number): Promise<ProductRow> {
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

/** Of these products, the digital ones that deliver a document, with its id: what a paid order lets its buyer download. */
export async function documentsOfProducts(db: Kysely<Database>, productIds: number[]): Promise<Map<number, number>> {
  return new Map((await productDocuments(db, productIds)).map((r) => [r.id, r.document_id]));
}

/** Products whose picture is this library picture: what deleting it would break. */
export async function productsShowingPictureAt(ctx: AppContext, url: string): Promise<Array<{ what: string; id: number; title: string }>> {
  return (await productsShowingPicture(ctx.db.kysely, url)).map((r) => ({ what: 'product', ...r }));
}
