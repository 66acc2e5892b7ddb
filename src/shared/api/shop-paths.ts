// Kept apart from the zod schemas so the browser bundle can use the paths without zod.
/**
 * Paths of the shop calls, relative to API_PREFIX, named as django-oscar-api names them. Product categories
 * live under `shop/categories`, because `categories` are the articles' categories. The catalogue is public
 * (withdrawn products: staff); baskets and addresses answer their owner and staff (others get 404);
 * catalogue writes are for staff. Category names and descriptions and option names are answered in `lang`
 * (else the cookie's or Accept-Language's language); product titles are not translated.
 */
export const shopPaths = {
  /** GET the shop's links (as oscar-api's API root). */
  root: '/shop',
  /** GET products (`category`, `q`, `product_class`, page); POST a product (staff). */
  products: '/shop/products',
  /** GET a product; PATCH, DELETE (staff). */
  product: '/products/:id',
  availability: '/products/:id/availability',
  price: '/products/:id/price',
  /** GET a product's stock records; POST one (staff). */
  stockRecords: '/products/:id/stockrecords',
  /** GET a stock record; PATCH, DELETE (staff). */
  stockRecord: '/products/:id/stockrecords/:stockrecord_id',
  /** GET product categories; POST one (staff). */
  categories: '/shop/categories',
  /** GET a product category; PATCH, DELETE (staff). */
  category: '/shop/categories/:id',
  /** GET ranges; POST one (staff). */
  ranges: '/ranges',
  /** GET a range; PATCH, DELETE (staff). */
  range: '/ranges/:id',
  /** GET product options; POST one (staff). */
  options: '/options',
  option: '/options/:id',
  countries: '/countries',
  country: '/countries/:code',
  /** GET course products flagged for the banner. */
  courseBanner: '/course_banner',
  /** GET products matching the query (title and description). */
  search: '/search/:query',
  /** GET vouchers, POST one (staff). */
  vouchers: '/shop/vouchers',
  voucher: '/shop/vouchers/:id',
  /** GET shipping methods, POST one (staff). */
  shippingMethods: '/shop/shipping-methods',
  shippingMethod: '/shop/shipping-methods/:id',
  /** GET the caller's open basket (created on first use). */
  basket: '/basket',
  basketAddProduct: '/basket/add-product',
  basketAddVoucher: '/basket/add-voucher',
  basketRemoveVoucher: '/basket/remove-voucher',
  /** GET the methods that can ship the caller's basket; POST chooses one. */
  basketShippingMethods: '/basket/shipping-methods',
  /** GET the caller's baskets (staff: every basket). */
  baskets: '/baskets',
  basketById: '/baskets/:id',
  lines: '/baskets/:id/lines',
  line: '/baskets/:id/lines/:line_id',
  lineAttribute: '/baskets/:id/lines/:line_id/lineattributes/:attribute_id',
  userAddresses: '/useraddresses',
  userAddress: '/useraddresses/:id',
} as const;

/**
 * The client operation id of a basket change. Repeating a change with the same id changes nothing and
 * answers what the first one answered (an offline outbox replays safely).
 */
export const OP_ID_HEADER = 'idempotency-key';
/** Most of one product in a line; more is refused (400), less than asked is clamped to stock. */
export const MAX_LINE_QUANTITY = 99;
/** Membership and digital products: one per basket line, since a second copy adds nothing. */
export const SINGLE_COPY_CLASSES = ['membership', 'digital'] as const;
/** Addresses a user may keep. */
export const MAX_USER_ADDRESSES = 50;
/** Days a basket change's answer is kept for replay. */
export const OP_RETENTION_DAYS = 30;
