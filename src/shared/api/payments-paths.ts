// Kept apart from the zod schemas so the browser bundle can use the paths without zod.
/**
 * Paths of the payment calls, relative to API_PREFIX. An order is named by its id or by its number
 * (`pay/order/number/{number}/...`, the number being what the providers carry as `out_trade_no`).
 * The notify calls are for the providers' servers: outside login, answering in each provider's own format.
 */
export const paymentsPaths = {
  /** GET the payment methods this site offers at checkout (a provider without its keys is not listed). */
  methods: '/pay/methods',
  alipayNotify: '/pay/alipay/notify',
  /** POST the parameters Alipay's return redirect carried: reports whether they are genuine, never marks paid. */
  alipayVerify: '/pay/alipay/verify',
  wechatpayNotify: '/pay/wechatpay/notify',
  /** GET: start (or start again) payment attempt `n` of the order; `channel` pc or mobile. Owner only. */
  update: '/pay/order/:id/payment/:n/update',
  status: '/pay/order/:id/status',
  id: '/pay/order/:id/id',
  updateByNumber: '/pay/order/number/:number/payment/:n/update',
  statusByNumber: '/pay/order/number/:number/status',
  idByNumber: '/pay/order/number/:number/id',
} as const;

/** The test payment page of the `dev` provider: a site page (not under the API), `?token=` signed and expiring. */
export const devPayPath = '/dev/pay';

/** Where a provider sends the buyer back after paying; the page polls the order's status. */
export const PAY_RETURN_PATH = '/pay_success';
export const payReturnPath = (orderNumber: string) => `${PAY_RETURN_PATH}?number=${encodeURIComponent(orderNumber)}`;

export { PAYMENT_METHODS, type PaymentMethod } from './orders-paths.js';

/** pc: Alipay's page pay, a WeChat Pay QR code (Native); mobile: Alipay's mobile website pay, WeChat Pay H5. */
export const PAYMENT_CHANNELS = ['pc', 'mobile'] as const;
export type PaymentChannel = (typeof PAYMENT_CHANNELS)[number];

/** What starting a payment gives the browser: a page to open, a QR code to show, or a WeChat H5 page. */
export const PAYMENT_KINDS = ['redirect', 'qr', 'h5'] as const;
export type PaymentKind = (typeof PAYMENT_KINDS)[number];

/** Payment attempts per order: a new attempt refreshes an expired QR code or switches channel. */
export const MAX_PAYMENT_ATTEMPTS = 50;
