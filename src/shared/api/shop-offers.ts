import { z } from 'zod';
import { paginated } from './common.js';
import { amount, blank, bodyId, countryCode, instant, optionalText, slug, text } from './shop-fields.js';
import { languageField, translationsOf } from './translations.js';

// Vouchers and shipping (staff)

export const discountType = z.enum(['percentage', 'fixed']);
export const voucher = z.object({
  id: z.number().int(),
  name: z.string(),
  code: z.string(),
  discount_type: discountType,
  /** A percentage (1-100) or an amount in the minor unit. */
  value: z.number().int(),
  /** Null: the whole basket. */
  range: z.number().int().nullable(),
  min_spend: z.number().int(),
  usage_limit: z.number().int().nullable(),
  per_user_limit: z.number().int().nullable(),
  num_used: z.number().int(),
  start_datetime: z.string(),
  end_datetime: z.string().nullable(),
  is_active: z.boolean(),
});
export type Voucher = z.infer<typeof voucher>;
export const voucherList = paginated(voucher);
export const voucherCode = z
  .string()
  .trim()
  .min(1, blank)
  .max(64, 'Use at most 64 characters.')
  .regex(/^[A-Za-z0-9_-]+$/, 'Use letters, digits, "-" or "_".')
  .transform((v) => v.toUpperCase());
const voucherFields = z.object({
  name: text(100),
  code: voucherCode,
  discount_type: discountType,
  value: z.number().int().min(1).max(100_000_000),
  range: bodyId.nullable(),
  min_spend: amount,
  usage_limit: z.number().int().min(1).max(100_000_000).nullable(),
  per_user_limit: z.number().int().min(1).max(1000).nullable(),
  start_datetime: instant,
  end_datetime: instant.nullable(),
  is_active: z.boolean(),
});
export const voucherWrite = voucherFields.extend({
  range: voucherFields.shape.range.default(null),
  min_spend: voucherFields.shape.min_spend.default(0),
  usage_limit: voucherFields.shape.usage_limit.default(null),
  per_user_limit: voucherFields.shape.per_user_limit.default(null),
  end_datetime: voucherFields.shape.end_datetime.default(null),
  is_active: voucherFields.shape.is_active.default(true),
});
export const voucherPatch = voucherFields.partial();
export type VoucherWrite = z.infer<typeof voucherWrite>;
export type VoucherChanges = z.infer<typeof voucherPatch>;

const countryCharge = z.object({ country: countryCode, charge: amount.nullable().default(null) });
/**
 * A method's name and description in other languages (`{"zh-CN": {"name": "..."}}`); `name` and
 * `description` are the default language's. A field left out or empty falls back to them.
 */
const shippingTranslations = translationsOf({ name: optionalText(100), description: optionalText(1000) });
export const shippingMethodAdmin = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  description: z.string(),
  charge: z.number().int(),
  /** Free when the goods (after discounts) cost at least this much; null: never free. */
  free_over: z.number().int().nullable(),
  /** Empty: every country; otherwise only these, each at its own charge or the method's. */
  countries: z.array(z.object({ country: z.string(), charge: z.number().int().nullable() })),
  is_active: z.boolean(),
  sort_order: z.number().int(),
  /** The name and description in other languages; `name` and `description` are always the default texts. */
  translations: shippingTranslations,
});
export type ShippingMethodAdmin = z.infer<typeof shippingMethodAdmin>;
export const shippingMethodAdminList = z.array(shippingMethodAdmin);
const shippingFields = z.object({
  code: slug,
  name: text(100),
  description: optionalText(1000),
  charge: amount,
  free_over: amount.nullable(),
  countries: z.array(countryCharge).max(300),
  is_active: z.boolean(),
  sort_order: z.number().int().min(-10000).max(10000),
  translations: shippingTranslations,
});
export const shippingMethodWrite = shippingFields.extend({
  description: shippingFields.shape.description.default(''),
  translations: shippingTranslations.default({}),
  free_over: shippingFields.shape.free_over.default(null),
  countries: shippingFields.shape.countries.default([]),
  is_active: shippingFields.shape.is_active.default(true),
  sort_order: shippingFields.shape.sort_order.default(0),
});
export const shippingMethodPatch = shippingFields.partial();
export type ShippingMethodWrite = z.infer<typeof shippingMethodWrite>;
export type ShippingMethodChanges = z.infer<typeof shippingMethodPatch>;

/** A method as offered for a basket (oscar-api's shape): `price` is what this basket would pay. */
export const shippingMethod = z.object({
  code: z.string(),
  name: z.string(),
  description: z.string(),
  price: z.number().int(),
  is_discounted: z.boolean(),
  /** How much the free-over rule takes off. */
  discount: z.number().int(),
});
export type ShippingMethod = z.infer<typeof shippingMethod>;
export const shippingMethodList = z.array(shippingMethod);
/** `lang`: the methods' names and descriptions in this language (else the cookie's or Accept-Language's). */
export const shippingMethodsQuery = z.object({ country: countryCode.optional(), lang: languageField.optional() });
export const chooseShippingBody = z.object({ code: slug, country: countryCode });
