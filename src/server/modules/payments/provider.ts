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
  | { kind: 'refund'; receipt: Receipt; state: string; refundAmount: number }
  | { kind: 'unpaid'; receipt: Receipt; state: string; buyer?: number }
  | { kind: 'rejected'; reason: string; status: number };

/** A notification as it arrived: headers lower-cased, the body as the raw text received. */
export interface RawNotification {
  headers: Record<string, string | string[] | undefined>;
  body: string;
  /** Seconds since the epoch at arrival. */
  now: number;
}

/** One payment provider. `available` hides a provider without its keys from checkout and refuses its calls. */
export interface PaymentProvider {
  method: PaymentMethod;
  available(config: Config): boolean;
  start(config: Config, order: OrderToPay, request: StartRequest): Promise<PaymentStart>;
  verifyNotification(config: Config, raw: RawNotification): Verdict;
}

/** A provider's gateway refused or could not be reached: a 502 naming what happened, never a key. */
export class PaymentProviderError extends AppError {
  constructor(message: string) {
    super(502, 'payment_provider_error', message);
  }
}

export const rejected = (reason: string, status = 400): Verdict => ({ kind: 'rejected', reason, status });
