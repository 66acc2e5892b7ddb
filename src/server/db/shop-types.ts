import type { Generated } from 'kysely';

/**
 * Shop tables (migration 0013). Money is an integer count of the currency's minor unit; booleans are 0/1
 * and timestamps ISO-8601 text, as everywhere.
 */
type Flag = 0 | 1;

/** `course` products arrive with the courses module; the contract does not accept it yet. */
export type ProductClass = 'physical' | 'membership' | 'digital' | 'course';
export type OptionType = 'text' | 'integer' | 'boolean' | 'date';
export type BasketStatus = 'open' | 'frozen' | 'submitted';
export type DiscountType = 'percentage' | 'fixed';

export interface ShopCategoriesTable {
  id: Generated<number>;
  parent_id: number | null;
  name: string;
  slug: string;
  description: string;
  sort_order: number;
  created_at: string;
  updated_at: string;
  /** JSON: the name and description in other languages, by language (migration 0027). */
  translations: Generated<string>;
}

/** `name` labels the option's field on the product page. */
export interface ShopOptionsTable {
  id: Generated<number>;
  name: string;
  code: string;
  type: OptionType;
  required: Flag;
  created_at: string;
  /** JSON: the name in other languages, by language (migration 0027). */
  translations: Generated<string>;
}

/**
 * A product; its price comes from its stock records (physical), its membership product (membership) or
 * `price` (digital). `is_public` 0 withdraws it from sale.
 */
export interface ShopProductsTable {
  id: Generated<number>;
  product_class: ProductClass;
  title: string;
  slug: string;
  upc: string | null;
  description: string;
  image: string | null;
  category_id: number | null;
  membership_product_id: number | null;
  price: number | null;
  is_public: Flag;
  is_banner: Flag;
  sort_order: number;
  created_at: string;
  updated_at: string;
  /** Digital products: the document (admin library) the purchase delivers; without one it is not sold (migration 0024). */
  document_id: Generated<number | null>;
}

export interface ShopProductOptionsTable {
  product_id: number;
  option_id: number;
}

/** Available to sell = num_in_stock - num_allocated (allocations are unpaid orders' reservations). */
export interface ShopStockRecordsTable {
  id: Generated<number>;
  product_id: number;
  partner_sku: string;
  price: number;
  num_in_stock: number;
  num_allocated: number;
  low_stock_threshold: number | null;
  created_at: string;
  updated_at: string;
}

export interface ShopRangesTable {
  id: Generated<number>;
  name: string;
  slug: string;
  description: string;
  includes_all_products: Flag;
  created_at: string;
  updated_at: string;
}

export interface ShopRangeProductsTable {
  range_id: number;
  product_id: number;
}

/** `value`: a percentage (1-100) or an amount in minor units; `range_id` null = the whole basket. */
export interface ShopVouchersTable {
  id: Generated<number>;
  name: string;
  code: string;
  discount_type: DiscountType;
  value: number;
  range_id: number | null;
  min_spend: number;
  usage_limit: number | null;
  per_user_limit: number | null;
  /** Raised at checkout by a conditional update (`num_used < usage_limit`). */
  num_used: number;
  starts_at: string;
  ends_at: string | null;
  is_active: Flag;
  created_at: string;
  updated_at: string;
}

/** One use of a voucher by a user; `reference` (e.g. the order) is unique, so an order uses it once. */
export interface ShopVoucherUsagesTable {
  id: Generated<number>;
  voucher_id: number;
  /** Null once the user's account is deleted: the use still counts in the voucher's `num_used` (migration 0026). */
  user_id: number | null;
  reference: string;
  created_at: string;
}

export interface ShopCountriesTable {
  iso_3166_1_a2: string;
  iso_3166_1_a3: string;
  iso_3166_1_numeric: string;
  name: string;
  display_order: number;
  is_shipping_country: Flag;
}

/** Free at or above `free_over` (goods after discounts); limited to the listed countries when there are any. */
export interface ShopShippingMethodsTable {
  id: Generated<number>;
  code: string;
  name: string;
  description: string;
  charge: number;
  free_over: number | null;
  is_active: Flag;
  sort_order: number;
  created_at: string;
  updated_at: string;
  /** JSON: other languages' versions of the texts, by language (migration 0020). */
  translations: Generated<string>;
}

/** A country a method serves; `charge` null = the method's own charge. */
export interface ShopShippingMethodCountriesTable {
  method_id: number;
  country: string;
  charge: number | null;
}

export interface ShopUserAddressesTable {
  id: Generated<number>;
  user_id: number;
  title: string;
  first_name: string;
  last_name: string;
  line1: string;
  line2: string;
  line3: string;
  line4: string;
  state: string;
  postcode: string;
  country: string;
  phone_number: string;
  notes: string;
  is_default_for_shipping: Flag;
  is_default_for_billing: Flag;
  created_at: string;
  updated_at: string;
}

export interface ShopBasketsTable {
  id: Generated<number>;
  owner_id: number;
  status: BasketStatus;
  voucher_id: number | null;
  shipping_method_id: number | null;
  shipping_country: string | null;
  created_at: string;
  updated_at: string;
}

/** `price_at_add` is the unit price the shopper last saw, so a change can be reported. */
export interface ShopBasketLinesTable {
  id: Generated<number>;
  basket_id: number;
  line_reference: string;
  product_id: number;
  stockrecord_id: number | null;
  quantity: number;
  price_at_add: number;
  created_at: string;
  updated_at: string;
}

export interface ShopLineAttributesTable {
  id: Generated<number>;
  line_id: number;
  option_id: number;
  value: string;
}

/** The stored answer of a basket change, per user and client operation id. */
export interface ShopBasketOpsTable {
  user_id: number;
  op_id: string;
  request_hash: string;
  /** Null while the change is being made (the claim), then the answer's status and JSON body. */
  status: number | null;
  body: string | null;
  created_at: string;
}

export interface ShopTables {
  shop_categories: ShopCategoriesTable;
  shop_options: ShopOptionsTable;
  shop_products: ShopProductsTable;
  shop_product_options: ShopProductOptionsTable;
  shop_stock_records: ShopStockRecordsTable;
  shop_ranges: ShopRangesTable;
  shop_range_products: ShopRangeProductsTable;
  shop_vouchers: ShopVouchersTable;
  shop_voucher_usages: ShopVoucherUsagesTable;
  shop_countries: ShopCountriesTable;
  shop_shipping_methods: ShopShippingMethodsTable;
  shop_shipping_method_countries: ShopShippingMethodCountriesTable;
  shop_user_addresses: ShopUserAddressesTable;
  shop_baskets: ShopBasketsTable;
  shop_basket_lines: ShopBasketLinesTable;
  shop_line_attributes: ShopLineAttributesTable;
  shop_basket_ops: ShopBasketOpsTable;
}
