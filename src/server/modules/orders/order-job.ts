import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../platform/context.js';
import { releaseHolds, releaseReservation } from './holds.js';
import { completePaidOrder } from './payment-service.js';
import { findOrder, lapsedReservations, overdueOrders, transitionIf, unconfirmedPaidOrders } from './repo.js';

/** How often the job runs (in one process of the site; every step is a conditional update all the same). */
export const ORDER_JOB_INTERVAL_MS = 60 * 1000;
/** Rows one run handles of each kind; the rest wait for the next run. */
const BATCH = 200;

export interface OrderJobResult {
  released: number;
  expired: number;
  completed: number;
}

/**
 * Gives back the stock of holds whose time is up (`RESERVATION_MINUTES`), expires unpaid orders whose time
 * to pay is up (`ORDER_PAYMENT_MINUTES`), giving back what they still hold and their voucher use, and
 * finishes paid orders whose course grants or confirmation mail did not complete. A payment racing an
 * expiry is decided by the order's conditional status update: the loser changes nothing.
 */
export async function runOrderJob(ctx: AppContext, log?: FastifyBaseLogger, now: Date = new Date()): Promise<OrderJobResult> {
  const db = ctx.db.kysely;
  const at = now.toISOString();
  let released = 0;
  for (const r of await lapsedReservations(db, at, BATCH)) {
    if (await db.transaction().execute((trx) => releaseReservation(trx, r, at))) released += 1;
  }
  let expired = 0;
  for (const { id } of await overdueOrders(db, at, BATCH)) {
    const done = await db.transaction().execute(async (trx) => {
      const order = await findOrder(trx, id);
      if (!order || !(await transitionIf(trx, id, ['pending'], { status: 'expired', closed_at: at, reserved_until: null, updated_at: at }))) return false;
      await releaseHolds(trx, order, at);
      return true;
    });
    if (done) expired += 1;
  }
  let completed = 0;
  for (const { id } of await unconfirmedPaidOrders(db, BATCH)) {
    try {
      await completePaidOrder(ctx, id);
      completed += 1;
    } catch (err) {
      log?.error({ err, order: id }, 'paid order not completed');
    }
  }
  return { released, expired, completed };
}

/** The order job, run every minute by one process of the site. */
export function defineOrderJob(ctx: AppContext): void {
  ctx.jobs.define({ name: 'orders.maintain', intervalMs: ORDER_JOB_INTERVAL_MS, run: (log) => runOrderJob(ctx, log) });
}
