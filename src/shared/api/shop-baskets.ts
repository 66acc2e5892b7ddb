import { z } from 'zod';
import { pageQuery, paginated } from './common.js';
import { storedProductClass } from './shop-catalogue.js';
import { bodyId, countryCode, id, slug } from './shop-fields.js';
import { shippingMethod, voucherCode } from './shop-offers.js';
import { MAX_LINE_QUANTITY } from './shop-paths.js';

// Baskets

export const correctionCode = z.enum(['price_changed', 'quantity_clamped', 'out_of_stock', 'product_withdrawn', 'voucher_removed', 'shipping_method_removed']);
/** Something the server changed in the basket, for the shopper to see. */
export const correction = z.object({
  code: correctionCode,
  line: z.number().int().nullable(),
  product: z.number().int().nullable(),
  message: z.string(),
  /** The old and new unit price, or the quantity asked for and the quantity kept. */
  old_value: z.number().int().nullable(),
  new_value: z.number().int().nullable(),
});
export type Correction = z.infer<typeof correction>;

export const lineAttribute = z.object({ id: z.number().int(), line: z.number().int(), option: z.number().int(), option_code: z.string(), value: z.string() });
export type LineAttribute = z.infer<typeof lineAttribute>;

export const basketLine = z.object({
  id: z.number().int(),
  basket: z.number().int(),
  product: z.number().int(),
  product_title: z.string(),
  product_class: storedProductClass,
  stockrecord: z.number().int().nullable(),
  quantity: z.number().int(),
  attributes: z.array(lineAttribute),
  price_currency: z.string(),
  unit_price: z.number().int(),
  /** Line totals; tax is zero unless configured. */
  price_excl_tax: z.number().int(),
  price_incl_tax: z.number().int(),
  price_excl_tax_excl_discounts: z.number().int(),
  price_incl_tax_excl_discounts: z.number().int(),
  discount: z.number().int(),
  is_tax_known: z.boolean(),
  warning: z.string().nullable(),
  date_created: z.string(),
  date_updated: z.string(),
});
export type BasketLine = z.infer<typeof basketLine>;
export const basketLineList = z.array(basketLine);
export const basketLineChanged = basketLine.extend({ corrections: z.array(correction) });
export type BasketLineChanged = z.infer<typeof basketLineChanged>;

export const voucherDiscount = z.object({
  voucher: z.object({ name: z.string(), code: z.string(), start_datetime: z.string(), end_datetime: z.string().nullable() }),
  name: z.string(),
  description: z.string(),
  amount: z.number().int(),
  /** False while the basket does not meet the voucher's conditions (kept, applies again when it does). */
  applied: z.boolean(),
});

export const basketStatus = z.enum(['open', 'frozen', 'submitted']);
export const basket = z.object({
  id: z.number().int(),
  owner: z.number().int(),
  status: basketStatus,
  lines: z.array(basketLine),
  currency: z.string(),
  total_excl_tax: z.number().int(),
  total_excl_tax_excl_discounts: z.number().int(),
  total_incl_tax: z.number().int(),
  total_incl_tax_excl_discounts: z.number().int(),
  total_tax: z.number().int(),
  is_tax_known: z.boolean(),
  voucher_discounts: z.array(voucherDiscount),
  shipping_required: z.boolean(),
  shipping_country: z.string().nullable(),
  shipping_method: shippingMethod.nullable(),
  shipping_charge: z.number().int(),
  /** Goods after discounts, plus shipping and tax: what checkout will ask for. */
  order_total: z.number().int(),
  /** What the server changed to keep the basket true to the catalogue, in this answer. */
  corrections: z.array(correction),
  date_created: z.string(),
  date_updated: z.string(),
});
export type Basket = z.infer<typeof basket>;
export const basketSummary = z.object({
  id: z.number().int(),
  owner: z.number().int(),
  status: basketStatus,
  num_lines: z.number().int(),
  date_created: z.string(),
  date_updated: z.string(),
});
export const basketList = paginated(basketSummary);
export const basketListQuery = pageQuery.extend({
  /** Staff only: one user's baskets. */
  owner: id.optional(),
  status: basketStatus.optional(),
});
export type BasketListQuery = z.infer<typeof basketListQuery>;

const shippingChoice = z.object({
  shipping_country: countryCode.nullable(),
  /** A shipping method's code. */
  shipping_method: slug.nullable(),
});
export const basketWrite = shippingChoice;
export const basketPatch = shippingChoice.partial();
export type BasketChanges = z.infer<typeof basketPatch>;

const optionValue = z.object({ option: bodyId, value: z.string().trim().max(500, 'Use at most 500 characters.') });
export const addProductBody = z.object({
  product: bodyId,
  quantity: z.number().int().min(1).max(MAX_LINE_QUANTITY, `Use at most ${MAX_LINE_QUANTITY}.`).default(1),
  stockrecord: bodyId.nullable().default(null),
  options: z.array(optionValue).max(20).default([]),
});
export type AddProduct = z.infer<typeof addProductBody>;
export const lineWrite = z.object({ quantity: z.number().int().min(1).max(MAX_LINE_QUANTITY, `Use at most ${MAX_LINE_QUANTITY}.`) });
export const linePatch = lineWrite.partial();
export const lineParams = z.object({ id, line_id: id });
export const lineAttributeParams = z.object({ id, line_id: id, attribute_id: id });
export const lineAttributeWrite = z.object({ value: z.string().trim().max(500, 'Use at most 500 characters.') });
export const lineAttributePatch = lineAttributeWrite.partial();
export const voucherCodeBody = z.object({ vouchercode: voucherCode });
