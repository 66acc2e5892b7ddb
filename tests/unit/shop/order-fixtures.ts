import type { Order, OrderLine } from '../../../src/shared/api/orders.js';

/** When the test orders were placed (and paid, unless a test says otherwise). */
export const PLACED = '2026-11-01T08:00:00.000Z';

/** One unit of a book at `gross` (minor units), `discount` of it taken off by a voucher; `fields` change the rest. */
export const orderLine = (id: number, title: string, gross: number, discount = 0, fields: Partial<OrderLine> = {}): OrderLine => ({
  id,
  order: 1,
  product: id,
  product_class: 'physical',
  membership_product: null,
  course: null,
  course_product: null,
  stockrecord: id,
  partner_sku: null,
  title,
  quantity: 1,
  price_currency: 'CNY',
  unit_price_incl_tax: gross,
  unit_price_excl_tax: gross,
  line_price_before_discounts_incl_tax: gross,
  line_price_incl_tax: gross - discount,
  line_price_excl_tax: gross - discount,
  discount,
  attributes: [],
  download_url: null,
  download_name: null,
  download_bytes: null,
  ...fields,
});

/** A paid order as the orders API answers it, titled by its first line; totals are the test's to give. */
export const order = (fields: Partial<Order> & { id: number; number: string; lines: OrderLine[] }): Order => ({
  basket: null,
  user: 7,
  payments_to_return: 0,
  status: 'paid',
  currency: 'CNY',
  title: fields.lines[0]!.title,
  total_excl_tax_excl_discounts: 0,
  total_discount: 0,
  shipping_incl_tax: 0,
  shipping_excl_tax: 0,
  total_incl_tax: 0,
  total_excl_tax: 0,
  voucher_code: null,
  shipping_method: null,
  shipping_code: null,
  shipping_address: null,
  payment_method: 'dev',
  reserved_until: null,
  expires_at: '2026-11-01T08:30:00.000Z',
  can_pay: false,
  date_placed: PLACED,
  date_paid: PLACED,
  date_fulfilled: null,
  date_closed: null,
  ...fields,
});
