import type { Kysely } from 'kysely';
import type { OrderStatus } from '../../../shared/api/orders.js';
import { isLanguage } from '../../../shared/i18n/index.js';
import type { Database } from '../../db/types.js';
import { isStaff, type Actor } from '../../platform/auth.js';
import type { AppContext } from '../../platform/context.js';
import { Conflict, Invalid, NotFound } from '../../platform/errors.js';
import { nowIso } from '../../platform/time.js';
import { grantCourse, holdsCourseWithin } from '../courses/progress-service.js';
import { grantWithin } from '../membership/service.js';
import { sendMail } from '../messaging/service.js';
import { getUser, hasEmail } from '../users/service.js';
import { OutOfStock, releaseHolds, sellHolds } from './holds.js';
import { confirmationMail } from './mail-templates.js';
import {
  claimConfirmation,
  findOrder,
  findOrderByNumber,
  insertPayment,
  findPayment,
  linesOfOrders,
  markRefundDue,
  membershipTermsOf,
  pendingOrdersWithCourse,
  releaseConfirmation,
  transitionIf,
  type OrderLineRow,
  type OrderRow,
} from './repo.js';

/**
 * The one way an order becomes paid. Every provider's notification, return page and status poll calls
 * `markOrderPaid`; in one transaction it records the payment under its unique (provider, trade number),
 * moves the order `pending -> paid` by a conditional update, sells the held stock and grants the
 * memberships the order bought. Course grants and the confirmation mail follow the commit; both are
 * idempotent and are completed by any later receipt of the same order and by the order job.
 */

export interface PaymentReceipt {
  provider: 'alipay' | 'wechatpay' | 'dev';
  providerTradeNo: string;
  orderNumber: string;
  /** Minor units. */
  amount: number;
}

export type MarkPaidOutcome = 'paid' | 'already_paid' | 'recorded_for_refund';

export interface PayableOrder {
  id: number;
  number: string;
  status: OrderStatus;
  total: number;
  currency: string;
  /** Null once the buyer's account is deleted. */
  user_id: number | null;
  payment_method: string;
  expires_at: string;
  /** The first line's title, with "and N more" when there are more. */
  title: string;
  /** It buys a course its buyer holds already (from another order, a gift code or staff): not to be paid. */
  buys_held_course: boolean;
}

const PROVIDERS = new Set(['alipay', 'wechatpay', 'dev']);

/**
 * "Title", or "Title and 2 more", in the buyer's language (the order's, as its mail): what the payment pages and the
 * providers show as the order's subject.
 */
export function orderTitle(lines: Pick<OrderLineRow, 'title'>[], language: string | null): string {
  return titleOfLines(lines[0]?.title ?? '', lines.length, language);
}

/** The same from the first line's title and the number of lines. */
export function titleOfLines(first: string, count: number, language: string | null): string {
  if (count === 0) return '';
  if (count === 1) return first;
  return language === 'zh-CN' ? `${first} 等 ${count} 件商品` : `${first} and ${count - 1} more`;
}

/** Where a grant of an order line comes from: the order (kind `order`), one reference per line. */
export const grantReference = (order: Pick<OrderRow, 'number'>, line: Pick<OrderLineRow, 'id'>) => `${order.number}/${line.id}`;

function checkReceipt(receipt: PaymentReceipt): void {
  if (!PROVIDERS.has(receipt.provider)) throw Invalid.field('provider', 'Unknown payment provider.');
  if (typeof receipt.providerTradeNo !== 'string' || receipt.providerTradeNo.trim() === '' || receipt.providerTradeNo.length > 128) {
    throw Invalid.field('providerTradeNo', 'A trade number of 1 to 128 characters is required.');
  }
  if (!Number.isSafeInteger(receipt.amount) || receipt.amount < 0) throw Invalid.field('amount', 'Use an integer amount in the minor unit.');
}

type Settled = { outcome: MarkPaidOutcome; orderId: number };

/** Grants every membership line inside the payment's transaction (once per line, however often called). */
async function grantMemberships(trx: Kysely<Database>, order: OrderRow, lines: OrderLineRow[], now: Date): Promise<void> {
  // The buyer's account is gone: nobody to grant to (the payment still counts; staff refund it).
  const userId = order.user_id;
  if (userId === null) return;
  const wanted = lines.filter((l) => l.membership_product_id !== null);
  const terms = new Map((await membershipTermsOf(trx, wanted.map((l) => l.membership_product_id!))).map((t) => [t.id, t]));
  for (const line of wanted) {
    const term = terms.get(line.membership_product_id!);
    // A membership product deleted since the order was placed leaves nothing to grant; staff refund it.
    if (!term) continue;
    await grantWithin(
      trx,
      {
        userId,
        membershipId: term.membership_id,
        productId: term.id,
        periodUnit: term.period_unit,
        periodCount: term.period_count,
        source: 'order',
        sourceKey: `order:${grantReference(order, line)}`,
        language: order.language,
        grantedBy: null,
      },
      now,
    );
  }
}

/** Records a payment the order cannot take (cancelled, expired, paid already by another trade, sold out, a course held already). */
async function recordForRefund(trx: Kysely<Database>, order: OrderRow, receipt: PaymentReceipt, now: string): Promise<Settled> {
  const id = await insertPayment(trx, {
    order_id: order.id,
    provider: receipt.provider,
    provider_trade_no: receipt.providerTradeNo,
    amount: receipt.amount,
    currency: order.currency,
    outcome: 'refund_due',
    created_at: now,
  });
  return { outcome: id === undefined ? 'already_paid' : 'recorded_for_refund', orderId: order.id };
}

/** The answer for a trade number recorded before: nothing changes. */
async function repeated(trx: Kysely<Database>, receipt: PaymentReceipt, order: OrderRow): Promise<Settled | undefined> {
  const earlier = await findPayment(trx, receipt.provider, receipt.providerTradeNo);
  if (!earlier) return undefined;
  if (earlier.order_id !== order.id) {
    throw new Conflict('providerTradeNo: This trade number paid another order.', { providerTradeNo: 'This trade number paid another order.' });
  }
  return { outcome: earlier.outcome === 'paid' ? 'already_paid' : 'recorded_for_refund', orderId: order.id };
}

async function settle(ctx: AppContext, receipt: PaymentReceipt): Promise<Settled> {
  const at = new Date();
  const now = at.toISOString();
  return ctx.db.kysely.transaction().execute(async (trx) => {
    const order = await findOrderByNumber(trx, receipt.orderNumber);
    if (!order) throw new NotFound('Order');
    if (receipt.amount !== order.total) {
      throw Invalid.field('amount', `The amount paid (${receipt.amount}) differs from the order total (${order.total}).`);
    }
    const again = await repeated(trx, receipt, order);
    if (again) return again;
    if (order.status !== 'pending') return recordForRefund(trx, order, receipt, now);
    if (await buysHeldCourse(trx, order)) {
      // The buyer has the course already: the money goes back and the order closes.
      const settled = await recordForRefund(trx, order, receipt, now);
      await cancelWithin(trx, order, now);
      return settled;
    }
    const paymentId = await insertPayment(trx, {
      order_id: order.id,
      provider: receipt.provider,
      provider_trade_no: receipt.providerTradeNo,
      amount: receipt.amount,
      currency: order.currency,
      outcome: 'paid',
      created_at: now,
    });
    // A concurrent identical notification inserted it first (PostgreSQL waited for it to commit).
    if (paymentId === undefined) return (await repeated(trx, receipt, order)) ?? { outcome: 'already_paid', orderId: order.id };
    if (!(await payWithin(trx, order, at))) {
      // Another trade number paid it, or the order job expired it, since it was read: this money goes back.
      await markRefundDue(trx, paymentId);
      return { outcome: 'recorded_for_refund', orderId: order.id };
    }
    return { outcome: 'paid', orderId: order.id };
  });
}

/**
 * `pending -> paid` inside the caller's transaction, then the held stock sold and the memberships granted;
 * false when the order was no longer pending. Also used for an order with nothing to pay.
 */
export async function payWithin(trx: Kysely<Database>, order: OrderRow, at: Date): Promise<boolean> {
  const now = at.toISOString();
  if (!(await transitionIf(trx, order.id, ['pending'], { status: 'paid', paid_at: now, reserved_until: null, updated_at: now }))) return false;
  const lines = await linesOfOrders(trx, [order.id]);
  await sellHolds(trx, order, new Map(lines.map((l) => [l.id, l.title])), now);
  await grantMemberships(trx, order, lines, at);
  // The buyer's other unpaid orders for a course this one buys would only take the money twice.
  if (order.user_id !== null) {
    for (const line of lines) {
      if (line.course_id === null) continue;
      for (const other of await pendingOrdersWithCourse(trx, order.user_id, line.course_id, order.id)) await cancelWithin(trx, other, now);
    }
  }
  return true;
}

/** Cancels an unpaid order inside the caller's transaction: its held stock and its voucher use go back. False when it was not pending. */
export async function cancelWithin(trx: Kysely<Database>, order: OrderRow, now: string): Promise<boolean> {
  if (!(await transitionIf(trx, order.id, ['pending'], { status: 'cancelled', closed_at: now, reserved_until: null, updated_at: now }))) return false;
  await releaseHolds(trx, order, now);
  return true;
}

/** Does the order buy a course its buyer holds already (from another order, a gift code or staff)? */
export async function buysHeldCourse(trx: Kysely<Database>, order: OrderRow): Promise<boolean> {
  if (order.user_id === null) return false;
  for (const line of await linesOfOrders(trx, [order.id])) {
    if (line.course_id !== null && (await holdsCourseWithin(trx, order.user_id, line.course_id))) return true;
  }
  return false;
}

/**
 * The units of a paid order had been released and sold to someone else: the payment is recorded for a
 * refund and the order cancelled, giving back what it still held.
 */
async function soldOutMeanwhile(ctx: AppContext, receipt: PaymentReceipt): Promise<Settled> {
  const now = nowIso();
  return ctx.db.kysely.transaction().execute(async (trx) => {
    const order = (await findOrderByNumber(trx, receipt.orderNumber))!;
    const again = await repeated(trx, receipt, order);
    if (again) return again;
    const settled = await recordForRefund(trx, order, receipt, now);
    await cancelWithin(trx, order, now);
    return settled;
  });
}

export async function markOrderPaid(ctx: AppContext, receipt: PaymentReceipt): Promise<{ outcome: MarkPaidOutcome; orderId: number }> {
  checkReceipt(receipt);
  let settled: Settled;
  try {
    settled = await settle(ctx, receipt);
  } catch (err) {
    if (!(err instanceof OutOfStock)) throw err;
    settled = await soldOutMeanwhile(ctx, receipt);
  }
  if (settled.outcome !== 'recorded_for_refund') await completePaidOrder(ctx, settled.orderId);
  return settled;
}

/**
 * What follows a payment's commit: course grants (idempotent per order line) and the confirmation mail
 * (claimed on the order, so it goes once). A mail that fails gives the claim back for the order job to retry.
 */
export async function completePaidOrder(ctx: AppContext, orderId: number): Promise<void> {
  const db = ctx.db.kysely;
  const order = await findOrder(db, orderId);
  if (!order || (order.status !== 'paid' && order.status !== 'fulfilled')) return;
  const lines = await linesOfOrders(db, [order.id]);
  const userId = order.user_id;
  for (const line of lines) {
    if (line.course_id === null || userId === null) continue;
    await grantCourse(ctx, userId, line.course_id, { kind: 'order', reference: grantReference(order, line) }, line.course_product_id !== null ? { productId: line.course_product_id } : {});
  }
  if (!(await claimConfirmation(db, order.id, nowIso()))) return;
  try {
    // An order kept after its buyer's account was deleted has nobody to tell.
    const user = userId === null ? undefined : await getUser(ctx, userId);
    if (!user || !hasEmail(user)) return;
    const granted = lines.filter((l) => l.course_id !== null || l.membership_product_id !== null).map((l) => l.title);
    const message = confirmationMail(
      {
        site: ctx.config.siteName,
        to: user.email,
        name: user.display_name || user.username,
        number: order.number,
        currency: order.currency,
        lines: lines.map((l) => ({ title: l.title, quantity: l.quantity, total: l.line_total })),
        shipping: order.shipping_charge,
        discount: order.discount,
        total: order.total,
        link: `${ctx.config.publicUrl}/my-order`,
        granted,
      },
      isLanguage(order.language) ? order.language : null,
    );
    await sendMail(ctx, message);
  } catch {
    // Logged by the mailer; the order job sends it again.
    await releaseConfirmation(db, order.id);
  }
}

/** An order as a payment provider needs it; the owner or staff, or a trusted internal call (actor null). */
export async function payableOrder(ctx: AppContext, actor: Actor | null, ref: { id: number } | { number: string }): Promise<PayableOrder> {
  const db = ctx.db.kysely;
  const order = 'id' in ref ? await findOrder(db, ref.id) : await findOrderByNumber(db, ref.number);
  if (!order || (actor !== null && order.user_id !== actor.id && !isStaff(actor))) throw new NotFound('Order');
  const lines = await linesOfOrders(db, [order.id]);
  return {
    id: order.id,
    number: order.number,
    status: order.status,
    total: order.total,
    currency: order.currency,
    user_id: order.user_id,
    payment_method: order.payment_method,
    expires_at: order.expires_at,
    title: orderTitle(lines, order.language),
    buys_held_course: order.status === 'pending' && (await buysHeldCourse(db, order)),
  };
}
