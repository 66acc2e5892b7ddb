import type { PaymentChannel, PaymentMethod } from '../../../shared/api/payments-paths.js';
import type { Config } from '../../config.js';
import { AppError } from '../../platform/errors.js';

/** What a verified provider message says about money for one order (the shape the orders module takes). */
export interface Receipt {
  provider: PaymentMethod;
  providerTradeNo: string;
  orderNumber: string;
  /** Minor units (fen). */
  amount: number;
}

/** The order as a provider needs it to ask for money. */
export interface OrderToPay {
  number: string;
  title: string;
  /** Minor units. */
  total: number;
  currency: string;
  user_id: number;
  expires_at: string;
}

export interface StartRequest {
  channel: PaymentChannel;
  attempt: number;
  /** The buyer's address (WeChat H5 wants it). */
  clientIp: string;
  /** Absolute URLs built from PUBLIC_URL. */
  notifyUrl: string;
  returnUrl: string;
  quitUrl: string;
}

export type PaymentStart = { kind: 'redirect'; url: string } | { kind: 'qr'; code_url: string } | { kind: 'h5'; url: string };

/**
 * What a notification says once its signature and our own fields (app id, merchant, seller) check out:
 * `paid` marks the order paid, `refund` and `unpaid` change nothing (a refund is logged, a late "waiting" or
 * "closed" never reverts a paid order). The order and its amount are checked by the service after this;
 * `buyer` is the user a message was issued for, where the provider knows (the test payment page).
 */
export type Verdict =
  | { kind: 'paid'; receipt: Receipt; state: string; buyer?: number }
  | { kind: 'refund'; receipt: Receipt; state: string; refundAmount: number; refundNo?: string; providerRefundNo?: string }
  | { kind: 'unpaid'; receipt: Receipt; state: string; buyer?: number }
  | { kind: 'rejected'; reason: string; status: number; orderNumber?: string };

/** A notification as it arrived: headers lower-cased, the body as the raw text received. */
export interface RawNotification {
  headers: Record<string, string | string[] | undefined>;
  body: string;
  /** Seconds since the epoch at arrival. */
  now: number;
}

/** A refund of one payment, as the provider is asked for it. */
export interface RefundRequest {
  /** The order number: `out_trade_no` at the provider. */
  orderNumber: string;
  /** The provider's trade number of the payment refunded. */
  providerTradeNo: string;
  /** Our number of the refund (`out_request_no`, `out_refund_no`): the same on every retry of this refund. */
  outRequestNo: string;
  /** Minor units: the amount returned and the payment's amount. */
  amount: number;
  paid: number;
  reason: string;
  /** Where a provider that reports later (WeChat Pay) sends the refund's outcome. */
  notifyUrl: string;
}

/**
 * What the provider said: the money went back (`succeeded`), or it accepted the refund and is still
 * processing it (`pending`: asking again with the same number later tells the outcome). A refusal, an
 * answer that fails verification or a provider that cannot be reached throws `PaymentProviderError`.
 */
export type RefundOutcome = { state: 'succeeded' | 'pending'; providerRefundNo: string | null };

/** One payment provider. `available` hides a provider without its keys from checkout and refuses its calls. */
export interface PaymentProvider {
  method: PaymentMethod;
  available(config: Config): boolean;
  start(config: Config, order: OrderToPay, request: StartRequest): Promise<PaymentStart>;
  verifyNotification(config: Config, raw: RawNotification): Verdict;
  /** Returns a payment's money (the test provider has none to return: it answers succeeded at once). */
  refund(config: Config, request: RefundRequest): Promise<RefundOutcome>;
}

/** A provider's gateway refused or could not be reached: a 502 naming what happened, never a key. */
export class PaymentProviderError extends AppError {
  constructor(message: string) {
    super(502, 'payment_provider_error', message);
  }
}

/**
 * A refusal, with the order number the message names when it can be read (from a message that may not be
 * genuine: it goes to the log only, so a refusal can be traced to an order).
 */
export const rejected = (reason: string, status = 400, orderNumber?: string): Verdict => ({ kind: 'rejected', reason, status, ...(orderNumber ? { orderNumber } : {}) });
