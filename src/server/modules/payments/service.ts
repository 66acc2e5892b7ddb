import type { FastifyBaseLogger } from 'fastify';
import type { PaymentChannel, PaymentMethod } from '../../../shared/api/payments-paths.js';
import { paymentsPaths, payReturnPath, PAYMENT_METHODS } from '../../../shared/api/payments-paths.js';
import { API_PREFIX } from '../../../shared/api/prefix.js';
import { orderNumber, type AlipayReturnReport, type PaymentMethods, type PaymentStartAnswer, type PaymentStatus } from '../../../shared/api/payments.js';
import type { Config } from '../../config.js';
import type { Actor } from '../../platform/auth.js';
import type { AppContext } from '../../platform/context.js';
import { AppError, Conflict, NotFound } from '../../platform/errors.js';
import { now } from '../../platform/time.js';
import { markOrderPaid, payableOrder, type MarkPaidOutcome, type PayableOrder } from '../orders/payment-service.js';
import { alipayConfigured, alipayFieldsProblem, alipayProvider, alipaySignatureProblem, yuanToFen, type AlipayParams } from './alipay.js';
import { devProvider, readDevToken, type DevToken } from './dev.js';
import type { PaymentProvider, RawNotification, RefundOutcome, RefundRequest, Verdict } from './provider.js';
import { rsaPrivateKey, rsaPublicKey } from './keys.js';
import { wechatpayConfigured, wechatpayProvider } from './wechatpay.js';

/**
 * Payments: starting a payment with the order's provider, the providers' notifications (each verified by its
 * provider, then checked against the order, then handed to the orders module's one mark-paid service), and
 * the order status calls the return page polls.
 */

const providers: Record<PaymentMethod, PaymentProvider> = { alipay: alipayProvider, wechatpay: wechatpayProvider, dev: devProvider };

const KINDS: Record<PaymentMethod, Omit<PaymentMethods['methods'][number], 'code'>> = {
  alipay: { pc: 'redirect', mobile: 'redirect' },
  wechatpay: { pc: 'qr', mobile: 'h5' },
  dev: { pc: 'redirect', mobile: 'redirect' },
};

/** Whether checkout may offer a payment method: a provider without its keys is hidden. */
export function paymentMethodAvailable(config: Config, method: string): boolean {
  return (PAYMENT_METHODS as readonly string[]).includes(method) && providers[method as PaymentMethod].available(config);
}

/**
 * Returns a payment's money through the provider that took it, when that provider is configured here. The
 * test provider's refund completes at once; a provider whose keys are gone cannot be called (`local`: staff
 * return the money in its console). Throws `PaymentProviderError` (502) when the provider refuses.
 */
export async function refundThroughProvider(config: Config, provider: string, given: Omit<RefundRequest, 'notifyUrl'>): Promise<RefundOutcome & { settledBy: 'provider' | 'local' }> {
  const refund = { ...given, notifyUrl: `${config.publicUrl}${API_PREFIX}${paymentsPaths.wechatpayNotify}` };
  if (!(PAYMENT_METHODS as readonly string[]).includes(provider)) return { state: 'succeeded', providerRefundNo: null, settledBy: 'local' };
  const method = provider as PaymentMethod;
  if (method === 'dev' || !providers[method].available(config)) {
    return { ...(await devProvider.refund(config, refund)), settledBy: 'local' };
  }
  return { ...(await providers[method].refund(config, refund)), settledBy: 'provider' };
}

export function availableMethods(config: Config): PaymentMethods {
  return { methods: PAYMENT_METHODS.filter((m) => providers[m].available(config)).map((code) => ({ code, ...KINDS[code] })) };
}

/** Reads every configured key once, at start: a key that cannot be read stops the site, naming the setting. */
export function assertPaymentKeys(config: Config): void {
  if (alipayConfigured(config)) {
    rsaPrivateKey(config.alipay.privateKey, 'ALIPAY_PRIVATE_KEY');
    rsaPublicKey(config.alipay.publicKey, 'ALIPAY_PUBLIC_KEY');
  }
  if (wechatpayConfigured(config)) {
    rsaPrivateKey(config.wechatpay.privateKey, 'WECHATPAY_PRIVATE_KEY');
    for (const key of config.wechatpay.platformKeys) rsaPublicKey(key.publicKey, 'WECHATPAY_PLATFORM_PUBLIC_KEY');
  }
}

type OrderRef = { id: number } | { number: string };

/**
 * The caller's own order. The pay/order calls serve the buyer's payment and return pages, so they answer the
 * buyer only: anyone else, staff included, gets 404 (staff read orders through the orders calls).
 */
async function ownOrder(ctx: AppContext, actor: Actor, ref: OrderRef): Promise<PayableOrder & { user_id: number }> {
  const order = await payableOrder(ctx, actor, ref);
  if (order.user_id !== actor.id) throw new NotFound('Order');
  return { ...order, user_id: order.user_id };
}

const isPaid = (status: string) => status === 'paid' || status === 'fulfilled';

/** Starts payment attempt `attempt` of the caller's own order with the order's payment method. */
export async function startPayment(ctx: AppContext, actor: Actor, ref: OrderRef, attempt: number, channel: PaymentChannel, clientIp: string): Promise<PaymentStartAnswer> {
  const order = await ownOrder(ctx, actor, ref);
  if (order.status !== 'pending') throw new Conflict(`status: The order is ${order.status}; only a pending order can be paid.`, { status: `The order is ${order.status}.` });
  if (Date.parse(order.expires_at) <= now()) throw new Conflict('status: The time to pay this order is over.', { status: 'The time to pay this order is over.' });
  if (order.buys_held_course) throw new Conflict('status: You have this course already; this order is not to be paid.', { status: 'You have this course already; this order is not to be paid.' });
  const method = order.payment_method as PaymentMethod;
  if (!paymentMethodAvailable(ctx.config, method)) {
    throw new Conflict('payment_method: This payment method is not offered on this site now.', { payment_method: 'This payment method is not offered on this site now.' });
  }
  if (method !== 'dev' && order.currency !== 'CNY') throw new Conflict('currency: This payment method takes CNY only.', { currency: 'This payment method takes CNY only.' });
  const base = ctx.config.publicUrl;
  const start = await providers[method].start(ctx.config, order, {
    channel,
    attempt,
    clientIp,
    notifyUrl: `${base}${API_PREFIX}${method === 'alipay' ? paymentsPaths.alipayNotify : paymentsPaths.wechatpayNotify}`,
    returnUrl: `${base}${payReturnPath(order.number)}`,
    quitUrl: `${base}/my-order`,
  });
  return {
    order_id: order.id,
    number: order.number,
    payment_method: method,
    attempt,
    channel,
    kind: start.kind,
    url: start.kind === 'qr' ? null : start.url,
    code_url: start.kind === 'qr' ? start.code_url : null,
    expires_at: order.expires_at,
  };
}

export async function paymentStatus(ctx: AppContext, actor: Actor, ref: OrderRef): Promise<PaymentStatus> {
  const order = await ownOrder(ctx, actor, ref);
  return {
    id: order.id,
    number: order.number,
    status: order.status,
    paid: isPaid(order.status),
    total: order.total,
    currency: order.currency,
    payment_method: order.payment_method,
    expires_at: order.expires_at,
  };
}

export async function orderRef(ctx: AppContext, actor: Actor, ref: OrderRef): Promise<{ id: number; number: string }> {
  const order = await ownOrder(ctx, actor, ref);
  return { id: order.id, number: order.number };
}

/** The outcome of a provider's message, for its reply and the log. */
export type NotificationResult =
  | { ok: true; order: PayableOrder; verdict: Exclude<Verdict, { kind: 'rejected' }>; outcome: MarkPaidOutcome | null }
  | { ok: false; status: number; reason: string; order?: PayableOrder };

/** A provider's trade number: printable ASCII, as every provider writes them (and as a text column takes them). */
const TRADE_NO = /^[\x21-\x7e]{1,128}$/;

/** A number named by a message that may not be genuine, cut and stripped of control characters for the log. */
export const loggable = (number: string) => [...number.slice(0, 64)].map((c) => (c < ' ' || c === '\u007f' ? '?' : c)).join('');

async function orderOf(ctx: AppContext, number: string): Promise<PayableOrder | undefined> {
  try {
    return await payableOrder(ctx, null, { number });
  } catch (err) {
    if (err instanceof NotFound) return undefined;
    throw err;
  }
}

/**
 * One provider's message, end to end: the provider verifies it; the order must exist, be in CNY for a real
 * provider, match the amount and (for the test page) the buyer; then a payment goes to `markOrderPaid`, a
 * refund is logged, and a "not paid" changes nothing. Every refusal and every outcome is logged, without
 * secrets (no signature, key or decrypted resource).
 */
export async function handleNotification(ctx: AppContext, method: PaymentMethod, raw: RawNotification, log: FastifyBaseLogger): Promise<NotificationResult> {
  const provider = providers[method];
  const refuse = (status: number, reason: string, order?: PayableOrder | string): NotificationResult => {
    const number = typeof order === 'string' ? loggable(order) : order?.number;
    log.warn({ provider: method, reason, status, order_number: number }, 'payment notification refused');
    return { ok: false, status, reason, order: typeof order === 'string' ? undefined : order };
  };
  if (!provider.available(ctx.config)) return refuse(404, `${method} is not configured on this site`);
  const verdict = provider.verifyNotification(ctx.config, raw);
  if (verdict.kind === 'rejected') return refuse(verdict.status, verdict.reason, verdict.orderNumber);
  const { receipt } = verdict;
  // Checked before any query: a value no order can have is the sender's fault (4xx), never a database error (5xx).
  if (!orderNumber.safeParse(receipt.orderNumber).success) return refuse(400, 'out_trade_no is not an order number', receipt.orderNumber);
  if (!TRADE_NO.test(receipt.providerTradeNo)) return refuse(400, 'the trade number is not 1 to 128 printable characters', receipt.orderNumber);
  const order = await orderOf(ctx, receipt.orderNumber);
  if (!order) return refuse(400, 'out_trade_no is not an order of ours', receipt.orderNumber);
  if (method !== 'dev' && order.currency !== 'CNY') return refuse(400, `the order is in ${order.currency}, not CNY`, order);
  // An order whose buyer's account is gone (user null) still takes the payment of its own signed link, for a refund.
  if ('buyer' in verdict && verdict.buyer !== undefined && order.user_id !== null && verdict.buyer !== order.user_id) return refuse(403, 'the link was made for another buyer', order);
  if (receipt.amount !== order.total) return refuse(400, `amount ${receipt.amount} differs from the order total ${order.total}`, order);
  const fields = { provider: method, order_number: order.number, trade_no: receipt.providerTradeNo, state: verdict.state };
  if (verdict.kind === 'refund') {
    // A refund of ours reported back (refundNo) is settled by the caller; another is only logged.
    if (verdict.refundNo === undefined) log.warn({ ...fields, refund_amount: verdict.refundAmount }, 'refund notification: the order is left as it is');
    return { ok: true, order, verdict, outcome: null };
  }
  if (verdict.kind === 'unpaid') {
    log.info(fields, 'payment notification without payment: the order is left as it is');
    return { ok: true, order, verdict, outcome: null };
  }
  let outcome: MarkPaidOutcome;
  try {
    ({ outcome } = await markOrderPaid(ctx, receipt));
  } catch (err) {
    if (err instanceof AppError && err.status < 500) return refuse(err.status, err.message, order);
    throw err;
  }
  if (outcome === 'recorded_for_refund') log.warn(fields, 'payment for an order that can no longer be paid: recorded for a refund');
  else log.info({ ...fields, outcome }, 'payment notification accepted');
  // The order as the payment left it (paid, or cancelled with the payment recorded for a refund), not as it was read before.
  return { ok: true, order: (await orderOf(ctx, order.number)) ?? order, verdict, outcome };
}

/**
 * Alipay's return parameters: the same signature and field rules as a notification. It reports; it never
 * marks an order paid. The order's state is told to its buyer only.
 */
export async function verifyAlipayReturn(ctx: AppContext, actor: Actor | null, params: AlipayParams, log: FastifyBaseLogger): Promise<AlipayReturnReport> {
  const outTradeNo = params.get('out_trade_no') ?? null;
  const report: AlipayReturnReport = {
    verified: false,
    reason: null,
    out_trade_no: outTradeNo,
    trade_no: params.get('trade_no') ?? null,
    total_amount: yuanToFen(params.get('total_amount')) ?? null,
    order: null,
  };
  const refuse = (reason: string): AlipayReturnReport => {
    log.warn({ provider: 'alipay', reason, order_number: outTradeNo?.slice(0, 64) }, 'payment return refused');
    return { ...report, reason };
  };
  if (!alipayProvider.available(ctx.config)) return refuse('alipay is not configured on this site');
  const problem = alipaySignatureProblem(ctx.config, params) ?? alipayFieldsProblem(ctx.config, params);
  if (problem) return refuse(problem);
  const order = await orderOf(ctx, outTradeNo!);
  if (!order) return refuse('out_trade_no is not an order of ours');
  if (report.total_amount !== order.total) return refuse(`total_amount ${report.total_amount} differs from the order total ${order.total}`);
  const mine = actor !== null && actor.id === order.user_id;
  return { ...report, verified: true, order: mine ? { id: order.id, number: order.number, status: order.status, paid: isPaid(order.status) } : null };
}

/** What the test payment page shows for a token: the order when the token is genuine and for its buyer. */
export async function devPageOrder(ctx: AppContext, token: string): Promise<{ claims: DevToken; order: PayableOrder } | undefined> {
  if (!devProvider.available(ctx.config)) return undefined;
  const claims = readDevToken(ctx.config.secretKey, token, Math.floor(now() / 1000));
  if ('problem' in claims) return undefined;
  const order = await orderOf(ctx, claims.o);
  if (!order || order.user_id !== claims.u || order.total !== claims.a) return undefined;
  return { claims, order };
}

export const devPayable = (order: PayableOrder) => order.status === 'pending' && Date.parse(order.expires_at) > now();
