import { z } from 'zod';
import { MAX_ID } from './common.js';
import { ORDER_STATUSES, PAYMENT_METHODS } from './orders-paths.js';
import { MAX_PAYMENT_ATTEMPTS, PAYMENT_CHANNELS, PAYMENT_KINDS } from './payments-paths.js';

export * from './payments-paths.js';

const id = z.coerce.number().int().positive().max(MAX_ID);

/** An order number as checkout writes it (and as the providers carry it in `out_trade_no`). */
export const orderNumber = z.string().min(1).max(64, 'Use at most 64 characters.').regex(/^[A-Za-z0-9_-]+$/, 'Not an order number.');

export const orderIdParams = z.object({ id });
export const orderNumberParams = z.object({ number: orderNumber });
const attempt = z.coerce.number().int().min(1).max(MAX_PAYMENT_ATTEMPTS, `Use at most ${MAX_PAYMENT_ATTEMPTS}.`);
export const attemptByIdParams = z.object({ id, n: attempt });
export const attemptByNumberParams = z.object({ number: orderNumber, n: attempt });

export const startQuery = z.object({
  /** pc: Alipay page pay or a WeChat Pay QR code; mobile: Alipay mobile website pay or WeChat Pay H5. */
  channel: z.enum(PAYMENT_CHANNELS).default('pc'),
});

/** A payment attempt started: open `url` (redirect, h5) or show `code_url` as a QR code (qr). */
export const paymentStart = z.object({
  order_id: z.number().int(),
  number: z.string(),
  payment_method: z.enum(PAYMENT_METHODS),
  attempt: z.number().int(),
  channel: z.enum(PAYMENT_CHANNELS),
  kind: z.enum(PAYMENT_KINDS),
  url: z.string().nullable(),
  code_url: z.string().nullable(),
  /** Until when the order can be paid. */
  expires_at: z.string(),
});
export type PaymentStartAnswer = z.infer<typeof paymentStart>;

export const paymentStatus = z.object({
  id: z.number().int(),
  number: z.string(),
  status: z.enum(ORDER_STATUSES),
  /** True once the order is paid (paid, or fulfilled since). */
  paid: z.boolean(),
  total: z.number().int(),
  currency: z.string(),
  payment_method: z.string(),
  expires_at: z.string(),
});
export type PaymentStatus = z.infer<typeof paymentStatus>;

export const orderRef = z.object({ id: z.number().int(), number: z.string() });

export const paymentMethodInfo = z.object({
  code: z.enum(PAYMENT_METHODS),
  /** What each channel gives the browser. */
  pc: z.enum(PAYMENT_KINDS),
  mobile: z.enum(PAYMENT_KINDS),
});
export const paymentMethods = z.object({ methods: z.array(paymentMethodInfo) });
export type PaymentMethods = z.infer<typeof paymentMethods>;

/** The parameters of Alipay's return redirect, when sent as JSON (a form body is read as it is). */
export const alipayReturnJson = z.record(z.string().max(200), z.string().max(4000));

/** Whether return parameters are genuine and match an order of ours; `order` only for its buyer. */
export const alipayReturnReport = z.object({
  verified: z.boolean(),
  /** Why they are not genuine, when not. */
  reason: z.string().nullable(),
  out_trade_no: z.string().nullable(),
  trade_no: z.string().nullable(),
  /** Minor units. */
  total_amount: z.number().int().nullable(),
  order: z.object({ id: z.number().int(), number: z.string(), status: z.enum(ORDER_STATUSES), paid: z.boolean() }).nullable(),
});
export type AlipayReturnReport = z.infer<typeof alipayReturnReport>;
