import type { Kysely } from 'kysely';
import type { Order } from '../../../shared/api/orders.js';
import type { Database } from '../../db/types.js';
import type { Actor } from '../../platform/auth.js';
import type { AppContext } from '../../platform/context.js';
import { Conflict } from '../../platform/errors.js';
import { nowIso } from '../../platform/time.js';
import { runKeyed, type Answer, type KeyedRequest } from './idempotency.js';
import { cancelWithin } from './payment-service.js';
import { findOrder, pendingOrdersOf, transitionIf, type OrderRow } from './repo.js';
import { orderView, reachableOrder } from './order-views.js';

/**
 * An order's moves after it is placed: fulfilled by staff, cancelled by its buyer or staff (refunds:
 * refund-service.ts; paid: payment-service.ts). Each move is a conditional update of the order's status inside the
 * write's transaction, so of two requests sent at once one moves it and the other gets the 409 a later one gets.
 */

/** Refuses a move the order's status does not allow; `order` is read after the refused update, so it names the status now. */
export function refused(order: OrderRow, action: string): Conflict {
  const message = `An order that is ${order.status} cannot be ${action}.`;
  return new Conflict(`status: ${message}`, { status: message });
}

/**
 * The order as it is after a refused conditional update: on PostgreSQL a request sent at the same time as the
 * one that moved it read it before the move, and must name the status it found, as a later request would.
 */
async function statusNow(trx: Kysely<Database>, order: OrderRow): Promise<OrderRow> {
  return (await findOrder(trx, order.id)) ?? order;
}

export function fulfilOrder(ctx: AppContext, actor: Actor, id: number, request: KeyedRequest): Promise<Answer<Order>> {
  return runKeyed<Order>(ctx, actor, request, async (trx) => {
    const order = await reachableOrder(trx, actor, id);
    const now = nowIso();
    if (!(await transitionIf(trx, order.id, ['paid'], { status: 'fulfilled', fulfilled_at: now, updated_at: now }))) throw refused(await statusNow(trx, order), 'fulfilled');
    return { status: 200, body: await orderView(ctx, trx, order.id) };
  });
}

/**
 * Before a buyer's account is deleted, in the deletion's transaction: its pending orders are cancelled, so their
 * held stock and voucher uses go back. Every order stays, with its lines, payments and refunds: the account's
 * deletion sets `user_id` to null (migration 0026), so the shop's accounts, staff and refunds still find it, and a
 * payment arriving later is recorded for refund.
 */
export async function forgetBuyer(trx: Kysely<Database>, userId: number): Promise<void> {
  const now = nowIso();
  for (const order of await pendingOrdersOf(trx, userId)) await cancelWithin(trx, order, now);
}

/** Cancels an unpaid order: its held stock and its voucher use go back. */
export function cancelOrder(ctx: AppContext, actor: Actor, id: number, request: KeyedRequest): Promise<Answer<Order>> {
  return runKeyed<Order>(ctx, actor, request, async (trx) => {
    const order = await reachableOrder(trx, actor, id);
    const now = nowIso();
    if (!(await cancelWithin(trx, order, now))) throw refused(await statusNow(trx, order), 'cancelled');
    return { status: 200, body: await orderView(ctx, trx, order.id) };
  });
}
