import { createSign, createVerify } from 'node:crypto';
import type { Config } from '../../config.js';
import { rsaPrivateKey, rsaPublicKey } from './keys.js';
import {
  PaymentProviderError,
  rejected,
  type OrderToPay,
  type PaymentProvider,
  type PaymentStart,
  type RefundOutcome,
  type RefundRequest,
  type StartRequest,
  type Verdict,
} from './provider.js';

/**
 * Alipay (PROTOCOLS.md): page pay and mobile website pay as signed redirect URLs to ALIPAY_GATEWAY, and the
 * asynchronous notification and return parameters verified with Alipay's public key. Signatures are
 * SHA256withRSA (RSA2, PKCS#1 v1.5) by node's crypto.
 */

/** Parameters in the order received; a parameter sent twice is refused, never guessed at. */
export type AlipayParams = Map<string, string>;

/**
 * An `application/x-www-form-urlencoded` body decoded once (`+` is a space), as Alipay sends it. Values are
 * never decoded a second time: `passback_params` stays percent-encoded, as it was signed.
 */
export function parseAlipayForm(body: string): AlipayParams | { duplicate: string } {
  const params: AlipayParams = new Map();
  for (const [key, value] of new URLSearchParams(body)) {
    if (params.has(key)) return { duplicate: key };
    params.set(key, value);
  }
  return params;
}

/**
 * The string Alipay signs: every parameter but `sign` and `sign_type`, empty values included, keys sorted by
 * ASCII, `k=v` joined with `&`, values as decoded.
 */
export function alipayStringToVerify(params: AlipayParams): string {
  return [...params.keys()]
    .filter((key) => key !== 'sign' && key !== 'sign_type')
    .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))
    .map((key) => `${key}=${params.get(key)}`)
    .join('&');
}

/** The string we sign for a request: every parameter but `sign` with a value, keys sorted by ASCII. */
export function alipayStringToSign(params: Record<string, string>): string {
  return Object.keys(params)
    .filter((key) => key !== 'sign' && params[key] !== '')
    .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))
    .map((key) => `${key}=${params[key]}`)
    .join('&');
}

export function signRsa2(text: string, privateKeyText: string, name: string): string {
  return createSign('RSA-SHA256').update(text, 'utf8').sign(rsaPrivateKey(privateKeyText, name), 'base64');
}

export function verifyRsa2(text: string, signature: string, publicKeyText: string, name: string): boolean {
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(signature)) return false;
  return createVerify('RSA-SHA256').update(text, 'utf8').verify(rsaPublicKey(publicKeyText, name), signature, 'base64');
}

/** `12.34` -> 1234 fen, by the digits (never through floats); anything else is undefined. */
export function yuanToFen(text: string | undefined): number | undefined {
  const match = /^(\d{1,10})(?:\.(\d{1,2}))?$/.exec(text ?? '');
  if (!match) return undefined;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

/** 1234 fen -> `12.34`. */
export function fenToYuan(fen: number): string {
  return `${Math.floor(fen / 100)}.${String(fen % 100).padStart(2, '0')}`;
}

/** `yyyy-MM-dd HH:mm:ss` in China time (UTC+8), the format and zone Alipay reads. */
export function alipayTime(at: Date): string {
  return new Date(at.getTime() + 8 * 3600_000).toISOString().slice(0, 19).replace('T', ' ');
}

export const alipayConfigured = (config: Config): boolean => {
  const a = config.alipay;
  return Boolean(a.appId && a.privateKey && a.publicKey && a.gateway);
};

/**
 * The signature check shared by the notification and the return: RSA2 only, over the exact string Alipay
 * signed. Answers the reason for a refusal, or undefined when genuine.
 */
export function alipaySignatureProblem(config: Config, params: AlipayParams): string | undefined {
  const signType = params.get('sign_type');
  if (signType !== 'RSA2') return `sign_type ${signType === undefined ? 'missing' : `"${signType.slice(0, 20)}"`}: only RSA2 is accepted`;
  const sign = params.get('sign');
  if (!sign) return 'sign missing';
  if (!verifyRsa2(alipayStringToVerify(params), sign, config.alipay.publicKey, 'ALIPAY_PUBLIC_KEY')) return 'signature does not verify';
  return undefined;
}

/** Our own fields in a genuine message: our app, our seller (when configured), an amount in fen. */
export function alipayFieldsProblem(config: Config, params: AlipayParams): string | undefined {
  if (params.get('app_id') !== config.alipay.appId) return 'app_id is not ours';
  if (config.alipay.sellerId && params.get('seller_id') !== config.alipay.sellerId) return 'seller_id is not ours';
  if (!params.get('out_trade_no')) return 'out_trade_no missing';
  if (yuanToFen(params.get('total_amount')) === undefined) return 'total_amount is not an amount in yuan';
  return undefined;
}

/** The verdict on an asynchronous notification (`pay/alipay/notify`). */
export function verifyAlipayNotification(config: Config, body: string): Verdict {
  const params = parseAlipayForm(body);
  if (!(params instanceof Map)) return rejected(`parameter ${params.duplicate.slice(0, 40)} sent twice`);
  const claimed = params.get('out_trade_no');
  const problem = alipaySignatureProblem(config, params) ?? alipayFieldsProblem(config, params);
  if (problem) return rejected(problem, 400, claimed);
  const tradeNo = params.get('trade_no');
  if (!tradeNo) return rejected('trade_no missing', 400, claimed);
  const state = params.get('trade_status') ?? '';
  const receipt = { provider: 'alipay' as const, providerTradeNo: tradeNo, orderNumber: params.get('out_trade_no')!, amount: yuanToFen(params.get('total_amount'))! };
  const refundFee = params.get('refund_fee');
  if (refundFee) {
    const refundAmount = yuanToFen(refundFee);
    if (refundAmount === undefined) return rejected('refund_fee is not an amount in yuan', 400, claimed);
    return { kind: 'refund', receipt, state, refundAmount };
  }
  if (state === 'TRADE_SUCCESS' || state === 'TRADE_FINISHED') return { kind: 'paid', receipt, state };
  if (state === 'WAIT_BUYER_PAY' || state === 'TRADE_CLOSED') return { kind: 'unpaid', receipt, state };
  return rejected(`trade_status "${state.slice(0, 40)}" is not one Alipay sends`, 400, claimed);
}

/** Subjects are at most 256 characters at Alipay. */
const subjectOf = (title: string) => [...title].slice(0, 256).join('') || 'Order';

/** A signed request URL for `alipay.trade.page.pay` (pc) or `alipay.trade.wap.pay` (mobile). */
export function alipayPayUrl(config: Config, order: OrderToPay, request: StartRequest, at: Date): string {
  const mobile = request.channel === 'mobile';
  const biz: Record<string, string> = {
    out_trade_no: order.number,
    total_amount: fenToYuan(order.total),
    subject: subjectOf(order.title),
    product_code: mobile ? 'QUICK_WAP_WAY' : 'FAST_INSTANT_TRADE_PAY',
    time_expire: alipayTime(new Date(order.expires_at)),
  };
  if (mobile) biz.quit_url = request.quitUrl;
  const params: Record<string, string> = {
    app_id: config.alipay.appId,
    method: mobile ? 'alipay.trade.wap.pay' : 'alipay.trade.page.pay',
    format: 'JSON',
    charset: 'utf-8',
    sign_type: 'RSA2',
    timestamp: alipayTime(at),
    version: '1.0',
    notify_url: request.notifyUrl,
    return_url: request.returnUrl,
    biz_content: JSON.stringify(biz),
  };
  params.sign = signRsa2(alipayStringToSign(params), config.alipay.privateKey, 'ALIPAY_PRIVATE_KEY');
  const query = Object.entries(params)
    .map(([key, value]) => `${encodeURIComponent(key)}=${encodeURIComponent(value)}`)
    .join('&');
  return `${config.alipay.gateway}?${query}`;
}

// Refunds (alipay.trade.refund)

const REFUND_TIMEOUT_MS = 10_000;
const REFUND_RESPONSE = 'alipay_trade_refund_response';

/**
 * The exact text of the JSON value under `key` in an answer, as Alipay signed it: found by walking the text
 * (strings and escapes respected), never by re-serialising a parsed object. Undefined when absent or cut.
 */
export function alipayResponseText(text: string, key: string): string | undefined {
  const name = `"${key}"`;
  let at = text.indexOf(name);
  if (at < 0) return undefined;
  at += name.length;
  while (at < text.length && /\s/.test(text[at])) at += 1;
  if (text[at] !== ':') return undefined;
  at += 1;
  while (at < text.length && /\s/.test(text[at])) at += 1;
  if (text[at] !== '{') return undefined;
  let depth = 0;
  let inString = false;
  for (let i = at; i < text.length; i += 1) {
    const c = text[i];
    if (inString) {
      if (c === '\\') i += 1;
      else if (c === '"') inString = false;
    } else if (c === '"') inString = true;
    else if (c === '{') depth += 1;
    else if (c === '}') {
      depth -= 1;
      if (depth === 0) return text.slice(at, i + 1);
    }
  }
  return undefined;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const text64 = (value: unknown) => (typeof value === 'string' ? value.slice(0, 120) : '');

/** The signed form of an `alipay.trade.refund` request (all parameters in the body, as the SDK may send them). */
export function alipayRefundForm(config: Config, refund: RefundRequest, at: Date): Record<string, string> {
  const biz = {
    out_trade_no: refund.orderNumber,
    refund_amount: fenToYuan(refund.amount),
    out_request_no: refund.outRequestNo,
    refund_reason: [...refund.reason].slice(0, 256).join(''),
  };
  const params: Record<string, string> = {
    app_id: config.alipay.appId,
    method: 'alipay.trade.refund',
    format: 'JSON',
    charset: 'utf-8',
    sign_type: 'RSA2',
    timestamp: alipayTime(at),
    version: '1.0',
    biz_content: JSON.stringify(biz),
  };
  params.sign = signRsa2(alipayStringToSign(params), config.alipay.privateKey, 'ALIPAY_PRIVATE_KEY');
  return params;
}

/**
 * Judges Alipay's answer to a refund: the signature over the raw text of `alipay_trade_refund_response`
 * (or of `error_response`) must verify with ALIPAY_PUBLIC_KEY; only code 10000 for our trade is a refund,
 * and then only when money moved now (`fund_change` Y) or had moved for this refund before (a retry of the
 * same `out_request_no` answers N with the trade's refunded total, `refund_fee`, covering it).
 */
export function alipayRefundAnswer(config: Config, refund: RefundRequest, text: string): RefundOutcome {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new PaymentProviderError('Alipay answered the refund with something that is not JSON.');
  }
  if (!isRecord(parsed)) throw new PaymentProviderError('Alipay answered the refund with something that is not JSON.');
  const key = REFUND_RESPONSE in parsed ? REFUND_RESPONSE : 'error_response';
  const body = parsed[key];
  const raw = alipayResponseText(text, key);
  if (!isRecord(body) || raw === undefined) throw new PaymentProviderError('Alipay answered the refund without a refund response.');
  const sign = parsed.sign;
  const signed = typeof sign === 'string' && sign !== '' && verifyRsa2(raw, sign, config.alipay.publicKey, 'ALIPAY_PUBLIC_KEY');
  if (typeof sign === 'string' && sign !== '' && !signed) throw new PaymentProviderError("Alipay's answer to the refund failed verification: signature does not verify.");
  if (body.code !== '10000') {
    const why = [text64(body.code), text64(body.sub_code), text64(body.sub_msg ?? body.msg)].filter(Boolean).join(' ');
    throw new PaymentProviderError(`Alipay refused the refund (${why || 'no code'}).`);
  }
  if (!signed) throw new PaymentProviderError("Alipay's answer to the refund failed verification: it is not signed.");
  if (body.out_trade_no !== undefined && body.out_trade_no !== refund.orderNumber) throw new PaymentProviderError('Alipay answered the refund for another order.');
  const refunded = yuanToFen(typeof body.refund_fee === 'string' ? body.refund_fee : undefined);
  if (body.fund_change !== 'Y' && (refunded === undefined || refunded < refund.amount)) {
    throw new PaymentProviderError('Alipay accepted the refund but returned no money (fund_change N).');
  }
  return { state: 'succeeded', providerRefundNo: typeof body.trade_no === 'string' ? body.trade_no : null };
}

/** `alipay.trade.refund` at ALIPAY_GATEWAY: the whole payment back, numbered `out_request_no` so a retry refunds once. */
export async function refundAlipayTrade(config: Config, refund: RefundRequest, at: Date): Promise<RefundOutcome> {
  let text: string;
  let status: number;
  try {
    const response = await fetch(config.alipay.gateway, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded;charset=utf-8', accept: 'application/json' },
      body: new URLSearchParams(alipayRefundForm(config, refund, at)).toString(),
      signal: AbortSignal.timeout(REFUND_TIMEOUT_MS),
    });
    status = response.status;
    text = await response.text();
  } catch {
    throw new PaymentProviderError('Alipay could not be reached. Try the refund again.');
  }
  if (status < 200 || status >= 300) throw new PaymentProviderError(`Alipay answered the refund with HTTP ${status}.`);
  return alipayRefundAnswer(config, refund, text);
}

export const alipayProvider: PaymentProvider = {
  method: 'alipay',
  available: (config) => alipayConfigured(config) && config.currency === 'CNY',
  start: async (config, order, request): Promise<PaymentStart> => ({ kind: 'redirect', url: alipayPayUrl(config, order, request, new Date()) }),
  verifyNotification: (config, raw) => verifyAlipayNotification(config, raw.body),
  refund: (config, refund) => refundAlipayTrade(config, refund, new Date()),
};
