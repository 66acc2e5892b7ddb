import type { StaffOrderSummary } from '../../../shared/api/backoffice.js';
import type { PageQuery } from '../../../shared/api/common.js';
import type {
  MyOrderQuery,
  Order,
  OrderLine,
  OrderLineAttribute,
  OrderLineAttributeListQuery,
  OrderLineListQuery,
  OrderListQuery,
} from '../../../shared/api/orders.js';
import { isStaff, type Actor } from '../../platform/auth.js';
import type { AppContext } from '../../platform/context.js';
import { Forbidden, NotFound } from '../../platform/errors.js';
import { offsetOf } from '../../platform/http.js';
import { downloadLinks } from './downloads.js';
import {
  attributesOfLines,
  countAttributes,
  countLines,
  countOrders,
  findAttribute,
  findLine,
  findOrder,
  listAttributes,
  listLines,
  listOrders as selectOrders,
} from './repo.js';
import { orderViews, reachableOrder, toAttribute, toLine } from './order-views.js';
import { titleOfLines } from './payment-service.js';
import { listOrderSummaries } from './staff-list-repo.js';

/** Reading orders, their lines and their lines' option values: the owner's own, or every one for staff. */

export async function listOrders(ctx: AppContext, actor: Actor, query: OrderListQuery) {
  if (query.user !== undefined && query.user !== actor.id && !isStaff(actor)) throw new Forbidden('Only staff see other people’s orders.');
  const filters = filtersOf(query, isStaff(actor) ? query.user : actor.id);
  const db = ctx.db.kysely;
  const [count, rows] = await Promise.all([countOrders(db, filters), selectOrders(db, filters, query.page_size, offsetOf(query))]);
  return { count, results: await orderViews(ctx, db, rows, isStaff(actor)) };
}

const filtersOf = (query: OrderListQuery, userId: number | undefined) => ({
  userId,
  status: query.status,
  number: query.number,
  paymentMethod: query.payment_method,
  placedAfter: query.placed_after,
  placedBefore: query.placed_before,
});

/** Staff's orders list: each order as the list shows it, with the filters of `listOrders`. */
export async function listOrderSummariesForStaff(ctx: AppContext, actor: Actor, query: OrderListQuery): Promise<{ count: number; results: StaffOrderSummary[] }> {
  if (!isStaff(actor)) throw new Forbidden('Only staff see the orders list.');
  const db = ctx.db.kysely;
  const filters = filtersOf(query, query.user);
  const [count, rows] = await Promise.all([countOrders(db, filters), listOrderSummaries(db, filters, query.page_size, offsetOf(query))]);
  return {
    count,
    results: rows.map((o) => ({
      id: o.id,
      number: o.number,
      user: o.user_id,
      status: o.status,
      currency: o.currency,
      total_incl_tax: o.total,
      payment_method: o.payment_method,
      date_placed: o.created_at,
      title: titleOfLines(o.first_title ?? '', Number(o.line_count ?? 0), o.language),
      payments_to_return: Number(o.to_return ?? 0),
    })),
  };
}

/** The caller's own orders, staff included. */
export async function myOrders(ctx: AppContext, actor: Actor, query: MyOrderQuery) {
  const db = ctx.db.kysely;
  const filters = { userId: actor.id, status: query.status };
  const [count, rows] = await Promise.all([countOrders(db, filters), selectOrders(db, filters, query.page_size, offsetOf(query))]);
  return { count, results: await orderViews(ctx, db, rows) };
}

export async function getOrder(ctx: AppContext, actor: Actor, id: number): Promise<Order> {
  const order = await reachableOrder(ctx.db.kysely, actor, id);
  return (await orderViews(ctx, ctx.db.kysely, [order], isStaff(actor)))[0];
}

export async function linesOfOrder(ctx: AppContext, actor: Actor, id: number): Promise<OrderLine[]> {
  return (await getOrder(ctx, actor, id)).lines;
}

export async function listOrderLines(ctx: AppContext, actor: Actor, query: OrderLineListQuery) {
  const db = ctx.db.kysely;
  if (query.order !== undefined) await reachableOrder(db, actor, query.order);
  const userId = isStaff(actor) ? undefined : actor.id;
  const [count, rows] = await Promise.all([countLines(db, userId, query.order), listLines(db, userId, query.order, query.page_size, offsetOf(query))]);
  const attributes = await attributesOfLines(
    db,
    rows.map((l) => l.id),
  );
  const statuses = new Map(rows.map((l) => [l.order_id, l.order_status]));
  const downloads = await downloadLinks(ctx, db, rows, (orderId) => statuses.get(orderId));
  return { count, results: rows.map((l) => toLine(ctx.config.currency, l, attributes, downloads)) };
}

export async function getOrderLine(ctx: AppContext, actor: Actor, id: number): Promise<OrderLine> {
  const db = ctx.db.kysely;
  const line = await findLine(db, id);
  if (!line || (line.user_id !== actor.id && !isStaff(actor))) throw new NotFound('Order line');
  const order = (await findOrder(db, line.order_id))!;
  const downloads = await downloadLinks(ctx, db, [line], () => line.order_status);
  return toLine(order.currency, line, await attributesOfLines(db, [line.id]), downloads);
}

export async function listOrderLineAttributes(ctx: AppContext, actor: Actor, query: OrderLineAttributeListQuery & PageQuery) {
  const db = ctx.db.kysely;
  if (query.line !== undefined) await getOrderLine(ctx, actor, query.line);
  const userId = isStaff(actor) ? undefined : actor.id;
  const [count, rows] = await Promise.all([countAttributes(db, userId, query.line), listAttributes(db, userId, query.line, query.page_size, offsetOf(query))]);
  return { count, results: rows.map(toAttribute) };
}

export async function getOrderLineAttribute(ctx: AppContext, actor: Actor, id: number): Promise<OrderLineAttribute> {
  const row = await findAttribute(ctx.db.kysely, id);
  if (!row || (row.user_id !== actor.id && !isStaff(actor))) throw new NotFound('Order line attribute');
  return toAttribute(row);
}

// Other modules' way in (users: a deleted account's pending orders).
export { forgetBuyer } from './lifecycle-service.js';
