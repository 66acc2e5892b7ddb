import type { Kysely } from 'kysely';
import type { Order } from '../../../shared/api/orders.js';
import type { Database } from '../../db/types.js';
import type { Actor } from '../../platform/auth.js';
import type { AppContext } from '../../platform/context.js';
import { Conflict, Invalid } from '../../platform/errors.js';
import { nowIso } from '../../platform/time.js';
import { revokeCourseGrantWithin } from '../courses/progress-service.js';
import { revokeGrantWithin } from '../membership/service.js';
import { PaymentProviderError } from '../payments/provider.js';
import { refundThroughProvider } from '../payments/service.js';
import { restock } from '../shop/checkout-support.js';
import { runKeyed, type Answer, type KeyedRequest } from './idempotency.js';
import { grantReference } from './payment-service.js';
import {
  claimRefund,
  findKey,
  findOrder,
  findRefundByRequestNo,
  insertRefund,
  linesOfOrders,
  markRefundFailed,
  markRefundSucceeded,
  paymentsOf,
  refundsOf,
  requestRefundAgain,
  reservationsOf,
  transitionIf,
  type OrderRow,
} from './repo.js';
import { refused } from './lifecycle-service.js';
import { orderView, reachableOrder } from './order-views.js';

/**
 * Staff refunds, returned through the provider that took the money. Nothing is half-written:
 *
 * 1. In one transaction each payment still to refund gets a refund row `requested`, numbered
 *    `<order number>-R<payment id>` (`out_request_no`, unique): a retry, or two staff at once, ask the provider
 *    for the same refund, which it makes once.
 * 2. Outside any transaction the provider is called (the test provider, a free order or a provider no longer
 *    configured settle here: `settled_by` local).
 * 3. A refusal marks the row `failed` with the provider's reason and answers 502; a refund the provider is
 *    still processing (WeChat Pay PROCESSING) stays `requested` and answers 409, until WeChat Pay's refund
 *    notification or a later request settles it: the order is unchanged either way. Once every payment is refunded, one transaction marks the rows `succeeded`, moves the order
 *    `paid | fulfilled -> refunded`, puts units not yet shipped back on the shelf and takes back what the
 *    order granted (its memberships' unlived time and its courses).
 */

interface DueRefund {
  id: number;
  provider: string;
  providerTradeNo: string;
  outRequestNo: string;
  amount: number;
  paid: number;
}

type Settled = { id: number; providerRefundNo: string | null; settledBy: 'provider' | 'local' };

const refundNumber = (order: OrderRow, paymentId: number) => `${order.number}-R${paymentId}`;

/**
 * Which payments a refund returns: all of a paid or fulfilled order's; the late ones (recorded for refund) of
 * an order that is closed: cancelled, expired, or refunded already (a payment that arrived after its refund).
 * With `only`, that one payment alone, which must be one recorded for refund and not yet returned: a paid order
 * keeps its status and the payment that settled it (a second payment of the same order, say).
 */
async function paymentsToRefund(trx: Kysely<Database>, order: OrderRow, only?: number) {
  const payments = await paymentsOf(trx, order.id);
  const done = new Set((await refundsOf(trx, order.id)).filter((r) => r.status === 'succeeded').map((r) => r.payment_id));
  const open = payments.filter((p) => !done.has(p.id));
  if (only !== undefined) {
    if (done.has(only)) throw returnedAlready();
    const payment = open.find((p) => p.id === only);
    if (!payment) throw Invalid.field('payment', 'No payment of this order with this id is left to refund.');
    if (payment.outcome !== 'refund_due') {
      const message = 'This payment settled the order: refund the order, without a payment, to return it.';
      throw new Conflict(`payment: ${message}`, { payment: message });
    }
    return [payment];
  }
  if (order.status === 'paid' || order.status === 'fulfilled') return open;
  if (order.status === 'cancelled' || order.status === 'expired' || order.status === 'refunded') {
    const late = open.filter((p) => p.outcome === 'refund_due');
    if (late.length === 0) throw refused(order, 'refunded');
    return late;
  }
  throw refused(order, 'refunded');
}

/** Nothing is left to do for this payment: an earlier request, or one sent at the same time, returned it. */
function returnedAlready(): Conflict {
  const message = 'This payment has been returned already.';
  return new Conflict(`payment: ${message}`, { payment: message });
}

/** Step 1: the refund rows, `requested`, in one transaction. */
function requestRefunds(ctx: AppContext, actor: Actor, id: number, reason: string, only?: number): Promise<{ number: string; due: DueRefund[] }> {
  return ctx.db.kysely.transaction().execute(async (trx) => {
    const order = await reachableOrder(trx, actor, id);
    const now = nowIso();
    const due: DueRefund[] = [];
    for (const p of await paymentsToRefund(trx, order, only)) {
      const outRequestNo = refundNumber(order, p.id);
      const claimed = await claimRefund(trx, {
        order_id: order.id,
        payment_id: p.id,
        amount: p.amount,
        reason,
        created_by: actor.id,
        created_at: now,
        status: 'requested',
        out_request_no: outRequestNo,
        provider: p.provider,
        updated_at: now,
      });
      const row = (await refundsOf(trx, order.id)).find((r) => r.payment_id === p.id)!;
      // Returned since it was read: another request, sent at the same time, did this refund.
      if (!claimed && !(await requestRefundAgain(trx, row.id, reason, actor.id, now))) throw only !== undefined ? returnedAlready() : refused((await findOrder(trx, order.id))!, 'refunded');
      due.push({ id: row.id, provider: p.provider, providerTradeNo: p.provider_trade_no, outRequestNo: row.out_request_no ?? outRequestNo, amount: row.amount, paid: p.amount });
    }
    return { number: order.number, due };
  });
}

/**
 * Step 3: the order refunded and its grants taken back, with the refunds that made it so; `onePayment`: the
 * refunds marked done only (one late payment returned, the order as it was).
 *
 * Requests sent at the same time all pass steps 1 and 2 (the provider makes the refund once, by its number), so
 * this step decides which of them did the work: the one whose conditional updates (refund rows `succeeded`, the
 * order `refunded`) changed rows. A row lock holds the others until it commits; they then change nothing and
 * answer the 409 a later request gets, never a second 200.
 */
async function completeRefund(ctx: AppContext, trx: Kysely<Database>, id: number, settled: Settled[], reason: string, by: number | null, onePayment = false): Promise<Answer<Order>> {
  const now = nowIso();
  let marked = 0;
  for (const s of settled) if (await markRefundSucceeded(trx, s.id, { provider_refund_no: s.providerRefundNo, settled_by: s.settledBy, updated_at: now })) marked += 1;
  const order = (await findOrder(trx, id))!;
  if (settled.length > 0 && marked === 0) throw onePayment ? returnedAlready() : refused(order, 'refunded');
  if (onePayment || (order.status !== 'paid' && order.status !== 'fulfilled')) return { status: 200, body: await orderView(ctx, trx, order.id, true) };
  // A payment that arrived meanwhile is refunded by the next request; the order waits for it.
  if ((await paymentsToRefund(trx, order)).length > 0) {
    const message = 'Another payment of this order arrived meanwhile; refund again to return it too.';
    throw new Conflict(`status: ${message}`, { status: message });
  }
  const fromPaid = await transitionIf(trx, order.id, ['paid'], { status: 'refunded', closed_at: now, updated_at: now });
  if (!fromPaid && !(await transitionIf(trx, order.id, ['fulfilled'], { status: 'refunded', closed_at: now, updated_at: now }))) {
    throw refused((await findOrder(trx, order.id))!, 'refunded');
  }
  if ((await paymentsOf(trx, order.id)).length === 0) {
    // Nothing was paid (a voucher took it all): the refund is a record only.
    await insertRefund(trx, { order_id: order.id, payment_id: null, amount: order.total, reason, created_by: by, created_at: now, status: 'succeeded', settled_by: 'local', updated_at: now });
  }
  // Units of an order not yet shipped go back on the shelf.
  if (fromPaid) {
    for (const r of await reservationsOf(trx, order.id)) if (r.state === 'sold') await restock(trx, r.stockrecord_id, r.quantity, now);
  }
  for (const line of await linesOfOrders(trx, [order.id])) {
    const source = { kind: 'order' as const, reference: grantReference(order, line) };
    if (line.membership_product_id !== null) await revokeGrantWithin(trx, source, new Date(now));
    if (line.course_id !== null) await revokeCourseGrantWithin(trx, source, now);
  }
  return { status: 200, body: await orderView(ctx, trx, order.id, true) };
}

/**
 * Refunds a paid or fulfilled order (every payment it received), or the payments that reached a cancelled,
 * expired or refunded order too late (the order stays as it is), or with `payment` that one late payment alone.
 * A repeated `Idempotency-Key` answers what the first request answered once it completed.
 */
export async function refundOrder(ctx: AppContext, actor: Actor, id: number, input: { reason: string; payment?: number }, request: KeyedRequest): Promise<Answer<Order>> {
  const { reason, payment } = input;
  const onePayment = payment !== undefined;
  if (request.key !== undefined && (await findKey(ctx.db.kysely, actor.id, request.key))) {
    return runKeyed<Order>(ctx, actor, request, async (trx) => {
      await reachableOrder(trx, actor, id);
      return completeRefund(ctx, trx, id, [], reason, actor.id, onePayment);
    });
  }
  const { number, due } = await requestRefunds(ctx, actor, id, reason, payment);
  const settled: Settled[] = [];
  const failures: string[] = [];
  let pending = 0;
  for (const refund of due) {
    try {
      const outcome = await refundThroughProvider(ctx.config, refund.provider, {
        orderNumber: number,
        providerTradeNo: refund.providerTradeNo,
        outRequestNo: refund.outRequestNo,
        amount: refund.amount,
        paid: refund.paid,
        reason,
      });
      if (outcome.state === 'pending') pending += 1;
      else settled.push({ id: refund.id, providerRefundNo: outcome.providerRefundNo, settledBy: outcome.settledBy });
    } catch (err) {
      if (!(err instanceof PaymentProviderError)) throw err;
      await markRefundFailed(ctx.db.kysely, refund.id, err.message, nowIso());
      failures.push(err.message);
    }
  }
  if (failures.length > 0 || pending > 0) {
    // What did succeed is kept, so a retry asks only for the rest.
    const now = nowIso();
    for (const s of settled) await markRefundSucceeded(ctx.db.kysely, s.id, { provider_refund_no: s.providerRefundNo, settled_by: s.settledBy, updated_at: now });
    if (failures.length > 0) throw new PaymentProviderError(`The refund was not made; the order is unchanged. ${failures.join(' ')}`);
    const message = 'The payment provider is processing the refund; the order stays as it is until the provider reports it done, or a later refund request finds it done.';
    throw new Conflict(`refund: ${message}`, { refund: message });
  }
  return runKeyed<Order>(ctx, actor, request, (trx) => completeRefund(ctx, trx, id, settled, reason, actor.id, onePayment));
}

export type ProviderRefundReport = {
  provider: string;
  orderNumber: string;
  /** Our refund number, as the provider reports it back. */
  outRequestNo: string;
  /** The provider's own words: SUCCESS, ABNORMAL, CLOSED. */
  state: string;
  /** Minor units returned. */
  amount: number;
  providerRefundNo: string | null;
};

/**
 * A provider's later word on a refund it was processing (WeChat Pay's refund notification, already verified):
 * SUCCESS completes it as a staff retry would (the order refunded once every payment is, the grants taken
 * back); ABNORMAL or CLOSED marks it failed for staff to retry. A report that matches no refund of ours, or
 * not its order or amount, changes nothing. Idempotent.
 */
export async function settleRefundFromProvider(ctx: AppContext, report: ProviderRefundReport): Promise<'completed' | 'failed' | 'already_settled' | 'unknown'> {
  const db = ctx.db.kysely;
  const refund = await findRefundByRequestNo(db, report.outRequestNo);
  if (!refund || refund.provider !== report.provider || refund.amount !== report.amount) return 'unknown';
  const order = await findOrder(db, refund.order_id);
  if (!order || order.number !== report.orderNumber) return 'unknown';
  if (refund.status === 'succeeded') return 'already_settled';
  const now = nowIso();
  if (report.state !== 'SUCCESS') {
    if (refund.status !== 'requested') return 'already_settled';
    await markRefundFailed(db, refund.id, `${report.provider} reported the refund ${report.state.slice(0, 40)}.`, now);
    return 'failed';
  }
  const settled = [{ id: refund.id, providerRefundNo: report.providerRefundNo, settledBy: 'provider' as const }];
  try {
    await db.transaction().execute((trx) => completeRefund(ctx, trx, order.id, settled, refund.reason, null));
  } catch (err) {
    // Another payment of the order still waits for its refund: this one is done all the same.
    if (!(err instanceof Conflict)) throw err;
    await markRefundSucceeded(db, refund.id, { provider_refund_no: report.providerRefundNo, settled_by: 'provider', updated_at: now });
  }
  return 'completed';
}
