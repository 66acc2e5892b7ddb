import { sql, type Kysely } from 'kysely';
import { SINGLE_COPY_CLASSES } from '../../../shared/api/shop.js';
import type { Language } from '../../../shared/i18n/index.js';
import type { ProductClass } from '../../db/shop-types.js';
import type { Database } from '../../db/types.js';
import { Conflict, Invalid } from '../../platform/errors.js';
import { findAddress, type AddressRow } from './address-repo.js';
import { attributesOfLines, findBasket, insertAttributes, insertLine, linesOf, type BasketRow } from './basket-repo.js';
import { findCountry, findProduct, findProductsByIds, optionsOfProducts, stockRecordsOf } from './catalogue-repo.js';
import { requiresShipping, stateOf, type MembershipPrices } from './product-state.js';
import { productsInRange, voucherUsesBy, type VoucherRow } from './offers-repo.js';
import { chargeFor, findVoucher, methodsWithCountries, methodTexts, voucherUnusable } from './offers-service.js';
import { basketTotals } from './totals.js';

/**
 * What the checkout needs of the shop, inside the checkout's transaction: the basket priced as it stands,
 * stock held and given back by conditional updates of `num_allocated` (never below what is in stock, on
 * either engine), voucher uses claimed under the voucher's limits, and the basket closed for changes.
 */

export interface PricedLine {
  basketLineId: number;
  productId: number;
  productClass: ProductClass;
  membershipProductId: number | null;
  title: string;
  stockrecordId: number | null;
  partnerSku: string | null;
  quantity: number;
  unitPrice: number;
  discount: number;
  attributes: { option_id: number; option_code: string; value: string }[];
}

export interface PricedBasket {
  basket: BasketRow;
  lines: PricedLine[];
  subtotal: number;
  discount: number;
  /** The voucher when it takes something off (its use is claimed with the order). */
  voucher: VoucherRow | null;
  shippingRequired: boolean;
  shipping: { code: string; name: string; price: number } | null;
  total: number;
}

/** The caller's basket for a checkout: the open basket or a quick basket, never anyone else's. */
export async function basketForCheckout(trx: Kysely<Database>, ownerId: number, basketId: number): Promise<BasketRow> {
  const basket = await findBasket(trx, basketId);
  if (!basket || basket.owner_id !== ownerId) throw Invalid.field('basket', 'No such basket of yours.');
  if (basket.status === 'submitted') throw new Conflict('basket: This basket has been ordered already.', { basket: 'This basket has been ordered already.' });
  return basket;
}

export async function ownAddress(trx: Kysely<Database>, ownerId: number, id: number): Promise<AddressRow> {
  const row = await findAddress(trx, id);
  if (!row || row.user_id !== ownerId) throw Invalid.field('address', 'No such address of yours.');
  return row;
}

export async function isShippingCountry(trx: Kysely<Database>, code: string): Promise<boolean> {
  const row = await findCountry(trx, code);
  return row !== undefined && row.is_shipping_country === 1;
}

/**
 * Prices the basket as the catalogue stands now; a line that cannot be sold as it is (withdrawn, more than
 * in stock) is a 409 naming it, since the shopper must see the change before paying another amount. The
 * shipping method is named in `language`, the shopper's, as the checkout showed it (the order keeps that name).
 */
export async function priceBasket(
  trx: Kysely<Database>,
  basket: BasketRow,
  prices: MembershipPrices,
  shipping: { code: string | undefined; country: string | null },
  now: string,
  language?: Language | null,
): Promise<PricedBasket> {
  const rows = await linesOf(trx, basket.id);
  if (rows.length === 0) throw Invalid.field('basket', 'The basket is empty.');
  const productIds = [...new Set(rows.map((l) => l.product_id))];
  const [products, records, attributes] = await Promise.all([
    findProductsByIds(trx, productIds),
    stockRecordsOf(trx, productIds),
    attributesOfLines(
      trx,
      rows.map((l) => l.id),
    ),
  ]);
  const byId = new Map(products.map((p) => [p.id, p]));
  const lines: PricedLine[] = rows.map((line) => {
    const state = stateOf(byId.get(line.product_id)!, records, prices, line.stockrecord_id);
    const title = state.row.title;
    if (!state.onSale || state.price === null) throw new Conflict(`basket: "${title}" is no longer for sale.`, { basket: `"${title}" is no longer for sale.` });
    if (state.row.product_class === 'course') throw new Conflict(`basket: "${title}" is sold with its course.`, { basket: `"${title}" is sold with its course.` });
    if ((SINGLE_COPY_CLASSES as readonly string[]).includes(state.row.product_class) && line.quantity > 1) {
      throw new Conflict(`basket: One "${title}" is enough.`, { basket: `One "${title}" is enough.` });
    }
    if (state.available !== null && state.available < line.quantity) {
      throw new Conflict(`basket: Only ${state.available} of "${title}" in stock.`, { basket: `Only ${state.available} of "${title}" in stock.` });
    }
    return {
      basketLineId: line.id,
      productId: line.product_id,
      productClass: state.row.product_class,
      membershipProductId: state.row.membership_product_id,
      title,
      stockrecordId: state.record?.id ?? null,
      partnerSku: state.record?.partner_sku ?? null,
      quantity: line.quantity,
      unitPrice: state.price,
      discount: 0,
      attributes: attributes.filter((a) => a.line_id === line.id).map((a) => ({ option_id: a.option_id, option_code: a.option_code, value: a.value })),
    };
  });

  let voucher: VoucherRow | undefined;
  if (basket.voucher_id !== null) {
    voucher = await findVoucher(trx, basket.voucher_id);
    const reason = voucher ? await voucherUnusable(trx, voucher, basket.owner_id, now) : 'The voucher no longer exists.';
    if (reason) throw new Conflict(`voucher: ${reason}`, { voucher: reason });
  }
  const covered = voucher === undefined ? new Set<number>() : voucher.range_id === null ? new Set(productIds) : await productsInRange(trx, voucher.range_id, productIds);

  const shippingRequired = lines.some((l) => requiresShipping(l.productClass));
  let method: { code: string; name: string; charge: number; freeOver: number | null } | null = null;
  if (shippingRequired) {
    if (shipping.country === null) throw Invalid.field('shipping_address', 'Something in this order is shipped: give an address or a shipping_address.');
    const methods = await methodsWithCountries(trx, true);
    const code = shipping.code ?? methods.find((m) => m.row.id === basket.shipping_method_id)?.row.code;
    if (code === undefined) throw Invalid.field('shipping_method_code', 'Choose a shipping method.');
    const found = methods.find((m) => m.row.code === code);
    if (!found) throw Invalid.field('shipping_method_code', 'No such shipping method.');
    const charge = chargeFor(found, shipping.country);
    if (charge === null) throw Invalid.field('shipping_method_code', `This method does not ship to ${shipping.country}.`);
    method = { code: found.row.code, name: methodTexts(found.row, language).name, charge, freeOver: found.row.free_over };
  }

  const totals = basketTotals(
    lines.map((l) => ({ id: l.basketLineId, unitPrice: l.unitPrice, quantity: l.quantity, covered: covered.has(l.productId) })),
    voucher ? { discountType: voucher.discount_type, value: voucher.value, minSpend: voucher.min_spend } : null,
    method ? { charge: method.charge, freeOver: method.freeOver } : null,
  );
  for (const l of lines) l.discount = totals.lineDiscounts.get(l.basketLineId) ?? 0;
  return {
    basket,
    lines,
    subtotal: totals.subtotal,
    discount: totals.discount,
    voucher: voucher && totals.voucherApplied && totals.discount > 0 ? voucher : null,
    shippingRequired,
    shipping: method && totals.shipping ? { code: method.code, name: method.name, price: totals.shipping.price } : null,
    total: totals.total,
  };
}

// Stock

const changed = (result: { numUpdatedRows: bigint }) => result.numUpdatedRows > 0n;

/** Holds units for an unpaid order; false when fewer are available (another order holds or bought them). */
export async function allocateStock(trx: Kysely<Database>, recordId: number, quantity: number, now: string): Promise<boolean> {
  const result = await trx
    .updateTable('shop_stock_records')
    .set({ num_allocated: sql`num_allocated + ${quantity}`, updated_at: now })
    .where('id', '=', recordId)
    .where(sql<boolean>`num_in_stock - num_allocated >= ${quantity}`)
    .executeTakeFirst();
  return changed(result);
}

/** Gives held units back (a released reservation). */
export async function releaseStock(trx: Kysely<Database>, recordId: number, quantity: number, now: string): Promise<void> {
  await trx
    .updateTable('shop_stock_records')
    .set({ num_allocated: sql`case when num_allocated >= ${quantity} then num_allocated - ${quantity} else 0 end`, updated_at: now })
    .where('id', '=', recordId)
    .execute();
}

/** Held units are sold: out of stock and out of the allocation together. */
export async function sellAllocatedStock(trx: Kysely<Database>, recordId: number, quantity: number, now: string): Promise<void> {
  await trx
    .updateTable('shop_stock_records')
    .set({
      num_in_stock: sql`num_in_stock - ${quantity}`,
      num_allocated: sql`case when num_allocated >= ${quantity} then num_allocated - ${quantity} else 0 end`,
      updated_at: now,
    })
    .where('id', '=', recordId)
    .execute();
}

/** Sells units that are no longer held (a payment after the hold ended); false when they are gone. */
export async function sellUnallocatedStock(trx: Kysely<Database>, recordId: number, quantity: number, now: string): Promise<boolean> {
  const result = await trx
    .updateTable('shop_stock_records')
    .set({ num_in_stock: sql`num_in_stock - ${quantity}`, updated_at: now })
    .where('id', '=', recordId)
    .where(sql<boolean>`num_in_stock - num_allocated >= ${quantity}`)
    .executeTakeFirst();
  return changed(result);
}

/** Units of a refunded, unshipped order go back on the shelf. */
export async function restock(trx: Kysely<Database>, recordId: number, quantity: number, now: string): Promise<void> {
  await trx
    .updateTable('shop_stock_records')
    .set({ num_in_stock: sql`num_in_stock + ${quantity}`, updated_at: now })
    .where('id', '=', recordId)
    .execute();
}

// Vouchers

/**
 * Claims one use of the voucher for `reference` (the order): the total count is raised by a conditional
 * update, which on PostgreSQL also locks the voucher row, so the per-user count read next includes every
 * use committed before; a refusal throws, rolling the claim back with the checkout.
 */
export async function claimVoucherUse(trx: Kysely<Database>, voucher: VoucherRow, userId: number, reference: string, now: string): Promise<void> {
  const result = await trx
    .updateTable('shop_vouchers')
    .set({ num_used: sql`num_used + 1`, updated_at: now })
    .where('id', '=', voucher.id)
    .where((eb) => eb.or([eb('usage_limit', 'is', null), eb('num_used', '<', eb.ref('usage_limit'))]))
    .executeTakeFirst();
  const usedUp = `The voucher "${voucher.code}" has been used up.`;
  if (!changed(result)) throw new Conflict(`voucher: ${usedUp}`, { voucher: usedUp });
  if (voucher.per_user_limit !== null && (await voucherUsesBy(trx, voucher.id, userId)) >= voucher.per_user_limit) {
    const reason = `You have used the voucher "${voucher.code}" as often as it allows.`;
    throw new Conflict(`voucher: ${reason}`, { voucher: reason });
  }
  await trx.insertInto('shop_voucher_usages').values({ voucher_id: voucher.id, user_id: userId, reference, created_at: now }).execute();
}

/** Gives a claimed use back; a second call finds no use and changes nothing. */
export async function releaseVoucherUse(trx: Kysely<Database>, voucherId: number, reference: string, now: string): Promise<void> {
  const removed = await trx.deleteFrom('shop_voucher_usages').where('voucher_id', '=', voucherId).where('reference', '=', reference).executeTakeFirst();
  if (removed.numDeletedRows === 0n) return;
  await trx
    .updateTable('shop_vouchers')
    .set({ num_used: sql`case when num_used > 0 then num_used - 1 else 0 end`, updated_at: now })
    .where('id', '=', voucherId)
    .execute();
}

// Baskets

/** Closes the basket for changes once it is ordered; false when another checkout got there first. */
export async function submitBasket(trx: Kysely<Database>, basketId: number, now: string): Promise<boolean> {
  const result = await trx
    .updateTable('shop_baskets')
    .set({ status: 'submitted', updated_at: now })
    .where('id', '=', basketId)
    .where('status', 'in', ['open', 'frozen'])
    .executeTakeFirst();
  return changed(result);
}

export interface QuickBasketLine {
  basket: BasketRow;
  productId: number;
  title: string;
  quantity: number;
  unitPrice: number;
  shippingRequired: boolean;
}

/**
 * A basket of one product, apart from the owner's open basket (status `frozen`: the basket calls do not
 * change it), for a "buy now" that leaves the shopper's basket as it is.
 */
export async function createQuickBasket(
  trx: Kysely<Database>,
  ownerId: number,
  input: { product: number; quantity: number; options: { option: number; value: string }[] },
  prices: MembershipPrices,
  now: string,
): Promise<QuickBasketLine> {
  const product = await findProduct(trx, input.product);
  if (!product || product.is_public !== 1) throw Invalid.field('product', 'No such product for sale.');
  if (product.product_class === 'course') throw Invalid.field('product', 'Course products are bought by their course product.');
  const state = stateOf(product, await stockRecordsOf(trx, [product.id]), prices);
  if (!state.onSale || state.price === null) throw Invalid.field('product', 'This product is not for sale.');
  if ((SINGLE_COPY_CLASSES as readonly string[]).includes(product.product_class) && input.quantity > 1) throw Invalid.field('quantity', 'One is enough of this product.');
  if (state.available !== null && state.available < input.quantity) throw Invalid.field('quantity', `Only ${state.available} in stock.`);
  const own = await optionsOfProducts(trx, [product.id]);
  const seen = new Set<number>();
  for (const given of input.options) {
    const option = own.find((o) => o.id === given.option);
    if (!option) throw Invalid.field('options', `Option ${given.option} does not belong to this product.`);
    if (seen.has(given.option)) throw Invalid.field('options', `Option ${option.code} is given twice.`);
    seen.add(given.option);
  }
  const missing = own.find((o) => o.required === 1 && !input.options.some((g) => g.option === o.id && g.value !== ''));
  if (missing) throw Invalid.field('options', `Option ${missing.code} is required.`);

  const basket = await trx
    .insertInto('shop_baskets')
    .values({ owner_id: ownerId, status: 'frozen', voucher_id: null, shipping_method_id: null, shipping_country: null, created_at: now, updated_at: now })
    .returningAll()
    .executeTakeFirstOrThrow();
  const lineId = await insertLine(trx, {
    basket_id: basket.id,
    line_reference: `${product.id}:quick`,
    product_id: product.id,
    stockrecord_id: state.record?.id ?? null,
    quantity: input.quantity,
    price_at_add: state.price,
    created_at: now,
    updated_at: now,
  });
  await insertAttributes(
    trx,
    lineId,
    input.options.filter((o) => o.value !== ''),
  );
  return { basket, productId: product.id, title: product.title, quantity: input.quantity, unitPrice: state.price, shippingRequired: requiresShipping(product.product_class) };
}

/** A shop product for quick checkout (any public product but a course one). */
export async function productForSale(trx: Kysely<Database>, id: number, prices: MembershipPrices) {
  const product = await findProduct(trx, id);
  if (!product || product.is_public !== 1) throw Invalid.field('product', 'No such product for sale.');
  if (product.product_class === 'course') throw Invalid.field('product', 'Course products are bought by their course product.');
  const state = stateOf(product, await stockRecordsOf(trx, [product.id]), prices);
  if (!state.onSale || state.price === null) throw Invalid.field('product', 'This product is not for sale.');
  return { product, state, price: state.price, shippingRequired: requiresShipping(product.product_class) };
}

/** The public shop product that sells a membership product, if there is one. */
export async function shopProductOfMembership(trx: Kysely<Database>, membershipProductId: number): Promise<number | undefined> {
  const row = await trx
    .selectFrom('shop_products')
    .select('id')
    .where('membership_product_id', '=', membershipProductId)
    .where('product_class', '=', 'membership')
    .where('is_public', '=', 1)
    .orderBy('id')
    .executeTakeFirst();
  return row?.id;
}
