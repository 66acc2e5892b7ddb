import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.js';

/** Whether an order that took money holds the product (on `order_lines_product`). */
export async function productSold(db: Kysely<Database>, productId: number): Promise<boolean> {
  const row = await db
    .selectFrom('order_lines as l')
    .innerJoin('orders as o', 'o.id', 'l.order_id')
    .select('l.id')
    .where('l.product_id', '=', productId)
    .where('o.status', 'in', ['paid', 'fulfilled', 'refunded'])
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}
