import { z } from 'zod';
import { MAX_ID, pageQuery, paginated } from './common.js';
import { MAX_QUICK_QUANTITY, ORDER_STATUSES, PAYMENT_METHODS } from './orders-paths.js';
import { MAX_LINE_QUANTITY } from './shop-paths.js';
import { opHeaders, postalAddress, userAddressWrite } from './shop.js';

export * from './orders-paths.js';

const id = z.coerce.number().int().positive().max(MAX_ID);
const bodyId = z.number().int().positive().max(MAX_ID);
const amount = z.number().int('Use an integer amount in the minor unit.').min(0).max(100_000_000);
const instant = z.iso.datetime({ offset: true });

/** Every order write may carry an `Idempotency-Key` header (the same header as basket changes). */
export const orderHeaders = opHeaders;

export const orderStatus = z.enum(ORDER_STATUSES);
export const paymentMethod = z.enum(PAYMENT_METHODS, 'Use one of alipay, wechatpay, dev.');

/** The address an order ships to, as written at checkout (a copy: later edits of the address book do not reach it). */
export const shippingAddressInput = userAddressWrite.omit({ is_default_for_shipping: true, is_default_for_billing: true });
export const orderAddress = postalAddress;
export type OrderAddress = z.infer<typeof orderAddress>;

/** Where the goods go and how the order is paid; an address only when something in it is shipped. */
const deliveryAndPayment = {
  /** One of the caller's saved addresses. */
  address: bodyId.optional(),
  /** An address written for this order. */
  shipping_address: shippingAddressInput.optional(),
  /** A shipping method code; default: the one chosen on the basket. */
  shipping_method_code: z.string().trim().min(1).max(64).optional(),
  payment_method: paymentMethod,
  /** The total the shopper saw; when given and the order would cost another amount, the checkout is refused (409). */
  total: amount.optional(),
};

export const checkoutBody = z.object({ basket: bodyId, ...deliveryAndPayment });
export type CheckoutInput = z.infer<typeof checkoutBody>;

/** What to buy now: a shop product, a membership product (a plan card) or a course product. */
const quickItem = {
  product: bodyId.optional(),
  membership_product: bodyId.optional(),
  course_product: bodyId.optional(),
  quantity: z.number().int().min(1).max(MAX_QUICK_QUANTITY, `Use at most ${MAX_QUICK_QUANTITY}.`).default(1),
};
export const quickCheckoutBody = z.object({ ...quickItem, ...deliveryAndPayment });
export type QuickCheckoutInput = z.infer<typeof quickCheckoutBody>;

const optionValue = z.object({ option: bodyId, value: z.string().trim().max(500, 'Use at most 500 characters.') });
export const quickBasketBody = z.object({
  product: bodyId,
  quantity: z.number().int().min(1).max(MAX_LINE_QUANTITY, `Use at most ${MAX_LINE_QUANTITY}.`).default(1),
  options: z.array(optionValue).max(20).default([]),
});
export type QuickBasketInput = z.infer<typeof quickBasketBody>;
export const quickBasket = z.object({
  id: z.number().int(),
  owner: z.number().int(),
  status: z.string(),
  product: z.number().int(),
  product_title: z.string(),
  quantity: z.number().int(),
  unit_price: z.number().int(),
  total: z.number().int(),
  currency: z.string(),
  shipping_required: z.boolean(),
});
export type QuickBasket = z.infer<typeof quickBasket>;

export const orderLineAttribute = z.object({
  id: z.number().int(),
  line: z.number().int(),
  option: z.number().int().nullable(),
  option_code: z.string(),
  value: z.string(),
});
export type OrderLineAttribute = z.infer<typeof orderLineAttribute>;

export const orderLine = z.object({
  id: z.number().int(),
  order: z.number().int(),
  product: z.number().int().nullable(),
  product_class: z.string(),
  membership_product: z.number().int().nullable(),
  course: z.number().int().nullable(),
  course_product: z.number().int().nullable(),
  stockrecord: z.number().int().nullable(),
  partner_sku: z.string().nullable(),
  title: z.string(),
  quantity: z.number().int(),
  price_currency: z.string(),
  unit_price_incl_tax: z.number().int(),
  unit_price_excl_tax: z.number().int(),
  line_price_before_discounts_incl_tax: z.number().int(),
  line_price_incl_tax: z.number().int(),
  line_price_excl_tax: z.number().int(),
  discount: z.number().int(),
  attributes: z.array(orderLineAttribute),
  /**
   * A digital product's line in a paid (or fulfilled) order: the signed link that downloads its file, valid
   * one to two hours (the order gives a fresh one each time it is read); null otherwise.
   */
  download_url: z.string().nullable(),
  /** With `download_url`: the name the file is saved under, and its size in bytes. */
  download_name: z.string().nullable(),
  download_bytes: z.number().int().nullable(),
});
export type OrderLine = z.infer<typeof orderLine>;

/** A refund of one payment: `requested` at the provider, then `succeeded` or `failed` (with the provider's reason). */
export const orderRefund = z.object({
  id: z.number().int(),
  payment: z.number().int().nullable(),
  provider: z.string().nullable(),
  amount: z.number().int(),
  status: z.enum(['requested', 'succeeded', 'failed']),
  /** The refund's number at the provider (Alipay `out_request_no`, WeChat Pay `out_refund_no`), the same on every retry. */
  refund_number: z.string().nullable(),
  /** provider: returned by the provider; local: nothing to call (a test payment, a free order, a provider not configured here). */
  settled_by: z.enum(['provider', 'local']).nullable(),
  reason: z.string(),
  failure_reason: z.string().nullable(),
  date_created: z.string(),
  date_updated: z.string().nullable(),
});
export type OrderRefund = z.infer<typeof orderRefund>;

/** A payment an order received: `paid` settled it; `refund_due` arrived when it could no longer take it (its money goes back). */
export const orderPayment = z.object({
  id: z.number().int(),
  provider: z.string(),
  amount: z.number().int(),
  outcome: z.enum(['paid', 'refund_due']),
  /** A refund of it succeeded. */
  refunded: z.boolean(),
  date_created: z.string(),
});
export type OrderPayment = z.infer<typeof orderPayment>;

export const order = z.object({
  id: z.number().int(),
  number: z.string(),
  basket: z.number().int().nullable(),
  /** The buyer; null once their account is deleted (the order is kept, without the name, for the shop's accounts). */
  user: z.number().int().nullable(),
  status: orderStatus,
  currency: z.string(),
  /** The first line's title, with "and N more" when there are more. */
  title: z.string(),
  total_excl_tax_excl_discounts: z.number().int(),
  total_discount: z.number().int(),
  shipping_incl_tax: z.number().int(),
  shipping_excl_tax: z.number().int(),
  total_incl_tax: z.number().int(),
  total_excl_tax: z.number().int(),
  voucher_code: z.string().nullable(),
  shipping_method: z.string().nullable(),
  shipping_code: z.string().nullable(),
  shipping_address: orderAddress.nullable(),
  payment_method: z.string(),
  /** Until when the order's stock is held for it; null when it holds none. */
  reserved_until: z.string().nullable(),
  /** When an unpaid order expires. */
  expires_at: z.string(),
  /** True while the order is pending and not expired: it can be paid. */
  can_pay: z.boolean(),
  date_placed: z.string(),
  date_paid: z.string().nullable(),
  date_fulfilled: z.string().nullable(),
  date_closed: z.string().nullable(),
  lines: z.array(orderLine),
  /** Payments that reached the order when it could no longer take them, not yet returned: their money goes back. */
  payments_to_return: z.number().int(),
  /** Staff only: the refunds asked of the providers, one per payment, with how each went. */
  refunds: z.array(orderRefund).optional(),
  /** Staff only: every payment the order received. */
  payments: z.array(orderPayment).optional(),
});
export type Order = z.infer<typeof order>;
export const orderList = paginated(order);

export const myOrderQuery = pageQuery.extend({ status: orderStatus.optional() });
export type MyOrderQuery = z.infer<typeof myOrderQuery>;

/** Staff see every order and filter; anyone else sees their own (the `user` filter is staff only). */
export const orderListQuery = myOrderQuery.extend({
  user: id.optional(),
  number: z.string().trim().min(1).max(40).optional(),
  payment_method: paymentMethod.optional(),
  placed_after: instant.optional(),
  placed_before: instant.optional(),
});
export type OrderListQuery = z.infer<typeof orderListQuery>;

export const orderLineList = paginated(orderLine);
export const orderLineListQuery = pageQuery.extend({ order: id.optional() });
export type OrderLineListQuery = z.infer<typeof orderLineListQuery>;
export const orderLineAttributeList = paginated(orderLineAttribute);
export const orderLineAttributeListQuery = pageQuery.extend({ line: id.optional() });
export type OrderLineAttributeListQuery = z.infer<typeof orderLineAttributeListQuery>;

export const refundBody = z.object({
  reason: z.string().trim().min(1, 'This field may not be blank.').max(1000, 'Use at most 1000 characters.'),
  /** One payment to return, that reached the order when it could no longer take it; without it, what the order's status allows. */
  payment: id.optional(),
});

/** The signature of a download link (`download_url` carries both). */
export const downloadQuery = z.object({
  exp: z.string().regex(/^\d{1,12}$/, 'Use the link as the order gives it.'),
  sig: z.string().min(1).max(200),
});
