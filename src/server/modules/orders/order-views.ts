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

export function toLine(currency: string, l: OrderLineRow, attributes: OrderLineAttributeRow[], downloads: Map<number, LineDownload>): OrderLine {
  const gross = l.unit_price * l.quantity;
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
    attributes: attributes.filter((a) => a.line_id === l.id).map(toAttribute),
    download_url: downloads.get(l.id)?.url ?? null,
    download_name: downloads.get(l.id)?.name ?? null,
    download_bytes: downloads.get(l.id)?.bytes ?? null,
  };
}

function toOrder(o: OrderRow, lines: OrderLineRow[], attributes: OrderLineAttributeRow[], downloads: Map<number, LineDownload>, now: string): Omit<Order, 'payments_to_return'> {
  const own = lines.filter((l) => l.order_id === o.id);
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
 * Orders with their lines and line attributes, in three queries (a fourth when a paid order has downloads); for
 * staff (`withRefunds`) one more, their refunds. `db` may be the transaction that just changed them.
 */
export async function orderViews(ctx: AppContext, db: Kysely<Database>, rows: OrderRow[], withRefunds = false): Promise<Order[]> {
  const ids = rows.map((o) => o.id);
  const lines = await linesOfOrders(db, ids);
  const attributes = await attributesOfLines(
    db,
    lines.map((l) => l.id),
  );
  const statuses = new Map(rows.map((o) => [o.id, o.status]));
  const downloads = await downloadLinks(ctx, db, lines, (orderId) => statuses.get(orderId));
  const [payments, refunds] = await Promise.all([paymentsOfOrders(db, ids), refundsOfOrders(db, ids)]);
  const returned = new Set(refunds.filter((r) => r.status === 'succeeded').map((r) => r.payment_id));
  const now = nowIso();
  return rows.map((o) => {
    const own = payments.filter((p) => p.order_id === o.id);
    const view = { ...toOrder(o, lines, attributes, downloads, now), payments_to_return: own.filter((p) => p.outcome === 'refund_due' && !returned.has(p.id)).length };
    if (!withRefunds) return view;
    return {
      ...view,
      refunds: refunds.filter((r) => r.order_id === o.id).map(toRefund),
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
