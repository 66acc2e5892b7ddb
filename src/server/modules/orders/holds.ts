import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.js';
import { releaseStock, releaseVoucherUse, sellAllocatedStock, sellUnallocatedStock } from '../shop/checkout-support.js';
import { moveReservation, reservationsOf, updateOrder, type OrderRow, type ReservationRow } from './repo.js';

/**
 * What an unpaid order holds of the shop (units of stock, one use of its voucher) and the two ways it ends:
 * given back (cancelled, expired) or sold (paid). Each reservation moves by a conditional update of its
 * state, so however often or concurrently a step runs, the stock moves once.
 */

/** The voucher use an order claims is recorded under this reference. */
export const voucherReference = (orderId: number) => `order:${orderId}`;

export async function releaseReservation(trx: Kysely<Database>, r: ReservationRow, now: string): Promise<boolean> {
  if (!(await moveReservation(trx, r.id, 'held', 'released', now))) return false;
  await releaseStock(trx, r.stockrecord_id, r.quantity, now);
  return true;
}

/** Gives back the order's held stock and its voucher use (the order is cancelled or expired). */
export async function releaseHolds(trx: Kysely<Database>, order: OrderRow, now: string): Promise<void> {
  for (const r of await reservationsOf(trx, order.id)) {
    if (r.state === 'held') await releaseReservation(trx, r, now);
  }
  if (order.voucher_claimed === 1 && order.voucher_id !== null) {
    await releaseVoucherUse(trx, order.voucher_id, voucherReference(order.id), now);
  }
  if (order.voucher_claimed === 1) await updateOrder(trx, order.id, { voucher_claimed: 0 });
}

export class OutOfStock extends Error {
  constructor(readonly title: string) {
    super(`"${title}" sold out before the payment arrived.`);
  }
}

/**
 * The order's units are sold: held units leave stock and the allocation together; units whose hold had
 * lapsed are taken again only if still available, else OutOfStock (the caller rolls back).
 */
export async function sellHolds(trx: Kysely<Database>, order: OrderRow, titles: Map<number, string>, now: string): Promise<void> {
  for (const r of await reservationsOf(trx, order.id)) {
    if (r.state === 'held' && (await moveReservation(trx, r.id, 'held', 'sold', now))) {
      await sellAllocatedStock(trx, r.stockrecord_id, r.quantity, now);
      continue;
    }
    const fresh = (await reservationsOf(trx, order.id)).find((x) => x.id === r.id)!;
    if (fresh.state === 'sold') continue;
    if (!(await sellUnallocatedStock(trx, r.stockrecord_id, r.quantity, now))) throw new OutOfStock(titles.get(r.line_id) ?? 'A product');
    await moveReservation(trx, r.id, 'released', 'sold', now);
  }
}
