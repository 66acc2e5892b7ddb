import { z } from 'zod';
import { pageQuery, paginated, picturePath } from './common.js';
import { amount, blank, bodyId, countryCode, id, optionalText, slug, text } from './shop-fields.js';
import { languageField, translationsOf } from './translations.js';

// Catalogue

/**
 * `lang`: the language of the editorial texts in an answer (product categories' names and descriptions, product
 * options' names, shipping methods' names and descriptions), else the cookie's or Accept-Language's. Product
 * titles and descriptions are not translated.
 */
export const shopLanguageQuery = z.object({ lang: languageField.optional() });

export const productClass = z.enum(['physical', 'membership', 'digital']);
/** As stored: `course` products arrive with the courses module. */
export const storedProductClass = z.enum(['physical', 'membership', 'digital', 'course']);

export const price = z.object({
  currency: z.string(),
  excl_tax: z.number().int(),
  incl_tax: z.number().int(),
  tax: z.number().int(),
  is_tax_known: z.boolean(),
});
export type Price = z.infer<typeof price>;

export const availability = z.object({
  is_available_to_buy: z.boolean(),
  /** Null where stock is not counted (membership and digital products). */
  num_available: z.number().int().nullable(),
  message: z.string(),
});
export type Availability = z.infer<typeof availability>;

export const stockRecord = z.object({
  id: z.number().int(),
  product: z.number().int(),
  partner_sku: z.string(),
  price: z.number().int(),
  price_currency: z.string(),
  num_in_stock: z.number().int(),
  num_allocated: z.number().int(),
  /** num_in_stock - num_allocated, never below 0. */
  num_available: z.number().int(),
  low_stock_threshold: z.number().int().nullable(),
  is_low_stock: z.boolean(),
  date_created: z.string(),
  date_updated: z.string(),
});
export type StockRecord = z.infer<typeof stockRecord>;
export const stockRecordList = z.array(stockRecord);
export const stockRecordParams = z.object({ id, stockrecord_id: id });
const stockRecordFields = z.object({
  partner_sku: text(64),
  price: amount,
  num_in_stock: z.number().int().min(0).max(10_000_000),
  low_stock_threshold: z.number().int().min(0).max(10_000_000).nullable(),
});
export const stockRecordWrite = stockRecordFields.extend({ low_stock_threshold: stockRecordFields.shape.low_stock_threshold.default(null) });
export const stockRecordPatch = stockRecordFields.partial();
export type StockRecordWrite = z.infer<typeof stockRecordWrite>;
export type StockRecordChanges = z.infer<typeof stockRecordPatch>;

export const optionType = z.enum(['text', 'integer', 'boolean', 'date']);
export const option = z.object({ id: z.number().int(), name: z.string(), code: z.string(), type: optionType, required: z.boolean() });
export type ProductOption = z.infer<typeof option>;
export const optionList = z.array(option);
/** An option's name (its field's label) in other languages; `name` is the default language's, the fallback. */
const optionTranslations = translationsOf({ name: optionalText(100) });
export const optionWrite = z.object({
  name: text(100),
  code: slug,
  type: optionType.default('text'),
  required: z.boolean().default(false),
  translations: optionTranslations.default({}),
});
export type OptionWrite = z.infer<typeof optionWrite>;

export const shopCategory = z.object({
  id: z.number().int(),
  parent: z.number().int().nullable(),
  name: z.string(),
  slug: z.string(),
  description: z.string(),
  sort_order: z.number().int(),
  /** Names from the top category down, joined with " > ". */
  breadcrumbs: z.string(),
  children: z.array(z.number().int()),
});
export type ShopCategory = z.infer<typeof shopCategory>;
export const shopCategoryList = z.array(shopCategory);
/**
 * A category's name and description in other languages (`{"zh-CN": {"name": "..."}}`); `name` and
 * `description` are the default language's. A field left out or empty falls back to them.
 */
const categoryTranslations = translationsOf({ name: optionalText(100), description: optionalText(2000) });
/** Fields without defaults: PATCH takes any subset of them; `translations` replaces the whole set. */
const categoryFields = z.object({
  name: text(100),
  slug,
  description: optionalText(2000),
  parent: bodyId.nullable(),
  sort_order: z.number().int().min(-10000).max(10000),
  translations: categoryTranslations,
});
export const shopCategoryWrite = categoryFields.extend({
  description: categoryFields.shape.description.default(''),
  translations: categoryTranslations.default({}),
  parent: categoryFields.shape.parent.default(null),
  sort_order: categoryFields.shape.sort_order.default(0),
});
export const shopCategoryPatch = categoryFields.partial();
export type ShopCategoryWrite = z.infer<typeof shopCategoryWrite>;
export type ShopCategoryChanges = z.infer<typeof shopCategoryPatch>;

export const categoryRef = z.object({ id: z.number().int(), name: z.string(), slug: z.string() });

export const productCard = z.object({
  id: z.number().int(),
  title: z.string(),
  slug: z.string(),
  upc: z.string().nullable(),
  product_class: storedProductClass,
  image: z.string().nullable(),
  category: categoryRef.nullable(),
  /** Physical products need shipping. */
  requires_shipping: z.boolean(),
  /** Null when the product has no price (a physical product without stock records). */
  price: price.nullable(),
  availability,
  /** False when withdrawn from sale (only staff see such products). */
  is_public: z.boolean(),
});
export type ProductCard = z.infer<typeof productCard>;
export const productDetail = productCard.extend({
  description: z.string(),
  membership_product: z.number().int().nullable(),
  /** Digital products: the document (admin library) a purchase delivers; without one the product is not sold. */
  document: z.number().int().nullable(),
  is_banner: z.boolean(),
  sort_order: z.number().int(),
  options: z.array(option),
  stockrecords: z.array(stockRecord),
  date_created: z.string(),
  date_updated: z.string(),
});
export type ProductDetail = z.infer<typeof productDetail>;
export const productList = paginated(productCard);
export const productListQuery = pageQuery.extend({
  lang: languageField.optional(),
  /** A product category's id or slug; its sub-categories are included. */
  category: z.string().trim().max(80).optional(),
  q: z.string().trim().min(1, blank).max(100, 'Use at most 100 characters.').optional(),
  product_class: storedProductClass.optional(),
});
export type ProductListQuery = z.infer<typeof productListQuery>;
export const searchParams = z.object({ query: z.string().trim().min(1, blank).max(100, 'Use at most 100 characters.') });
export const searchQuery = pageQuery.extend({ lang: languageField.optional() });

const productFields = z.object({
  product_class: productClass,
  title: text(200),
  slug,
  upc: optionalText(64).nullable(),
  description: optionalText(20000),
  image: picturePath.nullable(),
  category: bodyId.nullable(),
  /** Membership products: the membership product (plan and period) the purchase grants. */
  membership_product: bodyId.nullable(),
  /** Digital products: the price. Physical products take theirs from a stock record. */
  price: amount.nullable(),
  /** Digital products: the document (admin library) the purchase delivers; until it has one it is not for sale. */
  document: bodyId.nullable(),
  is_public: z.boolean(),
  is_banner: z.boolean(),
  sort_order: z.number().int().min(-10000).max(10000),
  option_ids: z.array(bodyId).max(20, 'Use at most 20 options.'),
});
export const productWrite = productFields.extend({
  upc: productFields.shape.upc.default(null),
  description: productFields.shape.description.default(''),
  image: productFields.shape.image.default(null),
  category: productFields.shape.category.default(null),
  membership_product: productFields.shape.membership_product.default(null),
  price: productFields.shape.price.default(null),
  document: productFields.shape.document.default(null),
  is_public: productFields.shape.is_public.default(true),
  is_banner: productFields.shape.is_banner.default(false),
  sort_order: productFields.shape.sort_order.default(0),
  option_ids: productFields.shape.option_ids.default([]),
});
export const productPatch = productFields.partial();
export type ProductWrite = z.infer<typeof productWrite>;
export type ProductChanges = z.infer<typeof productPatch>;

export const range = z.object({
  id: z.number().int(),
  name: z.string(),
  slug: z.string(),
  description: z.string(),
  includes_all_products: z.boolean(),
  products: z.array(z.number().int()),
});
export type Range = z.infer<typeof range>;
export const rangeList = z.array(range);
const rangeFields = z.object({
  name: text(100),
  slug,
  description: optionalText(2000),
  includes_all_products: z.boolean(),
  products: z.array(bodyId).max(1000, 'Use at most 1000 products.'),
});
export const rangeWrite = rangeFields.extend({
  description: rangeFields.shape.description.default(''),
  includes_all_products: rangeFields.shape.includes_all_products.default(false),
  products: rangeFields.shape.products.default([]),
});
export const rangePatch = rangeFields.partial();
export type RangeWrite = z.infer<typeof rangeWrite>;
export type RangeChanges = z.infer<typeof rangePatch>;

export const country = z.object({
  iso_3166_1_a2: z.string(),
  iso_3166_1_a3: z.string(),
  iso_3166_1_numeric: z.string(),
  /** In English; the PWA shows the reader's language by the code. */
  name: z.string(),
  printable_name: z.string(),
  display_order: z.number().int(),
  is_shipping_country: z.boolean(),
});
export type Country = z.infer<typeof country>;
export const countryList = z.array(country);
export const countryParams = z.object({ code: countryCode });
