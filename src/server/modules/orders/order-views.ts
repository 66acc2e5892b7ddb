import type { Kysely } from 'kysely';
import type { Order, OrderAddress, OrderLine, OrderLineAttribute, OrderRefund } from '../../../shared/api/orders.js';
import type { Database } from '../../db/types.js';
import { isStaff, type Actor } from '../../platform/auth.js';
import type { AppContext } from '../../platform/context.js';
import { NotFound } from '../../platform/errors.js';
import { nowIso } from '../../platform/time.js';
import { downloadLinks, type LineDownload } from './downloads.js';
import { orderTitle } from './payment-service.js';
import {
  attributesOfLines,
  findOrder,
  linesOfOrders,
  paymentsOfOrders,
  refundsOfOrders,
  type OrderLineAttributeRow,
  type OrderLineRow,
  type OrderRow,
  type RefundRow,
} from './repo.js';

/** How orders are answered: an order with its lines, their option values and download links, and for staff its payments and refunds. */

// Shapes

export function toAttribute(a: OrderLineAttributeRow): OrderLineAttribute {
  return { id: a.id, line: a.line_id, option: a.option_id, option_code: a.option_code, value: a.value };
}

/** Rows by the id they belong to (an order's lines, payments and refunds; a line's attributes), in read order. */
function groupBy<T>(rows: T[], keyOf: (row: T) => number | null): Map<number, T[]> {
  const groups = new Map<number, T[]>();
  for (const row of rows) {
    const key = keyOf(row);
    if (key === null) continue;
    const group = groups.get(key);
    if (group) group.push(row);
    else groups.set(key, [row]);
  }
  return groups;
}

export function toLine(currency: string, l: OrderLineRow, attributes: OrderLineAttributeRow[] | Map<number, OrderLineAttributeRow[]>, downloads: Map<number, LineDownload>): OrderLine {
  const gross = l.unit_price * l.quantity;
  const own = attributes instanceof Map ? (attributes.get(l.id) ?? []) : attributes.filter((a) => a.line_id === l.id);
  const download = downloads.get(l.id);
  return {
    id: l.id,
    order: l.order_id,
    product: l.product_id,
    product_class: l.product_class,
    membership_product: l.membership_product_id,
    course: l.course_id,
    course_product: l.course_product_id,
    stockrecord: l.stockrecord_id,
    partner_sku: l.partner_sku,
    title: l.title,
    quantity: l.quantity,
    price_currency: currency,
    unit_price_incl_tax: l.unit_price,
    unit_price_excl_tax: l.unit_price,
    line_price_before_discounts_incl_tax: gross,
    line_price_incl_tax: l.line_total,
    line_price_excl_tax: l.line_total,
    discount: l.discount,
    attributes: own.map(toAttribute),
    download_url: download?.url ?? null,
    download_name: download?.name ?? null,
    download_bytes: download?.bytes ?? null,
  };
}

function toOrder(o: OrderRow, own: OrderLineRow[], attributes: Map<number, OrderLineAttributeRow[]>, downloads: Map<number, LineDownload>, now: string): Omit<Order, 'payments_to_return'> {
  return {
    id: o.id,
    number: o.number,
    basket: o.basket_id,
    user: o.user_id,
    status: o.status,
    currency: o.currency,
    title: orderTitle(own, o.language),
    total_excl_tax_excl_discounts: o.subtotal,
    total_discount: o.discount,
    shipping_incl_tax: o.shipping_charge,
    shipping_excl_tax: o.shipping_charge,
    total_incl_tax: o.total,
    total_excl_tax: o.total,
    voucher_code: o.voucher_code,
    shipping_method: o.shipping_method_name,
    shipping_code: o.shipping_method_code,
    shipping_address: o.shipping_address === null ? null : (JSON.parse(o.shipping_address) as OrderAddress),
    payment_method: o.payment_method,
    reserved_until: o.status === 'pending' ? o.reserved_until : null,
    expires_at: o.expires_at,
    can_pay: o.status === 'pending' && o.expires_at > now,
    date_placed: o.created_at,
    date_paid: o.paid_at,
    date_fulfilled: o.fulfilled_at,
    date_closed: o.closed_at,
    lines: own.map((l) => toLine(o.currency, l, attributes, downloads)),
  };
}

function toRefund(r: RefundRow): OrderRefund {
  return {
    id: r.id,
    payment: r.payment_id,
    provider: r.provider,
    amount: r.amount,
    status: r.status,
    refund_number: r.out_request_no,
    settled_by: r.settled_by,
    reason: r.reason,
    failure_reason: r.failure_reason,
    date_created: r.created_at,
    date_updated: r.updated_at,
  };
}

/**
 * Orders with their lines and line attributes, payments and refunds: one statement each whatever the number of
 * orders (attributes only when there are lines; two more when a paid order has downloads). `withRefunds`
 * (staff) adds each order's refunds and payments. `db` may be the transaction that just changed them.
 */
export async function orderViews(ctx: AppContext, db: Kysely<Database>, rows: OrderRow[], withRefunds = false): Promise<Order[]> {
  const ids = rows.map((o) => o.id);
  // On PostgreSQL the three go out at once, each on a connection of its own.
  const [lines, payments, refunds] = await Promise.all([linesOfOrders(db, ids), paymentsOfOrders(db, ids), refundsOfOrders(db, ids)]);
  const statuses = new Map(rows.map((o) => [o.id, o.status]));
  const [attributes, downloads] = await Promise.all([
    attributesOfLines(
      db,
      lines.map((l) => l.id),
    ),
    downloadLinks(ctx, db, lines, (orderId) => statuses.get(orderId)),
  ]);
  const returned = new Set(refunds.filter((r) => r.status === 'succeeded').map((r) => r.payment_id));
  const linesOf = groupBy(lines, (l) => l.order_id);
  const attributesOf = groupBy(attributes, (a) => a.line_id);
  const paymentsOf = groupBy(payments, (p) => p.order_id);
  const refundsOf = groupBy(refunds, (r) => r.order_id);
  const now = nowIso();
  return rows.map((o) => {
    const own = paymentsOf.get(o.id) ?? [];
    const view = { ...toOrder(o, linesOf.get(o.id) ?? [], attributesOf, downloads, now), payments_to_return: own.filter((p) => p.outcome === 'refund_due' && !returned.has(p.id)).length };
    if (!withRefunds) return view;
    return {
      ...view,
      refunds: (refundsOf.get(o.id) ?? []).map(toRefund),
      payments: own.map((p) => ({ id: p.id, provider: p.provider, amount: p.amount, outcome: p.outcome, refunded: returned.has(p.id), date_created: p.created_at })),
    };
  });
}

export async function orderView(ctx: AppContext, db: Kysely<Database>, id: number, withRefunds = false): Promise<Order> {
  return (await orderViews(ctx, db, [(await findOrder(db, id))!], withRefunds))[0];
}

// Access: an order answers its owner and staff; anyone else gets the 404 of an order that does not exist.

export async function reachableOrder(db: Kysely<Database>, actor: Actor, id: number): Promise<OrderRow> {
  const order = await findOrder(db, id);
  if (!order || (order.user_id !== actor.id && !isStaff(actor))) throw new NotFound('Order');
  return order;
}
