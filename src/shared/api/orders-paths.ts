// Kept apart from the zod schemas so the browser bundle can use the paths without zod.
/**
 * Paths of the checkout and order calls, relative to API_PREFIX, named as django-oscar-api names them.
 * Every call needs a login (but a download, by its signed link); an order answers its owner and staff (others
 * get 404). Every write takes an `Idempotency-Key` header: the same key with the same body answers what the
 * first answered.
 */
export const ordersPaths = {
  /** POST: the basket becomes an order (prices frozen, stock reserved, voucher used). */
  checkout: '/checkout',
  /** POST: one product bought now, without a basket. */
  quickCheckout: '/quick_checkout',
  /** POST: a basket of one product, apart from the caller's open basket. */
  quickCreateBasket: '/quick_create_basket',
  /** POST: the order of a basket made by quick_create_basket. */
  quickCreateOrder: '/quick_create_order',
  /** GET the caller's orders; staff: every order (filters). */
  orders: '/orders',
  order: '/orders/:id',
  orderLines: '/orders/:id/lines',
  /** POST (staff): paid -> fulfilled. */
  orderFulfil: '/orders/:id/fulfil',
  /** POST (staff): pending -> cancelled; the stock and the voucher use go back. */
  orderCancel: '/orders/:id/cancel',
  /** POST (staff): paid or fulfilled -> refunded, with a refund record. */
  orderRefund: '/orders/:id/refund',
  orderlines: '/orderlines',
  orderline: '/orderlines/:id',
  /**
   * GET the file a paid line of a digital product delivers, by the signed link (`exp`, `sig`) its order gives
   * as `download_url`: no login, so a plain link works.
   */
  orderlineDownload: '/orderlines/:id/download',
  orderlineattributes: '/orderlineattributes',
  orderlineattribute: '/orderlineattributes/:id',
  /** GET the caller's own orders (query: status, page). */
  myOrder: '/my_order',
} as const;

export const ORDER_STATUSES = ['pending', 'paid', 'fulfilled', 'cancelled', 'refunded', 'expired'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
export const PAYMENT_METHODS = ['alipay', 'wechatpay', 'dev'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
/** Most units of one product bought at once by quick checkout. */
export const MAX_QUICK_QUANTITY = 99;
/** Days an order write's answer is kept for a repeated `Idempotency-Key`. */
export const ORDER_KEY_RETENTION_DAYS = 30;
