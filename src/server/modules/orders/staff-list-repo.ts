import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/types.js';
import { filteredOrders, type OrderFilters } from './repo.js';

/**
 * A page of the staff's orders list in one statement: each order's own columns, and per order (each on an index
 * of `order_id`) its first line's title, its number of lines, and its payments that reached it when it could no
 * longer take them and have not been returned. The full order (`GET orders/{id}`) answers the rest.
 */
export function listOrderSummaries(db: Kysely<Database>, f: OrderFilters, limit: number, offset: number) {
  return filteredOrders(db, f)
    .select((eb) => [
      'orders.id',
      'orders.number',
      'orders.user_id',
      'orders.status',
      'orders.currency',
      'orders.total',
      'orders.payment_method',
      'orders.created_at',
      'orders.language',
      eb.selectFrom('order_lines').select('order_lines.title').whereRef('order_lines.order_id', '=', 'orders.id').orderBy('order_lines.id').limit(1).as('first_title'),
      eb.selectFrom('order_lines').select(sql<number>`count(*)`.as('n')).whereRef('order_lines.order_id', '=', 'orders.id').as('line_count'),
      eb
        .selectFrom('order_payments as p')
        .select(sql<number>`count(*)`.as('n'))
        .whereRef('p.order_id', '=', 'orders.id')
        .where('p.outcome', '=', 'refund_due')
        .where((inner) => inner.not(inner.exists(inner.selectFrom('order_refunds as r').select('r.id').whereRef('r.payment_id', '=', 'p.id').where('r.status', '=', 'succeeded'))))
        .as('to_return'),
    ])
    .orderBy('orders.id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();
}
