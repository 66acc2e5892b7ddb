import { z } from 'zod';
import { MAX_ID, pageQuery, paginated, picturePath } from './common.js';
import { MAX_LINE_QUANTITY, OP_ID_HEADER } from './shop-paths.js';
import { languageField, translationsOf } from './translations.js';

export * from './shop-paths.js';

const id = z.coerce.number().int().positive().max(MAX_ID);
const bodyId = z.number().int().positive().max(MAX_ID);
/** Money in the currency's minor unit (fen for CNY). */
const amount = z.number().int('Use an integer amount in the minor unit.').min(0).max(100_000_000);
const blank = 'This field may not be blank.';
const text = (max: number) => z.string().trim().min(1, blank).max(max, `Use at most ${max} characters.`);
const optionalText = (max: number) => z.string().trim().max(max, `Use at most ${max} characters.`);
const slug = z
  .string()
  .trim()
  .min(1, blank)
  .max(80, 'Use at most 80 characters.')
  .regex(/^[a-z0-9]+(?:[-_][a-z0-9]+)*$/, 'Use lower-case letters, digits, "-" or "_".');
const countryCode = z
  .string()
  .trim()
  .regex(/^[A-Za-z]{2}$/, 'Use a two-letter ISO 3166-1 country code.')
  .transform((v) => v.toUpperCase());
const instant = z.iso.datetime({ offset: true });

/** Every basket change may carry a client operation id in the `Idempotency-Key` header. */
export const opHeaders = z.object({
  [OP_ID_HEADER]: z
    .string()
    .min(1)
    .max(100, 'Use at most 100 characters.')
    .regex(/^[\x21-\x7e]+$/, 'Use printable ASCII without spaces.')
    .optional(),
});

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
const voucherCode = z
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

// User addresses

export const userAddress = z.object({
  id: z.number().int(),
  title: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  line1: z.string(),
  line2: z.string(),
  line3: z.string(),
  /** City. */
  line4: z.string(),
  state: z.string(),
  postcode: z.string(),
  country: z.string(),
  phone_number: z.string(),
  notes: z.string(),
  is_default_for_shipping: z.boolean(),
  is_default_for_billing: z.boolean(),
  date_created: z.string(),
  date_updated: z.string(),
});
export type UserAddress = z.infer<typeof userAddress>;
export const userAddressList = z.array(userAddress);
const addressFields = z.object({
  title: optionalText(64),
  first_name: optionalText(100),
  last_name: text(100),
  line1: text(255),
  line2: optionalText(255),
  line3: optionalText(255),
  line4: optionalText(255),
  state: optionalText(255),
  postcode: optionalText(64),
  country: countryCode,
  phone_number: z
    .string()
    .trim()
    .max(32, 'Use at most 32 characters.')
    .regex(/^[+0-9 ()-]*$/, 'Use digits, spaces, "+", "-" and parentheses.'),
  notes: optionalText(1000),
  is_default_for_shipping: z.boolean(),
  is_default_for_billing: z.boolean(),
});
export const userAddressWrite = addressFields.extend({
  title: addressFields.shape.title.default(''),
  first_name: addressFields.shape.first_name.default(''),
  line2: addressFields.shape.line2.default(''),
  line3: addressFields.shape.line3.default(''),
  line4: addressFields.shape.line4.default(''),
  state: addressFields.shape.state.default(''),
  postcode: addressFields.shape.postcode.default(''),
  phone_number: addressFields.shape.phone_number.default(''),
  notes: addressFields.shape.notes.default(''),
  is_default_for_shipping: addressFields.shape.is_default_for_shipping.default(false),
  is_default_for_billing: addressFields.shape.is_default_for_billing.default(false),
});
export const userAddressPatch = addressFields.partial();
export type UserAddressWrite = z.infer<typeof userAddressWrite>;
export type UserAddressChanges = z.infer<typeof userAddressPatch>;

/** The API root: every shop call's absolute URL, by oscar-api's names. */
export const shopRoot = z.record(z.string(), z.string());
